import { expect, type Page, test } from '@playwright/test';
import type { Order } from '../../src/server/index.ts';
import { alertLine, gateway, payButton, paymentAttempts, setFault, typeCard, typeEmail } from './support.ts';

// The framework apps a merchant's developers would build: /app/ (React 19 with
// gateway-checkout/react, a development build so StrictMode runs) and /vue/ (Vue 3 with the bare
// tag), on the demo shop's server and the sandbox gateway over HTTP.

/** Console errors and uncaught exceptions of a page: a framework app must have none. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Orders the sandbox created after `since` (its list is newest first). */
async function ordersSince(since: string | undefined): Promise<Order[]> {
  const { results } = await gateway.orders.list();
  const end = results.findIndex((o) => o.id === since);
  return end === -1 ? results : results.slice(0, end);
}
const newestId = async () => (await gateway.orders.list()).results[0]?.id;

const challenge = (page: Page) => page.getByRole('dialog', { name: 'Confirm the payment with your bank' });
async function approveChallenge(page: Page) {
  await expect(challenge(page)).toBeVisible();
  await page
    .frameLocator('iframe[title="Confirm the payment with your bank"]')
    .getByRole('button', { name: 'Approve' })
    .click();
}

/** Every field of the checkout is disabled (while a payment is under way) or enabled (otherwise). */
async function expectFieldsLocked(page: Page, locked: boolean) {
  const checkout = page.locator('gateway-checkout');
  for (const name of ['E-mail', 'Card number', 'Expiry date', 'Security code', 'Cardholder name']) {
    const field = checkout.getByLabel(name, { exact: true });
    if (locked) await expect(field, name).toBeDisabled();
    else await expect(field, name).toBeEnabled();
  }
}

/** A 3-D Secure payment held open at the bank's page, then closed: locked while open, unlocked after. */
async function lockedWhilePaying(page: Page) {
  await expectFieldsLocked(page, false);
  await typeEmail(page);
  await typeCard(page, { number: '4000000000003220' });
  await payButton(page).click();
  await expect(challenge(page)).toBeVisible();
  await expectFieldsLocked(page, true);
  await page.keyboard.press('Escape');
  await expect(alertLine(page)).toHaveText(/You closed your bank’s check before it finished/);
  await expectFieldsLocked(page, false);
  // Typed again into the fields it unlocked, as a person trying once more would.
  await page.locator('gateway-checkout').getByLabel('Security code').pressSequentially('123');
  await expect(page.locator('gateway-checkout').getByLabel('Security code')).toHaveValue('123');
}

test.beforeEach(async () => {
  await setFault('none');
});

test('React shop: quantities set the amount; one order and one payment under StrictMode', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  const before = await newestId();
  await page.goto('/app/');
  await expect(page.getByRole('heading', { name: 'Your cart' })).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('€32.25');
  await page.getByRole('button', { name: 'One more Riga Black Balsam, 0.5 l' }).click();
  await expect(page.getByTestId('cart-total')).toHaveText('€51.15');
  await page.getByRole('button', { name: 'One less Rye bread, whole loaf' }).click();
  await expect(page.getByTestId('cart-total')).toHaveText('€46.95');

  // StrictMode mounts every component twice in development: the cart is asked for twice on the
  // way in, which shows it is on. The element must still create one order only.
  let cartReads = 0;
  page.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname === '/shop/cart') cartReads += 1;
  });
  await page.getByRole('link', { name: 'Go to checkout' }).click();
  await expect(page).toHaveURL(/\/app\/checkout$/);
  await expect(payButton(page)).toHaveText(/Pay €46\.95/);
  expect(cartReads).toBeGreaterThanOrEqual(2);

  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111' });
  await payButton(page).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/thank-you\/[\w-]+$/);
  await expect(page.getByText(/€46\.95 paid with the card ending 1111/)).toBeVisible();

  const orders = await ordersSince(before);
  expect(orders).toHaveLength(1);
  expect(orders[0]!.status).toBe('paid');
  expect(orders[0]!.total).toBe(46.95);
  expect(paymentAttempts(await gateway.orders.get(orders[0]!.id))).toBe(1);
  expect(orders[0]!.products?.map((p) => [p.title, p.quantity])).toEqual([
    ['Riga Black Balsam, 0.5 l', 2],
    ['Rye bread, whole loaf', 1],
    ['Shipping', 1],
  ]);

  // The paid cart is emptied by the server.
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('React shop: a declined card, then 3-D Secure approves on a new order', async ({ page }) => {
  const errors = consoleErrors(page);
  const before = await newestId();
  await page.goto('/app/checkout');
  await typeEmail(page);
  await typeCard(page, { number: '4000000000000002' });
  await payButton(page).click();
  await expect(alertLine(page)).toHaveText(/Your bank declined the payment/);
  await expect(page).toHaveURL(/\/app\/checkout$/);

  const checkout = page.locator('gateway-checkout');
  await checkout.getByLabel('Card number').fill('');
  await checkout.getByLabel('Card number').pressSequentially('4000000000003220');
  await checkout.getByLabel('Security code').pressSequentially('123');
  await payButton(page).click();
  await approveChallenge(page);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();

  const orders = await ordersSince(before);
  expect(orders.map((o) => o.status)).toEqual(['paid', 'rejected']);
  expect(orders.every((o) => o.total === 32.25)).toBe(true);
  expect(errors).toEqual([]);
});

