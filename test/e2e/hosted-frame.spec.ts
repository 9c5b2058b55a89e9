import { expect, type Page, test } from '@playwright/test';
import {
  alertLine,
  eventsOf,
  gateway,
  newestOrder,
  openScenario,
  paymentAttempts,
  recordEvents,
  typeCard,
} from './support.ts';

// presentation="iframe": the gateway's hosted form in a frame of the shop's page. A decline or a
// failed bank check is no dead end (a new order, in the same place), a success shows the same
// result panel as the in-page checkout, and the bank's page goes over the whole page.

const checkout = (page: Page) => page.locator('gateway-checkout');
const hosted = (page: Page) => page.frameLocator('gateway-checkout iframe[part="hosted-frame"]');
const payInFrame = (page: Page) => hosted(page).getByRole('button', { name: /^Pay/ });

test.beforeEach(async ({ page }) => {
  await recordEvents(page);
  await openScenario(page, 'iframe');
  await expect(payInFrame(page)).toBeEnabled();
});

test('a decline offers to try again: a new order in the same place, which pays', async ({ page }) => {
  await typeCard(page, { number: '4000000000000002' }, hosted(page));
  await payInFrame(page).click();
  await expect(alertLine(page)).toHaveText(/Your bank declined the payment/);
  const declined = await newestOrder();
  expect(declined?.status).toBe('rejected');
  const again = checkout(page).getByRole('button', { name: 'Try again' });
  await expect(again).toBeVisible();
  await again.click();
  await expect(alertLine(page)).toHaveText('');
  await expect(payInFrame(page)).toBeEnabled();
  await typeCard(page, { number: '4111111111111111' }, hosted(page));
  await payInFrame(page).click();

  // The in-page checkout's result panel, not a line of status.
  const panel = checkout(page).locator('[part="result"]');
  await expect(panel.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(checkout(page).getByRole('button', { name: 'Try again' })).toHaveCount(0);
  const paid = await newestOrder();
  expect(paid?.id).not.toBe(declined?.id);
  expect(paid?.status).toBe('paid');
  expect(paymentAttempts(paid!)).toBe(1);
  const events = await eventsOf(page);
  expect(events.filter((e) => e.type === 'gateway-decline').map((e) => e.detail.orderId)).toEqual([
    declined!.id,
  ]);
  expect(events.filter((e) => e.type === 'gateway-success').map((e) => e.detail.orderId)).toEqual([paid!.id]);
});

for (const [choice, ends] of [
  ['Fail', 'rejected'],
  ['Approve', 'paid'],
] as const) {
  test(`3-D Secure over the whole page, not inside the frame: ${choice}`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await typeCard(page, { number: '4000000000003220' }, hosted(page));
    await payInFrame(page).click();
    // The dialog is the shop page's own, over the whole viewport; the hosted frame shows none.
    const dialog = page.getByRole('dialog', { name: 'Confirm the payment with your bank' });
    await expect(dialog).toBeVisible();
    await expect(hosted(page).getByRole('dialog')).toHaveCount(0);
    const frameBox = (await checkout(page).locator('iframe[part="hosted-frame"]').boundingBox())!;
    const dialogBox = (await dialog.boundingBox())!;
    expect(dialogBox.height).toBeGreaterThan(frameBox.height * 0.9);
    await page
      .frameLocator('gateway-checkout dialog iframe[part="challenge-frame"]')
      .getByRole('button', { name: choice })
      .click();
    await expect(dialog).toBeHidden();
    const order = await newestOrder();
    await expect.poll(async () => (await gateway.orders.get(order!.id)).status).toBe(ends);
    if (ends === 'paid') {
      await expect(checkout(page).getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    } else {
      await expect(alertLine(page)).toHaveText(/Your bank could not confirm the payment/);
      await checkout(page).getByRole('button', { name: 'Try again' }).click();
      await typeCard(page, { number: '4111111111111111' }, hosted(page));
      await payInFrame(page).click();
      await expect(checkout(page).getByRole('heading', { name: 'Payment successful' })).toBeVisible();
      expect((await newestOrder())?.id).not.toBe(order?.id);
    }
  });
}
