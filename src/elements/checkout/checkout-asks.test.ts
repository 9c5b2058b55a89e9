import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { describe, it } from 'vitest';
import {
  cardForm,
  checkoutTestBed,
  clickPay,
  focused,
  loaded,
  mount,
  settled,
  statusText,
} from '../../../test/support/checkout.ts';
import { futureExpiry, inner, typeInto } from '../../../test/support/elements.ts';
import { DEFAULT_CONFIG } from '../../../test/support/fake-merchant.ts';
import type { GatewayCheckout } from './checkout.ts';

// The checkout asks what the merchant needs, and the form does not move when the session answers.

const nameField = (el: GatewayCheckout) => cardForm(el).shadowRoot!.querySelector('#name');

async function typeCard(el: GatewayCheckout, number = '4111111111111111'): Promise<void> {
  const form = cardForm(el);
  await typeInto(form, 'number', number);
  await typeInto(form, 'expiry', futureExpiry().replace('/', ''));
  if (!form.moto) await typeInto(form, 'csc', '907');
  await form.updateComplete;
}

describe('gateway-checkout: require-name', () => {
  const bed = checkoutTestBed();

  it('require-name="false" leaves the name out and pays without one', async () => {
    const el = await mount(
      html`<gateway-checkout require-name="false" session-url="/checkout/session"></gateway-checkout>`,
    );
    expect(el.requireName).to.equal(false);
    expect(nameField(el)).to.equal(null);
    await typeCard(el);
    await clickPay(el);
    await settled(el, 'after paying without a name');
    expect(statusText(el)).to.contain('Payment successful');
    const body = JSON.parse(bed.fake.paymentPosts()[0]!.body) as Record<string, unknown>;
    expect('cardholder_name' in body).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('without the attribute the merchant server decides; the attribute wins over it', async () => {
    bed.fake.config = { ...DEFAULT_CONFIG, require_name: false };
    const decided = await mount(html`<gateway-checkout session-url="/checkout/session"></gateway-checkout>`);
    expect(decided.requireName).to.equal(undefined);
    await cardForm(decided).updateComplete;
    expect(nameField(decided)).to.equal(null);
    const asked = await mount(
      html`<gateway-checkout require-name session-url="/checkout/session"></gateway-checkout>`,
    );
    await cardForm(asked).updateComplete;
    expect(nameField(asked)).not.to.equal(null);
  });

  it('asks for the name when neither says anything', async () => {
    const el = await mount();
    await cardForm(el).updateComplete;
    expect(nameField(el)).not.to.equal(null);
  });
});

describe('gateway-checkout: the e-mail field holds its place from the first paint', () => {
  const bed = checkoutTestBed();

  it('the card number is where it will stay before the session answers', async () => {
    bed.fake.config = { ...DEFAULT_CONFIG, collect_email: true };
    const release = bed.fake.holdConfig('/checkout/session');
    const el = await fixture<GatewayCheckout>(
      html`<gateway-checkout session-url="/checkout/session"></gateway-checkout>`,
    );
    await cardForm(el).updateComplete;
    const number = inner(cardForm(el), 'number');
    // Before the answer: the e-mail field is there already, and takes what is typed.
    expect(el.shadowRoot!.querySelector('#email')).not.to.equal(null);
    await typeInto(el, 'email', 'ann@example.com');
    const before = number.getBoundingClientRect().top;
    release();
    await loaded(el);
    await cardForm(el).updateComplete;
    expect(number.getBoundingClientRect().top).to.equal(before);
    expect(inner(el, 'email').value).to.equal('ann@example.com');
  });

  it('collect-email="false" holds no place before a server that asks none answers', async () => {
    const release = bed.fake.holdConfig('/checkout/session');
    const el = await fixture<GatewayCheckout>(
      html`<gateway-checkout collect-email="false" session-url="/checkout/session"></gateway-checkout>`,
    );
    await cardForm(el).updateComplete;
    expect(el.shadowRoot!.querySelector('#email')).to.equal(null);
    const number = inner(cardForm(el), 'number');
    const before = number.getBoundingClientRect().top;
    release();
    await loaded(el);
    expect(number.getBoundingClientRect().top).to.equal(before);
  });

  it('a phone order holds no place for an e-mail', async () => {
    bed.fake.config = { ...DEFAULT_CONFIG, moto: true };
    const release = bed.fake.holdConfig('/checkout/session');
    const el = await fixture<GatewayCheckout>(
      html`<gateway-checkout moto session-url="/checkout/session"></gateway-checkout>`,
    );
    expect(el.shadowRoot!.querySelector('#email')).to.equal(null);
    release();
    await loaded(el);
  });
});

describe('gateway-checkout: MOTO after a decline', () => {
  const bed = checkoutTestBed();

  it('waits on the empty card number for the caller’s next card, and pays the order’s amount once', async () => {
    bed.fake.payments = ['declined', 'paid'];
    const el = await mount(
      html`<gateway-checkout moto require-name="false" session-url="/checkout/session"></gateway-checkout>`,
    );
    await typeCard(el, '4000000000009995');
    await clickPay(el);
    await settled(el, 'after the decline');
    const number = inner(cardForm(el), 'number');
    await waitUntil(() => focused() === number, 'the card number has no focus');
    expect(number.value).to.equal('');
    await typeCard(el);
    await clickPay(el);
    await waitUntil(() => statusText(el).includes('Payment successful'), 'not paid');
    expect(bed.fake.paymentPosts()).to.have.length(2);
  });
});
