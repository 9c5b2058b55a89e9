import { expect, test } from '@playwright/test';
import { payButton } from './support.ts';

// How the checkout sits on a merchant's page: on the page's own background, in the page's scheme.

test('in the dark scheme the checkout paints no panel of its own and follows the page', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(payButton(page)).toBeEnabled();
  const look = () =>
    page.evaluate(() => {
      const checkout = document.querySelector('gateway-checkout')!;
      const form = checkout.shadowRoot!.querySelector('gateway-card-form')!;
      const number = form.shadowRoot!.querySelector('input')!;
      return {
        page: getComputedStyle(document.body).backgroundColor,
        checkout: getComputedStyle(checkout).backgroundColor,
        form: getComputedStyle(form).backgroundColor,
        text: getComputedStyle(checkout).color,
        input: getComputedStyle(number).backgroundColor,
      };
    });
  const dark = await look();
  // The page is dark (it declares `color-scheme: light dark`), and the checkout sits on it.
  expect(dark.page).not.toBe('rgb(255, 255, 255)');
  expect(dark.checkout).toBe('rgba(0, 0, 0, 0)');
  expect(dark.form).toBe('rgba(0, 0, 0, 0)');
  expect(dark.text).toBe('rgb(236, 236, 241)');
  expect(dark.input).toBe('rgb(38, 39, 44)');

  // A page that stays light while the system is dark keeps a light checkout: it follows the page.
  await page.evaluate(() => document.documentElement.style.setProperty('color-scheme', 'light'));
  const light = await look();
  expect(light.checkout).toBe('rgba(0, 0, 0, 0)');
  expect(light.text).toBe('rgb(27, 27, 31)');
  expect(light.input).toBe('rgb(255, 255, 255)');
});

test('the Pay button’s focus ring is as plain as a field’s, by keyboard', async ({ page }) => {
  await page.goto('/');
  const checkout = page.locator('gateway-checkout');
  await checkout.getByLabel('Cardholder name').focus();
  const ring = () =>
    page.evaluate(() => {
      let el = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      const s = getComputedStyle(el!);
      return { outline: `${s.outlineStyle} ${s.outlineWidth}`, shadow: s.boxShadow, color: s.color };
    });
  const field = await ring();
  await page.keyboard.press('Tab');
  await expect(payButton(page)).toBeFocused();
  const button = await ring();
  expect(button.outline).toBe(field.outline);
  // An inner ring in the button's text colour: the outer ring does not merge with the fill.
  expect(button.shadow).toContain(button.color);
  expect(button.shadow).toContain('inset');
});
