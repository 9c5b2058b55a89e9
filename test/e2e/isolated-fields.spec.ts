import { expect, type Page, test } from '@playwright/test';
import { E2E_FIELDS, E2E_SHOP } from '../support/ports.ts';
import { leaks, type Skimmed, skimFromHere, skimmedOf, skimmer } from './skimmer.ts';
import {
  alertLine,
  eventsOf,
  framedPayButton,
  newestOrder,
  orderOfLastResult,
  payButton,
  paymentAttempts,
  pressFramedPay,
  recordEvents,
  SANDBOX,
  setFault,
  statusLine,
  typeCard,
  typeEmail,
} from './support.ts';

// The isolated card fields: the demo shop's /isolated/ page frames the fields from a second origin
// (another port), and a skimmer runs on the shop's page through every payment.

const fields = (page: Page) => page.frameLocator('gateway-checkout iframe[title="Card details"]');

test.beforeEach(async ({ page }) => {
  await setFault('none');
  await recordEvents(page);
  await page.addInitScript(skimmer, E2E_SHOP);
});

/** Opens a checkout page and waits until its card fields can be typed into. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  const number = path.startsWith('/isolated/')
    ? fields(page).getByLabel('Card number')
    : page.locator('gateway-checkout').getByLabel('Card number');
  await expect(number).toBeEditable();
  await skimFromHere(page);
}

/**
 * The skimmer saw the checkout work: the e-mail typed, and the order being made (the page's
 * request in the page; the fields' report of the order they made, when framed).
 */
async function skimmerWasWatching(page: Page): Promise<Skimmed[]> {
  const seen = await skimmedOf(page);
  expect(seen.some((s) => s.channel === 'keyboard' && s.text.includes('anna@example'))).toBe(true);
  expect(
    seen.some(
      (s) =>
        (s.channel === 'network' && s.text.includes('/checkout/session')) ||
        (s.channel === 'message-in' && s.text.includes('"type":"order"')),
    ),
  ).toBe(true);
  return seen;
}

test('in the page, the skimmer reads the card: what the isolated fields must prevent', async ({ page }) => {
  await open(page, '/');
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111', csc: '737' });
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  const seen = await skimmerWasWatching(page);
  const leaked = leaks(seen, { number: '4111111111111111', csc: '737' });
  const channels = new Set(leaked.map((s) => s.channel));
  // Each way in gives the card away: the keys, the field's value, and the request to the gateway.
  expect([...channels].sort()).toEqual(expect.arrayContaining(['dom-value', 'keyboard', 'network']));
  expect(leaked.some((s) => s.channel === 'network' && s.text.includes('4111111111111111'))).toBe(true);
  expect(leaked.some((s) => s.channel === 'keyboard' && s.text.includes('"key":"7"'))).toBe(true);
});

test('framed, a paid order: the skimmer sees no digit of the card, and the gateway has it', async ({
  page,
}) => {
  await open(page, '/isolated/');
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111', csc: '737' }, fields(page));
  await pressFramedPay(page);
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  const order = await orderOfLastResult(page);
  expect(order.status).toBe('paid');
  expect(order.total).toBe(32.25);
  expect(order.transaction_details?.card_masked_pan).toMatch(/1111$/);
  expect(paymentAttempts(order)).toBe(1);

  const seen = await skimmerWasWatching(page);
  // It did hear the frame: the channel's messages, brand and validity but no card.
  expect(seen.some((s) => s.channel === 'message-in' && s.text.includes('"brand":"visa"'))).toBe(true);
  expect(seen.some((s) => s.channel === 'frame-refused')).toBe(true);
  expect(leaks(seen, { number: '4111111111111111', csc: '737' })).toEqual([]);
  const change = (await eventsOf(page)).filter((e) => e.type === 'gateway-change').at(-1);
  expect(change?.detail).toEqual({ brand: 'visa', complete: true, empty: false, valid: true });
});

