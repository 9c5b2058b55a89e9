import { expect, type Page, test } from '@playwright/test';
import {
  eventsOf,
  gateway,
  newestOrder,
  payButton,
  paymentAttempts,
  recordEvents,
  setFault,
  statusLine,
  typeCard,
  typeEmail,
} from './support.ts';

// A checkout picks up the payment its page had under way before a reload, and nothing else: a
// shopper who comes back to the same checkout address in the same tab for a new purchase meets a
// fresh card form, never the result of the order before.

test.beforeEach(async ({ page }) => {
  await setFault('none');
  await recordEvents(page);
});

const checkout = (page: Page) => page.locator('gateway-checkout');

/** What a shopper sees of a new checkout: an empty card form and an enabled Pay, no old result. */
async function expectFreshForm(page: Page, amount: RegExp): Promise<void> {
  await expect(payButton(page)).toHaveText(amount);
  await expect(payButton(page)).toBeEnabled();
  await expect(checkout(page).getByLabel('Card number')).toHaveValue('');
  await expect(checkout(page).getByLabel('Card number')).toBeEditable();
  await expect(statusLine(page)).not.toHaveText(/Payment successful/);
  await expect(checkout(page).locator('[part~="result"]')).toBeHidden();
}

const thankYou = (page: Page) => page.getByRole('heading', { name: 'Thank you for your order' });
const paidOrderOf = (page: Page) => /\/app\/thank-you\/([\w-]+)$/.exec(page.url())?.[1];

