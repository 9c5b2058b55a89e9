import { describe, expect, it } from 'vitest';
import type { CardInput } from '../../card/direct-body.ts';
import type { FramedOrder } from '../shared/messages.ts';
import type { DirectSender } from './direct-post-send.ts';
import { FramePayment } from './frame-payment.ts';

const SHOP = 'https://shop.example';
const GATEWAY = 'https://gateway.example';
const CARD: CardInput = {
  number: '4111111111111111',
  expMonth: 12,
  expYear: 34,
  csc: '737',
  cardholderName: 'Ann',
};

/** The merchant's server and the gateway as the frame meets them: every request recorded. */
function world(
  options: {
    moto?: boolean;
    apiDoUrl?: string;
    statuses?: string[];
    refuse?: () => Response;
    /** The order is paid by Direct Post, at this address (null: the server gave none). */
    directPost?: string | null;
    send?: DirectSender;
  } = {},
) {
  const requests: Array<{
    url: string;
    method: string;
    credentials?: string;
    body: Record<string, unknown> | null;
  }> = [];
  let orders = 0;
  const statuses = [...(options.statuses ?? [])];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    requests.push({ url, method: init.method ?? 'GET', credentials: init.credentials, body });
    if (url.startsWith(`${SHOP}/checkout/session`) && init.method === 'POST') {
      if (options.refuse) return options.refuse();
      orders++;
      return Response.json({
        order_id: `o-${orders}`,
        api_do_url: options.apiDoUrl ?? `${GATEWAY}/pay/${orders}/`,
        status_url: `/checkout/status?order=o-${orders}`,
        amount: 32.25,
        currency: 'EUR',
        language: 'en',
        avs: 'off',
        save: null,
        moto: options.moto ?? false,
        iframe_checkout: null,
        full_page_checkout: null,
        ...(options.directPost !== undefined
          ? { transport: 'direct-post', direct_post: options.directPost }
          : {}),
      });
    }
    if (url.startsWith(`${SHOP}/checkout/status`)) {
      const status = statuses.shift() ?? 'issued';
      const outcome = status === 'paid' ? 'succeeded' : status === 'rejected' ? 'declined' : 'pending';
      return Response.json({ order_id: 'o', status, outcome, reason: null, amount: 32.25, currency: 'EUR' });
    }
    if (url.startsWith(GATEWAY)) return Response.json({ status: 'paid', threed_check_url: null });
    return new Response('not found', { status: 404 });
  }) as typeof globalThis.fetch;
  const payment = new FramePayment({
    sessionUrl: `${SHOP}/checkout/session`,
    parentOrigin: SHOP,
    fetch,
    sleep: async () => {},
  });
  const orderSeen: FramedOrder[] = [];
  const pay = () =>
    payment.pay(
      { email: 'anna@example.com' },
      () => CARD,
      (order) => orderSeen.push(order),
      10_000,
      undefined,
      options.send,
    );
  return { payment, requests, pay, orderSeen, posts: () => requests.filter((r) => r.method === 'POST') };
}

