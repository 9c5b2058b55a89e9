import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

// Card entry as people type it on the demo pages: a four-digit year, and the focus moving on.

const year = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');

test('a four-digit year typed out becomes MM/YY, with no "expired" on the way', async ({ page }) => {
  await page.goto('/');
  const checkout = page.locator('gateway-checkout');
  const expiry = checkout.getByLabel('Expiry date');
  await expiry.pressSequentially(`12/20${year}`, { delay: 20 });
  await expect(expiry).toHaveValue(`12/${year}`);
  await expect(checkout.getByLabel('Security code')).toBeFocused();
  await expect(checkout.getByText('The card has expired.')).toHaveCount(0);
});

test('after the number completes, a habitual Tab does not skip the expiry date', async ({ page }) => {
  await page.goto('/');
  const checkout = page.locator('gateway-checkout');
  await checkout.getByLabel('Card number').pressSequentially('4111111111111111', { delay: 20 });
  await expect(checkout.getByLabel('Expiry date')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(checkout.getByLabel('Expiry date')).toBeFocused();
  await page.keyboard.type(`12${year}`, { delay: 20 });
  await page.keyboard.press('Tab');
  await expect(checkout.getByLabel('Security code')).toBeFocused();
  await page.keyboard.type('123', { delay: 20 });
  await page.keyboard.press('Tab');
  await expect(checkout.getByLabel('Cardholder name')).toBeFocused();
});

test('on the phone-order screen the focus stays until the agent tabs on', async ({ page }) => {
  await signIn(page, '/moto/');
  const checkout = page.locator('gateway-checkout');
  await checkout.getByLabel('Card number').pressSequentially('4111111111111111', { delay: 20 });
  await expect(checkout.getByLabel('Card number')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(checkout.getByLabel('Expiry date')).toBeFocused();
  await page.keyboard.type(`12${year}`, { delay: 20 });
  await expect(checkout.getByLabel('Expiry date')).toBeFocused();
  // No name on a phone order: Tab goes on to Pay.
  await page.keyboard.press('Tab');
  await expect(checkout.getByRole('button', { name: /^Pay/ })).toBeFocused();
  await expect(checkout.getByLabel('Expiry date')).toHaveValue(`12/${year}`);
});
