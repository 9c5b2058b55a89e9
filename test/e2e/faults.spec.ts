import { expect, type Page, test } from '@playwright/test';
import {
  alertLine,
  eventsOf,
  gateway,
  newestOrder,
  orderOfLastResult,
  payButton,
  paymentAttempts,
  recordEvents,
  SANDBOX,
  setFault,
  statusLine,
  typeCard,
  typeEmail,
} from './support.ts';

// The network and the gateway failing under a payment. The sandbox's faults are one-shot; for
// reset and timeout it charges the card and loses the answer, as a real network can.

test.beforeEach(async ({ page }) => {
  await setFault('none');
  await recordEvents(page);
  await page.goto('/');
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111' });
});

for (const fault of ['http_500', 'malformed_json'] as const) {
  test(`${fault}: nothing was charged, the customer is told, and trying again pays once`, async ({
    page,
  }) => {
    await setFault(fault);
    await payButton(page).click();
    await expect(alertLine(page)).toHaveText(/No money was taken; you can try again/);
    const failed = await newestOrder();
    expect(failed?.status).toBe('issued');
    expect((await eventsOf(page)).find((e) => e.type === 'gateway-error')?.detail.type).toBe('server');
    // Nothing the customer typed is lost.
    await expect(page.locator('gateway-checkout').getByLabel('Card number')).toHaveValue(
      '4111 1111 1111 1111',
    );
    // Except the security code, which is asked for again.
    await expect(page.locator('gateway-checkout').getByLabel('Security code')).toHaveValue('');
    await page.locator('gateway-checkout').getByLabel('Security code').pressSequentially('123');
    await payButton(page).click();
    await expect(statusLine(page)).toHaveText(/Payment successful/);
    const order = await orderOfLastResult(page);
    // The retry paid the same order: no second order, one charge.
    expect(order.id).toBe(failed?.id);
    expect(order.status).toBe('paid');
    expect(paymentAttempts(order)).toBe(1);
  });
}

for (const fault of ['reset', 'timeout'] as const) {
  test(`${fault}: the answer is lost after the charge, and the checkout learns it was paid`, async ({
    page,
  }) => {
    const payments: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/pay/')) payments.push(r.url());
    });
    await setFault(fault);
    await payButton(page).click();
    await expect(statusLine(page)).toHaveText(/Payment successful/, { timeout: 20_000 });
    const order = await orderOfLastResult(page);
    expect(order.status).toBe('paid');
    expect(paymentAttempts(order)).toBe(1);
    expect(payments).toHaveLength(1);
  });
}

// ---- Every other way a payment can fail, each told in the page's language (German here), with
// what was typed kept (not the security code), never a second payment POST, and the status
// reconciled once things work again. ----

const DE = {
  paid: /Zahlung erfolgreich/,
  retry: /Es wurde kein Geld abgebucht; Sie können es erneut versuchen/,
  session: /Die Zahlung konnte nicht gestartet werden/,
  unknown: /Wir konnten Ihre Zahlung noch nicht bestätigen\. Bitte zahlen Sie nicht erneut; wir prüfen das\./,
};

const checkout = (page: Page) => page.locator('gateway-checkout');
const payOrCheck = (page: Page) => checkout(page).locator('[part~="pay-button"]');

/** The page switches to German after the customer typed; the checkout follows the page's lang. */
async function inGerman(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.documentElement.lang = 'de';
  });
  await expect(payOrCheck(page)).toHaveText(/bezahlen/i);
}

/** Card, name and e-mail are still there; the security code is not. */
async function expectTypedKept(page: Page): Promise<void> {
  await expect(checkout(page).locator('#email')).toHaveValue('anna@example.com');
  const form = checkout(page).locator('gateway-card-form');
  await expect(form.locator('#number')).toHaveValue('4111 1111 1111 1111');
  await expect(form.locator('#expiry')).toHaveValue('12/34');
  await expect(form.locator('#name')).toHaveValue('Anna Berzina');
  await expect(form.locator('#csc')).toHaveValue('');
}

function countPayments(page: Page): () => number {
  const payments: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/pay\/[^/]+\/$/.test(new URL(r.url()).pathname)) payments.push(r.url());
  });
  return () => payments.length;
}

