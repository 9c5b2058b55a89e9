// Helpers for the elements' browser tests (imported by *.test.ts only).
import { fixture, html, waitUntil } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import { userEvent } from 'vitest/browser';
import type { GatewayCardForm } from '../../src/elements/card-form/card-form.ts';

export function inner<T extends HTMLElement = HTMLInputElement>(el: Element, id: string): T {
  const found = el.shadowRoot?.getElementById(id);
  if (!found) throw new Error(`no #${id} in ${el.localName}`);
  return found as T;
}

/** Focuses a field with the keyboard's caret at the end, as after clicking into it, and types. */
export async function typeInto(el: Element, id: string, text: string): Promise<void> {
  const input = inner(el, id);
  input.focus();
  await userEvent.keyboard(text);
}

/** Pastes text into a field through the clipboard (copied from a scratch input, as a person would). */
export async function pasteInto(el: Element, id: string, text: string): Promise<void> {
  const scratch = document.createElement('input');
  scratch.value = text;
  document.body.append(scratch);
  scratch.focus();
  scratch.select();
  await userEvent.copy();
  scratch.remove();
  inner(el, id).focus();
  await userEvent.paste();
}

/**
 * A card form as a customer sees it settle: rendered, its brand row's marks in (they come in the
 * frame after the fields, see BrandRowController) and measured for the room they have ("+N").
 */
export async function settledCardForm(
  el: Element & { readonly updateComplete: Promise<boolean> },
): Promise<void> {
  await el.updateComplete;
  await waitUntil(
    () => el.shadowRoot?.querySelector('[part~="brand-row"] li'),
    `${el.localName}: the brand row shows no marks`,
  );
  // The row is measured when its marks come, and shows what has room a frame after that.
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await el.updateComplete;
}

/** Mounts a card form (by default with no attributes) and waits until it has settled. */
export async function mountCardForm(
  template: TemplateResult = html`<gateway-card-form></gateway-card-form>`,
): Promise<GatewayCardForm> {
  const el = await fixture<GatewayCardForm>(template);
  await settledCardForm(el);
  return el;
}

/** Types a whole card into a card form: the fields it shows, as a customer fills them. */
export async function fillCardForm(el: GatewayCardForm, csc = '123'): Promise<void> {
  await typeInto(el, 'number', '4111111111111111');
  await typeInto(el, 'expiry', futureExpiry().replace('/', ''));
  if (!el.moto) await typeInto(el, 'csc', csc);
  if (el.requireName) await typeInto(el, 'name', 'Ann Lee');
  await el.updateComplete;
}

/** The id of the card form's focused field ('' when none is). */
export function activeField(el: GatewayCardForm): string {
  return (el.shadowRoot?.activeElement as HTMLElement | null)?.id ?? '';
}

export const nextFrame = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));

/** The label text of the error region of a field. */
export function errorText(el: Element, id: string): string {
  return inner(el, `${id}-error`).textContent?.trim() ?? '';
}

export function futureExpiry(years = 2): string {
  return `12/${String((new Date().getFullYear() + years) % 100).padStart(2, '0')}`;
}

/**
 * Watches typing into inputs of no page (the card form's keystroke rehearsal): calls `seen` with
 * the input and what it shows after each `input` event, until the returned function is called.
 */
export function watchDetachedTyping(seen: (input: HTMLInputElement, value: string) => void): () => void {
  const dispatch = EventTarget.prototype.dispatchEvent;
  EventTarget.prototype.dispatchEvent = function (this: EventTarget, event: Event) {
    const result = dispatch.call(this, event);
    if (event.type === 'input' && this instanceof HTMLInputElement && !this.isConnected)
      seen(this, this.value);
    return result;
  };
  return () => {
    EventTarget.prototype.dispatchEvent = dispatch;
  };
}

/**
 * Watches how `input` is typed into: each input event as `inputType:data`, and how often a script
 * set its value (what makes the browser lay the page out within the key). `stop` returns the input
 * to its own value property.
 */
export function watchTyping(input: HTMLInputElement): {
  events: string[];
  writes: () => number;
  stop: () => void;
} {
  const { get, set } = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
  let writes = 0;
  Object.defineProperty(input, 'value', {
    configurable: true,
    get() {
      return get!.call(this);
    },
    set(value: string) {
      writes++;
      set!.call(this, value);
    },
  });
  const events: string[] = [];
  const log = (event: Event) =>
    events.push(`${(event as InputEvent).inputType}:${(event as InputEvent).data}`);
  input.addEventListener('input', log);
  return {
    events,
    writes: () => writes,
    stop: () => {
      delete (input as { value?: string }).value;
      input.removeEventListener('input', log);
    },
  };
}

/** Sets `lang` on the page's root element for the duration of `run`. */
export async function withPageLanguage(lang: string, run: () => Promise<void>): Promise<void> {
  const root = document.documentElement;
  const before = root.getAttribute('lang');
  root.setAttribute('lang', lang);
  try {
    await run();
  } finally {
    if (before === null) root.removeAttribute('lang');
    else root.setAttribute('lang', before);
  }
}
