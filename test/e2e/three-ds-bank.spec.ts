import { expect, type Page, test } from '@playwright/test';
import { E2E_BANK } from '../support/ports.ts';
import {
  gateway,
  openScenario,
  orderOfLastResult,
  payButton,
  recordEvents,
  SANDBOX,
  signIn,
  statusLine,
  typeCard,
  typeEmail,
} from './support.ts';

// Production's 3-D Secure against the sandbox's bank on its own origin, and cards from issuers in
// the countries the spec's rules name: what a customer and an operator see.

const DIALOG = { name: 'Confirm the payment with your bank' };
const bankFrame = (page: Page) => page.frameLocator('gateway-checkout iframe[part="challenge-frame"]');
const checkout = (page: Page) => page.locator('gateway-checkout');

async function payWith(page: Page, number: string, scenario = 'one-step'): Promise<void> {
  await recordEvents(page);
  await openScenario(page, scenario);
  // A saving order is the signed-in customer's: the shop asks no e-mail for it.
  if (scenario !== 'zero-amount') await typeEmail(page);
  await typeCard(page, { number });
  if (scenario === 'zero-amount') {
    await checkout(page).getByRole('checkbox').check();
    await checkout(page).getByRole('button', { name: 'Save card', exact: true }).click();
  } else await payButton(page).click();
}

for (const [width, height, window, box] of [
  [1280, 800, '03', { width: 500, height: 600 }],
  [1280, 660, '04', { width: 600, height: 400 }],
  [375, 740, '05', null],
] as const) {
  test(`at ${width}×${height} the bank's challenge gets EMV window ${window}, and the dialog closes by itself`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await payWith(page, '4000000000003220');
    const dialog = page.getByRole('dialog', DIALOG);
    await expect(dialog).toBeVisible();
    const approve = bankFrame(page).getByRole('button', { name: 'Approve' });
    // After the bank's 3DS Method, its challenge: on the bank's origin, in the window asked for.
    await expect(approve).toBeVisible({ timeout: 20_000 });
    expect(page.frames().some((f) => f.url().startsWith(`${E2E_BANK}/acs/`))).toBe(true);
    await expect(bankFrame(page).locator('main')).toHaveAttribute('data-window', window);
    const frame = (await checkout(page).locator('iframe[part="challenge-frame"]').boundingBox())!;
    if (box) {
      expect([Math.round(frame.width), Math.round(frame.height)]).toEqual([box.width, box.height]);
      // The bank's page fills its window exactly: nothing cut, nothing to scroll.
      const fit = await bankFrame(page)
        .locator('html')
        .evaluate((root) => [root.scrollWidth - root.clientWidth, root.scrollHeight - root.clientHeight]);
      expect(fit).toEqual([0, 0]);
    } else {
      // On a phone the dialog is the whole screen, and the bank's page all of the frame.
      const whole = (await dialog.boundingBox())!;
      expect([whole.x, whole.y, whole.width, whole.height].map(Math.round)).toEqual([0, 0, width, height]);
      expect(Math.round(frame.width)).toBe(width);
    }
    await approve.click();
    await expect(dialog).toBeHidden();
    await expect(statusLine(page)).toHaveText(/Payment successful/);
    const order = await orderOfLastResult(page);
    expect(order.status).toBe('paid');
    expect(order.transaction_details?.three_d_secure_status?.description).toBe('authenticated');
  });
}

test('a frictionless card pays with no dialog: 3-D Secure ran, no challenge shown', async ({ page }) => {
  let dialogs = 0;
  await page.exposeFunction('sawDialog', () => dialogs++);
  await page.addInitScript(() => {
    const open = HTMLDialogElement.prototype.showModal;
    HTMLDialogElement.prototype.showModal = function () {
      (window as unknown as { sawDialog(): void }).sawDialog();
      return open.call(this);
    };
  });
  await payWith(page, '4000000000003063');
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  expect(dialogs).toBe(0);
  const order = await orderOfLastResult(page);
  expect(order.status).toBe('paid');
  expect(order.transaction_details?.three_d_secure_status?.description).toBe('authenticated');
});

