// The webhook receiver on hosts without a socket address (Next.js route handlers, Cloudflare
// Workers, Vercel): where a delivery came from is read with `clientAddress`, and the handler is a
// valid Next.js route export as it is.
import { describe, expect, it } from 'vitest';
import { createCheckoutHandler } from './checkout.ts';
import { GatewayClient } from './client.ts';
import { clientAddressFrom, createWebhookHandler, type GatewayWebhookEvent } from './webhooks.ts';

const GATEWAY_IP = '203.0.113.10';
const CARD = {
  id: 'card_1',
  transaction_type: 'DEBIT',
  client: 'cl_1',
  merchant: 'm_1',
  masked_pan: '411111******1111',
  exp_month: 12,
  exp_year: 30,
  is_default: true,
};

/** A card.created delivery: handed over without reading the gateway back, so no client is needed. */
const delivery = (headers: Record<string, string> = {}) =>
  new Request('https://shop.example/api/webhooks', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Webhook-Event': 'card.created',
      'X-Webhook-Version': 'v0.6',
      ...headers,
    },
    body: JSON.stringify(CARD),
  });

/** What Next.js passes a route handler as its second argument. */
const nextContext = { params: Promise.resolve({}) };

/** The shape Next.js 16 checks each exported route method against (its generated route types). */
type NextRouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, string | string[] | undefined>> },
) => Promise<Response | undefined> | Response | undefined;

function receiver(options: Parameters<typeof createWebhookHandler>[0]['clientAddress']) {
  const events: GatewayWebhookEvent[] = [];
  const errors: unknown[] = [];
  const handler = createWebhookHandler({
    onEvent: (event) => {
      events.push(event);
    },
    allowedIps: [GATEWAY_IP],
    insecureSkipConfirmation: true,
    onError: (error) => errors.push(error),
    ...(options ? { clientAddress: options } : {}),
  });
  return { handler, events, errors };
}

describe('webhook receiver on hosts without a socket address', () => {
  it('is a Next.js route handler as it is, and takes Vercel’s client address header', async () => {
    const { handler, events } = receiver(clientAddressFrom.vercel);
    const POST: NextRouteHandler = handler;
    const response = await POST(delivery({ 'x-real-ip': GATEWAY_IP }), nextContext);
    expect(response?.status).toBe(200);
    expect(events.map((e) => e.type)).toEqual(['card.created']);
  });

  it('refuses a delivery from an address outside the allow-list, read the same way', async () => {
    const { handler, events } = receiver(clientAddressFrom.vercel);
    const response = await handler(delivery({ 'x-real-ip': '198.51.100.7' }), nextContext);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { message: 'source address not allowed' } });
    expect(events).toEqual([]);
  });

  it('without clientAddress, refuses every delivery and says once what to set', async () => {
    const { handler, events, errors } = receiver(undefined);
    for (let i = 0; i < 3; i++) {
      const response = await handler(delivery({ 'x-real-ip': GATEWAY_IP }), nextContext);
      expect(response.status).toBe(403);
    }
    expect(events).toEqual([]);
    expect(errors).toHaveLength(1);
    // The fix for the host it saw: a Next.js route handler (it passed `{ params }`).
    expect(String(errors[0])).toMatch(/Next\.js route handler.*clientAddress: clientAddressFrom\.vercel/);
  });

  it('reads Cloudflare’s CF-Connecting-IP and ignores a spoofed X-Forwarded-For', async () => {
    const { handler, events } = receiver(clientAddressFrom.cloudflare);
    const spoofed = await handler(
      delivery({ 'x-forwarded-for': GATEWAY_IP, 'cf-connecting-ip': '198.51.100.7' }),
    );
    expect(spoofed.status).toBe(403);
    const genuine = await handler(delivery({ 'cf-connecting-ip': GATEWAY_IP }));
    expect(genuine.status).toBe(200);
    expect(events).toHaveLength(1);
  });

  it('reads your own proxy’s header, and refuses a list where one address belongs', async () => {
    const { handler } = receiver(clientAddressFrom.header('x-real-ip'));
    expect((await handler(delivery({ 'x-real-ip': GATEWAY_IP }))).status).toBe(200);
    const appended = await handler(delivery({ 'x-real-ip': `198.51.100.7, ${GATEWAY_IP}` }));
    expect(appended.status).toBe(403);
  });

  it('reads X-Forwarded-For from the right, as far as your proxies go', () => {
    const request = new Request('https://shop.example/', {
      headers: { 'x-forwarded-for': `198.51.100.7, ${GATEWAY_IP}, 10.0.0.2` },
    });
    expect(clientAddressFrom.forwardedFor(1)(request, {})).toBe('10.0.0.2');
    expect(clientAddressFrom.forwardedFor(2)(request, {})).toBe(GATEWAY_IP);
    expect(clientAddressFrom.forwardedFor(4)(request, {})).toBeUndefined();
    expect(() => clientAddressFrom.forwardedFor(0)).toThrow(/hops/);
  });

  it('takes a reader of your own, given the host’s context', async () => {
    const { handler } = receiver(
      (_request, info) => (info as { env?: { ip?: string } }).env?.ip ?? undefined,
    );
    expect((await handler(delivery(), { env: { ip: GATEWAY_IP } })).status).toBe(200);
  });

  it('refuses clientAddress together with trustProxy: one of them says where requests come from', () => {
    expect(() =>
      createWebhookHandler({
        onEvent: () => {},
        allowedIps: [GATEWAY_IP],
        insecureSkipConfirmation: true,
        trustProxy: 1,
        clientAddress: clientAddressFrom.vercel,
      }),
    ).toThrow(/trustProxy .*or clientAddress/);
  });
});

describe('checkout handler on hosts without a socket address', () => {
  it('is a Next.js route handler as it is (tsc checks the assignment)', async () => {
    const checkout = createCheckoutHandler({
      client: new GatewayClient({
        baseUrl: 'http://gw.test',
        secretKey: 'sk_test_x',
        fetch: globalThis.fetch,
      }),
      config: () => ({
        amount: 1,
        currency: 'EUR',
        language: 'en',
        merchant_name: 'Shop',
        avs: 'off',
        save: null,
        moto: false,
        collect_email: true,
      }),
      buildOrder: () => ({ products: [{ title: 'Tea', price: 1 }] }),
    });
    const GET: NextRouteHandler = checkout;
    const response = await GET(new Request('https://shop.example/api/checkout/session'), nextContext);
    expect(response?.status).toBe(200);
    expect(await response?.json()).toMatchObject({ amount: 1, currency: 'EUR' });
  });
});
