// Helpers for the checkout's browser tests (imported by *.test.ts only): the element as a person
// sees it, mounted against a fake merchant server.
import { fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import { afterEach, beforeEach } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../src/define.ts';
import type { GatewayCardForm } from '../../src/elements/card-form/card-form.ts';
import type { GatewayCheckout } from '../../src/elements/checkout/checkout.ts';
import { futureExpiry, typeInto } from './elements.ts';
import { FakeMerchant } from './fake-merchant.ts';

export const VISA = '4111111111111111';
export const CSC = '907';
export const NAME = 'Ann Lee';

export const SESSION = html`<gateway-checkout session-url="/checkout/session"></gateway-checkout>`;

/** Mounts the template (a checkout, or an element holding one) and waits until it is loaded. */
export async function mount(template: TemplateResult = SESSION): Promise<GatewayCheckout> {
  const root = await fixture<HTMLElement>(template);
  const el = (
    root.localName === 'gateway-checkout' ? root : root.querySelector('gateway-checkout')
  ) as GatewayCheckout;
  await loaded(el);
  return el;
}

/** The Pay button is there and enabled: before the first render there is none to be disabled. */
export async function loaded(el: GatewayCheckout): Promise<void> {
  await waitUntil(
    () => {
      const button = el.shadowRoot?.querySelector<HTMLButtonElement>('button[part="pay-button"]');
      return !!button && !button.disabled;
    },
    'the checkout did not load',
    { timeout: 3000 },
  );
  await el.updateComplete;
}

export function payButton(el: GatewayCheckout): HTMLButtonElement {
  return el.shadowRoot!.querySelector<HTMLButtonElement>('button[part="pay-button"]')!;
}

export function cardForm(el: GatewayCheckout): GatewayCardForm {
  return el.shadowRoot!.querySelector<GatewayCardForm>('gateway-card-form')!;
}

/** What the polite live region says: the payment's progress and its result. */
export function statusText(el: GatewayCheckout): string {
  return el.shadowRoot!.querySelector('[role="status"]')?.textContent?.trim() ?? '';
}

/** What the alert says: why a payment did not go through. */
export function alertText(el: GatewayCheckout): string {
  return el.shadowRoot!.querySelector('[role="alert"]')?.textContent?.trim() ?? '';
}

/** Locators (by role and accessible name) inside the element's shadow roots. */
export function within(el: Element) {
  return page.elementLocator(el);
}

/** The focused element, inside shadow roots. */
export function focused(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Types a whole card, as a customer does field by field (no security code in MOTO). */
export async function fillCard(
  el: GatewayCheckout,
  { number = VISA, csc = CSC }: { number?: string; csc?: string } = {},
): Promise<void> {
  const form = cardForm(el);
  await typeInto(form, 'number', number);
  await typeInto(form, 'expiry', futureExpiry().replace('/', ''));
  if (!form.moto) await typeInto(form, 'csc', csc);
  await typeInto(form, 'name', NAME);
  await form.updateComplete;
}

export async function clickPay(el: GatewayCheckout): Promise<void> {
  await userEvent.click(payButton(el));
}

/** Pay by keyboard: a click would follow the button when a message under a field it leaves moves it. */
export async function pressPay(el: GatewayCheckout): Promise<void> {
  payButton(el).focus();
  await userEvent.keyboard('{Enter}');
}

/** Waits for the payment's result: paid, declined or failed. */
export async function settled(el: GatewayCheckout, what: string): Promise<void> {
  await waitUntil(
    () =>
      /\b(succeeded|declined|failed)\b/.test(
        el.shadowRoot!.querySelector('[role="status"]')?.className ?? '',
      ),
    `no result: ${what}`,
    { timeout: 5000 },
  );
  await el.updateComplete;
}

/** Records the detail of every event that reaches the document, of every type a page can see. */
export class EventLog {
  readonly details: Array<{ type: string; detail: string }> = [];
  readonly #types = [
    ...Object.keys(window)
      .filter((key) => key.startsWith('on'))
      .map((key) => key.slice(2)),
    'gateway-ready',
    'gateway-change',
    'gateway-success',
    'gateway-decline',
    'gateway-error',
    'gateway-card-change',
  ];
  readonly #listener = (event: Event) => {
    if (event instanceof CustomEvent) {
      this.details.push({ type: event.type, detail: JSON.stringify(event.detail) ?? '' });
    }
  };
  start(): void {
    for (const type of this.#types) document.addEventListener(type, this.#listener, true);
  }
  stop(): void {
    for (const type of this.#types) document.removeEventListener(type, this.#listener, true);
  }
  of<T>(type: string): T[] {
    return this.details.filter((d) => d.type === type).map((d) => JSON.parse(d.detail) as T);
  }
}

/**
 * Each test of the calling suite with a fresh fake merchant server installed and every event the
 * page hears recorded; read `fake` and `events` inside the tests. The tab's sessionStorage is
 * emptied before and after: a payment an earlier test left under way would be picked up as after
 * a reload.
 */
export function checkoutTestBed(): { readonly fake: FakeMerchant; readonly events: EventLog } {
  let fake: FakeMerchant | undefined;
  let events: EventLog | undefined;
  beforeEach(() => {
    sessionStorage.clear();
    fake = new FakeMerchant();
    fake.install();
    events = new EventLog();
    events.start();
  });
  afterEach(() => {
    fixtureCleanup();
    events?.stop();
    fake?.uninstall();
    sessionStorage.clear();
  });
  return {
    get fake() {
      if (!fake) throw new Error('the fake merchant is installed for each test, not before');
      return fake;
    },
    get events() {
      if (!events) throw new Error('the event log starts with each test, not before');
      return events;
    },
  };
}
