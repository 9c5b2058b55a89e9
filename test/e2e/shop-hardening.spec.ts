import { connect } from 'node:net';
import { expect, test } from '@playwright/test';
import { botToken } from '../support/bot-check.ts';
import { E2E_DEMO_PORT, E2E_SANDBOX_PORT, E2E_SHOP } from '../support/ports.ts';
import { chooseScenario, gateway, newestOrder, openScenario, SANDBOX } from './support.ts';

// The demo shop tried as an attacker would, from outside and from a browser: every answer is
// checked where the money is (the sandbox's own order list).

/** One raw HTTP request on a socket of its own; the status line of the answer. */
function rawStatusLine(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.setTimeout(5000, () => {
      socket.destroy();
      reject(new Error(`no answer on ${port}`));
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n')) {
        socket.destroy();
        resolve(answer.split('\r\n')[0]!);
      }
    });
    socket.on('error', reject);
  });
}

test('a malformed request target gets 400, and the shop and the sandbox keep serving', async ({ page }) => {
  for (const port of [E2E_DEMO_PORT, E2E_SANDBOX_PORT]) {
    for (const target of ['//[', '//[::1', 'http://[/x']) {
      expect(await rawStatusLine(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)).toMatch(
        /^HTTP\/1\.1 400 /,
      );
    }
  }
  // A Host header that names no host, on the shop's pages and its checkout route alike.
  for (const path of ['/', '/orders/', '/checkout/session']) {
    expect(await rawStatusLine(E2E_DEMO_PORT, `GET ${path} HTTP/1.1\r\nHost: no host@all\r\n\r\n`)).toMatch(
      /^HTTP\/1\.1 400 /,
    );
  }
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  expect((await page.request.get(`${SANDBOX}/_sandbox/`)).status()).toBe(200);
  expect((await gateway.orders.list()).results).toBeDefined();
});

const CART_TOTAL = 32.25;
const OVERRIDES =
  'amount=0.01&total=0.01&moto=1&is_moto=true&skip_capture=true&two_step=1&twoStep=1&number=VICTIM-1&ref=VICTIM-1';

