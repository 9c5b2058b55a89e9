import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';

// The card form as a person sees it, light, dark and right to left, against committed baselines
// (test/e2e/screenshots/). The page is the script-tag bundle on a blank page with one font that
// every CI machine has (Liberation Sans, installed with Chromium by .ci/run); Playwright hides the
// caret and finishes animations before it compares.

const BUNDLE = join(import.meta.dirname, '..', '..', 'dist', 'gateway-checkout.iife.js');

async function cardFormPage(page: Page, { theme, dir }: { theme: 'light' | 'dark'; dir: 'ltr' | 'rtl' }) {
  await page.setViewportSize({ width: 460, height: 520 });
  const background = theme === 'dark' ? '#1b1b1f' : '#ffffff';
  await page.setContent(`<!doctype html>
<html lang="en" dir="${dir}">
  <body style="margin:0;padding:16px;background:${background};--gateway-font-family:'Liberation Sans',sans-serif">
    <gateway-card-form theme="${theme}"></gateway-card-form>
  </body>
</html>`);
  await page.addScriptTag({ path: BUNDLE });
  const form = page.locator('gateway-card-form');
  await expect(form.getByLabel('Card number')).toBeVisible();
  return form;
}

for (const [name, theme, dir] of [
  ['light', 'light', 'ltr'],
  ['dark', 'dark', 'ltr'],
  ['rtl', 'light', 'rtl'],
] as const) {
  test(`the card form looks finished, ${name}`, async ({ page }) => {
    const form = await cardFormPage(page, { theme, dir });
    // Before typing: the accepted brands in a row, a generic card in the field. The bundle is
    // inlined in a page with no address (about:blank): nothing beside it can load, and the form
    // shows all the same.
    await expect(form.getByRole('list', { name: 'Accepted cards' }).getByRole('img')).toHaveCount(8);
    await expect(form).toHaveScreenshot(`card-form-${name}-empty.png`, { maxDiffPixelRatio: 0.01 });
    // Typing: American Express detected and standing out, an expired date shown once left.
    await form.getByLabel('Card number').pressSequentially('3782 822463', { delay: 5 });
    await form.getByLabel('Expiry date').pressSequentially('1220', { delay: 5 });
    await form.getByLabel('Cardholder name').pressSequentially('Anna Berzina', { delay: 5 });
    await expect(form.getByText('The card has expired.')).toBeVisible();
    await expect(form).toHaveScreenshot(`card-form-${name}-typing.png`, { maxDiffPixelRatio: 0.01 });
  });
}
