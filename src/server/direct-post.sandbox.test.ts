// The checkout handler's transports against the project's sandbox closed to browsers on
// api_do_url: `direct-post` sessions name the order's direct_post and send the gateway's redirects
// back to the handler's own return route; the card form posted there pays the order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutConfig, CheckoutSession } from '../protocol/index.ts';
import { type Sandbox, startSandbox } from '../sandbox/index.ts';
import { type CheckoutHandlerOptions, createCheckoutHandler } from './checkout.ts';
import { GatewayClient } from './client.ts';

const CONFIG: CheckoutConfig = {
  amount: 10,
  currency: 'EUR',
  language: 'en',
  merchant_name: 'Tea Shop',
  avs: 'off',
  save: null,
  moto: false,
  collect_email: true,
};
const SHOP = 'http://127.0.0.1:9/checkout';

let sandbox: Sandbox;
let gateway: GatewayClient;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, apiDoFromBrowsers: 'closed', distDir: null });
  gateway = new GatewayClient({ baseUrl: sandbox.url, secretKey: sandbox.secretKey });
});
afterAll(() => sandbox.close());

const handlerWith = (extra: Partial<CheckoutHandlerOptions>) =>
  createCheckoutHandler({
    client: gateway,
    config: () => CONFIG,
    // The merchant's own redirects (for its hosted pages): Direct Post orders need the handler's.
    buildOrder: () => ({
      products: [{ title: 'Tea', price: 10 }],
      success_redirect: 'https://shop.example/thanks',
      failure_redirect: 'https://shop.example/sorry',
    }),
    visitor: () => 'visitor-1',
    ...extra,
  });

let n = 0;
async function session(handler: ReturnType<typeof createCheckoutHandler>): Promise<CheckoutSession> {
  const key = `key_direct_post_${String(++n).padStart(8, '0')}`;
  const res = await handler(
    new Request(`${SHOP}/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ idempotency_key: key, email: 'tea@example.com' }),
    }),
    { remoteAddress: '203.0.113.7' },
  );
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as CheckoutSession;
}

describe("createCheckoutHandler({ transport: 'direct-post' })", () => {
  it('answers the transport and direct_post, and points the order back at its return route', async () => {
    const created = await session(handlerWith({ transport: 'direct-post' }));
    expect(created.transport).toBe('direct-post');
    const order = await gateway.orders.get(created.order_id);
    expect(created.direct_post).toBe(order.direct_post);
    expect(order.success_redirect).toBe(`${SHOP}/return`);
    expect(order.failure_redirect).toBe(`${SHOP}/return`);
    expect(order.cancel_redirect).toBe(`${SHOP}/return`);

    // The form a browser posts pays the order and comes back to the return route.
    const posted = await fetch(created.direct_post!, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'cardholder_name=Ann+Lee&number=4111111111111111&exp_month=05&exp_year=39&csc=123',
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`${SHOP}/return`);
    expect((await gateway.orders.get(created.order_id)).status).toBe('paid');
  });

  it('takes an explicit returnUrl (behind a proxy), and refuses one that is not absolute', async () => {
    const created = await session(
      handlerWith({ transport: 'direct-post', returnUrl: 'https://shop.example/checkout/return' }),
    );
    expect((await gateway.orders.get(created.order_id)).success_redirect).toBe(
      'https://shop.example/checkout/return',
    );
    expect(() => handlerWith({ transport: 'direct-post', returnUrl: '/checkout/return' })).toThrow(
      'createCheckoutHandler: returnUrl must be an absolute URL, not "/checkout/return"',
    );
  });

  it('serves the return page: still, framed by the shop only, cached nowhere', async () => {
    const handler = handlerWith({ transport: 'direct-post' });
    const page = await handler(new Request(`${SHOP}/return?status=paid`));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('Payment sent');
    expect(html).not.toContain('<script');
    expect((await handler(new Request(`${SHOP}/return`, { method: 'POST' }))).status).toBe(405);
  });

  it('refuses a transport it does not know, naming the values', () => {
    expect(() => handlerWith({ transport: 'form' as never })).toThrow(
      `createCheckoutHandler: transport must be 'api-do' or 'direct-post', not "form"`,
    );
  });
});

describe('the default transport (api-do)', () => {
  it("answers api-do, leaves the merchant's redirects alone, and names no direct_post", async () => {
    const created = await session(handlerWith({}));
    expect(created.transport).toBe('api-do');
    expect(created.direct_post).toBeUndefined();
    const order = await gateway.orders.get(created.order_id);
    expect(order.success_redirect).toBe('https://shop.example/thanks');
    // And the closed sandbox refuses the card a browser would post to its api_do_url.
    const refused = await fetch(created.api_do_url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://shop.example' },
      body: JSON.stringify({ card_number: '4111111111111111', exp_month: 5, exp_year: 39, csc: '123' }),
    });
    expect(refused.status).toBe(403);
    expect((await gateway.orders.get(created.order_id)).status).toBe('issued');
  });
});
