import { expect, html, waitUntil } from '@open-wc/testing';
import { beforeEach, describe, it } from 'vitest';
import '../../define.ts';
import { cardSecrets, secretsIn } from '../../../test/support/card-secrets.ts';
import {
  alertText,
  CSC,
  checkoutTestBed,
  clickPay,
  fillCard,
  mount,
  VISA,
} from '../../../test/support/checkout.ts';
import { GATEWAY } from '../../../test/support/fake-merchant.ts';
import type { GatewayCheckout } from './checkout.ts';

// Card data goes to an https gateway origin (or loopback, for the sandbox) and never to the
// merchant's own origin: whether the address comes from the api-do-url attribute or from the
// merchant server's session answer.

const bed = checkoutTestBed();
/** What the page heard as gateway-error, in order. */
const errors = () => bed.events.of<{ type: string; message: string }>('gateway-error');

async function payWithCard(el: GatewayCheckout): Promise<void> {
  await fillCard(el);
  await clickPay(el);
  await waitUntil(() => errors().length > 0 || bed.fake.paymentPosts().length > 0, 'no result', {
    timeout: 3000,
  });
  await el.updateComplete;
}

/** Nothing the flow sent holds the card number or the security code. */
function expectNoCardSent(): void {
  // As tokens of their own: a session body's random idempotency key may hold the code's digits.
  const secrets = cardSecrets({ number: VISA, csc: CSC });
  for (const sent of bed.fake.sent) {
    expect(secretsIn(`${sent.url} ${sent.body}`, secrets), `${sent.method} ${sent.url}`).to.deep.equal([]);
  }
}

const preset = (apiDoUrl: string, origins?: string) => html`<gateway-checkout
  api-do-url=${apiDoUrl}
  status-url="/checkout/status?order=ord_1&token=t"
  amount="10"
  currency="EUR"
  gateway-origins=${origins ?? ''}
></gateway-checkout>`;

describe('where gateway-checkout sends card data', () => {
  beforeEach(() => {
    bed.fake.orders.set('ord_1', { status: 'issued', reason: null });
  });

  for (const address of ['/steal', `${location.origin}/steal`, 'http://shop.example/pay', 'javascript:x']) {
    it(`refuses api-do-url="${address}" with a gateway-error, and sends nothing`, async () => {
      const el = await mount(preset(address));
      const before = bed.fake.sent.length;
      await payWithCard(el);
      expect(errors().map((e) => e.type)).to.deep.equal(['untrusted_gateway']);
      expect(alertText(el)).to.contain('could not be sent securely');
      expect(bed.fake.sent.slice(before)).to.deep.equal([]);
      expectNoCardSent();
    });
  }

  it('pays an api-do-url on a listed gateway origin', async () => {
    const el = await mount(preset(`${GATEWAY}/do/ord_1`, `${GATEWAY} https://other.example`));
    await payWithCard(el);
    await waitUntil(() => bed.fake.statusGets().length > 0);
    expect(bed.fake.paymentPosts()).to.have.length(1);
    expect(errors()).to.deep.equal([]);
  });

  it('refuses an https gateway that gateway-origins does not list', async () => {
    const el = await mount(preset('https://evil.example/do/ord_1', GATEWAY));
    await payWithCard(el);
    expect(errors().map((e) => e.type)).to.deep.equal(['untrusted_gateway']);
    expect(bed.fake.sent.filter((s) => s.method === 'POST')).to.deep.equal([]);
  });

  it("refuses a session answer whose api_do_url is the merchant's own origin", async () => {
    const el = await mount(html`<gateway-checkout session-url="/checkout/session"></gateway-checkout>`);
    // A merchant server that was tampered with answers its own address for the card.
    bed.fake.apiDoUrlOf = (id) => `${location.origin}/collect/${id}`;
    await payWithCard(el);
    expect(errors().map((e) => e.type)).to.deep.equal(['untrusted_gateway']);
    expect(
      bed.fake.sent.filter((s) => s.method === 'POST').map((s) => new URL(s.url).pathname),
    ).to.deep.equal(['/checkout/session']);
    expectNoCardSent();
  });

  it('refuses a session answer outside the gateway-origins property', async () => {
    const el = await mount(html`<gateway-checkout session-url="/checkout/session"></gateway-checkout>`);
    el.gatewayOrigins = ['https://only.example'];
    await payWithCard(el);
    expect(errors().map((e) => e.type)).to.deep.equal(['untrusted_gateway']);
    expect(bed.fake.paymentPosts()).to.deep.equal([]);
    expectNoCardSent();
  });
});
