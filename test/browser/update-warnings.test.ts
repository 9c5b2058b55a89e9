// Lit's dev build warns ("change-in-update") when an element schedules another update from inside
// an update: state set in updated()/firstUpdated(), or an event that focus or a dispatch raises
// there coming back as a requestUpdate. Each is a wasted render per keystroke or step. These runs
// go through what a person does and collect every such warning from every element of ours.
import { fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing';
import { LitElement, type TemplateResult } from 'lit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../src/define.ts';
import type { GatewayBillingAddress } from '../../src/elements/billing-address/billing-address.ts';
import type { GatewayCardForm } from '../../src/elements/card-form/card-form.ts';
import type { GatewayCheckout } from '../../src/elements/checkout/checkout.ts';
import type { GatewaySaveConsent } from '../../src/elements/save-consent/save-consent.ts';
import { futureExpiry, inner, pasteInto } from '../support/elements.ts';
import { DEFAULT_CONFIG, FakeMerchant } from '../support/fake-merchant.ts';

const CHANGE_IN_UPDATE = 'https://lit.dev/msg/change-in-update';

interface LitDevGlobals {
  litIssuedWarnings?: Set<string>;
}

/** Every console.warn of the test, as text. Lit says each distinct warning once per page, so its memory is emptied first. */
class WarningLog {
  readonly lines: string[] = [];
  readonly #warn = console.warn;

  start(): void {
    (globalThis as LitDevGlobals).litIssuedWarnings?.clear();
    console.warn = (...args: unknown[]) => {
      this.lines.push(args.map(String).join(' '));
      this.#warn.apply(console, args);
    };
  }

  stop(): void {
    console.warn = this.#warn;
  }

  /** The change-in-update warnings, each naming its element. */
  changeInUpdate(): string[] {
    return this.lines.filter((line) => line.includes(CHANGE_IN_UPDATE));
  }
}

/** A checkout's shadow tree, as a person sees it. */
const payButton = (el: GatewayCheckout) =>
  el.shadowRoot!.querySelector<HTMLButtonElement>('button[part="pay-button"]')!;
const cardForm = (el: GatewayCheckout) => el.shadowRoot!.querySelector<GatewayCardForm>('gateway-card-form')!;

async function mount(template: TemplateResult): Promise<GatewayCheckout> {
  const el = await fixture<GatewayCheckout>(template);
  await waitUntil(() => payButton(el) && !payButton(el).disabled, 'the checkout did not load', {
    timeout: 3000,
  });
  await el.updateComplete;
  return el;
}

async function result(el: GatewayCheckout, kind: 'succeeded' | 'declined' | 'failed'): Promise<void> {
  await waitUntil(
    () => el.shadowRoot!.querySelector('[role="status"]')?.classList.contains(kind),
    `no ${kind} result`,
    { timeout: 5000 },
  );
  await el.updateComplete;
}

/**
 * A whole card typed in one go from the card number, as a person does: the form moves the focus on
 * after each complete field (on the MOTO screen the agent tabs, as it does not).
 */
async function typeWholeCard(form: GatewayCardForm, number = '4111111111111111', csc = '123'): Promise<void> {
  const next = form.moto ? '{Tab}' : '';
  inner(form, 'number').focus();
  await userEvent.keyboard(number + next);
  await userEvent.keyboard(futureExpiry().replace('/', '') + next);
  if (!form.moto) await userEvent.keyboard(csc);
  await userEvent.keyboard('Ann Lee');
  expect(inner(form, 'name').value, 'auto-advance brought every keystroke to its field').to.equal('Ann Lee');
  await form.updateComplete;
}

/** Every element's updates settled, so a warning from a late update is in the log. */
async function settle(...els: Array<LitElement | null | undefined>): Promise<void> {
  for (const el of els) await el?.updateComplete;
  await new Promise((resolve) => setTimeout(resolve, 50));
  for (const el of els) await el?.updateComplete;
}

describe('Lit change-in-update warnings', () => {
  let warnings: WarningLog;
  let fake: FakeMerchant;

  beforeEach(() => {
    fake = new FakeMerchant();
    fake.install();
    warnings = new WarningLog();
    warnings.start();
  });
  afterEach(() => {
    fixtureCleanup();
    warnings.stop();
    fake.uninstall();
    sessionStorage.clear();
    document.documentElement.removeAttribute('lang');
  });

  it('runs on Lit’s dev build, whose warnings it collects (an element that sets state in updated() is caught)', async () => {
    // Lit's production build has no warnings at all: this suite would pass there whatever we do.
    expect((LitElement as unknown as { enabledWarnings?: string[] }).enabledWarnings).toContain(
      'change-in-update',
    );
    class StateInUpdated extends LitElement {
      static override properties = { count: { state: true } };
      count = 0;
      protected override updated(): void {
        if (this.count === 0) this.count = 1;
      }
    }
    customElements.define('state-in-updated', StateInUpdated);
    const el = await fixture<StateInUpdated>(html`<state-in-updated></state-in-updated>`);
    await el.updateComplete;
    expect(warnings.changeInUpdate()).toEqual([expect.stringContaining('Element state-in-updated')]);
  });

  it('none while a whole card is typed, auto-advancing, corrected, pasted, left and cleared', async () => {
    const form = await fixture<GatewayCardForm>(html`<gateway-card-form></gateway-card-form>`);
    await typeWholeCard(form);
    // A slip: back into the number, a digit gone (the form stays put), typed again.
    inner(form, 'number').focus();
    await userEvent.keyboard('{Backspace}1');
    await pasteInto(form, 'number', '5555 5555 5555 4444');
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}{Tab}{Tab}');
    form.reportValidity();
    form.clear();
    // American Express: a four-digit code, another length to advance at.
    await typeWholeCard(form, '378282246310005', '1234');
    await settle(form);
    expect(warnings.changeInUpdate()).toEqual([]);
  });

  it('none in the address and the consent while typed, a country picked, ticked and reset', async () => {
    const form = await fixture<HTMLFormElement>(html`<form>
      <gateway-billing-address mode="full" language="en-US"></gateway-billing-address>
      <gateway-save-consent required merchant-name="Lindenhof Books"></gateway-save-consent>
    </form>`);
    const address = form.querySelector<GatewayBillingAddress>('gateway-billing-address')!;
    const consent = form.querySelector<GatewaySaveConsent>('gateway-save-consent')!;
    await address.updateComplete;
    inner(address, 'first_name').focus();
    await userEvent.keyboard('Ann{Tab}Lee{Tab}1 Main Street{Tab}Springfield{Tab}62704');
    await userEvent.selectOptions(inner<HTMLSelectElement>(address, 'country'), 'CA');
    await userEvent.click(inner(consent, 'consent'));
    form.requestSubmit();
    form.reset();
    await settle(address, consent);
    expect(warnings.changeInUpdate()).toEqual([]);
  });

  it('none through a failed Pay, a decline, a retry that succeeds and its result panel', async () => {
    fake.payments = ['declined', 'paid'];
    fake.config = { ...DEFAULT_CONFIG, avs: 'standard', collect_email: true, save: null };
    const el = await mount(html`<gateway-checkout session-url="/checkout/session"></gateway-checkout>`);
    // Pay with nothing typed: every message shows and the focus goes to the first field.
    payButton(el).focus();
    await userEvent.keyboard('{Enter}');
    await settle(el, cardForm(el));
    inner(el, 'email').focus();
    await userEvent.keyboard('ann@example.com');
    await typeWholeCard(cardForm(el));
    const address = el.shadowRoot!.querySelector<GatewayBillingAddress>('gateway-billing-address')!;
    inner(address, 'address').focus();
    await userEvent.keyboard('1 Main Street{Tab}10115');
    payButton(el).focus();
    await userEvent.keyboard('{Enter}');
    await result(el, 'declined');
    // The code was cleared for the retry; typed again, then paid.
    inner(cardForm(el), 'csc').focus();
    await userEvent.keyboard('123');
    payButton(el).focus();
    await userEvent.keyboard('{Enter}');
    await result(el, 'succeeded');
    await settle(el, cardForm(el), address);
    expect(el.shadowRoot!.querySelector('[part="result"]')).not.toBe(null);
    expect(warnings.changeInUpdate()).toEqual([]);
  });

  it('none on the MOTO screen through a payment and "New payment"', async () => {
    const el = await mount(html`<gateway-checkout moto session-url="/checkout/session"></gateway-checkout>`);
    await typeWholeCard(cardForm(el));
    payButton(el).focus();
    await userEvent.keyboard('{Enter}');
    await result(el, 'succeeded');
    await page.elementLocator(el).getByRole('button', { name: 'New payment' }).click();
    await settle(el, cardForm(el));
    await typeWholeCard(cardForm(el));
    await settle(el, cardForm(el));
    expect(warnings.changeInUpdate()).toEqual([]);
  });

  it('none when the page switches language, before and after a result', async () => {
    fake.payments = ['declined'];
    fake.config = {
      ...DEFAULT_CONFIG,
      avs: 'standard',
      save: { method: 'one-click', consent_required: false, merchant_name: 'Lindenhof Books' },
    };
    const el = await mount(html`<gateway-checkout session-url="/checkout/session"></gateway-checkout>`);
    const fields = () =>
      [
        el,
        cardForm(el),
        el.shadowRoot!.querySelector<LitElement>('gateway-billing-address'),
        el.shadowRoot!.querySelector<LitElement>('gateway-save-consent'),
      ] as const;
    document.documentElement.lang = 'de';
    await settle(...fields());
    await typeWholeCard(cardForm(el));
    document.documentElement.lang = 'lv';
    await settle(...fields());
    payButton(el).focus();
    await userEvent.keyboard('{Enter}');
    await settle(...fields());
    el.language = 'fr';
    await settle(...fields());
    expect(warnings.changeInUpdate()).toEqual([]);
  });

  it('none when a reloaded page picks up the payment it had under way', async () => {
    const release = fake.holdPayments();
    const first = await mount(html`<gateway-checkout session-url="/checkout/session"></gateway-checkout>`);
    await typeWholeCard(cardForm(first));
    payButton(first).focus();
    await userEvent.keyboard('{Enter}');
    await waitUntil(() => fake.paymentPosts().length === 1, 'no payment went out');
    // The page goes (a reload); the payment lands at the gateway meanwhile.
    fixtureCleanup();
    release();
    await waitUntil(() => fake.orders.get('ord_1')?.status === 'paid', 'the payment did not land');
    const again = await fixture<GatewayCheckout>(
      html`<gateway-checkout session-url="/checkout/session"></gateway-checkout>`,
    );
    await result(again, 'succeeded');
    await settle(again);
    expect(warnings.changeInUpdate()).toEqual([]);
  });
});
