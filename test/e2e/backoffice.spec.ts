import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Order } from '../../src/server/index.ts';
import { botToken } from '../support/bot-check.ts';
import { E2E_SHOP } from '../support/ports.ts';
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

/**
 * An action as an operator takes it: the amount typed, the button pressed, the confirmation read and
 * accepted. Returns the confirmation's words.
 */
async function act(
  row: Locator,
  action: 'Capture' | 'Refund' | 'Reverse payment' | 'Release hold' | 'Cancel order',
  amount?: string,
): Promise<string> {
  const page = row.page();
  const form = row.getByRole('form', { name: action });
  if (amount !== undefined) await form.getByRole('textbox').fill(amount);
  await form.getByRole('button').click();
  const dialog = page.getByRole('dialog');
  if (!(await dialog.isVisible())) return '';
  // Nothing that moves money is focused by default: the safe choice is.
  await expect(dialog.getByRole('button', { name: 'Go back' })).toBeFocused();
  const words = (await dialog.locator('p').textContent()) ?? '';
  await dialog.getByRole('button', { name: new RegExp(`^${action}`) }).click();
  return words;
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
  const status = row.locator('[data-label=Status]');
  await expect(status).toHaveText('Held');
  await expect(row.locator('[data-amount]')).toHaveText('€32.25');
  await expect(row.locator('[data-label=Customer]')).toHaveText('anna@example.com');
  await row.getByRole('button', { name: /^Manage/ }).click();
  const outcome = row.locator('.outcome');
  // The outcome is said in the page's one live region, there from the first paint.
  const announced = page.locator('#announce');
  await expect(announced).toHaveAttribute('role', 'status');

  // More than the hold: the shop's rule, in words, a 400; nothing sent.
  await act(row, 'Capture', '40.00');
  await expect(outcome).toHaveText('Amount: must be at most €32.25, the amount held.');
  await expect(announced).toHaveText('Amount: must be at most €32.25, the amount held.');
  expect((await gateway.orders.get(held.id)).status).toBe('hold');
  // A hold offers no refund, and is released under one name only.
  await expect(row.getByRole('form', { name: 'Refund' })).toHaveCount(0);
  await expect(row.getByRole('form', { name: 'Reverse payment' })).toHaveCount(0);
  await expect(row.getByRole('form', { name: 'Cancel order' })).toHaveCount(0);
  await expect(row.getByRole('form', { name: 'Release hold' })).toHaveCount(1);

  // Capture less than the hold.
  const captureWords = await act(row, 'Capture', '20.00');
  expect(captureWords).toBe(`Capture €20.00 of €32.25 held for Anna Berzina, order ${held.number}?`);
  await expect(outcome).toHaveText(
    `Captured €20.00 from Anna Berzina, order ${held.number}; €12.25 released.`,
  );
  // Focus stays on the order acted on.
  await expect(row.locator('.summary')).toBeFocused();
  await expect(status).toHaveText('Captured');
  await expect(row.locator('[data-amount]')).toHaveText('€20.00');
  expect(await gateway.orders.get(held.id)).toMatchObject({ status: 'paid', total: 20 });
  await expect.poll(() => sandboxDelivered(held, 'order.payment_success')).toBeGreaterThanOrEqual(1);
  await expect.poll(() => shopHeard(page, held, 'order.payment_success')).toBe(true);
  await expect(rowOf(other, held).locator('[data-label=Status]')).toHaveText('Captured');
  await expect(rowOf(other, held).locator('[data-amount]')).toHaveText('€20.00');
  // Once only.
  await expect(row.getByRole('form', { name: 'Capture' })).toHaveCount(0);

  // Refund part of it: the button and the confirmation name the order, the customer and the amount.
  await expect(row.locator('[data-refundable]')).toHaveText('€20.00');
  const refund = row.getByRole('form', { name: 'Refund' });
  await refund.getByRole('textbox').fill('7.50');
  await expect(refund.getByRole('button')).toHaveText(
    `Refund €7.50 of €20.00 to Anna Berzina, order ${held.number}`,
  );
  expect(await act(row, 'Refund', '7.50')).toBe(
    `Refund €7.50 of €20.00 to Anna Berzina, order ${held.number}?`,
  );
  await expect(outcome).toHaveText(`Refunded €7.50 to Anna Berzina, order ${held.number}.`);
  await expect(row.locator('[data-refunded]')).toHaveText('€7.50 back');
  await expect(row.locator('[data-refundable]')).toHaveText('€12.50');
  await expect(status).toHaveText('Partly refunded');
  expect(await gateway.orders.get(held.id)).toMatchObject({ status: 'paid', amount_refunded: 7.5 });
  await expect.poll(() => sandboxDelivered(held, 'order.invoice_refunded')).toBe(1);
  await expect.poll(() => shopHeard(page, held, 'order.invoice_refunded')).toBe(true);
  await expect(rowOf(other, held).locator('[data-refunded]')).toHaveText('€7.50 back');

  // More than is left: the rule in words.
  await act(row, 'Refund', '13.00');
  await expect(outcome).toHaveText('Amount: must be at most €12.50, what is left to refund.');

  // The rest: an empty amount refunds all that is left.
  await act(row, 'Refund', '');
  await expect(outcome).toHaveText(`Refunded €12.50 to Anna Berzina, order ${held.number}.`);
  await expect(status).toHaveText('Refunded');
  await expect(row.locator('[data-refunded]')).toHaveText('€20.00 back');
  expect(await gateway.orders.get(held.id)).toMatchObject({ status: 'refunded', amount_refunded: 20 });
  await expect.poll(() => sandboxDelivered(held, 'order.invoice_refunded')).toBe(2);
  await expect(rowOf(other, held).locator('[data-label=Status]')).toHaveText('Refunded');
  await expect(row.getByRole('form', { name: 'Refund' })).toHaveCount(0);
  await expect(row.locator('.nothing')).toHaveText(
    'Nothing can be done with this order now: it is refunded.',
  );
});

