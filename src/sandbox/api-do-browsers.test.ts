// `apiDoFromBrowsers`: whether a browser may post card JSON to api_do_url, as a merchant's page
// would, or only a server holding the key (what every public client of the real gateway does).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from './index.ts';
import { call, cardBody, createOrder, sandbox } from './test-helpers.ts';

const PAGE = 'https://shop.example';
const preflight = (url: string) =>
  fetch(url, {
    method: 'OPTIONS',
    headers: {
      Origin: PAGE,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    },
  });

describe('api_do_url open to browsers (the default)', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await sandbox();
  });
  afterAll(() => sb.close());

  it('answers the preflight and takes the card without a key', async () => {
    const order = await createOrder(sb);
    const answer = await preflight(order.api_do_url);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const paid = await call(order.api_do_url, { body: cardBody(), headers: { Origin: PAGE } });
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('paid');
  });
});

describe('api_do_url closed to browsers', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await sandbox({ apiDoFromBrowsers: 'closed' });
  });
  afterAll(() => sb.close());

  it('gives a preflight no CORS answer, so no browser may post there', async () => {
    const order = await createOrder(sb);
    const answer = await preflight(order.api_do_url);
    expect(answer.ok).toBe(false);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses the card without the key, takes it with the key', async () => {
    const order = await createOrder(sb);
    const keyless = await call(order.api_do_url, { body: cardBody(), headers: { Origin: PAGE } });
    expect(keyless.status).toBe(403);
    expect(keyless.headers.get('access-control-allow-origin')).toBeNull();
    const after = await call(`${sb.apiUrl}/orders/${order.id}/`, { key: sb.secretKey });
    expect(after.body.status).toBe('issued');
    const paid = await call(order.api_do_url, { body: cardBody(), key: sb.secretKey });
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('paid');
  });
});