test('React shop: a second purchase in the same tab opens a fresh card form and pays a second order', async ({
  page,
}) => {
  await page.goto('/app/checkout');
  await expect(payButton(page)).toHaveText(/Pay €32\.25/);
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111' });
  await payButton(page).click();
  await expect(thankYou(page)).toBeVisible();
  const first = paidOrderOf(page)!;
  expect((await gateway.orders.get(first)).status).toBe('paid');

  // Back to the shop in the same tab (no reload: the app routes itself), a new cart, checkout again.
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Rye bread, whole loaf' }).click();
  await page.getByRole('link', { name: 'Go to checkout' }).click();
  await expect(page).toHaveURL(/\/app\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  const total = (await page.getByTestId('cart-total').textContent())!.trim();
  await expectFreshForm(page, new RegExp(`Pay ${total.replace(/[.$]/g, '\\$&')}`));

  await typeEmail(page);
  await typeCard(page, { number: '5555555555554444' });
  await payButton(page).click();
  await expect(thankYou(page)).toBeVisible();
  const second = paidOrderOf(page)!;
  expect(second).not.toBe(first);
  const order = await gateway.orders.get(second);
  expect(order.status).toBe('paid');
  expect(order.products?.map((p) => p.title)).toContain('Rye bread, whole loaf');
  expect(paymentAttempts(order)).toBe(1);
  expect(paymentAttempts(await gateway.orders.get(first))).toBe(1);
});

test('React shop: a reload mid-payment leads to that order’s thank-you page once; the next checkout is fresh', async ({
  page,
}) => {
  await page.goto('/app/checkout');
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111' });
  await setFault('timeout');
  page.on('dialog', (dialog) => void dialog.accept());
  const posted = page.waitForRequest((r) => r.method() === 'POST' && /\/pay\/[\w-]+\/$/.test(r.url()));
  await payButton(page).click();
  await posted;
  await page.reload();
  await expect(thankYou(page)).toBeVisible();
  const paid = paidOrderOf(page)!;
  expect((await gateway.orders.get(paid)).status).toBe('paid');
  expect(paymentAttempts(await gateway.orders.get(paid))).toBe(1);

  await setFault('none');
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await page.getByRole('button', { name: 'Add Rye bread, whole loaf' }).click();
  await page.getByRole('link', { name: 'Go to checkout' }).click();
  await expect(page).toHaveURL(/\/app\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  const total = (await page.getByTestId('cart-total').textContent())!.trim();
  await expectFreshForm(page, new RegExp(`Pay ${total.replace(/[.$]/g, '\\$&')}`));
});

test('script-tag page: coming back to the checkout address after a paid order shows a fresh form', async ({
  page,
}) => {
  await page.goto('/');
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111' });
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  const first = (await newestOrder())!;
  expect(first.status).toBe('paid');

  // Elsewhere in the shop, then to the checkout again by its address, in the same tab.
  await page.goto('/app/');
  await expect(page.getByRole('heading', { name: 'Your cart' })).toBeVisible();
  await page.goto('/');
  await expectFreshForm(page, /Pay €32\.25/);

  await typeEmail(page);
  await typeCard(page, { number: '5555555555554444' });
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  const second = (await newestOrder())!;
  expect(second.id).not.toBe(first.id);
  expect(second.status).toBe('paid');
  expect(paymentAttempts(second)).toBe(1);
  expect(
    (await eventsOf(page)).filter((e) => e.type === 'gateway-success').map((e) => e.detail.orderId),
  ).toEqual([second.id]);
});

test('script-tag page: reloaded after its result was shown, the page is a new checkout', async ({ page }) => {
  await page.goto('/');
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111' });
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  const first = (await newestOrder())!;

  await page.reload();
  await expectFreshForm(page, /Pay €32\.25/);
  // The reloaded page announced nothing of the old order.
  expect((await eventsOf(page)).filter((e) => e.type === 'gateway-success')).toEqual([]);
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111' });
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  const second = (await newestOrder())!;
  expect(second.id).not.toBe(first.id);
  expect(paymentAttempts(second)).toBe(1);
});

test('a reload while the payment POST is in flight shows that payment’s result once; the next visit is fresh', async ({
  page,
}) => {
  await page.goto('/');
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111' });
  const before = (await newestOrder())?.id;
  // The gateway holds its answer: the reload comes while the POST to api_do_url is still open.
  await setFault('timeout');
  page.on('dialog', (dialog) => void dialog.accept());
  const posted = page.waitForRequest((r) => r.method() === 'POST' && /\/pay\/[\w-]+\/$/.test(r.url()));
  await payButton(page).click();
  await posted;
  await page.reload();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  const paid = (await newestOrder())!;
  expect(paid.id).not.toBe(before);
  expect(
    (await eventsOf(page)).filter((e) => e.type === 'gateway-success').map((e) => e.detail.orderId),
  ).toEqual([paid.id]);

  // Shown once: reloaded again, or come back to later, the page is a new checkout.
  await setFault('none');
  await page.reload();
  await expectFreshForm(page, /Pay €32\.25/);
  expect(await eventsOf(page)).not.toContainEqual(expect.objectContaining({ type: 'gateway-success' }));
  expect(paymentAttempts(await gateway.orders.get(paid.id))).toBe(1);
});

test('3-D Secure: a reload during the bank’s check offers that check again, pays once, then the next visit is fresh', async ({
  page,
}) => {
  await page.goto('/');
  await typeEmail(page);
  await typeCard(page, { number: '4000000000003220' });
  await payButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm the payment with your bank' });
  await expect(dialog).toBeVisible();
  const order = (await newestOrder())!;
  page.on('dialog', (d) => void d.accept());
  await page.reload();

  const reopen = checkout(page).getByRole('button', { name: 'Reopen the bank’s check' });
  await expect(reopen).toBeVisible();
  await expect(checkout(page).locator('[part~="message"]')).toHaveText(/payment is not complete/);
  await reopen.click();
  await page
    .frameLocator('iframe[title="Confirm the payment with your bank"]')
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  const paid = await gateway.orders.get(order.id);
  expect(paid.status).toBe('paid');
  expect(paymentAttempts(paid)).toBe(1);

  await page.goto('/app/');
  await page.goto('/');
  await expectFreshForm(page, /Pay €32\.25/);
});

test('a tab opened from the checkout mid-payment gets a copy of its storage, and still starts fresh', async ({
  page,
  context,
}) => {
  // What the opened tab held before any script of the page ran.
  await context.addInitScript(() => {
    (window as unknown as { keptAtStart: string }).keptAtStart = JSON.stringify({ ...sessionStorage });
  });
  await page.goto('/');
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111' });
  await setFault('timeout');
  const posted = page.waitForRequest((r) => r.method() === 'POST' && /\/pay\/[\w-]+\/$/.test(r.url()));
  await payButton(page).click();
  await posted;
  const [other] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate(() => void window.open('/', '_blank')),
  ]);
  await other.waitForLoadState();
  const copied = await other.evaluate(() => (window as unknown as { keptAtStart: string }).keptAtStart);
  const paying = (await newestOrder())!;
  expect(copied).toContain(paying.id);

  await expectFreshForm(other, /Pay €32\.25/);
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  expect((await gateway.orders.get(paying.id)).status).toBe('paid');

  await setFault('none');
  await typeEmail(other);
  await typeCard(other, { number: '5555555555554444' });
  await payButton(other).click();
  await expect(statusLine(other)).toHaveText(/Payment successful/);
  const second = (await newestOrder())!;
  expect(second.id).not.toBe(paying.id);
  expect(paymentAttempts(second)).toBe(1);
  expect(paymentAttempts(await gateway.orders.get(paying.id))).toBe(1);
});