test('wrong amounts are a 400 with the rule, never a 5xx; nothing moves', async ({ page }) => {
  const paid = await payInShop(page, 'one-step');
  await signIn(page, '/orders/');
  const token = await page.locator('meta[name="csrf-token"]').getAttribute('content');
  for (const amount of ['0', '0.00', '32.26', '9999999', 'abc', '-1']) {
    const answer = await page.request.post(`/orders/${paid.id}/refund`, {
      data: { amount, number: paid.number },
      headers: { 'x-csrf-token': token!, origin: new URL(page.url()).origin },
    });
    expect(answer.status(), amount).toBe(400);
    expect(((await answer.json()) as { error: { message: string } }).error.message, amount).toMatch(
      /^Amount: /,
    );
  }
  // A press confirmed for another order moves no money either.
  const other = await page.request.post(`/orders/${paid.id}/refund`, {
    data: { amount: '1.00', number: 'BP-SOMEONE-ELSE' },
    headers: { 'x-csrf-token': token!, origin: new URL(page.url()).origin },
  });
  expect(other.status()).toBe(409);
  expect(await gateway.orders.get(paid.id)).toMatchObject({ status: 'paid', amount_refunded: 0 });
  // An order the gateway does not know: 404 in words, for its row and its actions.
  expect((await page.request.get('/orders/no-such-order/row')).status()).toBe(404);
  const unknown = await page.request.post('/orders/no-such-order/refund', {
    data: { amount: '1.00' },
    headers: { 'x-csrf-token': token!, origin: new URL(page.url()).origin },
  });
  expect(unknown.status()).toBe(404);
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
    await act(row, 'Reverse payment');
    await expect(row.locator('.outcome')).toHaveText(/Reversal is allowed only on the day of payment/);
    await expect(row.locator('[data-label=Status]')).toHaveText('Paid');
    // Refused, not failed: the operator may press again (and is refused again).
    await expect(row.getByRole('form', { name: 'Reverse payment' }).getByRole('button')).toBeEnabled();
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

test('cancel and release: an unpaid order is cancelled, a hold released; Manage focuses no action', async ({
  page,
}) => {
  // An order the customer never paid: created by the shop's checkout, then abandoned.
  await page.goto('/');
  const session = await page.request.post('/checkout/session', {
    data: {
      idempotency_key: `abandoned-${Date.now()}-0001`,
      email: 'gone@example.com',
      verification: await botToken(E2E_SHOP),
    },
  });
  const unpaid = await gateway.orders.get(((await session.json()) as { order_id: string }).order_id);
  expect(unpaid.status).toBe('issued');
  const held = await payInShop(page, 'two-step');

  await signIn(page, '/orders/');
  const row = rowOf(page, unpaid);
  await row.getByRole('button', { name: /^Manage/ }).click();
  // The panel takes the focus, not "Cancel order": one more Enter cancels nothing.
  await expect(row.locator('.panel > td')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeHidden();
  expect((await gateway.orders.get(unpaid.id)).status).toBe('issued');
  // Going back from the confirmation leaves the order as it was.
  await row.getByRole('form', { name: 'Cancel order' }).getByRole('button').click();
  await expect(page.getByRole('dialog')).toContainText(
    `Cancel order ${unpaid.number} of €32.25 for gone@example.com?`,
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeHidden();
  expect((await gateway.orders.get(unpaid.id)).status).toBe('issued');
  await act(row, 'Cancel order');
  await expect(row.locator('.outcome')).toHaveText(`Cancelled order ${unpaid.number}.`);
  await expect(row.locator('[data-label=Status]')).toHaveText('Cancelled');
  expect((await gateway.orders.get(unpaid.id)).status).toBe('cancelled');
  await expect.poll(() => sandboxDelivered(unpaid, 'order.canceled')).toBe(1);

  const heldRow = rowOf(page, held);
  await heldRow.getByRole('button', { name: /^Manage/ }).click();
  expect(await act(heldRow, 'Release hold')).toBe(
    `Release the hold of €32.25 for Anna Berzina, order ${held.number}?`,
  );
  await expect(heldRow.locator('.outcome')).toHaveText(`Released the hold of €32.25, order ${held.number}.`);
  await expect(heldRow.locator('[data-label=Status]')).toHaveText('Cancelled');
  expect((await gateway.orders.get(held.id)).status).toBe('cancelled');
});
