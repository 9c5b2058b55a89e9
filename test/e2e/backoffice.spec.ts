import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Order } from '../../src/server/index.ts';
import {
  gateway,
  openScenario,
  orderOfLastResult,
  payButton,
  recordEvents,
  SANDBOX,
  signIn,
  statusLine,
  typeCard,
  typeEmail,
} from './support.ts';

// The shop's back office as its operator uses it, against the real sandbox: every step is checked
// on the page, in the webhooks (the sandbox's deliveries and the shop's own log) and at the sandbox.

test('without a session, /moto/ and /orders/ lead to the sign-in form, which leads back', async ({
  page,
}) => {
  for (const path of ['/moto/', '/orders/'] as const) {
    await page.context().clearCookies();
    const response = await page.goto(path);
    expect(response?.url()).toMatch(new RegExp(`/signin\\?next=${encodeURIComponent(path)}$`));
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByLabel('User name')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    // A wrong password: said in words, the user name kept.
    await page.getByLabel('User name').fill('agent');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('The user name or password is not right.');
    await expect(page.getByLabel('User name')).toHaveValue('agent');
    await expect(page).toHaveURL(/\/signin$/);
  }
  // The staff APIs answer 401, not a page.
  for (const path of ['/moto/shift', '/orders/events', '/webhooks/received']) {
    expect((await page.request.get(path)).status(), path).toBe(401);
  }
  await signIn(page, '/moto/');
  await expect(page.getByLabel('Amount (EUR)')).toBeVisible();
  // Signing out ends the session: the staff pages ask again.
  await page.goto('/orders/');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto('/orders/');
  await expect(page).toHaveURL(/\/signin\?next=/);
});

/** Pays on the shop's page with the preset named, and returns the order at the sandbox. */
async function payInShop(page: Page, scenario: 'two-step' | 'one-step'): Promise<Order> {
  await recordEvents(page);
  await openScenario(page, scenario);
  await typeEmail(page);
  await typeCard(page, { number: '5555555555554444' });
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(
    scenario === 'two-step' ? /Payment authorized/ : /Payment successful/,
  );
  return orderOfLastResult(page);
}

const rowOf = (page: Page, order: Order) => page.locator(`tbody.order[data-id="${order.id}"]`);

async function act(row: Locator, action: 'Capture' | 'Refund' | 'Reverse', amount?: string): Promise<void> {
  const form = row.getByRole('form', { name: action });
  if (amount !== undefined) await form.getByRole('textbox').fill(amount);
  await form.getByRole('button', { name: action }).click();
}

/** The shop's webhook log, as a signed-in operator reads it. */
async function shopHeard(page: Page, order: Order, type: string): Promise<boolean> {
  const log = (await (await page.request.get('/webhooks/received')).json()) as {
    results: Array<{ type: string; order?: { id: string } }>;
  };
  return log.results.some((e) => e.type === type && e.order?.id === order.id);
}

async function sandboxDelivered(order: Order, event: string): Promise<number> {
  const res = await fetch(`${SANDBOX}/_sandbox/webhooks?order_id=${order.id}&event=${event}`);
  const { results } = (await res.json()) as { results: Array<{ state: string }> };
  return results.filter((d) => d.state === 'delivered').length;
}

test('an operator captures a hold for less, refunds part, then the rest; page, webhooks and sandbox agree', async ({
  page,
  context,
}) => {
  const held = await payInShop(page, 'two-step');
  expect(held).toMatchObject({ status: 'hold', total: 32.25 });

  await signIn(page, '/orders/');
  // A second tab of the back office follows every step without a reload.
  const other = await context.newPage();
  await other.goto('/orders/');
  await expect(other.locator('#live')).toHaveText('Live');

  const row = rowOf(page, held);
  await expect(row.locator('[data-label=Status]')).toHaveText('On hold');
  await expect(row.locator('[data-label=Amount]')).toHaveText('€32.25');
  await row.getByRole('button', { name: /^Manage/ }).click();
  const outcome = row.getByRole('status');

  // More than the hold: the helper's rule, in words; nothing sent.
  await act(row, 'Capture', '40.00');
  await expect(outcome).toHaveText(/Amount must not exceed the order amount 32\.25/);
  expect((await gateway.orders.get(held.id)).status).toBe('hold');
  // Nothing to refund yet: the button says why.
  await expect(row.getByRole('form', { name: 'Refund' })).toContainText(
    'Only a paid order can be refunded; this order is on hold.',
  );

  // Capture less than the hold.
  await act(row, 'Capture', '20.00');
  await expect(outcome).toHaveText('Captured €20.00.');
  await expect(row.locator('[data-label=Status]')).toHaveText('Paid');
  await expect(row.locator('[data-label=Amount]')).toHaveText('€20.00');
  expect(await gateway.orders.get(held.id)).toMatchObject({ status: 'paid', total: 20 });
  await expect.poll(() => sandboxDelivered(held, 'order.payment_success')).toBeGreaterThanOrEqual(1);
  await expect.poll(() => shopHeard(page, held, 'order.payment_success')).toBe(true);
  await expect(rowOf(other, held).locator('[data-label=Status]')).toHaveText('Paid');
  await expect(rowOf(other, held).locator('[data-label=Amount]')).toHaveText('€20.00');
  // Once only.
  await expect(row.getByRole('form', { name: 'Capture' })).toContainText(
    'Only a payment on hold can be captured; this order is paid.',
  );
  await expect(row.getByRole('form', { name: 'Capture' }).getByRole('button')).toBeDisabled();

  // Refund part of it.
  await expect(row.locator('[data-refundable]')).toHaveText('€20.00');
  await act(row, 'Refund', '7.50');
  await expect(outcome).toHaveText('Refunded €7.50.');
  await expect(row.locator('[data-label=Refunded]')).toHaveText('€7.50');
  await expect(row.locator('[data-refundable]')).toHaveText('€12.50');
  await expect(row.locator('[data-label=Status]')).toHaveText('Paid');
  expect(await gateway.orders.get(held.id)).toMatchObject({ status: 'paid', amount_refunded: 7.5 });
  await expect.poll(() => sandboxDelivered(held, 'order.invoice_refunded')).toBe(1);
  await expect.poll(() => shopHeard(page, held, 'order.invoice_refunded')).toBe(true);
  await expect(rowOf(other, held).locator('[data-label=Refunded]')).toHaveText('€7.50');

  // More than is left: the rule in words.
  await act(row, 'Refund', '13.00');
  await expect(outcome).toHaveText(/Amount must not exceed the refundable amount 12\.50/);

  // The rest: an empty amount refunds all that is left.
  await act(row, 'Refund', '');
  await expect(outcome).toHaveText('Refunded €12.50.');
  await expect(row.locator('[data-label=Status]')).toHaveText('Refunded');
  await expect(row.locator('[data-label=Refunded]')).toHaveText('€20.00');
  expect(await gateway.orders.get(held.id)).toMatchObject({ status: 'refunded', amount_refunded: 20 });
  await expect.poll(() => sandboxDelivered(held, 'order.invoice_refunded')).toBe(2);
  await expect(rowOf(other, held).locator('[data-label=Status]')).toHaveText('Refunded');
  await expect(row.getByRole('form', { name: 'Refund' }).getByRole('button')).toBeDisabled();
  await expect(row.getByRole('form', { name: 'Refund' })).toContainText(
    'Only a paid order can be refunded; this order is refunded.',
  );
});