test('no query or body from the browser changes an order’s amount, MOTO flag, skip_capture or number', async ({
  page,
}) => {
  await page.goto('/');
  const before = (await newestOrder())?.id;

  // A phone order is an agent's: without a sign-in, asking for one creates nothing.
  const moto = await page.request.post('/checkout/session?moto=1&amount=0.01&ref=VICTIM-1', {
    data: { idempotency_key: 'attacker-moto-000000001', email: 'a@example.com' },
  });
  expect(moto.status()).toBe(403);
  expect((await page.request.get('/checkout/session?moto=1&amount=0.01')).status()).toBe(403);
  expect((await newestOrder())?.id).toBe(before);

  // Every other override in the query: the order is the preset's, at the cart's total.
  for (const scenario of ['one-step', 'merchant-save']) {
    await chooseScenario(page, scenario);
    const config = await (
      await page.request.get(`/checkout/session?${OVERRIDES.replace('moto=1&', '')}`)
    ).json();
    expect(config).toMatchObject({ amount: CART_TOTAL, moto: false });
    const res = await page.request.post(`/checkout/session?${OVERRIDES.replace('moto=1&', '')}`, {
      data: {
        idempotency_key: `attacker-query-${scenario}-0001`,
        email: 'a@example.com',
        verification: await botToken(E2E_SHOP),
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const order = await gateway.orders.get(((await res.json()) as { order_id: string }).order_id);
    expect(order.total).toBe(CART_TOTAL);
    expect(order.is_moto).toBe(false);
    expect(order.skip_capture).toBe(false);
    expect(order.number).toMatch(/^BP-[0-9A-Z]+-[0-9A-F]{4}$/);
    expect(order.number).not.toBe('VICTIM-1');
  }

  // The same keys in the body are refused by name; nothing is created.
  const last = (await newestOrder())?.id;
  for (const [key, value] of Object.entries({
    amount: 0.01,
    moto: true,
    is_moto: true,
    skip_capture: true,
    two_step: true,
    number: 'VICTIM-1',
    ref: 'VICTIM-1',
  })) {
    const res = await page.request.post('/checkout/session', {
      data: { idempotency_key: `attacker-body-${key}-00000001`, email: 'a@example.com', [key]: value },
    });
    expect(res.status(), key).toBe(400);
  }
  expect((await newestOrder())?.id).toBe(last);

  // The framework shop's cart: the same overrides on its session route change nothing either.
  const cart = (await (await page.request.get('/shop/cart')).json()) as { version: number; total: number };
  const shop = await page.request.post(`/shop/checkout/session?cart=${cart.version}&${OVERRIDES}`, {
    data: {
      idempotency_key: 'attacker-shop-query-0001',
      email: 'a@example.com',
      verification: await botToken(E2E_SHOP),
    },
  });
  expect(shop.status()).toBe(200);
  const shopOrder = await gateway.orders.get(((await shop.json()) as { order_id: string }).order_id);
  expect(shopOrder).toMatchObject({ total: cart.total, is_moto: false, skip_capture: false });
  expect(shopOrder.number).toMatch(/^BP-/);
});

test('order numbers are the shop’s own and unique; the thank-you page shows only this visit’s orders', async ({
  page,
  browser,
}) => {
  await openScenario(page, 'redirect');
  const numbers = new Set<string>();
  for (let i = 0; i < 5; i++) {
    const res = await page.request.post('/checkout/session', {
      data: { idempotency_key: `visit-order-${i}-000000001`, verification: await botToken(E2E_SHOP) },
    });
    const order = await gateway.orders.get(((await res.json()) as { order_id: string }).order_id);
    numbers.add(order.number!);
  }
  expect(numbers.size).toBe(5);
  const mine = [...numbers][0]!;
  await page.goto(`/return?number=${mine}`);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('We could not find this order');

  // Another visitor (another browser context, no cookie of this visit) asking for the same number.
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto(`/return?number=${mine}`);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('We could not find this order');
  await stranger.close();
});

test('every page carries frame-ancestors and the other page headers; JSON cannot be framed either', async ({
  page,
}) => {
  for (const path of ['/', '/isolated/', '/csp/', '/signin', '/return', '/app/', '/vue/']) {
    const res = await page.request.get(path);
    const headers = res.headers();
    expect(headers['content-security-policy'], path).toMatch(/frame-ancestors 'self'/);
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBeTruthy();
  }
  const json = await page.request.get('/shop/products');
  expect(json.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);

  // Another site framing the shop's checkout gets nothing shown.
  await page.goto(`${SANDBOX}/_sandbox/`);
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.title = 'shop';
    document.body.append(frame);
    return new Promise((resolve) => frame.addEventListener('load', resolve));
  }, `${E2E_SHOP}/`);
  const framed = page.frameLocator('iframe[title="shop"]');
  await expect(framed.getByRole('heading', { name: 'Checkout' })).toHaveCount(0);
});

test('the webhook log is for signed-in staff only; bodies past the limits are refused', async ({ page }) => {
  expect((await page.request.get('/webhooks/received')).status()).toBe(401);
  const big = 'x'.repeat(2 * 1024 * 1024);
  const cart = await page.request.put('/shop/cart', {
    data: big,
    headers: { 'content-type': 'application/json' },
  });
  expect(cart.status()).toBe(413);
  const cartChunk = await page.request.put('/shop/cart', {
    data: JSON.stringify({ lines: [{ sku: 'rye-loaf', quantity: 1, note: 'y'.repeat(8 * 1024) }] }),
    headers: { 'content-type': 'application/json' },
  });
  expect(cartChunk.status()).toBe(413);
  expect(
    (await page.request.post('/signin', { form: { user: 'agent', password: 'z'.repeat(4096) } })).status(),
  ).toBe(413);
  // The shop still serves after each.
  expect((await page.request.get('/')).status()).toBe(200);
});
