import { expect, test } from '@playwright/test';
import {
  alertLine,
  eventsOf,
  newestOrder,
  orderOfLastResult,
  payButton,
  paymentAttempts,
  recordEvents,
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