describe('the isolated fields pay the order they get from the merchant’s server', () => {
  it('ask for the order themselves, with the shop’s cookies and a key of their own, and pay exactly that order', async () => {
    const w = world();
    expect(await w.pay()).toEqual({ ok: true, response: { status: 'paid', threed_check_url: null } });
    const [session, payment] = w.posts();
    expect(session?.url).toBe(`${SHOP}/checkout/session`);
    expect(session?.credentials).toBe('include');
    expect(Object.keys(session!.body!).sort()).toEqual(['email', 'idempotency_key']);
    expect(payment?.url).toBe(`${GATEWAY}/pay/1/`);
    expect(payment?.credentials).toBe('omit');
    expect(payment?.body).toMatchObject({ card_number: CARD.number, csc: '737' });
    // The page hears the order, never where the card went.
    expect(w.orderSeen).toEqual([
      { order_id: 'o-1', status_url: `${SHOP}/checkout/status?order=o-1`, amount: 32.25, currency: 'EUR' },
    ]);
  });

  it('leave the security code out only when the merchant’s server made it a phone order', async () => {
    const w = world({ moto: true });
    await w.pay();
    expect(w.posts()[1]?.body).not.toHaveProperty('csc');
    const v = world({ moto: false });
    await v.pay();
    expect(v.posts()[1]?.body).toHaveProperty('csc', '737');
  });

  it('pay the same order again while it is issued, a new one once it ended unpaid, and none once it is paid', async () => {
    const w = world({ statuses: ['issued', 'rejected', 'paid'] });
    await w.pay();
    await w.pay();
    // Issued: the same order, the same key.
    const sessions = () => w.posts().filter((r) => r.url.includes('/session'));
    expect(sessions()).toHaveLength(1);
    expect(
      w
        .posts()
        .filter((r) => r.url.startsWith(GATEWAY))
        .map((r) => r.url),
    ).toEqual([`${GATEWAY}/pay/1/`, `${GATEWAY}/pay/1/`]);
    // Declined: a new order, under a new key.
    await w.pay();
    expect(sessions()).toHaveLength(2);
    expect(sessions()[1]!.body!.idempotency_key).not.toBe(sessions()[0]!.body!.idempotency_key);
    // Paid: refused, nothing sent.
    expect(await w.pay()).toEqual({ refused: 'order-paid' });
    expect(sessions()).toHaveLength(2);
    expect(w.posts().filter((r) => r.url.startsWith(GATEWAY))).toHaveLength(3);
  });

  it('refuse an order whose payment address is the shop’s own, and send nothing there', async () => {
    const w = world({ apiDoUrl: `${SHOP}/steal` });
    expect(await w.pay()).toEqual({ refused: 'not-gateway' });
    expect(w.requests.some((r) => r.url.includes('/steal'))).toBe(false);
    expect(w.orderSeen).toEqual([]);
  });

  it('refuse a second payment while one is under way, and make no order for a card that cannot pay', async () => {
    const w = world();
    const first = w.pay();
    expect(await w.pay()).toEqual({ refused: 'under-way' });
    await first;
    expect(w.posts().filter((r) => r.url.startsWith(GATEWAY))).toHaveLength(1);
    const v = world();
    expect(
      await v.payment.pay(
        {},
        () => null,
        () => {},
        10_000,
      ),
    ).toEqual({ ok: false, error: 'invalid' });
    expect(v.requests).toEqual([]);
  });

  it('tell a refusal for too many attempts apart, with the wait the shop asked, and a refused bot check', async () => {
    const limited = world({
      refuse: () =>
        Response.json(
          { error: { type: 'rate_limited', message: 'too many attempts' } },
          { status: 429, headers: { 'Retry-After': '1020' } },
        ),
    });
    expect(await limited.pay()).toEqual({ ok: false, error: 'rate_limited', retryAfter: 1020 });
    // Asked once, nothing repeated, nothing sent to the gateway.
    expect(limited.posts()).toHaveLength(1);
    const bot = world({
      refuse: () =>
        Response.json(
          { error: { type: 'verification_failed', message: 'the bot check did not pass' } },
          { status: 403 },
        ),
    });
    expect(await bot.pay()).toEqual({ ok: false, error: 'verification' });
    expect(bot.requests.some((r) => r.url.startsWith(GATEWAY))).toBe(false);
  });

  it('pays nothing for an order that does not do what the fields showed, and says so', async () => {
    const { payment, posts, orderSeen } = world();
    const outcome = await payment.pay(
      { email: 'anna@example.com' },
      () => CARD,
      (order) => orderSeen.push(order),
      10_000,
      (session) => session.save !== null,
    );
    expect(outcome).toEqual({ refused: 'terms-changed' });
    // The order was asked for; the card went nowhere, and the page heard of no order.
    expect(posts().map((r) => r.url)).toEqual([`${SHOP}/checkout/session`]);
    expect(orderSeen).toEqual([]);
  });
});

describe('an order the merchant’s server pays by Direct Post', () => {
  const DIRECT = `${GATEWAY}/direct/abc/`;

  it('goes as a form to its direct_post, through the relay, and never to api_do_url', async () => {
    const sent: Array<{ action: string; fields: readonly [string, string][] }> = [];
    const w = world({
      directPost: DIRECT,
      send: async (action, fields) => {
        sent.push({ action, fields });
        return null;
      },
    });
    expect(await w.pay()).toEqual({ ok: true, response: { status: 'posted', threed_check_url: null } });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.action).toBe(DIRECT);
    expect(Object.fromEntries(sent[0]!.fields)).toMatchObject({
      number: '4111111111111111',
      exp_month: '12',
      exp_year: '34',
      csc: '737',
    });
    // Nothing of the card went over fetch: the only POST is the session's.
    expect(w.posts().map((r) => r.url)).toEqual([`${SHOP}/checkout/session`]);
    expect(w.orderSeen).toHaveLength(1);
  });

  it('a phone order’s form carries no security code, as its api_do_url body would not', async () => {
    const sent: Array<readonly [string, string][]> = [];
    const w = world({
      moto: true,
      directPost: DIRECT,
      send: async (_action, fields) => {
        sent.push(fields);
        return null;
      },
    });
    expect(await w.pay()).toMatchObject({ ok: true });
    const form = Object.fromEntries(sent[0]!);
    expect(form.number).toBe('4111111111111111');
    expect(form).not.toHaveProperty('csc');
  });

  it('sends nothing to a direct_post of the shop’s or the page’s origin, or none at all', async () => {
    for (const directPost of [`${SHOP}/steal`, null, 'javascript:alert(1)']) {
      let sent = 0;
      const w = world({
        directPost,
        send: async () => {
          sent++;
          return null;
        },
      });
      expect(await w.pay()).toEqual({ refused: 'not-gateway' });
      expect(sent).toBe(0);
      expect(w.orderSeen).toEqual([]);
    }
  });

  it('says what the relay refused, and treats a form handed over but never confirmed as a lost answer', async () => {
    expect(await world({ directPost: DIRECT, send: async () => 'relay-foreign' }).pay()).toEqual({
      refused: 'relay-foreign',
    });
    expect(await world({ directPost: DIRECT, send: async () => 'no-relay' }).pay()).toEqual({
      refused: 'no-relay',
    });
    expect(await world({ directPost: DIRECT }).pay()).toEqual({ refused: 'no-relay' });
    expect(await world({ directPost: DIRECT, send: async () => 'lost' }).pay()).toEqual({
      ok: false,
      error: 'timeout',
    });
  });
});