test('framed, a decline: nothing leaks, the card stays in the frame without its code, and a new card pays', async ({
  page,
}) => {
  await open(page, '/isolated/');
  await typeEmail(page);
  await typeCard(page, { number: '4000000000000002', csc: '737' }, fields(page));
  await pressFramedPay(page);
  await expect(alertLine(page)).toHaveText(/Your bank declined the payment/);
  const declined = await orderOfLastResult(page);
  expect(declined.status).toBe('rejected');
  await expect(fields(page).getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await expect(fields(page).getByLabel('Security code')).toHaveValue('');
  await expect(fields(page).getByLabel('Security code')).toBeFocused();

  await fields(page).getByLabel('Card number').fill('');
  await fields(page).getByLabel('Card number').pressSequentially('5555555555554444');
  await fields(page).getByLabel('Security code').pressSequentially('737');
  await pressFramedPay(page);
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  const paid = await orderOfLastResult(page);
  expect(paid.id).not.toBe(declined.id);
  expect(paid.status).toBe('paid');

  const seen = await skimmerWasWatching(page);
  expect(leaks(seen, { number: '4000000000000002', csc: '737' })).toEqual([]);
  expect(leaks(seen, { number: '5555555555554444', csc: '737' })).toEqual([]);
});

test('framed, 3-D Secure: the page shows the challenge, the frame never hands over the card', async ({
  page,
}) => {
  await open(page, '/isolated/');
  await typeEmail(page);
  await typeCard(page, { number: '4000000000003220', csc: '737' }, fields(page));
  await pressFramedPay(page);
  const dialog = page.getByRole('dialog', { name: 'Confirm the payment with your bank' });
  await expect(dialog).toBeVisible();
  await page
    .frameLocator('iframe[title="Confirm the payment with your bank"]')
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(dialog).toBeHidden();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  expect((await orderOfLastResult(page)).status).toBe('paid');
  const seen = await skimmerWasWatching(page);
  // The challenge address crossed (it is no card data); the card did not.
  expect(seen.some((s) => s.channel === 'message-in' && s.text.includes('/3ds/'))).toBe(true);
  expect(leaks(seen, { number: '4000000000003220', csc: '737' })).toEqual([]);
});

test('framed: the fields in the frame lock while a payment is under way and unlock when it ends', async ({
  page,
}) => {
  await open(page, '/isolated/');
  const ids = ['Card number', 'Expiry date', 'Security code', 'Cardholder name'];
  await typeEmail(page);
  await typeCard(page, { number: '4000000000003220', csc: '737' }, fields(page));
  await pressFramedPay(page);
  const dialog = page.getByRole('dialog', { name: 'Confirm the payment with your bank' });
  await expect(dialog).toBeVisible();
  for (const name of ids) await expect(fields(page).getByLabel(name), name).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(alertLine(page)).toHaveText(/You closed your bank’s check before it finished/);
  for (const name of ids) await expect(fields(page).getByLabel(name), name).toBeEnabled();
  // The code, asked for again, goes into the field the frame unlocked.
  await fields(page).getByLabel('Security code').pressSequentially('737');
  await expect(fields(page).getByLabel('Security code')).toHaveValue('737');
});

test('framed, a gateway fault: nothing leaks, nothing is charged twice, and trying again pays', async ({
  page,
}) => {
  await open(page, '/isolated/');
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111', csc: '737' }, fields(page));
  await setFault('http_500');
  await pressFramedPay(page);
  await expect(alertLine(page)).toHaveText(/No money was taken; you can try again/);
  const failed = await newestOrder();
  expect(failed?.status).toBe('issued');
  expect((await eventsOf(page)).find((e) => e.type === 'gateway-error')?.detail.type).toBe('server');
  await expect(fields(page).getByLabel('Card number')).toHaveValue('4111 1111 1111 1111');
  // The security code is never kept past a result, in the frame as in the page: typed again.
  await expect(fields(page).getByLabel('Security code')).toHaveValue('');
  await fields(page).getByLabel('Security code').pressSequentially('737');

  await pressFramedPay(page);
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  const order = await orderOfLastResult(page);
  expect(order.id).toBe(failed?.id);
  expect(paymentAttempts(order)).toBe(1);
  expect(leaks(await skimmerWasWatching(page), { number: '4111111111111111', csc: '737' })).toEqual([]);
});

test('framed, a lost answer: the frame POSTs once, and the page learns the order was paid', async ({
  page,
}) => {
  const payments: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/pay/')) payments.push(r.frame().url());
  });
  await open(page, '/isolated/');
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111', csc: '737' }, fields(page));
  await setFault('reset');
  await pressFramedPay(page);
  await expect(statusLine(page)).toHaveText(/Payment successful/, { timeout: 20_000 });
  const order = await orderOfLastResult(page);
  expect(order.status).toBe('paid');
  expect(paymentAttempts(order)).toBe(1);
  // One POST, and it came from the fields' own origin, not from the shop's page.
  expect(payments).toHaveLength(1);
  expect(new URL(payments[0]!).origin).toBe(E2E_FIELDS);
  expect(leaks(await skimmerWasWatching(page), { number: '4111111111111111', csc: '737' })).toEqual([]);
});

test('keyboard: Tab and Shift+Tab cross the frame in order, Enter in a field pays once', async ({ page }) => {
  const payments: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/pay/')) payments.push(r.url());
  });
  await open(page, '/isolated/');
  const email = page.locator('gateway-checkout').getByLabel('E-mail');
  await email.fill('anna@example.com');
  await email.focus();
  const frame = fields(page);
  await page.keyboard.press('Tab');
  await expect(frame.getByLabel('Card number')).toBeFocused();
  // The focus shows, inside the frame as in the page (the frame keeps room around its fields for the ring).
  await expect(frame.getByLabel('Card number')).toHaveCSS('outline-style', 'solid');
  await expect(frame.getByLabel('Card number')).toHaveCSS('outline-width', '2px');
  await page.keyboard.type('4111111111111111');
  // A complete number moves on by itself, as in the page.
  await expect(frame.getByLabel('Expiry date')).toBeFocused();
  await page.keyboard.type('1234');
  await expect(frame.getByLabel('Security code')).toBeFocused();
  await page.keyboard.type('737');
  await expect(frame.getByLabel('Cardholder name')).toBeFocused();
  await page.keyboard.type('Anna Berzina');
  await page.keyboard.press('Tab');
  await expect(framedPayButton(page)).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(frame.getByLabel('Cardholder name')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(frame.getByLabel('Security code')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(email).toBeFocused();
  await frame.getByLabel('Cardholder name').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  expect(payments).toHaveLength(1);
  expect((await orderOfLastResult(page)).status).toBe('paid');
});