test('a reversal the day after the payment is refused in words; the order stays paid', async ({ page }) => {
  const paid = await payInShop(page, 'one-step');
  expect(paid.status).toBe('paid');
  await signIn(page, '/orders/');
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
  const setClock = (now: string | null) =>
    fetch(`${SANDBOX}/_sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now }),
    });
  expect((await setClock(tomorrow)).ok).toBe(true);
  try {
    const row = rowOf(page, paid);
    await row.getByRole('button', { name: /^Manage/ }).click();
    await act(row, 'Reverse');
    await expect(row.getByRole('status')).toHaveText(/Reversal is allowed only on the day of payment/);
    await expect(row.locator('[data-label=Status]')).toHaveText('Paid');
    // Refused, not failed: the operator may press again (and is refused again).
    await expect(row.getByRole('form', { name: 'Reverse' }).getByRole('button')).toBeEnabled();
    expect(await gateway.orders.get(paid.id)).toMatchObject({ status: 'paid' });
  } finally {
    await setClock(null);
  }
});

test('a change without the page’s CSRF token or from another site moves no money', async ({ page }) => {
  const held = await payInShop(page, 'two-step');
  await signIn(page, '/orders/');
  const forged = await page.request.post(`/orders/${held.id}/capture`, { data: { amount: '1.00' } });
  expect(forged.status()).toBe(403);
  const token = await page.locator('meta[name="csrf-token"]').getAttribute('content');
  const crossSite = await page.request.post(`/orders/${held.id}/capture`, {
    data: { amount: '1.00' },
    headers: { 'x-csrf-token': token!, origin: 'https://evil.example' },
  });
  expect(crossSite.status()).toBe(403);
  expect(await gateway.orders.get(held.id)).toMatchObject({ status: 'hold', total: 32.25 });
});

test('cancel: an unpaid order and a hold are cancelled; a paid order is refused in words', async ({
  page,
}) => {
  // An order the customer never paid: created by the shop's checkout, then abandoned.
  await page.goto('/');
  const session = await page.request.post('/checkout/session', {
    data: { idempotency_key: `abandoned-${Date.now()}-0001`, email: 'gone@example.com' },
  });
  const unpaid = await gateway.orders.get(((await session.json()) as { order_id: string }).order_id);
  expect(unpaid.status).toBe('issued');
  const held = await payInShop(page, 'two-step');
  const paid = await payInShop(page, 'one-step');

  await signIn(page, '/orders/');
  for (const order of [unpaid, held]) {
    const row = rowOf(page, order);
    await row.getByRole('button', { name: /^Manage/ }).click();
    const cancel = row.getByRole('form', { name: 'Cancel order' });
    await cancel.getByRole('button', { name: 'Cancel order' }).click();
    await expect(row.getByRole('status')).toHaveText('The order was cancelled.');
    await expect(row.locator('[data-label=Status]')).toHaveText('Cancelled');
    expect((await gateway.orders.get(order.id)).status).toBe('cancelled');
    await expect.poll(() => sandboxDelivered(order, 'order.canceled')).toBe(1);
    await expect.poll(() => shopHeard(page, order, 'order.canceled')).toBe(true);
  }
  const row = rowOf(page, paid);
  await row.getByRole('button', { name: /^Manage/ }).click();
  const cancel = row.getByRole('form', { name: 'Cancel order' });
  await expect(cancel).toContainText('Only an unpaid or held order can be cancelled; this order is paid.');
  await expect(cancel.getByRole('button')).toBeDisabled();
});
