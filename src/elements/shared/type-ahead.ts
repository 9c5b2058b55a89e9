import type InputMask from 'imask/esm/controls/input';

/** A pattern mask on an input, as the card fields make them (input-mask.ts). */
export type Mask = InputMask<{ mask: string }>;

/** A character of our patterns that a person types; any other is a literal the mask writes. */
const TYPED = new Set(['0', 'a', '*']);

/**
 * Whether a character typed at `at`, the end of the text, meets a literal of `pattern`: before it
 * ("4111" + "1" shows "4111 1") or, with an eager mask, right after it ("1" + "2" shows "12/").
 * Read from the pattern (optional parts in brackets count as written), so most keys skip the mask's
 * trial runs below.
 */
function literalDue(pattern: string, at: number, eager: boolean): boolean {
  const chars = pattern.replace(/[[\]]/g, '');
  const literal = (c: string | undefined) => c !== undefined && !TYPED.has(c);
  return literal(chars[at]) || (eager && literal(chars[at + 1]));
}

/**
 * The text to insert in place of `data`, typed at the end of `typed`, when the mask would show
 * more than the one character: the separator with the digit (" 1"), the digit with the separator
 * ("2/"). Null when the browser's own insertion is what the mask shows, or when the mask would
 * place the longer text differently than the one character (its preparation reads several
 * characters as a paste), so that inserting it could not stand.
 *
 * Both trial runs are on the mask's model, restored after each: nothing of the field changes.
 */
export function typedWithLiterals(mask: Mask, typed: string, data: string): string | null {
  const masked = mask.masked;
  if (!literalDue(masked.mask, typed.length, Boolean(masked.eager))) return null;
  const next = masked.runIsolated((m) => {
    m.append(data, { input: true, raw: true });
    return m.value;
  });
  if (next.length < typed.length + 2 || !next.startsWith(typed)) return null;
  const inserted = next.slice(typed.length);
  const placed = masked.runIsolated((m) => {
    m.splice(typed.length, 0, inserted, 'NONE', { input: true, raw: true });
    return m.value;
  });
  return placed === next ? inserted : null;
}

/**
 * A key that makes the mask add a literal (the space between groups of a card number, the slash of
 * an expiry) has the browser insert the literal with the character, in place of the character
 * alone. The mask then finds its text already shown, and does not write the field's value itself:
 * a script's write to a focused field makes the browser lay out the page there and then (0.5 to
 * 0.8 ms in Chromium on such keys, a third of the keystroke), where the browser's own insertion
 * does not. One insertion, one input event, the caret after it, as for any key.
 *
 * Only a single character typed at the end, with nothing selected: an edit in the middle, a
 * paste, a composition or an autofill is the mask's, as before. If the browser declines the
 * command (it is a legacy API, kept by every engine for editors), the text goes in as the key would
 * have put it, and the mask formats it as before.
 */
export function typeAhead(event: InputEvent, input: HTMLInputElement, mask: Mask): void {
  const data = event.data;
  // Refused before it came here (a page's own key filter): the key inserts nothing.
  if (event.defaultPrevented || event.inputType !== 'insertText' || event.isComposing || data?.length !== 1)
    return;
  const typed = input.value;
  if (input.selectionStart !== typed.length || input.selectionEnd !== typed.length) return;
  const inserted = typedWithLiterals(mask, typed, data);
  if (inserted === null) return;
  event.preventDefault();
  // Deprecated in the DOM's types, yet the one way to insert text as the browser's own edit.
  if (input.ownerDocument.execCommand('insertText', false, inserted) && input.value !== typed) return;
  input.setRangeText(data, typed.length, typed.length, 'end');
  input.dispatchEvent(
    new InputEvent('input', { inputType: 'insertText', data, bubbles: true, composed: true }),
  );
}
