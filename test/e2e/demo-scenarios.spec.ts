import { expect, test } from '@playwright/test';

// The demo page picks its checkout with ?scenario=; names the object inherits are not scenarios.
for (const name of ['__proto__', 'constructor', 'toString']) {
  test(`?scenario=${name} shows the default checkout, not an error`, async ({ page }) => {
    const response = await page.goto(`/?scenario=${encodeURIComponent(name)}`);
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole('navigation', { name: 'Payment scenario' }).locator('a[aria-current="page"]'),
    ).toHaveText('Pay now');
    await expect(page.locator('gateway-checkout')).toHaveCount(1);
  });
}
