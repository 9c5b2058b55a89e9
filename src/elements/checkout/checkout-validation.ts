import { cardState, reportCard } from '../card-form/card-access.ts';
import type { GatewayCardForm } from '../card-form/card-form.ts';
import { deepActiveElement } from '../shared/dom.ts';

/** A field element of the checkout that shows its own messages and moves focus to its first invalid field. */
interface Part {
  readonly shadowRoot: ShadowRoot | null;
  /**
   * `focus` is false once an earlier part is invalid: isolated card fields answer late, so they
   * must not take the focus then (a native element's reportValidity ignores it).
   */
  reportValidity(focus?: boolean): boolean;
  /** How many of its fields show a message, when its shadow root cannot tell. */
  invalidFields?(): number;
}

/**
 * Asks every part to show its messages, after a field of the checkout's own already found invalid.
 * Focuses the first invalid field of the first invalid part (not whichever part reported last) and
 * returns how many fields are invalid across all of them.
 */
export function reportParts(
  invalidOwnField: HTMLElement | null,
  parts: ReadonlyArray<Part | null | undefined>,
): number {
  let first = invalidOwnField;
  let count = invalidOwnField ? 1 : 0;
  for (const part of parts) {
    if (!part || part.reportValidity(first === null)) continue;
    first ??= deepActiveElement();
    count += part.shadowRoot?.querySelectorAll('[aria-invalid="true"]').length || part.invalidFields?.() || 1;
  }
  first?.focus();
  return count;
}

/** An amount in the language's currency format ("€32.25", "32,25 €"); '' when not known. */
export function formatAmount(
  language: string,
  amount: number | null | undefined,
  currency?: string | null,
): string {
  if (amount == null || !currency) return '';
  try {
    const key = `${language} ${currency}`;
    let format = amountFormats.get(key);
    if (!format) {
      format = new Intl.NumberFormat(language, { style: 'currency', currency });
      amountFormats.set(key, format);
    }
    return format.format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** A number format is slow to make (its locale data) and the button shows the amount at every render. */
const amountFormats = new Map<string, Intl.NumberFormat>();

/** The card form as a part to validate: isolated fields take the focus only when asked to. */
export function cardPart(form: GatewayCardForm | undefined): Part | undefined {
  return (
    form && {
      shadowRoot: form.shadowRoot,
      reportValidity: (focus = true) => reportCard(form, focus),
      // Isolated fields are out of reach of the shadow root: their state counts what they show.
      invalidFields: () => cardState(form)?.errors.length ?? 0,
    }
  );
}
