import { expect, fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { cdp, page, userEvent } from 'vitest/browser';
import '../../define.ts';
import { cardSecrets, secretsIn } from '../../../test/support/card-secrets.ts';
import { errorText, futureExpiry, inner, typeInto } from '../../../test/support/elements.ts';
import { DEFAULT_CONFIG, FakeMerchant, GATEWAY } from '../../../test/support/fake-merchant.ts';
import type { CheckoutConfig } from '../../protocol/session.ts';
import type { GatewayCardForm } from '../card-form/card-form.ts';
import { de } from '../i18n/de.ts';
import type { GatewayCheckout } from './checkout.ts';

const VISA = '4111111111111111';
const CSC = '907';
const NAME = 'Ann Lee';

// ---------------------------------------------------------------------------------------------
// Helpers: the element as a person sees it.
// ---------------------------------------------------------------------------------------------

const SESSION = html`<gateway-checkout session-url="/checkout/session"></gateway-checkout>`;

/** Mounts the template and waits until the configuration is loaded (the pay button is enabled). */
async function mount(template: TemplateResult = SESSION): Promise<GatewayCheckout> {
  const root = await fixture<HTMLElement>(template);
  const el = (
    root.localName === 'gateway-checkout' ? root : root.querySelector('gateway-checkout')
  ) as GatewayCheckout;
  await waitUntil(() => payButton(el) && !payButton(el).disabled, 'the checkout did not load', {
    timeout: 3000,
  });
  await el.updateComplete;
  return el;
}

function payButton(el: GatewayCheckout): HTMLButtonElement {
  return el.shadowRoot!.querySelector<HTMLButtonElement>('button[part="pay-button"]')!;
}
function cardForm(el: GatewayCheckout): GatewayCardForm {
  return el.shadowRoot!.querySelector('gateway-card-form')!;
}
function statusText(el: GatewayCheckout): string {
  return el.shadowRoot!.querySelector('[role="status"]')?.textContent?.trim() ?? '';
}
function alertText(el: GatewayCheckout): string {
  return el.shadowRoot!.querySelector('[role="alert"]')?.textContent?.trim() ?? '';
}
function within(el: Element) {
  return page.elementLocator(el);
}

/** The focused element, inside shadow roots. */
function focused(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

async function fillCard(el: GatewayCheckout, { csc = CSC }: { csc?: string } = {}): Promise<void> {
  const form = cardForm(el);
  await typeInto(form, 'number', VISA);
  await typeInto(form, 'expiry', futureExpiry().replace('/', ''));
  if (!form.moto) await typeInto(form, 'csc', csc);
  await typeInto(form, 'name', NAME);
  await form.updateComplete;
}

async function clickPay(el: GatewayCheckout): Promise<void> {
  await userEvent.click(payButton(el));
}

async function settled(el: GatewayCheckout, what: string): Promise<void> {
  await waitUntil(
    () => {
      const view = el.shadowRoot!.querySelector('[role="status"]')?.classList;
      return !!view && (view.contains('succeeded') || view.contains('declined') || view.contains('failed'));
    },
    `no result: ${what}`,
    { timeout: 5000 },
  );
  await el.updateComplete;
}

/** Records the detail of every event that reaches the document, of every type a page can see. */
class EventLog {
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

// ---------------------------------------------------------------------------------------------

describe('gateway-checkout', () => {
  let fake: FakeMerchant;
  let events: EventLog;

  beforeEach(() => {
    // A payment an earlier test left "under way" would be picked up as after a reload.
    sessionStorage.clear();
    fake = new FakeMerchant();
    fake.install();
    events = new EventLog();
    events.start();
  });
  afterEach(() => {
    fixtureCleanup();
    events.stop();
    fake.uninstall();
    sessionStorage.clear();
  });

  describe('defaults and accessibility', () => {
    it('names the pay button with the amount of the configuration and is accessible when idle', async () => {
      const el = await mount();
      expect(fake.sent.map((r) => `${r.method} ${new URL(r.url).pathname}`)).to.deep.equal([
        'GET /checkout/session',
      ]);
      expect(within(el).getByRole('button', { name: 'Pay €32.25', exact: true }).element()).to.equal(
        payButton(el),
      );
      expect(events.of('gateway-ready')).to.deep.equal([{ amount: 32.25, currency: 'EUR' }]);
      for (const name of ['Card number', 'Expiry date', 'Security code', 'Cardholder name']) {
        expect(within(el).getByRole('textbox', { name, exact: true }).query(), name).to.exist;
      }
      await expect(el).to.be.accessible();
    });

    it('is accessible with every field and its validation errors shown', async () => {
      fake.config = {
        ...DEFAULT_CONFIG,
        collect_email: true,
        avs: 'standard',
        save: { method: 'one-click', consent_required: true, merchant_name: 'Lindenhof Books' },
      };
      const el = await mount();
      await expect(el).to.be.accessible();
      await clickPay(el);
      await el.updateComplete;
      expect(errorText(cardForm(el), 'number')).to.equal('Enter a valid card number.');
      await expect(el).to.be.accessible();
    });

    it('is accessible while paying, with every input disabled', async () => {
      fake.config = { ...DEFAULT_CONFIG, collect_email: true, avs: 'standard' };
      const el = await mount();
      await typeInto(el, 'email', 'ann@example.com');
      await fillCard(el);
      const address = el.shadowRoot!.querySelector('gateway-billing-address')!;
      await typeInto(address, 'address', '1 Main Street');
      await typeInto(address, 'zip_code', '10115');
      const release = fake.holdPayments();
      await clickPay(el);
      await waitUntil(() => fake.paymentPosts().length === 1, 'no payment POST');
      await el.updateComplete;
      expect(payButton(el).disabled).to.equal(true);
      expect(payButton(el).textContent?.trim()).to.equal('Processing the payment…');
      expect(el.shadowRoot!.querySelector('form')!.getAttribute('aria-busy')).to.equal('true');
      const inputs = [
        inner(el, 'email'),
        ...['number', 'expiry', 'csc', 'name'].map((id) => inner(cardForm(el), id)),
        inner(address, 'address'),
        inner(address, 'zip_code'),
        inner<HTMLSelectElement>(address, 'country'),
      ];
      for (const input of inputs) expect(input.disabled, input.id).to.equal(true);
      await expect(el).to.be.accessible();
      release();
      await settled(el, 'after the gateway answered');
      expect(statusText(el)).to.contain('Payment successful');
    });

    it('is accessible in the dark scheme on a dark page', async () => {
      await cdp().send('Emulation.setEmulatedMedia', {
        features: [{ name: 'prefers-color-scheme', value: 'dark' }],
      });
      try {
        fake.payments = ['declined'];
        const el = await mount(
          html`<div style="color-scheme: light dark; background: Canvas; color: CanvasText; padding: 16px">
            <gateway-checkout session-url="/checkout/session"></gateway-checkout>
          </div>`,
        );
        // The page follows the dark scheme, and so do the fields, on the page's own background.
        expect(matchMedia('(prefers-color-scheme: dark)').matches).to.equal(true);
        expect(getComputedStyle(el).backgroundColor).to.equal('rgba(0, 0, 0, 0)');
        expect(getComputedStyle(cardForm(el)).backgroundColor).to.equal('rgba(0, 0, 0, 0)');
        expect(getComputedStyle(inner(cardForm(el), 'number')).backgroundColor).to.equal('rgb(38, 39, 44)');
        await expect(el).to.be.accessible();
        await fillCard(el);
        await clickPay(el);
        await settled(el, 'declined in the dark');
        expect(alertText(el)).to.contain('insufficient funds');
        await expect(el).to.be.accessible();
      } finally {
        await cdp().send('Emulation.setEmulatedMedia', { features: [] });
      }
    });

    it('is accessible right to left', async () => {
      const el = await mount(
        html`<div dir="rtl" lang="en"><gateway-checkout session-url="/checkout/session"></gateway-checkout></div>`,
      );
      expect(getComputedStyle(el).direction).to.equal('rtl');
      expect(within(el).getByRole('button', { name: 'Pay €32.25', exact: true }).query()).to.exist;
      await expect(el).to.be.accessible();
      await clickPay(el);
      await el.updateComplete;
      await expect(el).to.be.accessible();
    });

    it('takes accepted-brands as a space-separated attribute and a list property, and passes it to its card form', async () => {
      const el = await mount(
        html`<gateway-checkout accepted-brands="visa mastercard" session-url="/checkout/session"></gateway-checkout>`,
      );
      expect(el.acceptedBrands).to.deep.equal(['visa', 'mastercard']);
      expect(cardForm(el).acceptedBrands).to.deep.equal(['visa', 'mastercard']);
      el.acceptedBrands = ['visa'];
      await el.updateComplete;
      expect(cardForm(el).acceptedBrands).to.deep.equal(['visa']);
      await typeInto(cardForm(el), 'number', '5555555555554444');
      await userEvent.keyboard('{Tab}');
      await cardForm(el).updateComplete;
      expect(errorText(cardForm(el), 'number')).to.equal('This card brand is not accepted here.');
    });

    it('asks for an e-mail address only when the configuration says collect_email', async () => {
      const without = await mount();
      expect(within(without).getByRole('textbox', { name: 'E-mail' }).query()).to.equal(null);
      fixtureCleanup();
      fake.config = { ...DEFAULT_CONFIG, collect_email: true };
      const el = await mount();
      const email = within(el).getByRole('textbox', { name: 'E-mail', exact: true }).element();
      expect(email.getAttribute('type')).to.equal('email');
      expect(email.getAttribute('autocomplete')).to.equal('email');
    });

    for (const avs of ['off', 'standard', 'custom'] as const) {
      it(`${avs === 'off' ? 'shows no' : 'shows the'} billing address with avs "${avs}"`, async () => {
        // A Latvian merchant: the address starts on Latvia, whatever the browser's region.
        fake.config = { ...DEFAULT_CONFIG, avs, country: 'LV' };
        const el = await mount();
        for (const name of ['Address', 'Postal code']) {
          const field = within(el).getByRole('textbox', { name, exact: true }).query();
          if (avs === 'off') expect(field, name).to.equal(null);
          else expect(field, name).to.exist;
        }
        const country = within(el).getByRole('combobox', { name: 'Country', exact: true }).query();
        if (avs !== 'off') expect((country as HTMLSelectElement).value).to.equal('LV');
      });
    }

    for (const method of ['one-click', 'automatic', 'recurring', 'merchant'] as const) {
      it(`${method === 'merchant' ? 'asks no' : 'asks for'} consent to save the card with "${method}"`, async () => {
        fake.config = {
          ...DEFAULT_CONFIG,
          save: { method, consent_required: true, merchant_name: 'Lindenhof Books' },
        };
        const el = await mount();
        const box = within(el).getByRole('checkbox').query();
        if (method === 'merchant') expect(box).to.equal(null);
        else {
          // The customer sees who will keep the card.
          expect(
            within(el)
              .getByRole('checkbox', { name: /Lindenhof Books/ })
              .query(),
          ).to.exist;
          expect((box as HTMLInputElement).checked).to.equal(false);
        }
      });
    }

    it('has no security code field for MOTO, by attribute or by configuration', async () => {
      const byAttribute = await mount(
        html`<gateway-checkout moto session-url="/checkout/session"></gateway-checkout>`,
      );
      expect(within(byAttribute).getByRole('textbox', { name: 'Card number' }).query()).to.exist;
      expect(within(byAttribute).getByRole('textbox', { name: 'Security code' }).query()).to.equal(null);
      fixtureCleanup();
      fake.config = { ...DEFAULT_CONFIG, moto: true };
      const byConfig = await mount();
      expect(within(byConfig).getByRole('textbox', { name: 'Card number' }).query()).to.exist;
      expect(within(byConfig).getByRole('textbox', { name: 'Security code' }).query()).to.equal(null);
    });
  });

  describe('paying', () => {
    it('with an invalid form shows the messages, focuses the first invalid field and sends nothing', async () => {
      fake.config = { ...DEFAULT_CONFIG, collect_email: true };
      const el = await mount();
      const before = fake.sent.length;
      await clickPay(el);
      await el.updateComplete;
      expect(focused()).to.equal(inner(el, 'email'));
      expect(errorText(cardForm(el), 'number')).to.equal('Enter a valid card number.');
      expect(errorText(cardForm(el), 'expiry')).to.equal('Enter a valid expiry date (MM/YY).');
      // With the e-mail address in, the first invalid field is the card's expiry date.
      await typeInto(el, 'email', 'ann@example.com');
      await typeInto(cardForm(el), 'number', VISA);
      await clickPay(el);
      await el.updateComplete;
      expect(focused()).to.equal(inner(cardForm(el), 'expiry'));
      // Enter in a field submits too, and is held back the same way.
      await userEvent.keyboard('{Enter}');
      await el.updateComplete;
      expect(fake.sent.length).to.equal(before);
      expect(events.of('gateway-success').length + events.of('gateway-error').length).to.equal(0);
    });

    it('succeeds once, and the card goes to api_do_url only', async () => {
      fake.config = { ...DEFAULT_CONFIG, collect_email: true };
      const el = await mount();
      await typeInto(el, 'email', 'ann@example.com');
      await fillCard(el);
      await clickPay(el);
      await settled(el, 'after paying');

      expect(events.of('gateway-success')).to.deep.equal([
        { orderId: 'ord_1', status: 'paid', amount: 32.25, currency: 'EUR' },
      ]);
      expect(statusText(el)).to.contain('Payment successful');
      expect(alertText(el)).to.equal('');

      // The card went to the order's api_do_url, without the merchant's cookies.
      const payments = fake.paymentPosts();
      expect(payments.length).to.equal(1);
      expect(payments[0]!.url).to.equal(`${GATEWAY}/do/ord_1`);
      expect(payments[0]!.credentials).to.equal('omit');
      const [month, year] = futureExpiry().split('/').map(Number);
      expect(JSON.parse(payments[0]!.body)).to.deep.equal({
        card_number: VISA,
        exp_month: month,
        exp_year: year,
        csc: CSC,
        cardholder_name: NAME,
      });

      // And nowhere else: not the session POST, not any other request, event, attribute.
      // As tokens of their own: the session body's idempotency key is random and may hold "907".
      const secrets = cardSecrets({ number: VISA, csc: CSC });
      const leaks = (where: string, text: string) =>
        expect(secretsIn(text, secrets), `${where}: ${text}`).to.deep.equal([]);
      const session = fake.sessionPosts();
      expect(session.length).to.equal(1);
      const sessionBody = JSON.parse(session[0]!.body) as Record<string, unknown>;
      expect(sessionBody.email).to.equal('ann@example.com');
      expect(sessionBody.idempotency_key).to.match(/^[A-Za-z0-9_-]{16,128}$/);
      for (const request of fake.sent.filter((r) => !r.url.startsWith(GATEWAY))) {
        leaks(`${request.method} ${request.url}`, `${request.url} ${request.body}`);
      }
      expect(fake.statusGets().length).to.be.greaterThan(0);
      for (const request of fake.statusGets()) leaks('status URL', request.url);

      const types = new Set(events.details.map((d) => d.type));
      for (const type of ['gateway-ready', 'gateway-change', 'gateway-success']) {
        expect(types.has(type), type).to.equal(true);
      }
      for (const { type, detail } of events.details) leaks(`event ${type}`, detail);
      expect(events.of('gateway-change').at(-1)).to.deep.equal({
        brand: 'visa',
        complete: true,
        empty: false,
        valid: true,
      });

      const nodes = [el, ...el.shadowRoot!.querySelectorAll('*')];
      for (const node of [...nodes]) {
        if (node.shadowRoot) nodes.push(...node.shadowRoot.querySelectorAll('*'));
      }
      for (const node of nodes) {
        for (const attr of node.attributes) leaks(`${node.localName}[${attr.name}]`, attr.value);
      }
    });

    it('pays once after a double click and Enter', async () => {
      const el = await mount();
      await fillCard(el);
      const release = fake.holdPayments();
      await userEvent.dblClick(payButton(el));
      inner(cardForm(el), 'name').focus();
      await userEvent.keyboard('{Enter}');
      await waitUntil(() => fake.paymentPosts().length > 0, 'no payment POST');
      await userEvent.keyboard('{Enter}');
      // A script submitting the form meanwhile joins the payment under way too.
      el.shadowRoot!.querySelector('form')!.requestSubmit();
      release();
      await settled(el, 'after the double click');
      expect(fake.sessionPosts().length).to.equal(1);
      expect(fake.paymentPosts().length).to.equal(1);
      expect(events.of('gateway-success').length).to.equal(1);
    });

    it('does not pay a paid order again when Pay is pressed after the success', async () => {
      const el = await mount();
      await fillCard(el);
      await clickPay(el);
      await settled(el, 'after paying');
      expect(statusText(el)).to.contain('Payment successful');
      expect(payButton(el).disabled).to.equal(true);
      inner(cardForm(el), 'name').focus();
      await userEvent.keyboard('{Enter}');
      el.shadowRoot!.querySelector('form')!.requestSubmit();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(fake.paymentPosts().length).to.equal(1);
      expect(events.of('gateway-success').length).to.equal(1);
      expect(statusText(el)).to.contain('Payment successful');
    });

    it('shows a decline in plain words, keeps the card but its code, and pays again on a new order', async () => {
      fake.payments = ['declined', 'paid'];
      const el = await mount();
      await fillCard(el);
      await clickPay(el);
      await settled(el, 'after the decline');

      expect(events.of('gateway-decline')).to.deep.equal([
        { orderId: 'ord_1', reason: 'Decline, not sufficient funds', amount: 32.25, currency: 'EUR' },
      ]);
      expect(alertText(el)).to.contain('insufficient funds');
      expect(statusText(el)).to.not.contain('successful');
      expect(inner(cardForm(el), 'number').value).to.equal('4111 1111 1111 1111');
      expect(inner(cardForm(el), 'name').value).to.equal(NAME);
      expect(inner(cardForm(el), 'csc').value).to.equal('');
      await expect(el).to.be.accessible();

      await typeInto(cardForm(el), 'csc', '123');
      await clickPay(el);
      await settled(el, 'after paying again');
      expect(events.of('gateway-success')).to.deep.equal([
        { orderId: 'ord_2', status: 'paid', amount: 32.25, currency: 'EUR' },
      ]);
      const keys = fake
        .sessionPosts()
        .map((r) => (JSON.parse(r.body) as { idempotency_key: string }).idempotency_key);
      expect(keys.length).to.equal(2);
      expect(keys[0]).to.not.equal(keys[1]);
      expect(fake.paymentPosts().map((r) => r.url)).to.deep.equal([
        `${GATEWAY}/do/ord_1`,
        `${GATEWAY}/do/ord_2`,
      ]);
      expect(alertText(el)).to.equal('');
    });

    it('after a lost answer on an unpaid order says so, and pays the same order again', async () => {
      fake.payments = ['lost', 'paid'];
      const el = await mount();
      await fillCard(el);
      await clickPay(el);
      await settled(el, 'after the lost answer');

      expect(alertText(el)).to.equal(
        'The payment did not go through. No money was taken; you can try again.',
      );
      const errors = events.of<{ type: string; message: string }>('gateway-error');
      expect(errors.map((e) => e.type)).to.deep.equal(['network']);
      expect(events.of('gateway-success').length).to.equal(0);
      expect(within(el).getByRole('button', { name: 'Pay €32.25', exact: true }).query()).to.exist;
      // The card is kept for the retry, except its security code, which is asked for again.
      expect(inner(cardForm(el), 'number').value).to.equal('4111 1111 1111 1111');
      expect(inner(cardForm(el), 'csc').value).to.equal('');

      await typeInto(cardForm(el), 'csc', CSC);
      await clickPay(el);
      await settled(el, 'after paying again');
      expect(events.of('gateway-success')).to.deep.equal([
        { orderId: 'ord_1', status: 'paid', amount: 32.25, currency: 'EUR' },
      ]);
      expect(fake.sessionPosts().length).to.equal(1);
      expect(fake.paymentPosts().map((r) => r.url)).to.deep.equal([
        `${GATEWAY}/do/ord_1`,
        `${GATEWAY}/do/ord_1`,
      ]);
      expect(statusText(el)).to.contain('Payment successful');
    });

    it('after a lost answer on a paid order shows the success and pays nothing more', async () => {
      fake.payments = ['lost-paid'];
      const el = await mount();
      await fillCard(el);
      await clickPay(el);
      await settled(el, 'after the lost answer');
      expect(statusText(el)).to.contain('Payment successful');
      expect(events.of('gateway-success')).to.deep.equal([
        { orderId: 'ord_1', status: 'paid', amount: 32.25, currency: 'EUR' },
      ]);
      expect(events.of('gateway-error').length).to.equal(0);
      expect(fake.paymentPosts().length).to.equal(1);
    });
  });

  describe('3-D Secure', () => {
    async function challenged(): Promise<{
      el: GatewayCheckout;
      dialog: HTMLDialogElement;
      frame: HTMLIFrameElement;
    }> {
      fake.payments = ['3ds'];
      const el = await mount();
      await fillCard(el);
      await clickPay(el);
      await waitUntil(() => el.shadowRoot!.querySelector('dialog')?.open, 'no challenge dialog');
      await el.updateComplete;
      const dialog = within(el)
        .getByRole('dialog', { name: 'Confirm the payment with your bank', exact: true })
        .element() as HTMLDialogElement;
      expect(dialog.matches(':modal')).to.equal(true);
      const frame = dialog.querySelector('iframe')!;
      expect(frame.getAttribute('src')).to.equal('about:blank');
      expect(frame.title).to.equal('Confirm the payment with your bank');
      expect(statusText(el)).to.equal('Waiting for your bank to confirm the payment…');
      return { el, dialog, frame };
    }

    it('opens a modal dialog with the bank page; Escape closes it and says authentication was cancelled', async () => {
      const { el, dialog } = await challenged();
      await expect(el).to.be.accessible();
      await userEvent.keyboard('{Escape}');
      await settled(el, 'after Escape');
      expect(dialog.open).to.equal(false);
      expect(el.shadowRoot!.querySelector('iframe')).to.equal(null);
      expect(alertText(el)).to.equal(
        'You closed your bank’s check before it finished, so the payment is not complete. Nothing has been charged.',
      );
      expect(events.of<{ type: string }>('gateway-error').map((e) => e.type)).to.deep.equal(['cancelled']);
      expect(events.of('gateway-success').length).to.equal(0);
    });

    it('closes when the bank page reports it is done, then checks the status', async () => {
      const { el, dialog, frame } = await challenged();
      const statusReads = fake.statusGets().length;
      // The bank's page, inside the frame, tells its parent it is over.
      const script = frame.contentDocument!.createElement('script');
      script.textContent = `parent.postMessage({ type: 'gateway-3ds-complete' }, '*');`;
      frame.contentDocument!.body.append(script);
      await waitUntil(() => !dialog.open, 'the dialog stayed open', { timeout: 2000 });
      await el.updateComplete;
      expect(statusText(el)).to.equal('Confirming the payment…');
      // The bank approved: the merchant server now reads the order as paid.
      fake.orders.get('ord_1')!.status = 'paid';
      await settled(el, 'after the challenge');
      expect(fake.statusGets().length).to.be.greaterThan(statusReads);
      expect(statusText(el)).to.contain('Payment successful');
      expect(events.of('gateway-success')).to.deep.equal([
        { orderId: 'ord_1', status: 'paid', amount: 32.25, currency: 'EUR' },
      ]);
      expect(fake.paymentPosts().length).to.equal(1);
    });

    it('ignores a completion message from anything but its frame', async () => {
      const { el, dialog } = await challenged();
      window.postMessage({ type: 'gateway-3ds-complete' }, '*');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(dialog.open).to.equal(true);
      await userEvent.keyboard('{Escape}');
      await settled(el, 'after Escape');
    });

    for (const threeDs of ['modal', 'redirect'] as const) {
      it(`never opens a javascript: address from the gateway as the bank's page (${threeDs})`, async () => {
        const ran = window as { challengeScriptRan?: boolean };
        delete ran.challengeScriptRan;
        fake.payments = ['3ds'];
        fake.threeDsUrl = 'javascript:window.challengeScriptRan=true';
        const el = await mount(
          html`<gateway-checkout session-url="/checkout/session" three-ds=${threeDs}></gateway-checkout>`,
        );
        await fillCard(el);
        await clickPay(el);
        await settled(el, 'after the refused challenge');
        expect(el.shadowRoot!.querySelector('iframe')).to.equal(null);
        expect(ran.challengeScriptRan).to.equal(undefined);
        expect(alertText(el)).to.equal(
          'The payment did not go through. No money was taken; you can try again.',
        );
        expect(events.of<{ type: string }>('gateway-error').map((e) => e.type)).to.deep.equal(['server']);
        // The customer may pay again: a new order, as no bank check ever took place for the first.
        expect(payButton(el).disabled).to.equal(false);
      });
    }
  });

  describe('MOTO', () => {
    it('after a success focuses "New payment"; Enter clears every field and focuses the first one', async () => {
      fake.config = { ...DEFAULT_CONFIG, collect_email: true, avs: 'standard' };
      const el = await mount(
        html`<gateway-checkout moto session-url="/checkout/session"></gateway-checkout>`,
      );
      await typeInto(el, 'email', 'ann@example.com');
      await fillCard(el);
      const address = el.shadowRoot!.querySelector('gateway-billing-address')!;
      await typeInto(address, 'address', '1 Main Street');
      await typeInto(address, 'zip_code', '10115');
      await clickPay(el);
      await settled(el, 'after the MOTO payment');
      expect(statusText(el)).to.contain('Payment successful');
      const body = JSON.parse(fake.paymentPosts()[0]!.body) as Record<string, unknown>;
      expect('csc' in body).to.equal(false);
      expect(
        (JSON.parse(fake.sessionPosts()[0]!.body) as { options: { moto?: boolean } }).options.moto,
      ).to.equal(true);

      const newPayment = within(el).getByRole('button', { name: 'New payment', exact: true }).element();
      await waitUntil(() => focused() === newPayment, 'New payment has no focus');
      await userEvent.keyboard('{Enter}');
      await el.updateComplete;
      await cardForm(el).updateComplete;
      await address.updateComplete;
      expect(focused()).to.equal(inner(el, 'email'));
      expect(inner(el, 'email').value).to.equal('');
      for (const id of ['number', 'expiry', 'name']) expect(inner(cardForm(el), id).value, id).to.equal('');
      for (const id of ['address', 'zip_code']) expect(inner(address, id).value, id).to.equal('');
      expect(statusText(el)).to.equal('');
      expect(within(el).getByRole('button', { name: 'New payment' }).query()).to.equal(null);
      expect(within(el).getByRole('button', { name: 'Pay €32.25', exact: true }).element()).to.have.property(
        'disabled',
        false,
      );
    });
  });

  describe('MOTO, with the page starting the next entry', () => {
    it('gateway-new-payment, cancelled, leaves the focus to the page', async () => {
      fake.config = { ...DEFAULT_CONFIG, collect_email: false };
      const el = await mount(
        html`<gateway-checkout moto session-url="/checkout/session"></gateway-checkout>`,
      );
      const amount = document.createElement('input');
      amount.setAttribute('aria-label', 'Amount');
      document.body.append(amount);
      let fired = 0;
      el.addEventListener('gateway-new-payment', (event) => {
        fired++;
        event.preventDefault();
        amount.focus();
      });
      try {
        await fillCard(el);
        await clickPay(el);
        await settled(el, 'after the MOTO payment');
        const newPayment = within(el).getByRole('button', { name: 'New payment', exact: true }).element();
        await waitUntil(() => focused() === newPayment, 'New payment has no focus');
        await userEvent.keyboard('{Enter}');
        await el.updateComplete;
        await cardForm(el).updateComplete;
        expect(fired).to.equal(1);
        expect(document.activeElement).to.equal(amount);
        expect(inner(cardForm(el), 'number').value).to.equal('');
      } finally {
        amount.remove();
      }
    });
  });

  describe('an order created beforehand', () => {
    it('pays api-do-url as its attributes say: custom AVS, merchant-side saving, MOTO', async () => {
      fake.orders.set('ord_pre', { status: 'issued', reason: null });
      const el = await mount(
        html`<gateway-checkout
          moto
          avs="custom"
          save-method="merchant"
          api-do-url="${GATEWAY}/do/ord_pre"
          status-url="/checkout/status?order=ord_pre&token=t"
        ></gateway-checkout>`,
      );
      expect(payButton(el).textContent?.trim()).to.equal('Pay €32.25');
      await fillCard(el);
      const address = el.shadowRoot!.querySelector('gateway-billing-address')!;
      await typeInto(address, 'address', '1 Main Street');
      await typeInto(address, 'zip_code', '10115');
      await clickPay(el);
      await settled(el, 'after paying the order created beforehand');
      expect(statusText(el)).to.contain('Payment successful');
      expect(fake.sessionPosts()).to.have.length(0);
      const body = JSON.parse(fake.paymentPosts()[0]!.body) as Record<string, unknown>;
      expect(body.avs).to.equal(true);
      expect(body.saved_by_merchant).to.equal(true);
      expect('csc' in body).to.equal(false);
    });
  });

  describe('language', () => {
    it('speaks German with language="de"', async () => {
      fake.config = { ...DEFAULT_CONFIG, collect_email: true };
      const el = await mount(
        html`<gateway-checkout language="de" session-url="/checkout/session"></gateway-checkout>`,
      );
      expect(payButton(el).textContent?.trim()).to.equal('32,25\u00a0€ bezahlen');
      expect(
        within(el)
          .getByRole('button', { name: /bezahlen$/ })
          .element(),
      ).to.equal(payButton(el));
      for (const name of ['Kartennummer', 'Sicherheitscode', 'E-Mail']) {
        expect(within(el).getByRole('textbox', { name, exact: true }).query(), name).to.exist;
      }
      await expect(el).to.be.accessible();
    });

    it('follows <html lang> set after it rendered, into every nested field, with nothing else changed', async () => {
      fake.config = { ...DEFAULT_CONFIG, avs: 'standard', save: saveOf('one-click') };
      const el = await mount();
      expect(payButton(el).textContent?.trim()).to.equal('Pay €32.25');
      await withPageLanguage('de', async () => {
        await waitUntil(() => payButton(el).textContent?.trim() === '32,25\u00a0€ bezahlen', 'no German');
        // The browser's region (the US) stays the address's country: its ZIP code, in German.
        for (const name of ['Kartennummer', 'Sicherheitscode', 'Adresse', 'ZIP-Code']) {
          expect(within(el).getByRole('textbox', { name, exact: true }).query(), name).to.exist;
        }
        const consent = el.shadowRoot!.querySelector('gateway-save-consent')!;
        expect(consent.shadowRoot!.querySelector('label')?.textContent).to.contain('schnellere Zahlungen');
      });
      await waitUntil(() => payButton(el).textContent?.trim() === 'Pay €32.25', 'not back to English');
    });

    it('words a decline already shown in the new language', async () => {
      fake.payments = ['declined'];
      const el = await mount();
      await fillCard(el);
      await clickPay(el);
      await settled(el, 'declined');
      expect(alertText(el)).to.equal(
        'The payment was declined: the card has insufficient funds. Try another card.',
      );
      el.language = 'de';
      await el.updateComplete;
      expect(alertText(el)).to.equal(
        'Zahlung abgelehnt: Die Karte ist nicht ausreichend gedeckt. Versuchen Sie eine andere Karte.',
      );
    });
  });

  describe('theme tokens', () => {
    it('set on the page and on the checkout, reach the inputs of every nested element', async () => {
      fake.config = { ...DEFAULT_CONFIG, avs: 'standard', save: saveOf('one-click') };
      const page = document.createElement('style');
      page.textContent = `body { --gateway-color-text: rgb(1, 2, 3); --gateway-color-border: rgb(4, 5, 6); }
        gateway-checkout { --gateway-radius: 17px; --gateway-font-size: 19px; }`;
      document.head.append(page);
      try {
        const el = await mount();
        const address = el.shadowRoot!.querySelector('gateway-billing-address')!;
        const consent = el.shadowRoot!.querySelector('gateway-save-consent')!;
        const inputs = [
          ...['number', 'expiry', 'csc', 'name'].map((id) => inner(cardForm(el), id)),
          ...['address', 'zip_code'].map((id) => inner(address, id)),
          inner(address, 'country'),
        ];
        for (const input of inputs) {
          const style = getComputedStyle(input);
          expect(style.color, input.id).to.equal('rgb(1, 2, 3)');
          expect(style.borderTopColor, input.id).to.equal('rgb(4, 5, 6)');
          expect(style.borderTopLeftRadius, input.id).to.equal('17px');
          expect(style.fontSize, input.id).to.equal('19px');
        }
        const checkbox = getComputedStyle(inner(consent, 'consent'));
        expect(checkbox.color).to.equal('rgb(1, 2, 3)');
        expect(checkbox.fontSize).to.equal('19px');
        expect(getComputedStyle(payButton(el)).borderTopLeftRadius).to.equal('17px');
      } finally {
        page.remove();
      }
    });
  });

  describe('configuration', () => {
    it('loads the configuration of the new session-url when it changes while the first answer is slow', async () => {
      fake.configs.set('/checkout/session?shop=a', { ...DEFAULT_CONFIG, amount: 11, currency: 'EUR' });
      fake.configs.set('/checkout/session?shop=b', { ...DEFAULT_CONFIG, amount: 22, currency: 'EUR' });
      const releaseA = fake.holdConfig('/checkout/session?shop=a');
      const el = await fixture<GatewayCheckout>(
        html`<gateway-checkout session-url="/checkout/session?shop=a"></gateway-checkout>`,
      );
      expect(statusText(el)).to.equal('Loading the checkout…');
      el.sessionUrl = '/checkout/session?shop=b';
      await waitUntil(() => payButton(el).textContent?.trim() === 'Pay €22.00', 'shop b never loaded');
      // The answer for the old URL comes last, and must not win.
      releaseA();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await el.updateComplete;
      expect(payButton(el).textContent?.trim()).to.equal('Pay €22.00');
      expect(events.of('gateway-ready')).to.deep.equal([{ amount: 22, currency: 'EUR' }]);
      expect(events.of('gateway-error')).to.deep.equal([]);
      expect(fake.sent.map((r) => `${r.method} ${new URL(r.url).search}`)).to.deep.equal([
        'GET ?shop=a',
        'GET ?shop=b',
      ]);
    });
  });

  describe('the merchant server refusing fields', () => {
    it('puts each named field’s message beside the field, in the page’s language, never the server’s words', async () => {
      fake.config = { ...DEFAULT_CONFIG, collect_email: true, avs: 'standard' };
      fake.sessionFields = [
        { path: 'email', message: 'must be an e-mail address', code: 'invalid_format' },
        { path: 'billing_address.zip_code', message: 'must match the country', code: 'invalid' },
      ];
      await withPageLanguage('de', async () => {
        const el = await mount();
        const email = el.shadowRoot!.querySelector<HTMLInputElement>('#email')!;
        // An address this browser-side check accepts; the merchant's rules refuse it all the same.
        await userEvent.type(email, 'anna@example.com');
        await fillCard(el);
        const address = el.shadowRoot!.querySelector('gateway-billing-address')!;
        await typeInto(address, 'address', '1 Main Street');
        await typeInto(address, 'zip_code', '10115');
        await clickPay(el);
        await settled(el, 'after the refusal');
        await el.updateComplete;
        await address.updateComplete;
        expect(alertText(el)).to.equal(
          'Der Shop konnte einige Angaben nicht annehmen. Prüfen Sie die markierten Felder.',
        );
        expect(alertText(el)).to.not.contain('must');
        expect(email.getAttribute('aria-invalid')).to.equal('true');
        expect(el.shadowRoot!.querySelector('#email-error')!.textContent).to.equal(
          'Geben Sie eine gültige E-Mail-Adresse ein, z. B. name@example.com.',
        );
        expect(focused()).to.equal(email);
        expect(errorText(address, 'zip_code')).to.equal(de.postalInvalid);
        expect(inner(address, 'zip_code').getAttribute('aria-invalid')).to.equal('true');
        // Nothing typed is lost, and nothing reached the gateway.
        expect(inner(cardForm(el), 'number').value).to.equal('4111 1111 1111 1111');
        expect(fake.paymentPosts()).to.have.length(0);
        const error = events.of<{ type: string; fields: Array<{ path: string }> }>('gateway-error')[0]!;
        expect(error.type).to.equal('session');
        expect(error.fields.map((f) => f.path)).to.deep.equal(['email', 'billing_address.zip_code']);
        await expect(el).to.be.accessible();

        // Editing a field takes its server message away; the other stays until edited.
        await userEvent.type(email, '.lv');
        await el.updateComplete;
        expect(email.getAttribute('aria-invalid')).to.equal('false');
        expect(errorText(address, 'zip_code')).to.not.equal('');
        await typeInto(address, 'zip_code', '1');
        await address.updateComplete;
        expect(errorText(address, 'zip_code')).to.equal('');
      });
    });

    it('keeps a field it does not show out of the fields, and words the alert without it', async () => {
      fake.sessionFields = [{ path: 'amount', message: 'is required for a phone order', code: 'required' }];
      const el = await mount();
      await fillCard(el);
      await clickPay(el);
      await settled(el, 'after the refusal');
      expect(alertText(el)).to.equal('The payment could not be started. Check the details and try again.');
      const error = events.of<{ fields: Array<{ path: string; code: string }> }>('gateway-error')[0]!;
      expect(error.fields).to.deep.equal([
        { path: 'amount', message: 'is required for a phone order', code: 'required' },
      ]);
    });
  });

  describe('amounts', () => {
    it('says "Save card" for a zero amount, in each language', async () => {
      fake.config = {
        ...DEFAULT_CONFIG,
        amount: 0,
        save: { method: 'recurring', consent_required: true, merchant_name: 'Lindenhof Books' },
      };
      const el = await mount();
      expect(payButton(el).textContent?.trim()).to.equal('Save card');
      expect(within(el).getByRole('button', { name: 'Save card', exact: true }).query()).to.exist;
      const words: Record<string, string> = {
        de: 'Karte speichern',
        es: 'Guardar tarjeta',
        fr: 'Enregistrer la carte',
        lv: 'Saglabāt karti',
        ru: 'Сохранить карту',
      };
      for (const [language, text] of Object.entries(words)) {
        el.language = language;
        await el.updateComplete;
        expect(payButton(el).textContent?.trim()).to.equal(text);
      }
      await expect(el).to.be.accessible();
    });

    it('with no amount to charge says "Pay" alone, sends nothing and tells the page', async () => {
      fake.config = { ...DEFAULT_CONFIG, amount: null, moto: true, collect_email: false };
      const el = await mount();
      expect(payButton(el).textContent?.trim()).to.equal('Pay');
      expect(events.of('gateway-ready')).to.deep.equal([{ amount: null, currency: 'EUR' }]);
      await fillCard(el);
      await clickPay(el);
      await el.updateComplete;
      expect(fake.sessionPosts()).to.have.length(0);
      expect(fake.paymentPosts()).to.have.length(0);
      expect(alertText(el)).to.equal('There is no amount to pay yet. Enter the amount first.');
      expect(events.of<{ type: string }>('gateway-error').map((e) => e.type)).to.deep.equal(['amount']);
      expect(inner(cardForm(el), 'number').value).to.equal('4111 1111 1111 1111');
    });
  });

  describe('the focus ring', () => {
    it('on the Pay button stands apart from the button’s own fill, as plainly as on a field', async () => {
      const el = await mount();
      const ring = (target: Element) => {
        const style = getComputedStyle(target);
        const { outlineStyle, outlineWidth, boxShadow, color } = style;
        return { outlineStyle, width: parseFloat(outlineWidth), boxShadow, color };
      };
      const name = inner(cardForm(el), 'name');
      await userEvent.click(name);
      const field = ring(name);
      await userEvent.keyboard('{Tab}');
      expect(focused()).to.equal(payButton(el));
      const button = ring(payButton(el));
      expect(button.outlineStyle).to.equal('solid');
      expect(button.width).to.be.at.least(field.width);
      // The ring is the focus colour and so is the fill: an inner ring in the text colour parts them.
      expect(button.boxShadow).to.contain('inset');
      expect(button.boxShadow).to.contain(button.color);
    });
  });

  describe('3-D Secure left unfinished', () => {
    async function leftChallenge(template: TemplateResult = SESSION): Promise<GatewayCheckout> {
      fake.payments = ['3ds'];
      const el = await mount(template);
      await fillCard(el);
      await clickPay(el);
      await waitUntil(() => el.shadowRoot!.querySelector('dialog')?.open, 'no challenge dialog');
      const dialog = el.shadowRoot!.querySelector('dialog')!;
      // One way out of our own: its Cancel (the bank's page may have its own, inside the frame).
      const ours = [...dialog.querySelectorAll('button')].filter((b) => /Cancel/.test(b.textContent ?? ''));
      expect(ours).to.have.length(1);
      await userEvent.click(ours[0]!);
      await settled(el, 'after Cancel');
      return el;
    }
    const reopen = (el: GatewayCheckout) =>
      within(el).getByRole('button', { name: 'Reopen the bank’s check', exact: true });

    it('says the payment is not complete and offers to reopen the check; approving then pays the same order', async () => {
      const el = await leftChallenge();
      expect(alertText(el)).to.contain('the payment is not complete');
      expect(fake.orders.get('ord_1')!.status).to.equal('in_progress');
      await userEvent.click(reopen(el));
      await waitUntil(() => el.shadowRoot!.querySelector('dialog')?.open, 'the challenge did not reopen');
      fake.orders.get('ord_1')!.status = 'paid';
      await settled(el, 'after the bank approved');
      expect(statusText(el)).to.contain('Payment successful');
      expect(fake.paymentPosts()).to.have.length(1);
      expect(events.of('gateway-success')).to.deep.equal([
        { orderId: 'ord_1', status: 'paid', amount: 32.25, currency: 'EUR' },
      ]);
    });

    it('for an order created beforehand is no dead end: reopen is the way on, and a finished order is said', async () => {
      fake.orders.set('ord_pre', { status: 'issued', reason: null });
      const el = await leftChallenge(
        html`<gateway-checkout api-do-url="${GATEWAY}/do/ord_pre" status-url="/checkout/status?order=ord_pre&token=t"></gateway-checkout>`,
      );
      expect(alertText(el)).to.contain('the payment is not complete');
      expect(payButton(el).hidden).to.equal(true);
      // Meanwhile the bank failed it (the customer finished in another window): reopening says so.
      fake.orders.get('ord_pre')!.status = 'rejected';
      fake.orders.get('ord_pre')!.reason = '3-D Secure authentication failed';
      await userEvent.click(reopen(el));
      await settled(el, 'after reopening a finished order');
      expect(alertText(el)).to.equal('Your bank could not confirm the payment. No money was taken.');
      expect(fake.paymentPosts()).to.have.length(1);
    });
  });
});

/** Sets `lang` on the page's root element for the duration of `run`. */
async function withPageLanguage(lang: string, run: () => Promise<void>): Promise<void> {
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

function saveOf(method: 'one-click'): CheckoutConfig['save'] {
  return { method, consent_required: false, merchant_name: 'Lindenhof Books' };
}
