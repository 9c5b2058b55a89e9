// The sandbox's browser policy on api_do_url: `open` (CORS, no key: the elements' default
// transport) or `closed` (a host-to-host address: no CORS answer, the Bearer key required).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEnvOptions } from './env.ts';
import type { Sandbox } from './server.ts';
import { api, cardBody, createOrder, sandbox } from './test-helpers.ts';

const preflight = (url: string) =>
  fetch(url, {
    method: 'OPTIONS',
    headers: {
      Origin: 'http://127.0.0.1:5173',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    },
  });

const postCard = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:5173', ...headers },
    body: JSON.stringify(cardBody()),
  });

describe('apiDoFromBrowsers: open (the default)', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await sandbox();
  });
  afterAll(() => sb.close());

  it('answers a preflight and takes the card without a key', async () => {
    const order = await createOrder(sb);
    const pre = await preflight(order.api_do_url);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    const paid = await postCard(order.api_do_url);
    expect(paid.status).toBe(200);
    expect(paid.headers.get('access-control-allow-origin')).toBe('*');
    expect((await api(sb).get(`/orders/${order.id}/`)).body.status).toBe('paid');
  });
});

describe('apiDoFromBrowsers: closed', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await sandbox({ apiDoFromBrowsers: 'closed' });
  });
  afterAll(() => sb.close());

  it('gives a preflight no CORS answer, so a browser never sends the card', async () => {
    const order = await createOrder(sb);
    const pre = await preflight(order.api_do_url);
    expect(pre.status).toBe(403);
    for (const name of ['allow-origin', 'allow-methods', 'allow-headers'])
      expect(pre.headers.get(`access-control-${name}`), name).toBeNull();
  });

  it('refuses a card without the Bearer key with a 403 naming the rule; nothing is charged', async () => {
    const order = await createOrder(sb);
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer sk_wrong' },
      { Authorization: sb.secretKey },
    ];
    for (const headers of attempts) {
      const refused = await postCard(order.api_do_url, headers);
      expect(refused.status).toBe(403);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
      const body = (await refused.json()) as { __all__: { message: string; code: string }[] };
      expect(body.__all__[0]).toEqual({
        message: expect.stringContaining('servers only, with the secret key'),
        code: 'authentication_failed',
      });
      expect(body.__all__[0]!.message).toContain('direct_post');
    }
    const after = (await api(sb).get(`/orders/${order.id}/`)).body;
    expect(after.status).toBe('issued');
    expect(after.status_changes).toHaveLength(1);
  });

  it('takes the card from a server holding the key, as public clients post it', async () => {
    const order = await createOrder(sb);
    const paid = await postCard(order.api_do_url, { Authorization: `Bearer ${sb.secretKey}` });
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as { status: string }).status).toBe('paid');
  });

  it("takes the card from the gateway's own hosted page (same origin), as before", async () => {
    const order = await createOrder(sb);
    const paid = await postCard(order.api_do_url, { 'Sec-Fetch-Site': 'same-origin', Origin: sb.url });
    expect(paid.status).toBe(200);
    // A page of another site, as a browser names it, is refused.
    const other = await createOrder(sb);
    const refused = await postCard(other.api_do_url, { 'Sec-Fetch-Site': 'cross-site' });
    expect(refused.status).toBe(403);
  });

  it('still takes the card form posted to direct_post by a browser, with no key', async () => {
    const order = await createOrder(sb, { success_redirect: 'http://127.0.0.1:5173/done' });
    const posted = await fetch(order.direct_post, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://127.0.0.1:5173' },
      body: new URLSearchParams({
        cardholder_name: 'Ada Lovelace',
        number: '4111 1111 1111 1111',
        exp_month: '12',
        exp_year: '2039',
        csc: '123',
      }).toString(),
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('http://127.0.0.1:5173/done');
    expect((await api(sb).get(`/orders/${order.id}/`)).body.status).toBe('paid');
  });
});

describe('the environment', () => {
  it('reads SANDBOX_API_DO_BROWSERS and SANDBOX_TRANSACTION_DETAILS, defaults when unset', () => {
    expect(sandboxEnvOptions({})).toEqual({ apiDoFromBrowsers: 'open', transactionDetails: 'plain' });
    expect(
      sandboxEnvOptions({ SANDBOX_API_DO_BROWSERS: 'closed', SANDBOX_TRANSACTION_DETAILS: 'objects' }),
    ).toEqual({ apiDoFromBrowsers: 'closed', transactionDetails: 'objects' });
  });

  it('refuses a value outside the list, naming the variable and the values it takes', () => {
    expect(() => sandboxEnvOptions({ SANDBOX_API_DO_BROWSERS: 'shut' })).toThrow(
      'SANDBOX_API_DO_BROWSERS must be "open" or "closed", not "shut"',
    );
    expect(() => sandboxEnvOptions({ SANDBOX_TRANSACTION_DETAILS: 'object' })).toThrow(
      'SANDBOX_TRANSACTION_DETAILS must be "plain" or "objects", not "object"',
    );
  });
});
