import { expect, test } from '@playwright/test';
import {
  alertLine,
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

// What a shopper meets when a payment is interrupted: a reload while it is under way, and a
// 3-D Secure check closed before it finished.

test.beforeEach(async ({ page }) => {
  await setFault('none');
  await recordEvents(page);
});

test('a reload while the answer is lost asks first, then shows the paid result instead of a fresh form', async ({
  page,
}) => {
  await page.goto('/');
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111' });
  // The payment is processed and its answer held, then lost (the sandbox's timeout fault).
  await setFault('timeout');
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  const before = (await newestOrder())?.id;
  await payButton(page).click();
  // This payment's order is paid at the gateway while its answer is still held.
  await expect
    .poll(async () => {
      const order = await newestOrder();
      return order && order.id !== before ? order.status : null;
    })
    .toBe('paid');
  const paid = (await newestOrder())!;
  const kept = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));
  expect(kept).toContain(paid.id);
  for (const secret of ['4111', '1111 1111', '12/34', '"123"', 'Anna Berzina'])
    expect(kept).not.toContain(secret);

  await page.reload();
  expect(asked).toEqual(['beforeunload']);
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  // The result, not a fresh form: no Pay button to press again.
  await expect(page.locator('gateway-checkout').getByRole('button', { name: /^Pay/ })).toBeHidden();
  expect(
    (await eventsOf(page)).filter((e) => e.type === 'gateway-success').map((e) => e.detail.orderId),
  ).toEqual([paid.id]);
  // One order, one payment: nothing invited a second one.
  expect((await newestOrder())?.id).toBe(paid.id);
  expect(paymentAttempts(await gateway.orders.get(paid.id))).toBe(1);
});

test('leaving an idle checkout asks nothing', async ({ page }) => {
  await page.goto('/');
  await typeEmail(page);
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  await expect(payButton(page)).toHaveText(/Pay €32\.25/);
  expect(asked).toEqual([]);
});

test('3-D Secure: Cancel in our dialog says what is true, and reopening the check pays the same order', async ({
  page,
}) => {
  await page.goto('/');
  await typeEmail(page);
  await typeCard(page, { number: '4000000000003220' });
  await payButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm the payment with your bank' });
  await expect(dialog).toBeVisible();
  // One Cancel in sight: our dialog's; the bank's page, told it is inside our dialog, leaves its own out.
  const frame = page.frameLocator('iframe[title="Confirm the payment with your bank"]');
  await expect(frame.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  const order = (await newestOrder())!;
  expect(order.status).toBe('in_progress');
  await expect(alertLine(page)).toHaveText(/payment is not complete\. Nothing has been charged\./);
  await expect(alertLine(page)).not.toHaveText(/No money was taken/);

  await page.locator('gateway-checkout').getByRole('button', { name: 'Reopen the bank’s check' }).click();
  await expect(dialog).toBeVisible();
  await page
    .frameLocator('iframe[title="Confirm the payment with your bank"]')
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  const paid = await gateway.orders.get(order.id);
  expect(paid.status).toBe('paid');
  expect(paymentAttempts(paid)).toBe(1);
});

test('3-D Secure on an order created beforehand: Escape is no dead end, the check reopens and pays', async ({
  page,
}) => {
  const order = await gateway.orders.create({
    client: { email: 'buyer@example.com' },
    products: [{ title: 'Tea', price: 7 }],
  });
  await page.goto(String(order.full_page_checkout));
  await typeCard(page, { number: '4000000000003220' }, page.locator('gateway-checkout'));
  await page.locator('gateway-checkout').getByRole('button', { name: /^Pay/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm the payment with your bank' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await gateway.orders.get(order.id)).status).toBe('in_progress');
  await expect(alertLine(page)).toHaveText(/payment is not complete/);
  // The order can only be finished through its check: that is the way on, not a Pay that cannot work.
  const reopen = page.locator('gateway-checkout').getByRole('button', { name: 'Reopen the bank’s check' });
  await expect(reopen).toBeFocused();
  await expect(page.locator('gateway-checkout').getByRole('button', { name: /^Pay/ })).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page
    .frameLocator('iframe[title="Confirm the payment with your bank"]')
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  expect((await gateway.orders.get(order.id)).status).toBe('paid');
});
