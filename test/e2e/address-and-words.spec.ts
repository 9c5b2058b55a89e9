import { expect, test } from '@playwright/test';
import { E2E_SHOP } from '../support/ports.ts';
import {
  newestOrder,
  openScenario,
  orderOfLastResult,
  payButton,
  recordEvents,
  SANDBOX,
  statusLine,
  typeCard,
  typeEmail,
} from './support.ts';

// The billing address as a customer of a Latvian shop meets it, and the words of outcomes that are
// not a plain payment: a saved card, the return page, the gateway's own page. Real Chromium, the
// demo shop and the sandbox gateway over HTTP.

test.beforeEach(async ({ page }) => {
  await recordEvents(page);
});

const checkout = (page: import('@playwright/test').Page) => page.locator('gateway-checkout');

test('LV postal code accepted with country Latvia: the country comes first, on the shop’s own', async ({
  page,
}) => {
  await openScenario(page, 'avs');
  const country = checkout(page).getByRole('combobox', { name: 'Country' });
  await expect(country).toHaveValue('LV');
  // Country first: what it decides comes after it.
  const order = await checkout(page)
    .locator('gateway-billing-address')
    .evaluate((el) => [...el.shadowRoot!.querySelectorAll('input, select')].map((c) => c.id));
  expect(order).toEqual(['country', 'address', 'zip_code']);
  const postal = checkout(page).getByRole('textbox', { name: 'Postal code', exact: true });
  await expect(postal).toHaveAccessibleDescription('Like LV-1010');
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111' });
  await checkout(page).getByLabel('Address').fill('Brīvības iela 21');
  await postal.pressSequentially('LV-1010', { delay: 5 });
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  const paid = await orderOfLastResult(page);
  expect(paid.status).toBe('paid');
  expect(paid.client?.zip_code).toBe('LV-1010');
  expect(paid.client?.address).toBe('Brīvības iela 21');
});

test('a Latvian code typed without its prefix is written LV-1050 and accepted', async ({ page }) => {
  await openScenario(page, 'avs');
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111' });
  await checkout(page).getByLabel('Address').fill('Tērbatas iela 2');
  const postal = checkout(page).getByRole('textbox', { name: 'Postal code', exact: true });
  await postal.pressSequentially('1050', { delay: 5 });
  await postal.press('Tab');
  await expect(postal).toHaveValue('LV-1050');
  await expect(checkout(page).getByText('Check the postal code.')).toHaveCount(0);
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  expect((await orderOfLastResult(page)).client?.zip_code).toBe('LV-1050');
});

test('a US ZIP code and a UK postcode: named as each country names them, nothing typed lost between', async ({
  page,
}) => {
  await openScenario(page, 'avs');
  const country = checkout(page).getByRole('combobox', { name: 'Country' });
  await country.selectOption('US');
  const zip = checkout(page).getByRole('textbox', { name: 'ZIP code', exact: true });
  await expect(zip).toHaveAccessibleDescription('Like 10001');
  await checkout(page).getByLabel('Address').fill('10 Downing Street');
  await zip.fill('10001');
  // The customer goes back to the country (the code is left, as a click on the list leaves it).
  await zip.press('Shift+Tab');
  await country.selectOption('GB');
  const postcode = checkout(page).getByRole('textbox', { name: 'Postcode', exact: true });
  await expect(postcode).toHaveAccessibleDescription(/Like SW1A 1AA/);
  // What was typed is still there, and the country's own rule now speaks for it.
  await expect(postcode).toHaveValue('10001');
  await expect(checkout(page).getByLabel('Address')).toHaveValue('10 Downing Street');
  await expect(postcode).toHaveAccessibleDescription(/Check the postal code\./);
  await postcode.fill('sw1a2aa');
  await postcode.press('Tab');
  await expect(postcode).toHaveValue('SW1A 2AA');
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111' });
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  const paid = await orderOfLastResult(page);
  expect(paid.client?.zip_code).toBe('SW1A 2AA');
});

test('an address longer than the gateway takes is limited in the field and said before Pay, never refused after', async ({
  page,
}) => {
  await openScenario(page, 'avs');
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111' });
  const address = checkout(page).getByRole('textbox', { name: 'Address', exact: true });
  await expect(address).toHaveAttribute('maxlength', '200');
  await address.fill(`Brīvības iela 21, ${'dzīvoklis 7, '.repeat(20)}`);
  await expect(address).toHaveAccessibleDescription('200 characters at most');
  const kept = await address.inputValue();
  expect(kept.length).toBe(200);
  await checkout(page).getByLabel('Postal code').fill('LV-1010');
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  await expect(checkout(page).getByText('Check this field.')).toHaveCount(0);
  const paid = await orderOfLastResult(page);
  // What the field showed is what was sent (less a space it may end in).
  expect(paid.client?.address).toBe(kept.trim());
});

test('a zero-amount saving says "Card saved", never a payment', async ({ page }) => {
  await openScenario(page, 'zero-amount');
  await typeCard(page, { number: '5555555555554444' });
  await checkout(page).getByRole('checkbox').check();
  await checkout(page).getByRole('button', { name: 'Save card', exact: true }).click();
  const panel = checkout(page).getByRole('region', { name: 'Card saved' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Your card is saved for future payments.');
  await expect(panel).toContainText('Nothing was charged.');
  await expect(panel).not.toContainText('Amount');
  await expect(checkout(page)).not.toContainText('Payment successful');
  const order = await orderOfLastResult(page);
  expect(order.total).toBe(0);
  expect(order.status).toBe('paid');
});

test('the gateway’s hosted page names the merchant and the order, and asks for nothing it lacks', async ({
  page,
}) => {
  const missing: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 404) missing.push(r.url());
  });
  await openScenario(page, 'iframe');
  const frame = page.frameLocator('gateway-checkout iframe');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Baltic Pantry');
  const order = await newestOrder();
  const summary = frame.getByRole('region', { name: `Order ${order!.number}` });
  await expect(summary).toContainText('Riga Black Balsam, 0.5 l');
  await expect(summary).toContainText('Rye bread, whole loaf × 2');
  await expect(summary.locator('#order-total')).toHaveText('€32.25');
  await typeCard(page, { number: '4111111111111111' }, frame);
  await frame.getByRole('button', { name: /^Pay/ }).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  expect(missing).toEqual([]);
});

test('the return page after a decline on the gateway’s page speaks as the checkout does', async ({
  page,
}) => {
  await openScenario(page, 'redirect');
  await payButton(page).click();
  await page.waitForURL(`${SANDBOX}/checkout/**`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Baltic Pantry');
  await typeCard(page, { number: '4000000000009995' }, page);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL(`${E2E_SHOP}/return**`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The payment did not go through');
  await expect(
    page.getByText('The payment was declined: the card has insufficient funds. Try another card.'),
  ).toBeVisible();
  const order = await newestOrder();
  await expect(page.locator('#order-number')).toHaveText(order!.number!);
  // Neither the gateway's own words nor its status nor its id.
  const text = await page.locator('main').innerText();
  expect(text).not.toMatch(/rejected|not sufficient funds/i);
  expect(text).not.toContain(order!.id);
});
