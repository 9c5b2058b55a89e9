// Draws the demo shop's checkout in headless Chromium against the sandbox gateway, as a customer
// sees it on a phone (375 px wide) and on a desktop (1280 px), light and dark, into docs/checkout/:
//   form-<width>-<scheme>.png     the card form with an American Express card typed in
//   result-<width>-<scheme>.png   the result panel after an approved payment
//   3ds-<width>-<scheme>.png      the 3-D Secure dialog with the sandbox bank's challenge page
// Needs a running demo:
//   npm run demo   (then, beside it)   tsx scripts/checkout-screenshots.ts [http://127.0.0.1:5173]
import { mkdir } from 'node:fs/promises';
import { chromium, type Locator, type Page } from 'playwright';
import { chromiumLaunchOptions } from '../test/support/chromium.ts';

const shop = process.argv[2] ?? `http://127.0.0.1:${process.env.DEMO_PORT || 5173}`;
const out = 'docs/checkout';

/** Phones draw at twice the pixels, as most do; the desktop at one. */
const SIZES = [
  { width: 375, height: 740, scale: 2 },
  { width: 1280, height: 800, scale: 1 },
] as const;

async function typeCard(checkout: Locator, number: string, csc: string): Promise<void> {
  await checkout.getByLabel('E-mail').fill('anna@example.com');
  await checkout.getByLabel('Card number').pressSequentially(number, { delay: 5 });
  await checkout.getByLabel('Expiry date').pressSequentially('1229', { delay: 5 });
  await checkout.getByLabel('Security code').pressSequentially(csc, { delay: 5 });
  await checkout.getByLabel('Cardholder name').pressSequentially('Anna Berzina', { delay: 5 });
}

/** The checkout at the top of the window, as the customer sees it once scrolled to; no caret. */
async function shoot(page: Page, name: string, at: 'checkout' | 'top' = 'checkout'): Promise<void> {
  if (at === 'checkout')
    await page.evaluate(() => document.querySelector('gateway-checkout')?.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // Past the marks' fade and any layout the last keystroke started.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/${name}.png`, caret: 'hide', animations: 'disabled' });
  console.log(`${out}/${name}.png`);
}

await mkdir(out, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const { width, height, scale } of SIZES) {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({
        viewport: { width, height },
        deviceScaleFactor: scale,
        colorScheme: scheme,
        locale: 'en-GB',
      });
      const page = await context.newPage();
      const checkout = page.locator('gateway-checkout');
      const pay = checkout.getByRole('button', { name: /^Pay/ });

      await page.goto(`${shop}/`);
      await typeCard(checkout, '378282246310005', '1234');
      await shoot(page, `form-${width}-${scheme}`);

      await page.goto(`${shop}/`);
      await typeCard(checkout, '4111111111111111', '123');
      await pay.click();
      await checkout.locator('[part~="result"]').waitFor({ state: 'visible', timeout: 20_000 });
      await shoot(page, `result-${width}-${scheme}`);

      await page.goto(`${shop}/`);
      await typeCard(checkout, '4000000000003220', '123');
      await pay.click();
      const dialog = page.getByRole('dialog', { name: 'Confirm the payment with your bank' });
      await dialog.waitFor({ state: 'visible', timeout: 20_000 });
      await page
        .frameLocator('gateway-checkout iframe[part="challenge-frame"]')
        .getByRole('button', { name: 'Approve' })
        .waitFor({ state: 'visible', timeout: 20_000 });
      await shoot(page, `3ds-${width}-${scheme}`, 'top');

      await context.close();
    }
  }
} finally {
  await browser.close();
}
