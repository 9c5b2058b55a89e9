import { expect, fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../define.ts';
import { futureExpiry, inner, typeInto } from '../../../test/support/elements.ts';
import { FakeMerchant } from '../../../test/support/fake-merchant.ts';
import type { GatewayCardForm } from '../card-form/card-form.ts';
import { de } from '../i18n/de.ts';
import { en } from '../i18n/en.ts';
import { es } from '../i18n/es.ts';
import { fr } from '../i18n/fr.ts';
import { lv } from '../i18n/lv.ts';
import { ru } from '../i18n/ru.ts';
import type { BeforePayDetail } from './before-pay.ts';
import type { GatewayCheckout } from './checkout.ts';

// What the merchant server's defences look like to the customer: the page's bot check before
// anything is sent, and the server's refusals shown as words, with every field kept as typed.

const VISA = '4111111111111111';

async function mount(): Promise<GatewayCheckout> {
  const el = await fixture<GatewayCheckout>(
    html`<gateway-checkout session-url="/checkout/session"></gateway-checkout>`,
  );
  await waitUntil(() => pay(el) && !pay(el).disabled, 'the checkout did not load', { timeout: 3000 });
  return el;
}
const pay = (el: GatewayCheckout) =>
  el.shadowRoot!.querySelector<HTMLButtonElement>('button[part="pay-button"]')!;
const form = (el: GatewayCheckout) => el.shadowRoot!.querySelector<GatewayCardForm>('gateway-card-form')!;
const alertText = (el: GatewayCheckout) =>
  el.shadowRoot!.querySelector('[role="alert"]')?.textContent?.trim() ?? '';

async function fill(el: GatewayCheckout) {
  await typeInto(form(el), 'number', VISA);
  await typeInto(form(el), 'expiry', futureExpiry().replace('/', ''));
  await typeInto(form(el), 'csc', '907');
  await typeInto(form(el), 'name', 'Ann Lee');
}
const typed = (el: GatewayCheckout) =>
  ['number', 'csc', 'name'].map((id) => inner(form(el), id).value.replace(/\s/g, ''));

describe('gateway-checkout: before paying, and the merchant server’s refusals', () => {
  let fake: FakeMerchant;
  beforeEach(() => {
    sessionStorage.clear();
    fake = new FakeMerchant();
    fake.install();
  });
  afterEach(() => {
    fixtureCleanup();
    fake.uninstall();
    sessionStorage.clear();
  });

  it('fires a cancelable gateway-before-pay; cancelled, nothing is sent and the form stays', async () => {
    const el = await mount();
    await fill(el);
    const seen: Array<{ amount: number | null; currency: string | null; composed: boolean }> = [];
    document.addEventListener(
      'gateway-before-pay',
      (event) => {
        const { detail } = event as CustomEvent<BeforePayDetail>;
        seen.push({ amount: detail.amount, currency: detail.currency, composed: event.composed });
        event.preventDefault();
      },
      { once: true },
    );
    await userEvent.click(pay(el));
    await el.updateComplete;
    expect(seen).to.deep.equal([{ amount: 32.25, currency: 'EUR', composed: true }]);
    expect(fake.sessionPosts()).to.have.length(0);
    expect(fake.paymentPosts()).to.have.length(0);
    expect(typed(el)).to.deep.equal([VISA, '907', 'AnnLee']);
    expect(pay(el).disabled).to.equal(false);
  });

  it('waits for the token a handler gives and sends it as `verification`, never anything of the card', async () => {
    const el = await mount();
    await fill(el);
    let release!: (token: string) => void;
    el.addEventListener(
      'gateway-before-pay',
      (event) => {
        event.detail.waitFor(new Promise<string>((resolve) => (release = resolve)));
      },
      { once: true },
    );
    await userEvent.click(pay(el));
    // Held: the bot check is still running; Pay is busy, and a second call sends nothing more.
    await el.updateComplete;
    expect(pay(el).getAttribute('aria-disabled') === 'true' || pay(el).disabled).to.equal(true);
    await el.pay();
    expect(fake.sessionPosts()).to.have.length(0);
    release('tok_turnstile_0123');
    await waitUntil(() => fake.paymentPosts().length === 1, 'no payment', { timeout: 3000 });
    const [session] = fake.sessionPosts();
    const body = JSON.parse(session!.body) as Record<string, unknown>;
    expect(body.verification).to.equal('tok_turnstile_0123');
    expect(session!.body).not.to.contain(VISA);
    expect(session!.body).not.to.contain('907');
  });

  it('stops when the bot check fails: a message, nothing sent, every field kept', async () => {
    const el = await mount();
    await fill(el);
    el.addEventListener(
      'gateway-before-pay',
      (event: CustomEvent<BeforePayDetail>) => {
        event.detail.waitFor(Promise.reject(new Error('challenge closed')));
      },
      { once: true },
    );
    await userEvent.click(pay(el));
    await waitUntil(() => alertText(el) !== '', 'no message', { timeout: 3000 });
    expect(alertText(el)).to.equal(en.errorVerification);
    expect(fake.sessionPosts()).to.have.length(0);
    expect(typed(el)).to.deep.equal([VISA, '907', 'AnnLee']);
  });

  it('shows the server’s refusal of the token (403) as a message and keeps the form', async () => {
    const el = await mount();
    await fill(el);
    const errors: string[] = [];
    el.addEventListener('gateway-error', (event) => errors.push(event.detail.type));
    fake.sessionRefusal = {
      status: 403,
      body: { error: { type: 'verification_failed', message: 'the bot check did not pass' } },
    };
    await userEvent.click(pay(el));
    await waitUntil(() => alertText(el) !== '', 'no message', { timeout: 3000 });
    expect(alertText(el)).to.equal(en.errorVerification);
    expect(errors).to.deep.equal(['verification']);
    expect(fake.paymentPosts()).to.have.length(0);
    expect(typed(el)).to.deep.equal([VISA, '907', 'AnnLee']);
  });

  it('shows a 429 as “Too many attempts, try again in N minutes”, keeps the form, and pays once allowed', async () => {
    const el = await mount();
    await fill(el);
    fake.sessionRefusal = {
      status: 429,
      body: {
        error: {
          type: 'rate_limited',
          message: 'too many attempts (orders_per_client); try again in 10 minutes',
        },
      },
      headers: { 'Retry-After': '540' },
    };
    await userEvent.click(pay(el));
    await waitUntil(() => alertText(el) !== '', 'no message', { timeout: 3000 });
    expect(alertText(el)).to.equal('Too many attempts, try again in 9 minutes.');
    expect(fake.sessionPosts()).to.have.length(1);
    expect(typed(el)).to.deep.equal([VISA, '907', 'AnnLee']);
    fake.sessionRefusal = null;
    await userEvent.click(pay(el));
    await waitUntil(() => fake.paymentPosts().length === 1, 'no payment after the wait', { timeout: 3000 });
  });

  describe('presentation="iframe": the hosted form’s order is asked for after the page’s word too', () => {
    const hostedFrame = (el: GatewayCheckout) =>
      el.shadowRoot!.querySelector<HTMLIFrameElement>('iframe[part="hosted-frame"]');
    const hosted = () =>
      fixture<GatewayCheckout>(
        html`<gateway-checkout session-url="/checkout/session" presentation="iframe"></gateway-checkout>`,
      );
    const sentVerification = () =>
      fake.sessionPosts().map((s) => (JSON.parse(s.body) as { verification?: string }).verification);

    it('cancelled: no order and no form; pay() then sends the token, opens one form, and it pays', async () => {
      const seen: Array<number | null> = [];
      let stop = true;
      const listener = (event: Event) => {
        const { detail } = event as CustomEvent<BeforePayDetail>;
        seen.push(detail.amount);
        if (stop) event.preventDefault();
        else detail.waitFor(Promise.resolve('tok-hosted'));
      };
      document.addEventListener('gateway-before-pay', listener);
      try {
        const el = await hosted();
        await waitUntil(() => seen.length === 1, 'no gateway-before-pay before the hosted form', {
          timeout: 3000,
        });
        await el.updateComplete;
        expect(seen).to.deep.equal([32.25]);
        expect(fake.sessionPosts()).to.have.length(0);
        expect(hostedFrame(el)).to.equal(null);
        expect(alertText(el)).to.equal('');

        // The page is ready (its terms ticked, say): pay() opens the hosted form, once.
        stop = false;
        void el.pay();
        void el.pay();
        await waitUntil(() => hostedFrame(el), 'the hosted form did not open', { timeout: 3000 });
        expect(hostedFrame(el)!.src).to.match(/\/hosted-form\/ord_1$/);
        expect(seen).to.have.length(2);
        expect(sentVerification()).to.deep.equal(['tok-hosted']);
        void el.pay();
        await el.updateComplete;
        expect(fake.sessionPosts()).to.have.length(1);

        // The customer pays in the hosted form; the checkout reads the outcome and says it.
        fake.orders.get('ord_1')!.status = 'paid';
        await waitUntil(() => el.shadowRoot!.querySelector('[part="result"]'), 'no result panel', {
          timeout: 5000,
        });
        expect(hostedFrame(el)).to.equal(null);
      } finally {
        document.removeEventListener('gateway-before-pay', listener);
      }
    });

    it('a failed bot check: a message and “Try again”, which asks again and opens the form', async () => {
      let fail = true;
      const listener = (event: Event) => {
        const { detail } = event as CustomEvent<BeforePayDetail>;
        detail.waitFor(fail ? Promise.reject(new Error('bot check: no')) : Promise.resolve('tok-2'));
      };
      document.addEventListener('gateway-before-pay', listener);
      try {
        const el = await hosted();
        await waitUntil(() => alertText(el) !== '', 'no message', { timeout: 3000 });
        expect(alertText(el)).to.match(/security check/i);
        expect(fake.sessionPosts()).to.have.length(0);
        const again = el.shadowRoot!.querySelector<HTMLButtonElement>('button[part="try-again"]');
        expect(again, 'a way to try again').to.not.equal(null);
        fail = false;
        // After an outcome, only "Try again" starts over: a call of pay() opens nothing.
        await el.pay();
        expect(fake.sessionPosts()).to.have.length(0);
        expect(hostedFrame(el)).to.equal(null);
        await userEvent.click(again!);
        await waitUntil(() => hostedFrame(el), 'the hosted form did not open', { timeout: 3000 });
        expect(alertText(el)).to.equal('');
        expect(sentVerification()).to.deep.equal(['tok-2']);
        fake.orders.get('ord_1')!.status = 'paid';
        await waitUntil(() => el.shadowRoot!.querySelector('[part="result"]'), 'no result panel', {
          timeout: 5000,
        });
      } finally {
        document.removeEventListener('gateway-before-pay', listener);
      }
    });
  });

  it('words the wait in all six languages', () => {
    expect([en, de, es, fr, lv, ru].map((t) => t.errorRateLimited(1))).to.deep.equal([
      'Too many attempts, try again in 1 minute.',
      'Zu viele Versuche, versuchen Sie es in 1 Minute erneut.',
      'Demasiados intentos, inténtelo de nuevo en 1 minuto.',
      'Trop de tentatives, réessayez dans 1 minute.',
      'Pārāk daudz mēģinājumu, mēģiniet vēlreiz pēc 1 minūtes.',
      'Слишком много попыток, попробуйте снова через 1 минуту.',
    ]);
    expect([lv, ru].map((t) => [t.errorRateLimited(5), t.errorRateLimited(22)])).to.deep.equal([
      [
        'Pārāk daudz mēģinājumu, mēģiniet vēlreiz pēc 5 minūtēm.',
        'Pārāk daudz mēģinājumu, mēģiniet vēlreiz pēc 22 minūtēm.',
      ],
      [
        'Слишком много попыток, попробуйте снова через 5 минут.',
        'Слишком много попыток, попробуйте снова через 22 минуты.',
      ],
    ]);
  });
});
