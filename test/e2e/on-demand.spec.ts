import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import {
  eventsOf,
  framedPayButton,
  orderOfLastResult,
  recordEvents,
  recordViolations,
  statusLine,
  typeCard,
} from './support.ts';

// The script-tag bundle carries English and the fields in the page; the masks that group what is
// typed in them (loaded as the fields first render, while they already take input), other languages
// and the isolated fields' parent side are sibling files it loads on demand from its own location,
// each checked against a hash built into it. Here the bundle comes from a CDN-like second origin (dist/
// served under a versioned folder on another loopback port) into the demo's strict-CSP page
// (demo/csp-page.ts: no inline script, Trusted Types required; 'self' plus the CDN, or a nonce).
// A second folder on that CDN serves the same files with every sibling changed by a few bytes, as a
// compromised CDN would: the bundle (pinned by the page) is genuine, its siblings are not. A third
// holds back the masks until the test lets them go, as a slow network would.

const dist = new URL('../../dist/', import.meta.url);
const GENUINE = '/npm/gateway-checkout@0.1.0/dist';
const TAMPERED = '/tampered/gateway-checkout@0.1.0/dist';
const HELD = '/held/gateway-checkout@0.1.0/dist';
let server: Server;
/** Lets the held folder's masks go. */
let releaseMasks: () => void = () => {};
let masksReleased = Promise.resolve();
let cdn: string;
/** Every file the CDN was asked for, in order. */
const served: string[] = [];

