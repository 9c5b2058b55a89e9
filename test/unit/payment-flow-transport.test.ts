import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoMerchant, startDemoMerchant } from '../../demo/merchant.ts';
import type { CardInput } from '../../src/card/direct-body.ts';
import { formFields } from '../../src/card/direct-form.ts';
import { PaymentFlow } from '../../src/flow/payment-flow.ts';
import type { DirectTransport, PayerResult } from '../../src/flow/post-payment.ts';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.ts';
import { answerChallenge } from '../../src/sandbox/test-helpers.ts';
import { GatewayClient } from '../../src/server/index.ts';
import { botToken } from '../support/bot-check.ts';

// The payment flow's transports against the real sandbox closed to browsers on api_do_url, and the
// demo shop's server on each transport, over HTTP. The browser's frame is played here by a form
// POST that follows the gateway's redirects as the frame would, answering the bank as told.

let sandbox: Sandbox;
let directShop: DemoMerchant;
let apiDoShop: DemoMerchant;
let gateway: GatewayClient;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, apiDoFromBrowsers: 'closed', distDir: null });
  gateway = new GatewayClient({ baseUrl: sandbox.url, secretKey: sandbox.secretKey, maxRetries: 0 });
  const shop = { gatewayUrl: sandbox.url, secretKey: sandbox.secretKey, port: 0, distDir: '/nonexistent' };
  directShop = await startDemoMerchant({ ...shop, transport: 'direct-post' });
  apiDoShop = await startDemoMerchant(shop);
});
afterAll(async () => {
  await directShop?.close();
  await apiDoShop?.close();
  await sandbox?.close();
});

const card = (number: string): CardInput => ({
  number,
  expMonth: 5,
  expYear: 34,
  csc: '123',
  cardholderName: 'Anna Berzina',
});

/** The frame: the form POST, then each redirect; at the bank, `bank` answers (or the customer closes). */
function frameTransport(bank: 'approve' | 'fail' | 'close', log: string[]): DirectTransport {
  return {
    refused: async () => false,
    post: async (session, body, _timeout, status, onPhase) => {
      if ('src' in body) throw new Error('the in-page form only');
      const form = new URLSearchParams(formFields(body)).toString();
      log.push(`POST ${session.direct_post} ${form}`);
      const answer = await fetch(session.direct_post!, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      let location = answer.headers.get('location');
      if (location?.includes('/3ds/')) {
        expect((await status())?.status).toBe('in_progress');
        onPhase?.('challenge');
        if (bank === 'close') return { ok: false, error: 'cancelled' } satisfies PayerResult;
        // Through the gateway's page to the bank on its own origin, and back to the gateway.
        location = (await answerChallenge(location, bank)).location;
      }
      log.push(`back to ${location}`);
      return { ok: true, response: { status: 'returned' } };
    },
  };
}

/**
 * The network as the demo's pages meet it: their bot-check script attaches a solved challenge's
 * token to each new session (gateway-before-pay), which the shop's server asks for.
 */
const withBotCheck =
  (base: typeof fetch = fetch): typeof fetch =>
  async (input, init) => {
    if (init?.method === 'POST' && String(input).includes('/checkout/session')) {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      const verification = await botToken(new URL(String(input)).origin);
      init = { ...init, body: JSON.stringify({ ...body, verification }) };
    }
    return base(input, init);
  };

const flowOn = (shop: DemoMerchant, transport: DirectTransport, phases: string[] = []) =>
  new PaymentFlow({
    sessionUrl: `${shop.url}/checkout/session?scenario=one-step`,
    challenge: () => {
      throw new Error('a Direct Post payment shows the bank in its own frame');
    },
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))),
    fetch: withBotCheck(),
    transport: async () => transport,
    onPhase: (phase) => phases.push(phase),
  });

