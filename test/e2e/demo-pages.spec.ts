import { expect, type Page, test } from '@playwright/test';
import { payButton, recordEvents, signIn, statusLine, typeCard, typeEmail } from './support.ts';

// The demo's pages as a person sees them on a phone and on a laptop.

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('on a 375 px phone the checkout page does not widen after paying (the Events log wraps)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await recordEvents(page);
  await page.goto('/');
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111' });
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  await expect(page.locator('#log')).toContainText('gateway-success');
  expect(await overflow(page)).toBeLessThanOrEqual(0);
});

for (const [width, height] of [
  [1280, 800],
  [375, 812],
] as const) {
  test(`the sign-in page and the back office read at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/orders/');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`signin-${width}.png`), fullPage: true });
    await signIn(page, '/orders/');
    await expect(page.getByRole('table', { name: 'Orders' })).toBeVisible();
    const manage = page.getByRole('button', { name: /^Manage/ }).first();
    if (await manage.count()) await manage.click();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`orders-${width}.png`) });
  });
}