test('React shop: leaving the checkout mid-form and coming back pays once, without errors', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  const before = await newestId();
  await page.goto('/app/checkout');
  await typeEmail(page);
  const checkout = page.locator('gateway-checkout');
  await checkout.getByLabel('Card number').pressSequentially('4111 1111');
  await page.getByRole('link', { name: 'Edit the cart' }).click();
  await expect(page.getByRole('heading', { name: 'Your cart' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/app\/checkout$/);
  // Card data never outlives the element that took it.
  await expect(checkout.getByLabel('Card number')).toHaveValue('');
  expect(await ordersSince(before)).toHaveLength(0);

  await typeEmail(page);
  await typeCard(page, { number: '5555555555554444' });
  await payButton(page).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  const orders = await ordersSince(before);
  expect(orders).toHaveLength(1);
  expect(paymentAttempts(await gateway.orders.get(orders[0]!.id))).toBe(1);
  expect(errors).toEqual([]);
});

test('React shop: a cart changed in another tab is not charged at the old amount', async ({ page }) => {
  const before = await newestId();
  await page.goto('/app/checkout');
  await expect(payButton(page)).toHaveText(/Pay €32\.25/);
  // Another tab of the same visitor adds to the cart.
  const other = await page.context().newPage();
  await other.goto('/app/');
  await other.getByRole('button', { name: 'One more Rye bread, whole loaf' }).click();
  await expect(other.getByTestId('cart-total')).toHaveText('€36.45');
  await other.close();

  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111' });
  await payButton(page).click();
  await expect(alertLine(page)).not.toBeEmpty();
  await expect(page.getByRole('link', { name: 'Review the cart' })).toBeVisible();
  expect(await ordersSince(before)).toHaveLength(0);
});

test('Vue page: v-on events, a decline, then 3-D Secure', async ({ page }) => {
  const errors = consoleErrors(page);
  const before = await newestId();
  await page.goto('/vue/');
  await expect(payButton(page)).toHaveText(/Pay €32\.25/);
  const events = page.getByRole('list', { name: 'Events' });

  await typeEmail(page);
  await typeCard(page, { number: '4000000000000002' });
  await payButton(page).click();
  await expect(alertLine(page)).toHaveText(/Your bank declined the payment/);
  await expect(events).toContainText('gateway-decline Decline, refer to card issuer');

  const checkout = page.locator('gateway-checkout');
  await checkout.getByLabel('Card number').fill('');
  await checkout.getByLabel('Card number').pressSequentially('4000000000003220');
  await checkout.getByLabel('Security code').pressSequentially('123');
  await payButton(page).click();
  await approveChallenge(page);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByText(/€32\.25 paid with the card ending 3220/)).toBeVisible();
  // The thank-you page has its own address: a reload keeps it.
  await expect(page).toHaveURL(/\/vue\/thank-you\/[\w-]+$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByText(/€32\.25 paid with the card ending 3220/)).toBeVisible();

  const orders = await ordersSince(before);
  expect(orders.map((o) => o.status)).toEqual(['paid', 'rejected']);
  expect(paymentAttempts(await gateway.orders.get(orders[0]!.id))).toBe(1);
  expect(errors).toEqual([]);
});

test('React shop: the fields lock while a payment is under way and unlock when it ends', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto('/app/checkout');
  await lockedWhilePaying(page);
  expect(errors).toEqual([]);
});

test('Vue page: the fields lock while a payment is under way and unlock when it ends', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto('/vue/');
  await expect(payButton(page)).toHaveText(/Pay €32\.25/);
  await lockedWhilePaying(page);
  expect(errors).toEqual([]);
});

test('the apps’ checkout makes no order without a solved bot check; their pages solve it and pay', async ({
  page,
}) => {
  await page.goto('/app/');
  const cart = (await (await page.request.get('/shop/cart')).json()) as { version: number };
  const session = `/shop/checkout/session?cart=${cart.version}`;
  const before = await newestId();
  // Straight to the session endpoint, as a bot would: no token, then a forged one. Nothing created.
  for (const verification of [undefined, `zzzz.${'a'.repeat(16)}.${'b'.repeat(43)}`]) {
    const res = await page.request.post(session, {
      data: { idempotency_key: `apps-no-token-${Date.now()}`, email: 'bot@example.com', verification },
    });
    expect(res.status(), String(verification)).toBe(403);
    expect(await res.json()).toMatchObject({ error: { type: 'verification_failed' } });
  }
  expect(await ordersSince(before)).toHaveLength(0);

  // Each app's page solves a challenge in gateway-before-pay and sends the token with the session.
  for (const path of ['/app/checkout', '/vue/']) {
    // A new visit for each app: the first one's paid cart is emptied.
    await page.context().clearCookies();
    await page.goto(path);
    await expect(payButton(page)).toHaveText(/Pay €32\.25/);
    await typeEmail(page);
    await typeCard(page, { number: '4111111111111111' });
    const solved = page.waitForRequest((r) => r.url().endsWith('/bot-check/token') && r.method() === 'POST');
    const sent = page.waitForRequest(
      (r) => r.url().includes('/shop/checkout/session') && r.method() === 'POST',
    );
    await payButton(page).click();
    expect(JSON.parse((await solved).postData() ?? '{}'), path).toMatchObject({
      nonce: expect.stringMatching(/^\d+$/),
    });
    const body = JSON.parse((await sent).postData() ?? '{}') as { verification?: string };
    expect(body.verification, path).toMatch(/^[0-9a-z]+\.[\w-]{16}\.[\w-]{43}$/);
    await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  }
  const orders = await ordersSince(before);
  expect(orders.map((o) => o.status)).toEqual(['paid', 'paid']);
});

test('the React and Vue apps load Lit in production mode, as a shop ships them', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  for (const path of ['/app/checkout', '/vue/']) {
    // A new visit for each app: the first one's paid cart is emptied.
    await page.context().clearCookies();
    await page.goto(path);
    await expect(payButton(page)).toBeVisible();
  }
  expect(messages.filter((m) => /Lit is in dev mode/.test(m))).toEqual([]);
});