test('validation: messages show in the frame, the first invalid field gets the focus, nothing is sent', async ({
  page,
}) => {
  await open(page, '/isolated/');
  const before = (await newestOrder())?.id;
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111', expiry: '01/20', csc: '737' }, fields(page));
  await pressFramedPay(page);
  await expect(fields(page).getByText('The card has expired.')).toBeVisible();
  await expect(fields(page).getByLabel('Expiry date')).toBeFocused();
  await expect(fields(page).getByLabel('Expiry date')).toHaveAttribute('aria-invalid', 'true');
  expect((await newestOrder())?.id).toBe(before);

  // The status line counts the fields the customer sees in red, as the in-page form does: here the
  // expiry; with every field empty, the e-mail and the four of the card.
  await expect(statusLine(page)).toHaveText('1 field needs your attention.');
  for (const label of ['Card number', 'Expiry date', 'Security code', 'Cardholder name']) {
    await fields(page).getByLabel(label).fill('');
  }
  await page.locator('gateway-checkout').getByLabel('E-mail').fill('');
  // The fields shrank and the Pay frame moved up: a press comes once it has stood still for half a
  // second (Chromium itself discards input to a frame watching its visibility that just moved).
  await page.waitForTimeout(600);
  await pressFramedPay(page);
  await expect(statusLine(page)).toHaveText('5 fields need your attention.');
  await typeEmail(page);

  // An invalid e-mail before the fields keeps the focus: the frame does not take it.
  await page.locator('gateway-checkout').getByLabel('E-mail').fill('');
  await page.waitForTimeout(600);
  await pressFramedPay(page);
  await expect(page.locator('gateway-checkout').getByLabel('E-mail')).toBeFocused();
});

test('the frame follows the page: dark scheme, right-to-left and theme tokens', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addInitScript((shop) => {
    if (location.origin !== shop) return;
    document.addEventListener('DOMContentLoaded', () => {
      document.documentElement.dir = 'rtl';
      const style = document.createElement('style');
      style.textContent = 'gateway-checkout { --gateway-color-border: rgb(200, 30, 120); }';
      document.head.append(style);
    });
  }, E2E_SHOP);
  await open(page, '/isolated/');
  const number = fields(page).getByLabel('Card number');
  await expect(number).toHaveCSS('border-top-color', 'rgb(200, 30, 120)');
  // Dark: the inputs take the dark background the page's own fields would have.
  await expect(number).toHaveCSS('background-color', 'rgb(38, 39, 44)');
  const frame = page.frames().find((f) => f.url().startsWith(E2E_FIELDS))!;
  expect(await frame.evaluate(() => document.documentElement.dir)).toBe('rtl');
  // Right to left: the expiry date, first in reading order, sits to the right of the security code.
  const expiry = await fields(page).getByLabel('Expiry date').boundingBox();
  const code = await fields(page).getByLabel('Security code').boundingBox();
  expect(expiry!.x).toBeGreaterThan(code!.x);
});

test('the fields refuse to be framed by a page that is not the shop’s', async ({ page }) => {
  await page.goto(`${SANDBOX}/_sandbox/`);
  const framed = page.waitForEvent('framenavigated', { predicate: (f) => f !== page.mainFrame() });
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.src = `${src}/#parent=${encodeURIComponent(location.origin)}&channel=abcdefghijkl`;
    document.body.append(frame);
  }, E2E_FIELDS);
  // frame-ancestors names the shop only: Chromium shows its error page instead of the fields.
  expect((await framed).url()).toMatch(/^chrome-error:/);
  await expect(page.frameLocator('iframe').getByLabel('Card number')).toHaveCount(0);
});

test('fields that never answer say so, and the checkout reports a fields error', async ({ page }) => {
  await page.goto('/isolated/');
  // Nothing listens there: the frame shows the browser's error page and never says hello.
  await page
    .locator('gateway-checkout')
    .evaluate((el) => el.setAttribute('fields-origin', 'http://127.0.0.1:1'));
  const checkout = page.locator('gateway-checkout');
  await expect(
    checkout.getByRole('alert').filter({ hasText: 'The card fields could not be loaded.' }),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(checkout.locator('iframe[title="Card details"]')).toBeHidden();
  expect((await eventsOf(page)).find((e) => e.type === 'gateway-error')?.detail.type).toBe('fields');
});
