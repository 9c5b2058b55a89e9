import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../define.ts';
import {
  alertText,
  cardForm,
  checkoutTestBed,
  fillCard,
  mount,
  payButton,
  VISA,
} from '../../../test/support/checkout.ts';
import { inner } from '../../../test/support/elements.ts';
import { texts as de } from '../i18n/languages/de.ts';
import { texts as en } from '../i18n/languages/en.ts';
import { texts as es } from '../i18n/languages/es.ts';
import { texts as fr } from '../i18n/languages/fr.ts';
import { texts as lv } from '../i18n/languages/lv.ts';
import { texts as ru } from '../i18n/languages/ru.ts';
import type { BeforePayDetail } from './before-pay.ts';
import type { GatewayCheckout } from './checkout.ts';

// What the merchant server's defences look like to the customer: the page's bot check before
// anything is sent, and the server's refusals shown as words, with every field kept as typed.

const typed = (el: GatewayCheckout) =>
  ['number', 'csc', 'name'].map((id) => inner(cardForm(el), id).value.replace(/\s/g, ''));

describe('gateway-checkout: before paying, and the merchant server’s refusals', () => {
  const bed = checkoutTestBed();

  it('fires a cancelable gateway-before-pay; cancelled, nothing is sent and the form stays', async () => {
    const el = await mount();
    await fillCard(el);
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
    await userEvent.click(payButton(el));
    await el.updateComplete;
    expect(seen).to.deep.equal([{ amount: 32.25, currency: 'EUR', composed: true }]);
    expect(bed.fake.sessionPosts()).to.have.length(0);
    expect(bed.fake.paymentPosts()).to.have.length(0);
    expect(typed(el)).to.deep.equal([VISA, '907', 'AnnLee']);
    expect(payButton(el).disabled).to.equal(false);
  });

  it('waits for the token a handler gives and sends it as `verification`, never anything of the card', async () => {
    const el = await mount();
    await fillCard(el);
    let release!: (token: string) => void;
    el.addEventListener(
      'gateway-before-pay',
      (event) => {
        event.detail.waitFor(new Promise<string>((resolve) => (release = resolve)));
      },
      { once: true },
    );
    await userEvent.click(payButton(el));
    // Held: the bot check is still running; Pay is busy, and a second call sends nothing more.
    await el.updateComplete;
    expect(payButton(el).getAttribute('aria-disabled') === 'true' || payButton(el).disabled).to.equal(true);
    await el.pay();
    expect(bed.fake.sessionPosts()).to.have.length(0);
    release('tok_turnstile_0123');
    await waitUntil(() => bed.fake.paymentPosts().length === 1, 'no payment', { timeout: 3000 });
    const [session] = bed.fake.sessionPosts();
    const body = JSON.parse(session!.body) as Record<string, unknown>;
    expect(body.verification).to.equal('tok_turnstile_0123');
    expect(session!.body).not.to.contain(VISA);
    expect(session!.body).not.to.contain('907');
  });

  it('stops when the bot check fails: a message, nothing sent, every field kept', async () => {
    const el = await mount();
    await fillCard(el);
    el.addEventListener(
      'gateway-before-pay',
      (event: CustomEvent<BeforePayDetail>) => {
        event.detail.waitFor(Promise.reject(new Error('challenge closed')));
      },
      { once: true },
    );
    await userEvent.click(payButton(el));
    await waitUntil(() => alertText(el) !== '', 'no message', { timeout: 3000 });
    expect(alertText(el)).to.equal(en.errorVerification);
    expect(bed.fake.sessionPosts()).to.have.length(0);
    expect(typed(el)).to.deep.equal([VISA, '907', 'AnnLee']);
  });

  it('shows the server’s refusal of the token (403) as a message and keeps the form', async () => {
    const el = await mount();
    await fillCard(el);
    const errors: string[] = [];
    el.addEventListener('gateway-error', (event) => errors.push(event.detail.type));
    bed.fake.sessionRefusal = {
      status: 403,
      body: { error: { type: 'verification_failed', message: 'the bot check did not pass' } },
    };
    await userEvent.click(payButton(el));
    await waitUntil(() => alertText(el) !== '', 'no message', { timeout: 3000 });
    expect(alertText(el)).to.equal(en.errorVerification);
    expect(errors).to.deep.equal(['verification']);
    expect(bed.fake.paymentPosts()).to.have.length(0);
    expect(typed(el)).to.deep.equal([VISA, '907', 'AnnLee']);
  });

  it('shows a 429 as “Too many attempts, try again in N minutes”, keeps the form, and pays once allowed', async () => {
    const el = await mount();
    await fillCard(el);
    bed.fake.sessionRefusal = {
      status: 429,
      body: {
        error: {
          type: 'rate_limited',
          message: 'too many attempts (orders_per_client); try again in 10 minutes',
        },
      },
      headers: { 'Retry-After': '540' },
    };
    await userEvent.click(payButton(el));
    await waitUntil(() => alertText(el) !== '', 'no message', { timeout: 3000 });
    expect(alertText(el)).to.equal('Too many attempts, try again in 9 minutes.');
    expect(bed.fake.sessionPosts()).to.have.length(1);
    expect(typed(el)).to.deep.equal([VISA, '907', 'AnnLee']);
    bed.fake.sessionRefusal = null;
    await userEvent.click(payButton(el));
    await waitUntil(() => bed.fake.paymentPosts().length === 1, 'no payment after the wait', {
      timeout: 3000,
    });
  });

  describe('presentation="iframe": the hosted form’s order is asked for after the page’s word too', () => {
    const hostedFrame = (el: GatewayCheckout) =>
      el.shadowRoot!.querySelector<HTMLIFrameElement>('iframe[part="hosted-frame"]');
    const hosted = () =>
      fixture<GatewayCheckout>(
        html`<gateway-checkout session-url="/checkout/session" presentation="iframe"></gateway-checkout>`,
      );
    const sentVerification = () =>
      bed.fake.sessionPosts().map((s) => (JSON.parse(s.body) as { verification?: string }).verification);

    it('cancelled: no order and no form; payButton() then sends the token, opens one form, and it pays', async () => {
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
        expect(bed.fake.sessionPosts()).to.have.length(0);
        expect(hostedFrame(el)).to.equal(null);
        expect(alertText(el)).to.equal('');

        // The page is ready (its terms ticked, say): payButton() opens the hosted form, once.
        stop = false;
        void el.pay();
        void el.pay();
        await waitUntil(() => hostedFrame(el), 'the hosted form did not open', { timeout: 3000 });
        expect(hostedFrame(el)!.src).to.match(/\/hosted-form\/ord_1$/);
        expect(seen).to.have.length(2);
        expect(sentVerification()).to.deep.equal(['tok-hosted']);
        void el.pay();
        await el.updateComplete;
        expect(bed.fake.sessionPosts()).to.have.length(1);

        // The customer pays in the hosted form; the checkout reads the outcome and says it.
        bed.fake.orders.get('ord_1')!.status = 'paid';
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
        expect(bed.fake.sessionPosts()).to.have.length(0);
        const again = el.shadowRoot!.querySelector<HTMLButtonElement>('button[part="try-again"]');
        expect(again, 'a way to try again').to.not.equal(null);
        fail = false;
        // After an outcome, only "Try again" starts over: a call of payButton() opens nothing.
        await el.pay();
        expect(bed.fake.sessionPosts()).to.have.length(0);
        expect(hostedFrame(el)).to.equal(null);
        await userEvent.click(again!);
        await waitUntil(() => hostedFrame(el), 'the hosted form did not open', { timeout: 3000 });
        expect(alertText(el)).to.equal('');
        expect(sentVerification()).to.deep.equal(['tok-2']);
        bed.fake.orders.get('ord_1')!.status = 'paid';
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