async function setOrdersFault(fault: string): Promise<void> {
  const res = await fetch(`${SANDBOX}/_sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orders: fault }),
  });
  expect(res.ok).toBe(true);
}

for (const fault of ['http_500', 'malformed_json', 'reset', 'timeout'] as const) {
  test(`order creation fault ${fault}: one order is paid once, and the customer is told in German`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const payments = countPayments(page);
    await inGerman(page);
    await setOrdersFault(fault);
    await payOrCheck(page).click();
    const region = checkout(page).locator('[part~="status"], [part~="message"]');
    await expect(region.filter({ hasText: /Zahlung erfolgreich|kein Geld|nicht gestartet/ })).toHaveCount(1, {
      timeout: 30_000,
    });
    if (await checkout(page).locator('[part~="message"]').filter({ hasText: /\S/ }).count()) {
      // Told it did not start: nothing was charged, what was typed is kept, and trying again pays.
      await expect(checkout(page).locator('[part~="message"]')).toHaveText(DE.session);
      await expectTypedKept(page);
      expect(payments()).toBe(0);
      await checkout(page).locator('gateway-card-form #csc').pressSequentially('123');
      await payOrCheck(page).click();
    }
    await expect(statusLine(page)).toHaveText(DE.paid, { timeout: 30_000 });
    const order = await orderOfLastResult(page);
    expect(order.status).toBe('paid');
    expect(paymentAttempts(order)).toBe(1);
    expect(payments()).toBe(1);
  });
}

for (const status of [400, 500] as const) {
  test(`the session endpoint answers ${status}: told in German, nothing paid, and paying works once it answers`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const payments = countPayments(page);
    await page.route('**/checkout/session**', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status,
            contentType: 'application/json',
            body: JSON.stringify({
              error: { message: status === 400 ? 'Invalid request' : 'Internal error' },
            }),
          })
        : route.fallback(),
    );
    await inGerman(page);
    await payOrCheck(page).click();
    await expect(alertLine(page)).toHaveText(DE.session, { timeout: 20_000 });
    await expectTypedKept(page);
    expect(payments()).toBe(0);
    expect((await eventsOf(page)).find((e) => e.type === 'gateway-error')?.detail.type).toBe('session');

    await page.unroute('**/checkout/session**');
    await checkout(page).locator('gateway-card-form #csc').pressSequentially('123');
    await payOrCheck(page).click();
    await expect(statusLine(page)).toHaveText(DE.paid);
    expect((await orderOfLastResult(page)).status).toBe('paid');
    expect(payments()).toBe(1);
  });
}

test('offline after the payment went out: unconfirmed, no second payment, and reconciled by itself once back online', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const payments = countPayments(page);
  // The payment reaches the gateway; then the network goes and its answer with it.
  await page.route(/\/pay\/[^/]+\/$/, async (route) => {
    await route.fetch();
    await context.setOffline(true);
    await route.abort('internetdisconnected');
  });
  await inGerman(page);
  await payOrCheck(page).click();
  await expect(alertLine(page)).toHaveText(DE.unknown, { timeout: 30_000 });
  await expect(payOrCheck(page)).toHaveText(/Zahlungsstatus prüfen/);
  await expectTypedKept(page);
  const order = await newestOrder();
  expect(order?.status).toBe('paid');

  await page.unroute(/\/pay\/[^/]+\/$/);
  await context.setOffline(false);
  // Nobody presses anything: the checkout asks again once the browser is back online.
  await expect(statusLine(page)).toHaveText(DE.paid);
  expect((await orderOfLastResult(page)).id).toBe(order?.id);
  const events = await eventsOf(page);
  expect(events.filter((e) => e.type === 'gateway-success')).toHaveLength(1);
  expect(events.filter((e) => e.type === 'gateway-decline')).toHaveLength(0);
  expect(payments()).toBe(1);
  expect(paymentAttempts(await gateway.orders.get(order!.id))).toBe(1);
});

test('offline before the payment went out: nothing charged, told so, and paying works once back online', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const payments = countPayments(page);
  await inGerman(page);
  // Offline right after the order is created, before the card is sent.
  await page.route('**/checkout/session**', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    await context.setOffline(true);
    await route.fulfill({ response });
  });
  await payOrCheck(page).click();
  await expect(alertLine(page)).toHaveText(DE.unknown, { timeout: 30_000 });
  await expectTypedKept(page);
  await page.unroute('**/checkout/session**');
  await context.setOffline(false);
  // Back online, the checkout asks by itself and finds nothing charged: the customer may pay again,
  // with the code retyped.
  await expect(alertLine(page)).toHaveText(DE.retry);
  await checkout(page).locator('gateway-card-form #csc').pressSequentially('123');
  await payOrCheck(page).click();
  await expect(statusLine(page)).toHaveText(DE.paid);
  const order = await orderOfLastResult(page);
  // The first payment POST never left the browser (offline); the gateway saw one.
  expect(paymentAttempts(order)).toBe(1);
  expect(payments()).toBe(2);
});

test('a status URL that never settles: unconfirmed, no second payment, reconciled by itself when it settles', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const payments = countPayments(page);
  await page.clock.install();
  await page.reload();
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111' });
  // The merchant's status answers keep saying the payment is under way (until `settles`: the
  // checkout asks by itself meanwhile, so the route stays and lets answers through).
  let settles = false;
  await page.route('**/checkout/status**', async (route) => {
    if (settles) return route.fallback();
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, status: 'in_progress', outcome: 'pending' } });
  });
  await inGerman(page);
  await payOrCheck(page).click();
  await expect
    .poll(
      async () => {
        await page.clock.runFor(5_000);
        return alertLine(page).textContent();
      },
      { timeout: 40_000, intervals: [100] },
    )
    .toMatch(DE.unknown);
  await expectTypedKept(page);
  expect((await eventsOf(page)).filter((e) => e.type === 'gateway-error').map((e) => e.detail.type)).toEqual([
    'unconfirmed',
  ]);
  settles = true;
  // The checkout keeps asking on a backoff (up to a minute apart) and shows the outcome itself.
  await expect
    .poll(
      async () => {
        await page.clock.runFor(10_000);
        return statusLine(page).textContent();
      },
      { timeout: 40_000, intervals: [100] },
    )
    .toMatch(DE.paid);
  expect(payments()).toBe(1);
  expect(paymentAttempts(await orderOfLastResult(page))).toBe(1);
});

test('a 3-D Secure frame that never returns: told so in German, nothing paid twice, the order not paid', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const payments = countPayments(page);
  await page.clock.install();
  await page.reload();
  await typeEmail(page);
  await typeCard(page, { number: '4000000000003220' });
  // The bank's page never loads, so it never reports back.
  await page.route(/\/3ds\/[\w-]+\/?/, (route) =>
    route.request().resourceType() === 'document' ? new Promise(() => {}) : route.fallback(),
  );
  await inGerman(page);
  await payOrCheck(page).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect
    .poll(
      async () => {
        await page.clock.runFor(5_000);
        return alertLine(page).textContent();
      },
      { timeout: 45_000, intervals: [100] },
    )
    .toMatch(/nicht bestätigen|abgebrochen|kein Geld/);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(checkout(page).locator('gateway-card-form #number')).toHaveValue('4000 0000 0000 3220');
  await expect(checkout(page).locator('gateway-card-form #csc')).toHaveValue('');
  expect(payments()).toBe(1);
  const order = await newestOrder();
  expect(order?.status).not.toBe('paid');
  expect(paymentAttempts(order!)).toBe(1);
});

test('gateway timeout and the browser offline mid-payment: unconfirmed, never a decline, then paid by itself once online; one order, one charge', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const payments = countPayments(page);
  const before = (await newestOrder())?.id;
  // The gateway charges the card and holds its answer (then drops the connection); meanwhile the
  // browser loses the network for a while.
  await setFault('timeout');
  await payOrCheck(page).click();
  // The card has reached the gateway (which charged it and holds the answer): now the network goes.
  await expect
    .poll(async () => (await newestOrder())?.id !== before && (await newestOrder())?.status)
    .toBe('paid');
  await context.setOffline(true);
  await expect(alertLine(page)).toHaveText(
    'We could not confirm your payment yet. Do not pay again; we are checking.',
    { timeout: 30_000 },
  );
  await expect(alertLine(page)).not.toHaveText(/did not accept|declined/);
  const errors = (await eventsOf(page)).filter((e) => e.type === 'gateway-error');
  expect(errors.map((e) => e.detail.type)).toEqual(['unconfirmed']);
  expect((await eventsOf(page)).some((e) => e.type === 'gateway-decline')).toBe(false);
  // At the gateway the money is taken.
  const order = await newestOrder();
  expect(order?.id).not.toBe(before);
  expect(order?.status).toBe('paid');

  await context.setOffline(false);
  await expect(statusLine(page)).toHaveText(/Payment successful/, { timeout: 15_000 });
  const events = await eventsOf(page);
  expect(events.filter((e) => e.type === 'gateway-success').map((e) => e.detail.orderId)).toEqual([
    order!.id,
  ]);
  expect(events.filter((e) => e.type === 'gateway-error')).toHaveLength(1);
  // One order for this payment, charged once, from one payment request.
  const orders = (await gateway.orders.list()).results;
  const newer = before
    ? orders.slice(
        0,
        orders.findIndex((o) => o.id === before),
      )
    : orders;
  expect(newer.map((o) => o.id)).toEqual([order!.id]);
  await expect(alertLine(page)).toHaveText('');
  expect(paymentAttempts(await gateway.orders.get(order!.id))).toBe(1);
  expect(payments()).toBe(1);
});