test('an EU card saved on a zero-amount order goes through the bank’s challenge first', async ({ page }) => {
  await payWith(page, '4000004280000005', 'zero-amount');
  await expect(page.getByRole('dialog', DIALOG)).toBeVisible();
  await bankFrame(page).getByRole('button', { name: 'Approve' }).click({ timeout: 20_000 });
  await expect(page.getByRole('dialog', DIALOG)).toBeHidden();
  await expect(checkout(page).getByRole('region', { name: 'Card saved' })).toBeVisible();
  const order = await orderOfLastResult(page);
  expect(order).toMatchObject({ status: 'paid', total: 0 });
  expect(order.transaction_details).toMatchObject({
    card_issuer_country: { code: 'LV' },
    three_d_secure_status: { description: 'authenticated' },
  });
});

test('3-D Secure by redirect: the page goes to the bank’s origin and comes back to the shop', async ({
  page,
}) => {
  await payWith(page, '4000000000003220', 'three-ds-redirect');
  await page.waitForURL(`${E2E_BANK}/acs/`, { timeout: 20_000 });
  await expect(page.locator('main')).toHaveAttribute('data-window', '05');
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/return\?number=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/payment went through/);
});

/** Pays the AVS scenario with a card issued in `country`'s bank and a billing address there. */
async function payWithAddress(page: Page, number: string, country: string, address: string, postal: string) {
  await recordEvents(page);
  await openScenario(page, 'avs');
  await typeEmail(page);
  await typeCard(page, { number });
  await checkout(page).getByRole('combobox', { name: 'Country' }).selectOption(country);
  await checkout(page).getByLabel('Address').fill(address);
  // Named as the country names it (Postal code, Postcode…).
  await checkout(page).locator('gateway-billing-address #zip_code').fill(postal);
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  return orderOfLastResult(page);
}

async function backOfficeFacts(page: Page, id: string) {
  await signIn(page, '/orders/');
  const row = page.locator(`tbody.order[data-id="${id}"]`);
  await row.getByRole('button', { name: /^Manage/ }).click();
  return row;
}

test('standard AVS: a German card is "not supported" by its bank, a UK card is checked', async ({ page }) => {
  const german = await payWithAddress(page, '4000002760000016', 'DE', 'Unter den Linden 1', '10117');
  expect(german.transaction_details).toMatchObject({
    card_issuer_country: { code: 'DE' },
    avs_result: { code: 'G' },
  });
  const british = await payWithAddress(page, '4000008260000000', 'GB', '10 Downing Street', 'SW1A 2AA');
  expect(british.transaction_details).toMatchObject({
    card_issuer_country: { code: 'GB' },
    avs_result: { code: 'Y' },
  });

  const germanRow = await backOfficeFacts(page, german.id);
  await expect(germanRow.locator('[data-avs]')).toHaveText(
    "Address not checked: this card's bank does not support it",
  );
  const britishRow = page.locator(`tbody.order[data-id="${british.id}"]`);
  await britishRow.getByRole('button', { name: /^Manage/ }).click();
  await expect(britishRow.locator('[data-avs]')).toHaveText('Address checked: matches');
});

test('the back office shows an expired hold in words, with no action that could no longer work', async ({
  page,
}) => {
  await payWith(page, '5555555555554444', 'two-step');
  await expect(statusLine(page)).toHaveText(/Payment authorized/);
  const held = await orderOfLastResult(page);
  const setClock = (now: string | null) =>
    fetch(`${SANDBOX}/_sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now }),
    });
  // Holds end 28 days after they were placed.
  expect((await setClock(new Date(Date.now() + 29 * 24 * 3600 * 1000).toISOString())).ok).toBe(true);
  try {
    expect((await gateway.orders.get(held.id)).status).toBe('expired');
    const row = await backOfficeFacts(page, held.id);
    await expect(row.locator('[data-label=Status]')).toHaveText('Hold expired');
    await expect(row.locator('[data-hold-expired]')).toContainText('The hold expired');
    await expect(row.locator('[data-hold-expired]')).toContainText('was not charged');
    for (const name of ['Capture', 'Refund', 'Reverse', 'Cancel order'])
      await expect(row.getByRole('button', { name, exact: true })).toHaveCount(0);
  } finally {
    await setClock(null);
  }
});
