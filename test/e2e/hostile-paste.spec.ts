import { expect, test } from '@playwright/test';
import { hugePaste, rng } from '../support/hostile-strings.ts';
import { orderOfLastResult, payButton, recordEvents, statusLine, typeCard, typeEmail } from './support.ts';

// The realistic pass of the hostile-input tests (test/browser/hostile-input.test.ts feeds 10,000
// strings per field programmatically): a person pastes 1 MB into each card field and types
// right-to-left marks, emoji and control characters, then pays with a real card.

test("a 1 MB paste into every card field leaves the shop's checkout working", async ({ page, context }) => {
  test.setTimeout(90_000);
  // Chosen in the test, not in its title: Playwright loads this file in two processes.
  const SEED = process.env.HOSTILE_SEED
    ? Number(process.env.HOSTILE_SEED)
    : Math.floor(Math.random() * 2 ** 31);
  test.info().annotations.push({ type: 'seed', description: `HOSTILE_SEED=${SEED}` });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await recordEvents(page);
  await page.goto('/');
  const checkout = page.locator('gateway-checkout');
  const r = rng(SEED);
  for (const label of ['Card number', 'Expiry date', 'Security code', 'Cardholder name', 'E-mail']) {
    const paste = hugePaste(r);
    await page.evaluate((text) => navigator.clipboard.writeText(text), paste);
    const field = checkout.getByLabel(label);
    await field.focus();
    const started = Date.now();
    await page.keyboard.press('ControlOrMeta+V');
    // The page answers again within seconds: the paste did not hang it.
    // (A paste that holds a whole expiry may move the focus on, as typing one does.)
    await expect(field).toBeEditable();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(Date.now() - started, `${label} after the paste (seed ${SEED})`).toBeLessThan(10_000);
    await field.focus();
    await page.keyboard.type('\u202e\u200f👩‍💻\u0007');
    await field.fill('');
  }
  expect(errors, `seed ${SEED}`).toEqual([]);

  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111' });
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  expect((await orderOfLastResult(page)).status).toBe('paid');
  expect(errors, `seed ${SEED}`).toEqual([]);
});
