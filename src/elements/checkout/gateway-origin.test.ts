import { expect, fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../define.ts';
import { cardSecrets, secretsIn } from '../../../test/support/card-secrets.ts';
import { futureExpiry, typeInto } from '../../../test/support/elements.ts';
import { FakeMerchant, GATEWAY } from '../../../test/support/fake-merchant.ts';
import type { GatewayCardForm } from '../card-form/card-form.ts';
import type { GatewayCheckout } from './checkout.ts';

// Card data goes to an https gateway origin (or loopback, for the sandbox) and never to the
// merchant's own origin: whether the address comes from the api-do-url attribute or from the
// merchant server's session answer.

const VISA = '4111111111111111';
const CSC = '907';

let fake: FakeMerchant;
let errors: Array<{ type: string; message: string }>;
const onError = (e: Event) => errors.push((e as CustomEvent).detail);

beforeEach(() => {
  fake = new FakeMerchant();
  fake.install();
  errors = [];
  document.addEventListener('gateway-error', onError);
});
afterEach(() => {
  fixtureCleanup();
  document.removeEventListener('gateway-error', onError);
  fake.uninstall();
});

async function mount(template: TemplateResult): Promise<GatewayCheckout> {
  const el = await fixture<GatewayCheckout>(template);
  const pay = () => el.shadowRoot!.querySelector<HTMLButtonElement>('button[part="pay-button"]')!;
  await waitUntil(() => pay() && !pay().disabled, 'the checkout did not load', { timeout: 3000 });
  return el;
}

async function payWithCard(el: GatewayCheckout): Promise<void> {
  const form = el.shadowRoot!.querySelector<GatewayCardForm>('gateway-card-form')!;
  await typeInto(form, 'number', VISA);
  await typeInto(form, 'expiry', futureExpiry().replace('/', ''));
  await typeInto(form, 'csc', CSC);
  await typeInto(form, 'name', 'Ann Lee');
  await userEvent.click(el.shadowRoot!.querySelector('button[part="pay-button"]')!);
  await waitUntil(() => errors.length > 0 || fake.paymentPosts().length > 0, 'no result', { timeout: 3000 });
  await el.updateComplete;
}

/** Nothing the flow sent holds the card number or the security code. */
function expectNoCardSent(): void {
  // As tokens of their own: a session body's random idempotency key may hold the code's digits.
  const secrets = cardSecrets({ number: VISA, csc: CSC });
  for (const sent of fake.sent) {
    expect(secretsIn(`${sent.url} ${sent.body}`, secrets), `${sent.method} ${sent.url}`).to.deep.equal([]);
  }
}

const alertText = (el: GatewayCheckout) =>
  el.shadowRoot!.querySelector('[role="alert"]')?.textContent?.trim() ?? '';

const preset = (apiDoUrl: string, origins?: string) => html`<gateway-checkout
  api-do-url=${apiDoUrl}
  status-url="/checkout/status?order=ord_1&token=t"
  amount="10"
  currency="EUR"
  gateway-origins=${origins ?? ''}
></gateway-checkout>`;

describe('where gateway-checkout sends card data', () => {
  beforeEach(() => {
    fake.orders.set('ord_1', { status: 'issued', reason: null });
  });

  for (const address of ['/steal', `${location.origin}/steal`, 'http://shop.example/pay', 'javascript:x']) {
    it(`refuses api-do-url="${address}" with a gateway-error, and sends nothing`, async () => {
      const el = await mount(preset(address));
      const before = fake.sent.length;
      await payWithCard(el);
      expect(errors.map((e) => e.type)).to.deep.equal(['untrusted_gateway']);
      expect(alertText(el)).to.contain('could not be sent securely');
      expect(fake.sent.slice(before)).to.deep.equal([]);
      expectNoCardSent();
    });
  }

  it('pays an api-do-url on a listed gateway origin', async () => {
    const el = await mount(preset(`${GATEWAY}/do/ord_1`, `${GATEWAY} https://other.example`));
    await payWithCard(el);
    await waitUntil(() => fake.statusGets().length > 0);
    expect(fake.paymentPosts()).to.have.length(1);
    expect(errors).to.deep.equal([]);
  });

  it('refuses an https gateway that gateway-origins does not list', async () => {
    const el = await mount(preset('https://evil.example/do/ord_1', GATEWAY));
    await payWithCard(el);
    expect(errors.map((e) => e.type)).to.deep.equal(['untrusted_gateway']);
    expect(fake.sent.filter((s) => s.method === 'POST')).to.deep.equal([]);
  });

  it("refuses a session answer whose api_do_url is the merchant's own origin", async () => {
    const el = await mount(html`<gateway-checkout session-url="/checkout/session"></gateway-checkout>`);
    // A merchant server that was tampered with answers its own address for the card.
    fake.apiDoUrlOf = (id) => `${location.origin}/collect/${id}`;
    await payWithCard(el);
    expect(errors.map((e) => e.type)).to.deep.equal(['untrusted_gateway']);
    expect(fake.sent.filter((s) => s.method === 'POST').map((s) => new URL(s.url).pathname)).to.deep.equal([
      '/checkout/session',
    ]);
    expectNoCardSent();
  });

  it('refuses a session answer outside the gateway-origins property', async () => {
    const el = await mount(html`<gateway-checkout session-url="/checkout/session"></gateway-checkout>`);
    el.gatewayOrigins = ['https://only.example'];
    await payWithCard(el);
    expect(errors.map((e) => e.type)).to.deep.equal(['untrusted_gateway']);
    expect(fake.paymentPosts()).to.deep.equal([]);
    expectNoCardSent();
  });
});