describe('the direct-post transport', () => {
  it('posts the card form to direct_post once and reads the result from the status', async () => {
    const log: string[] = [];
    const result = await flowOn(directShop, frameTransport('approve', log)).pay({
      card: card('4111111111111111'),
      request: { email: 'a@example.com' },
    });
    expect(result.kind).toBe('succeeded');
    expect(log).toHaveLength(2);
    expect(log[0]).toMatch(
      /^POST http:\/\/127\.0\.0\.1:\d+\/direct\/[\w-]+\/ number=4111111111111111&exp_month=05&exp_year=34&cardholder_name=Anna\+Berzina&csc=123$/,
    );
    expect(log[1]).toBe(`back to ${directShop.url}/checkout/return`);
    if (result.kind !== 'succeeded') return;
    expect((await gateway.orders.get(result.orderId)).status).toBe('paid');
  });

  it('3-D Secure: the challenge phase, then approved or failed by the status', async () => {
    const phases: string[] = [];
    const approved = await flowOn(directShop, frameTransport('approve', []), phases).pay({
      card: card('4000000000003220'),
      request: { email: 'a@example.com' },
    });
    expect(approved.kind).toBe('succeeded');
    expect(phases).toEqual(['creating', 'paying', 'challenge', 'verifying']);
    const failed = await flowOn(directShop, frameTransport('fail', [])).pay({
      card: card('4000000000003220'),
      request: { email: 'a@example.com' },
    });
    expect(failed).toMatchObject({ kind: 'declined', reason: '3-D Secure authentication failed' });
  });

  it('a bank check closed unfinished is cancelled, not reopenable, and may start over', async () => {
    const result = await flowOn(directShop, frameTransport('close', [])).pay({
      card: card('4000000000003220'),
      request: { email: 'a@example.com' },
    });
    expect(result).toMatchObject({
      kind: 'failed',
      error: { type: 'cancelled' },
      canRetry: true,
      reopenable: false,
    });
    if (result.kind !== 'failed') return;
    expect((await gateway.orders.get(result.orderId!)).status).toBe('in_progress');
  });

  it('a transport that cannot load sent nothing: a network failure on an untouched order', async () => {
    const flow = new PaymentFlow({
      sessionUrl: `${directShop.url}/checkout/session?scenario=one-step`,
      challenge: () => ({ done: new Promise(() => {}), close: () => {} }),
      sleep: async () => {},
      fetch: withBotCheck(),
      transport: () => Promise.reject(new Error('refused by its hash')),
    });
    const result = await flow.pay({ card: card('4111111111111111'), request: { email: 'a@example.com' } });
    expect(result).toMatchObject({ kind: 'failed', error: { type: 'network' }, canRetry: true });
    if (result.kind !== 'failed') return;
    expect((await gateway.orders.get(result.orderId!)).status).toBe('issued');
  });
});

describe('the default transport against a gateway closed to browsers', () => {
  /** The browser's CORS failure: the preflight gets no answer the browser accepts. */
  const corsFails: typeof fetch = async (input, init) => {
    if (String(input).includes('/pay/')) throw new TypeError('Failed to fetch');
    return fetch(input, init);
  };

  for (const [refused, type, canRetry] of [
    [true, 'browser_refused', false],
    [false, 'network', true],
  ] as const) {
    it(`a payment POST that never left, the gateway ${refused ? 'there and refusing' : 'unreachable'}: ${type}`, async () => {
      const asked: string[] = [];
      const flow = new PaymentFlow({
        sessionUrl: `${apiDoShop.url}/checkout/session?scenario=one-step`,
        challenge: () => ({ done: new Promise(() => {}), close: () => {} }),
        sleep: async () => {},
        fetch: withBotCheck(corsFails),
        transport: async () => ({
          post: () => Promise.reject(new Error('not this transport')),
          refused: async (url) => {
            asked.push(url);
            return refused;
          },
        }),
      });
      const result = await flow.pay({ card: card('4111111111111111'), request: { email: 'a@example.com' } });
      expect(result).toMatchObject({ kind: 'failed', error: { type }, canRetry });
      expect(asked).toEqual([expect.stringMatching(/\/pay\/[\w-]+\/$/)]);
      if (result.kind !== 'failed') return;
      expect((await gateway.orders.get(result.orderId!)).status).toBe('issued');
    });
  }
});