test.beforeAll(async () => {
  const files = new Map<string, Buffer>();
  for (const name of await readdir(dist))
    if (/^gateway-checkout\..+\.js$/.test(name)) files.set(name, await readFile(new URL(name, dist)));
  server = createServer((req, res) => {
    const path = req.url ?? '';
    served.push(path);
    const folder = [GENUINE, TAMPERED, HELD].find((f) => path.startsWith(`${f}/`));
    const name = folder ? path.slice(folder.length + 1) : '';
    const file = files.get(name);
    if (!file) return res.writeHead(404, { 'access-control-allow-origin': '*' }).end();
    const sibling = !name.startsWith('gateway-checkout.iife.');
    // What a skimmer would add: the genuine part, and a line that takes what it can.
    const body = folder === TAMPERED && sibling ? `${file};window.skimmed=true;` : file;
    const send = () =>
      res.writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' }).end(body);
    if (folder === HELD && name.startsWith('gateway-checkout.mask.')) void masksReleased.then(send);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cdn = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const cspPage = (query: Record<string, string>) => `/csp/?${new URLSearchParams(query)}`;
const checkout = (page: Page) => page.locator('gateway-checkout');
const fieldsFrame = (page: Page) => page.frameLocator('gateway-checkout iframe[title="Card details"]');
const siblingsServed = () => served.filter((p) => !p.endsWith('/gateway-checkout.iife.js')).sort();

for (const variant of ['self', 'nonce'] as const) {
  const csp: Record<string, string> = variant === 'nonce' ? { nonce: '' } : {};

  test(`strict CSP (${variant}), bundle from a CDN: a German page loads German and the masks alone and pays in German`, async ({
    page,
  }) => {
    served.length = 0;
    const violations = await recordViolations(page);
    await recordEvents(page);
    await page.goto(cspPage({ ...csp, lang: 'de', cdn: `${cdn}${GENUINE}` }));
    const form = checkout(page);
    await expect(form.getByRole('button', { name: /bezahlen$/ })).toBeVisible();
    await form.getByLabel('Kartennummer').pressSequentially('4111111111111111', { delay: 5 });
    await form.getByLabel('Ablaufdatum').pressSequentially('12/34', { delay: 5 });
    await form.getByLabel('Sicherheitscode').pressSequentially('123', { delay: 5 });
    await form.getByLabel('Name des Karteninhabers').pressSequentially('Anna Berzina', { delay: 5 });
    const email = form.getByLabel('E-Mail');
    if (await email.count()) await email.fill('cdn@example.com');
    await form.getByRole('button', { name: /bezahlen$/ }).click();
    await expect(statusLine(page)).toHaveText(/Zahlung erfolgreich/);
    expect((await orderOfLastResult(page)).status).toBe('paid');
    // The German texts (after the languages' table), the masks, and the rarer outcomes' part
    // (fetched as the payment starts, so a network lost mid-payment still finds it) and nothing
    // else came beside the bundle, from its own folder.
    expect(siblingsServed()).toEqual([
      expect.stringMatching(/^\/npm\/gateway-checkout@0\.1\.0\/dist\/gateway-checkout\.de\.\w+\.js$/),
      expect.stringMatching(/^\/npm\/gateway-checkout@0\.1\.0\/dist\/gateway-checkout\.languages\.\w+\.js$/),
      expect.stringMatching(/^\/npm\/gateway-checkout@0\.1\.0\/dist\/gateway-checkout\.mask\.\w+\.js$/),
      expect.stringMatching(/^\/npm\/gateway-checkout@0\.1\.0\/dist\/gateway-checkout\.outcomes\.\w+\.js$/),
    ]);
    expect(violations).toEqual([]);
  });

  test(`strict CSP (${variant}), bundle from a CDN: the isolated fields' frame works`, async ({ page }) => {
    served.length = 0;
    const violations = await recordViolations(page);
    await recordEvents(page);
    await page.goto(cspPage({ ...csp, isolated: '', cdn: `${cdn}${GENUINE}` }));
    await typeCard(page, { number: '4111111111111111', csc: '737' }, fieldsFrame(page));
    const email = checkout(page).getByLabel('E-mail');
    if (await email.count()) await email.fill('cdn@example.com');
    await framedPayButton(page).click();
    await expect(statusLine(page)).toHaveText(/Payment successful/);
    expect((await orderOfLastResult(page)).status).toBe('paid');
    // The fields' parent side came beside the bundle, from its folder, and the rarer outcomes'
    // part as the payment started; no language did, nor the masks: the page holds no card field
    // (the fields page has its own masks inside).
    expect(siblingsServed()).toEqual([
      expect.stringMatching(/^\/npm\/gateway-checkout@0\.1\.0\/dist\/gateway-checkout\.bridge\.\w+\.js$/),
      expect.stringMatching(/^\/npm\/gateway-checkout@0\.1\.0\/dist\/gateway-checkout\.outcomes\.\w+\.js$/),
    ]);
    expect(violations).toEqual([]);
  });
}

test('strict CSP, bundle from a CDN: a German page with isolated fields shows German in the frame and beside it', async ({
  page,
}) => {
  served.length = 0;
  const violations = await recordViolations(page);
  await page.goto(cspPage({ lang: 'de', isolated: '', cdn: `${cdn}${GENUINE}` }));
  // The fields page in German carries the German texts inside (its CSP admits its own inline
  // scripts only): it speaks the language the page configures it with, and asks for no file.
  const frame = page.locator('gateway-checkout iframe[part~="frame"]');
  await expect(frame).toHaveAttribute('title', 'Kartendaten');
  await expect(frame.contentFrame().getByLabel('Kartennummer')).toBeEditable();
  await expect(frame.contentFrame().getByLabel('Sicherheitscode')).toBeVisible();
  const payFrame = page.frameLocator('gateway-checkout iframe[part~="pay-frame"]');
  await expect(payFrame.getByRole('button', { name: /bezahlen$/ })).toBeVisible();
  // Beside the bundle: the German texts of the page's own parts (after the languages' table), and
  // the fields' parent side.
  expect(siblingsServed()).toEqual([
    expect.stringMatching(/\/gateway-checkout\.bridge\.\w+\.js$/),
    expect.stringMatching(/\/gateway-checkout\.de\.\w+\.js$/),
    expect.stringMatching(/\/gateway-checkout\.languages\.\w+\.js$/),
  ]);
  expect(violations).toEqual([]);
});

test('an English page with the fields in it loads the bundle and the masks beside it, nothing else', async ({
  page,
}) => {
  served.length = 0;
  await page.goto(cspPage({ cdn: `${cdn}${GENUINE}` }));
  await expect(checkout(page).getByLabel('Card number')).toBeEditable();
  await page.waitForLoadState('networkidle');
  expect(served).toEqual([
    `${GENUINE}/gateway-checkout.iife.js`,
    expect.stringMatching(/^\/npm\/gateway-checkout@0\.1\.0\/dist\/gateway-checkout\.mask\.\w+\.js$/),
  ]);
});

test('the fields take input before the masks are here: what was typed is kept, grouped once they arrive', async ({
  page,
}) => {
  masksReleased = new Promise((resolve) => {
    releaseMasks = resolve;
  });
  const violations = await recordViolations(page);
  await recordEvents(page);
  // Not up to the load event: the page's load waits for the masks.
  await page.goto(cspPage({ cdn: `${cdn}${HELD}` }), { waitUntil: 'domcontentloaded' });
  const form = checkout(page);
  const number = form.getByLabel('Card number');
  await number.pressSequentially('4111111111111111', { delay: 5 });
  await form.getByLabel('Expiry date').pressSequentially('1234', { delay: 5 });
  // Taken as typed: nothing lost, nothing in red, the number already known for a Visa.
  await expect(number).toHaveValue('4111111111111111');
  await expect(form.getByLabel('Expiry date')).toHaveValue('1234');
  await expect(form.locator('[part~="brand-icon"][data-brand="visa"]')).toBeVisible();
  const changes = async () => (await eventsOf(page)).filter((e) => e.type === 'gateway-change').length;
  const changed = await changes();
  releaseMasks();
  await expect(number).toHaveValue('4111 1111 1111 1111');
  await expect(form.getByLabel('Expiry date')).toHaveValue('12/34');
  // The masks placing what was typed is no change of the customer's: the page hears none.
  expect(await changes()).toBe(changed);
  // From here on the masks group what is typed, and the card is paid once.
  await form.getByLabel('Security code').pressSequentially('1234', { delay: 5 });
  await expect(form.getByLabel('Security code')).toHaveValue('123');
  await form.getByLabel('Cardholder name').pressSequentially('Anna Berzina', { delay: 5 });
  const email = form.getByLabel('E-mail');
  if (await email.count()) await email.fill('held@example.com');
  await form.getByRole('button', { name: /^Pay/ }).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  expect((await orderOfLastResult(page)).status).toBe('paid');
  expect(violations).toEqual([]);
});

test('tampered masks are refused: the fields take the card as typed and the payment goes through', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await recordEvents(page);
  await page.goto(cspPage({ cdn: `${cdn}${TAMPERED}` }));
  const form = checkout(page);
  await expect(form.getByLabel('Card number')).toBeEditable();
  // A customer who types the spaces as printed on the card, and one who types none, alike.
  await typeCard(page, { number: '4111 1111 1111 1111', expiry: '12/34' });
  await expect(form.getByLabel('Card number')).toHaveValue('4111 1111 1111 1111');
  const email = form.getByLabel('E-mail');
  if (await email.count()) await email.fill('cdn@example.com');
  await form.getByRole('button', { name: /^Pay/ }).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  expect((await orderOfLastResult(page)).status).toBe('paid');
  expect(await page.evaluate(() => (window as { skimmed?: boolean }).skimmed ?? false)).toBe(false);
  expect(warnings.join('\n')).toMatch(/integrity/i);
  expect(warnings.join('\n')).toMatch(/gateway-checkout\.mask\.\w+\.js was refused or not found/);
  expect((await eventsOf(page)).filter((e) => e.type === 'gateway-error')).toEqual([]);
});

test('a tampered language file is refused: the page shows English and still pays', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await recordEvents(page);
  await page.goto(cspPage({ lang: 'de', cdn: `${cdn}${TAMPERED}` }));
  await typeCard(page, { number: '4111111111111111' });
  const email = checkout(page).getByLabel('E-mail');
  if (await email.count()) await email.fill('cdn@example.com');
  await checkout(page).getByRole('button', { name: /^Pay/ }).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  expect((await orderOfLastResult(page)).status).toBe('paid');
  expect(await page.evaluate(() => (window as { skimmed?: boolean }).skimmed ?? false)).toBe(false);
  expect(warnings.join('\n')).toMatch(/integrity/i);
  expect(warnings.join('\n')).toMatch(/de texts could not be loaded; English is shown/);
  expect((await eventsOf(page)).filter((e) => e.type === 'gateway-error')).toEqual([]);
});

test('a tampered file of the isolated fields is refused: the page hears an error, and no card is asked for in it', async ({
  page,
}) => {
  await recordEvents(page);
  await page.goto(cspPage({ isolated: '', cdn: `${cdn}${TAMPERED}` }));
  const form = checkout(page);
  // The customer reads why there is no card form; the frame, which never got its bridge, is hidden.
  await expect(form.getByRole('alert').filter({ hasText: /card fields could not be loaded/i })).toBeVisible();
  await expect(form.locator('iframe[title="Card details"]')).toBeHidden();
  await expect
    .poll(async () => (await eventsOf(page)).filter((e) => e.type === 'gateway-error'))
    .toEqual([
      expect.objectContaining({ type: 'gateway-error', detail: expect.objectContaining({ type: 'fields' }) }),
    ]);
  // Nothing of the changed file ran, and the card is never asked for in the page instead.
  expect(await page.evaluate(() => (window as { skimmed?: boolean }).skimmed ?? false)).toBe(false);
  await expect(form.getByLabel('Card number')).toHaveCount(0);
  // The rest of the form is whole: its own fields still take what the customer types.
  const email = form.getByLabel('E-mail');
  if (await email.count()) {
    await email.fill('still@example.com');
    await expect(email).toHaveValue('still@example.com');
  }
});
