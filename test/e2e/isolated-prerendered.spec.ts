import { expect, type Page, test } from '@playwright/test';
import {
  eventsOf,
  framedPayButton,
  holdBack,
  newestOrderId,
  orderOfLastResult,
  ordersMadeSince,
  recordEvents,
  setFault,
  typeCard,
  typeEmail,
} from './support.ts';

// The isolated fields' page is built with its form rendered in (declarative shadow DOM, one page per
// language): the card can be typed in the frame as soon as its page is parsed, before the frame's
// script has run and before the shop's page has introduced itself to it. Here the page's end of
// the frame's messages (the bundle's `bridge` sibling) is held back, as a slow network would: the
// frame shows its fields and takes the card all the same, and once the two meet, the card typed is
// the one paid, once.

// By its part: its title is in the page's language.
const fields = (page: Page) => page.frameLocator('gateway-checkout iframe[part~="frame"]');

/** Holds back the bundle's bridge sibling until the returned function lets it go. */
const holdBridge = (page: Page) => holdBack(page, '**/gateway-checkout.bridge.*.js');

const readyHeard = async (page: Page) => (await eventsOf(page)).some((e) => e.type === 'gateway-ready');

test.beforeEach(async ({ page }) => {
  await setFault('none');
  await recordEvents(page);
});

test('the frame takes the card before it has met the page; once they meet, that card is paid once', async ({
  page,
}) => {
  const before = await newestOrderId();
  const release = await holdBridge(page);
  // The held script keeps the page's load event back: the page is used as soon as it is there.
  await page.goto('/isolated/', { waitUntil: 'domcontentloaded' });
  const number = fields(page).getByLabel('Card number');
  await expect(number).toBeEditable();
  await typeCard(
    page,
    { number: '5555555555554444', expiry: '12/34', csc: '123', name: 'Anna Berzina' },
    fields(page),
  );
  // The frame's own script groups what is typed; the page has not heard a word of it.
  await expect(number).toHaveValue('5555 5555 5555 4444');
  expect((await eventsOf(page)).filter((e) => e.type === 'gateway-change')).toEqual([]);

  release();
  // Introduced: the page hears what the fields hold (never the card: its brand and state).
  await expect
    .poll(async () => (await eventsOf(page)).filter((e) => e.type === 'gateway-change').at(-1)?.detail)
    .toEqual({ brand: 'mastercard', complete: true, empty: false, valid: true });
  await expect(fields(page).getByLabel('Cardholder name')).toHaveValue('Anna Berzina');
  await typeEmail(page);
  // The fields' Pay frame has just appeared: a press counts once it has stood still for half a second.
  await page.waitForTimeout(600);
  await framedPayButton(page).click();
  const order = await orderOfLastResult(page);
  expect(order.status).toBe('paid');
  expect(await ordersMadeSince(before)).toEqual([order.id]);
  expect(await readyHeard(page)).toBe(true);
});

test('the shop renders the frame into its page: it takes the card before the bundle comes, which then adopts that very frame', async ({
  page,
}) => {
  const release = await holdBack(page, '**/gateway-checkout.iife.js');
  await page.goto('/isolated/', { waitUntil: 'commit' });
  const number = fields(page).getByLabel('Card number');
  await expect(number).toBeEditable();
  expect(await page.evaluate(() => customElements.get('gateway-checkout') === undefined)).toBe(true);
  // Where the fields' Pay button will be, ours stands disabled until its page is known.
  const ours = page.locator('gateway-checkout [part~="pay-button"]');
  await expect(ours).toBeVisible();
  await expect(ours).toBeDisabled();
  await typeCard(
    page,
    { number: '4111111111111111', expiry: '12/34', csc: '123', name: 'Anna Berzina' },
    fields(page),
  );
  // The frame's page, by its clock: it must not load again when the bundle takes it over.
  const frame = page.frames().find((f) => f.url().includes('#parent='))!;
  const loadedAt = await frame.evaluate(() => performance.timeOrigin);

  release();
  await expect.poll(() => readyHeard(page)).toBe(true);
  await expect
    .poll(async () => (await eventsOf(page)).filter((e) => e.type === 'gateway-change').at(-1)?.detail)
    .toEqual({ brand: 'visa', complete: true, empty: false, valid: true });
  expect(await frame.evaluate(() => performance.timeOrigin)).toBe(loadedAt);
  // The fields' own Pay button has taken its place.
  await expect(framedPayButton(page)).toBeVisible();
  await expect(ours).toBeHidden();
  await expect(number).toHaveValue('4111 1111 1111 1111');
  await typeEmail(page);
  // The fields' Pay frame has just appeared: a press counts once it has stood still for half a second.
  await page.waitForTimeout(600);
  await framedPayButton(page).click();
  expect((await orderOfLastResult(page)).status).toBe('paid');
});

test('a German page frames fields rendered in German from their first paint', async ({ page }) => {
  const release = await holdBridge(page);
  await page.goto('/csp/?lang=de&isolated', { waitUntil: 'domcontentloaded' });
  // Before the page has said a word to the frame (its bridge is held): the frame's own page is German.
  await expect(fields(page).getByLabel('Kartennummer')).toBeEditable();
  expect(await fields(page).locator('html').getAttribute('lang')).toBe('de');
  release();
  await expect(fields(page).getByLabel('Kartennummer')).toBeEditable();
});

test('opened on its own, the fields page shows no fields, only what it is for', async ({ page }) => {
  const response = await page.goto(`${new URL(await fieldsOrigin(page))}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByText('These card fields work inside a checkout page only.')).toBeVisible();
  await expect(page.locator('gateway-card-form')).toHaveCount(0);
});

/** The fields' origin, as the shop's isolated page names it. */
async function fieldsOrigin(page: Page): Promise<string> {
  await page.goto('/isolated/');
  const origin = await page.locator('gateway-checkout').getAttribute('fields-origin');
  if (!origin) throw new Error('the isolated page names no fields-origin');
  return origin;
}
