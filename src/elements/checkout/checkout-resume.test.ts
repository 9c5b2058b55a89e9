import { expect, fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../define.ts';
import { cardSecrets, secretsIn } from '../../../test/support/card-secrets.ts';
import {
  alertText,
  CSC,
  cardForm,
  checkoutTestBed,
  fillCard,
  mount,
  NAME,
  payButton,
  SESSION,
  settled,
  statusText,
  VISA,
} from '../../../test/support/checkout.ts';
import { DEFAULT_CONFIG } from '../../../test/support/fake-merchant.ts';
import type { GatewayCheckout } from './checkout.ts';

// A payment under way outlives its page: after a reload the checkout shows that payment's result,
// once. Here the "reload" is the checkout taken out of the page and a new one mounted, as a
// single-page app does; a real reload is in test/e2e/revisit.spec.ts.

const reopenButton = (el: GatewayCheckout) =>
  el.shadowRoot!.querySelector<HTMLButtonElement>('button[part="reopen-challenge"]');
const cardNumber = (el: GatewayCheckout) =>
  cardForm(el).shadowRoot!.querySelector<HTMLInputElement>('#number')!.value;
/** Everything this tab keeps in sessionStorage, as one string. */
const kept = () =>
  Object.keys(sessionStorage)
    .map((k) => sessionStorage.getItem(k) ?? '')
    .join('');

/** A checkout as a person meets a new one: the card form empty, Pay enabled, no result. */
function expectFresh(el: GatewayCheckout): void {
  expect(payButton(el).disabled).to.equal(false);
  expect(payButton(el).textContent).to.contain('Pay');
  expect(cardNumber(el)).to.equal('');
  expect(statusText(el)).to.not.contain('Payment successful');
  expect(alertText(el)).to.equal('');
  expect(el.shadowRoot!.querySelector('[part="result"]')).to.equal(null);
}

/** Waits a few tasks: long enough for a checkout that would pick up an attempt to ask its status. */
const aWhile = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('gateway-checkout across a reload', () => {
  const bed = checkoutTestBed();
  /** The orders the page heard were paid, in order. */
  const successes = () => bed.events.of<{ orderId: string }>('gateway-success').map((paid) => paid.orderId);

  it('asks before the page is left while a payment is under way, and not otherwise', async () => {
    const el = await mount();
    await fillCard(el);
    const idle = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(idle);
    expect(idle.defaultPrevented).to.equal(false);
    const release = bed.fake.holdPayments();
    await userEvent.click(payButton(el));
    await waitUntil(() => bed.fake.paymentPosts().length === 1, 'no payment went out');
    const paying = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(paying);
    expect(paying.defaultPrevented).to.equal(true);
    release();
    await settled(el, 'after paying');
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).to.equal(false);
  });

  it('picks up a zero-amount saving after a reload as "Card saved", as the customer agreed before it', async () => {
    bed.fake.config = {
      ...DEFAULT_CONFIG,
      amount: 0,
      save: { method: 'recurring', consent_required: true, merchant_name: 'Lindenhof Books' },
    };
    const release = bed.fake.holdPayments();
    const first = await mount();
    await fillCard(first);
    const consent = first.shadowRoot!.querySelector('gateway-save-consent')!;
    consent.shadowRoot!.querySelector<HTMLInputElement>('input[type=checkbox]')!.click();
    await userEvent.click(payButton(first));
    await waitUntil(() => bed.fake.paymentPosts().length === 1, 'no payment went out');
    fixtureCleanup();
    release();
    await waitUntil(() => bed.fake.orders.get('ord_1')?.status === 'paid', 'the payment did not land');
    const again = await fixture<GatewayCheckout>(SESSION);
    await settled(again, 'after the reload');
    expect(statusText(again)).to.equal('Card saved. Nothing was charged.');
    expect(again.shadowRoot!.querySelector('[part="result"] h2')?.textContent).to.equal('Card saved');
  });

  it('picks up the attempt after a reload and shows its result once; storage never holds card data', async () => {
    const release = bed.fake.holdPayments();
    const first = await mount();
    await fillCard(first);
    await userEvent.click(payButton(first));
    await waitUntil(() => bed.fake.paymentPosts().length === 1, 'no payment went out');
    expect(kept()).to.contain('ord_1');
    // The record carries a random page id: the card's values count only as tokens of their own.
    expect(secretsIn(kept(), cardSecrets({ number: VISA, csc: CSC, name: NAME }))).to.deep.equal([]);
    expect(kept()).to.not.contain('4111 1111');
    // The page goes; the payment goes through at the gateway meanwhile.
    fixtureCleanup();
    release();
    await waitUntil(() => bed.fake.orders.get('ord_1')?.status === 'paid', 'the payment did not land');

    const again = await fixture<GatewayCheckout>(SESSION);
    await settled(again, 'after the reload');
    expect(statusText(again)).to.contain('Payment successful');
    expect(payButton(again).disabled).to.equal(true);
    expect(successes()).to.deep.equal(['ord_1']);
    // Shown: nothing of the attempt is left for the next checkout on this address.
    expect(kept()).to.equal('');
    fixtureCleanup();

    const third = await mount();
    await aWhile();
    expectFresh(third);
    expect(successes()).to.deep.equal(['ord_1']);
    expect(bed.fake.sessionPosts()).to.have.length(1);
    expect(bed.fake.paymentPosts()).to.have.length(1);
  });

  it('after a reload on an order nothing reached, shows the form and pays that order once', async () => {
    bed.fake.payments = ['lost', 'paid'];
    const first = await mount();
    await fillCard(first);
    const release = bed.fake.holdPayments();
    await userEvent.click(payButton(first));
    await waitUntil(() => bed.fake.paymentPosts().length === 1, 'no payment went out');
    fixtureCleanup();
    release();
    const again = await mount();
    await waitUntil(() => bed.fake.statusGets().length > 0, 'no status asked');
    await again.updateComplete;
    expect(alertText(again)).to.equal('');
    expect(payButton(again).disabled).to.equal(false);
    await fillCard(again);
    await userEvent.click(payButton(again));
    await settled(again, 'after paying');
    expect(statusText(again)).to.contain('Payment successful');
    expect(bed.fake.sessionPosts()).to.have.length(1);
    expect(bed.fake.orders.size).to.equal(1);
  });

  it('picks up its attempt when the page sets session-url only after the checkout is in place', async () => {
    const release = bed.fake.holdPayments();
    const first = await mount();
    await fillCard(first);
    await userEvent.click(payButton(first));
    await waitUntil(() => bed.fake.paymentPosts().length === 1, 'no payment went out');
    fixtureCleanup();
    release();
    await waitUntil(() => bed.fake.orders.get('ord_1')?.status === 'paid', 'the payment did not land');

    const asked = bed.fake.statusGets().length;
    const late = await fixture<GatewayCheckout>(html`<gateway-checkout></gateway-checkout>`);
    await aWhile();
    expect(bed.fake.statusGets()).to.have.length(asked);
    expect(kept()).to.contain('ord_1');
    late.sessionUrl = '/checkout/session';
    await settled(late, 'once configured');
    expect(statusText(late)).to.contain('Payment successful');
    expect(successes()).to.deep.equal(['ord_1']);
    expect(kept()).to.equal('');
  });

  it('after a paid order, the checkout shown again in the same page (the next purchase) is a fresh form and pays a new order', async () => {
    const first = await mount();
    await fillCard(first);
    await userEvent.click(payButton(first));
    await settled(first, 'the first purchase');
    expect(statusText(first)).to.contain('Payment successful');
    expect(kept()).to.equal('');
    fixtureCleanup();

    const next = await mount();
    await aWhile();
    expectFresh(next);
    expect(bed.fake.statusGets().map((r) => new URL(r.url).searchParams.get('order'))).to.not.contain(
      'ord_2',
    );
    await fillCard(next);
    await userEvent.click(payButton(next));
    await settled(next, 'the second purchase');
    expect(statusText(next)).to.contain('Payment successful');
    expect(successes()).to.deep.equal(['ord_1', 'ord_2']);
    expect(bed.fake.paymentPosts().map((r) => new URL(r.url).pathname)).to.deep.equal([
      '/do/ord_1',
      '/do/ord_2',
    ]);
  });

  it('a new cart (a new session-url) never picks up the old cart’s attempt, even one never shown', async () => {
    bed.fake.configs.set('/checkout/session?cart=2', { ...DEFAULT_CONFIG, amount: 12.5 });
    const release = bed.fake.holdPayments();
    const first = await mount(
      html`<gateway-checkout session-url="/checkout/session?cart=1"></gateway-checkout>`,
    );
    await fillCard(first);
    await userEvent.click(payButton(first));
    await waitUntil(() => bed.fake.paymentPosts().length === 1, 'no payment went out');
    // Taken out mid-payment: its result is never shown.
    fixtureCleanup();
    release();
    await waitUntil(() => bed.fake.orders.get('ord_1')?.status === 'paid', 'the payment did not land');
    const statusAsked = bed.fake.statusGets().length;

    const next = await mount(
      html`<gateway-checkout session-url="/checkout/session?cart=2"></gateway-checkout>`,
    );
    await aWhile();
    expectFresh(next);
    expect(payButton(next).textContent).to.contain('12.50');
    expect(bed.fake.statusGets()).to.have.length(statusAsked);
    expect(kept()).to.equal('');
    expect(successes()).to.deep.equal([]);
  });

  it('a 3-D Secure check left open stays: the checkout shown again offers that check, and once paid, nothing more', async () => {
    bed.fake.payments = ['3ds'];
    const first = await mount();
    await fillCard(first);
    await userEvent.click(payButton(first));
    await waitUntil(() => first.shadowRoot!.querySelector('dialog')?.open, 'no challenge shown');
    expect(kept()).to.contain(bed.fake.threeDsUrl);
    fixtureCleanup();

    const again = await fixture<GatewayCheckout>(SESSION);
    await settled(again, 'after the reload');
    expect(alertText(again)).to.contain('not complete');
    expect(reopenButton(again)).to.not.equal(null);
    expect(kept()).to.contain('ord_1');
    // The bank approves once the check is shown again.
    await userEvent.click(reopenButton(again)!);
    await waitUntil(() => again.shadowRoot!.querySelector('dialog')?.open, 'the check did not reopen');
    bed.fake.orders.get('ord_1')!.status = 'paid';
    await waitUntil(() => statusText(again).includes('Payment successful'), 'not paid', { timeout: 8000 });
    expect(successes()).to.deep.equal(['ord_1']);
    expect(kept()).to.equal('');
    fixtureCleanup();

    const next = await mount();
    await aWhile();
    expectFresh(next);
    expect(bed.fake.paymentPosts()).to.have.length(1);
  });

  it('back from the bank’s page out of the back/forward cache: the redirect check counts as left and can be reopened', async () => {
    bed.fake.payments = ['3ds'];
    // A fragment keeps the test page in place where the bank's address would replace it.
    bed.fake.threeDsUrl = '#bank-check';
    const el = await mount(
      html`<gateway-checkout session-url="/checkout/session" three-ds="redirect"></gateway-checkout>`,
    );
    await fillCard(el);
    await userEvent.click(payButton(el));
    await waitUntil(() => location.hash === '#bank-check', 'no redirect to the bank');
    history.replaceState(null, '', location.pathname + location.search);
    // Our own redirect asks nothing.
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).to.equal(false);

    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await settled(el, 'after coming back');
    expect(alertText(el)).to.contain('not complete');
    expect(reopenButton(el)).to.not.equal(null);
    expect(bed.fake.paymentPosts()).to.have.length(1);
  });
});
