import { existsSync } from 'node:fs';
import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.ts';
import { sandboxApi } from './sandbox-api.ts';
import { frameAndListen } from './support.ts';

// The sandbox's hosted payment pages in real Chromium: our own <gateway-checkout> from the
// sandbox's origin once the browser bundle is built (npm test builds it first), the plain HTML
// form when the sandbox runs from source without it.
let sandbox: Sandbox;
let plain: Sandbox;

test.beforeAll(async () => {
  expect(
    existsSync(new URL('../../dist/gateway-checkout.iife.js', import.meta.url)),
    'build the bundle first: node scripts/build.mjs iife',
  ).toBe(true);
  sandbox = await startSandbox({ port: 0 });
  plain = await startSandbox({ port: 0, distDir: null });
});
test.afterAll(async () => {
  await sandbox?.close();
  await plain?.close();
});

const apiCall = sandboxApi;

const createOrder = (sb: Sandbox, extra: Record<string, unknown> = {}) =>
  apiCall(sb, '/orders/', {
    client: { email: 'buyer@example.com' },
    products: [{ title: 'Tea', price: 7 }],
    ...extra,
  });

const statusOf = async (sb: Sandbox, id: unknown) => (await apiCall(sb, `/orders/${id}/`)).status;

/** Types like a person into the fields found by their accessible names (inside open shadow roots). */
async function typeCard(scope: Page | FrameLocator, number: string, csc: string | null = '123') {
  await scope.getByLabel('Card number').pressSequentially(number, { delay: 5 });
  await scope.getByLabel('Expiry date').pressSequentially('12/39', { delay: 5 });
  if (csc !== null) await scope.getByLabel('Security code').pressSequentially(csc, { delay: 5 });
  await scope.getByLabel('Cardholder name').pressSequentially('Ada Lovelace', { delay: 5 });
}

const CHALLENGE = 'iframe[title="Confirm the payment with your bank"]';

test('the full page checkout is our element, and pays', async ({ page }) => {
  const order = await createOrder(sandbox);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(String(order.full_page_checkout));
  await expect(page.locator('gateway-checkout')).toHaveCount(1);
  await typeCard(page, '4111 1111 1111 1111');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.locator('gateway-checkout [part~="status"]')).toHaveText(/Payment successful/);
  expect(await statusOf(sandbox, order.id)).toBe('paid');
  // Everything came from the sandbox's origin: the page, the bundle, the payment and the status.
  expect(requests.length).toBeGreaterThan(0);
  for (const url of requests) expect(new URL(url).origin).toBe(sandbox.url);
  expect(requests).toContain(`${sandbox.url}/assets/gateway-checkout.iife.js`);
  expect(requests.some((u) => u.includes('/status'))).toBe(true);
});

test('3-D Secure on the full page: approved inside the element’s dialog', async ({ page }) => {
  const order = await createOrder(sandbox);
  await page.goto(String(order.full_page_checkout));
  await typeCard(page, '4000 0000 0000 3220');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.frameLocator(CHALLENGE).getByRole('button', { name: 'Approve' }).click();
  await expect(page.locator('gateway-checkout [part~="status"]')).toHaveText(/Payment successful/);
  expect(page.url()).toBe(order.full_page_checkout);
  expect(await statusOf(sandbox, order.id)).toBe('paid');
});

test('a decline keeps the customer on the page, and another card pays', async ({ page }) => {
  const order = await createOrder(sandbox);
  await page.goto(String(order.full_page_checkout));
  await typeCard(page, '4000 0000 0000 9995');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.locator('gateway-checkout [part~="message"]')).toHaveText(/declined|funds/i);
  expect(await statusOf(sandbox, order.id)).toBe('rejected');
  expect(page.url()).toBe(order.full_page_checkout);
  const field = (name: string) => page.getByLabel(name);
  await field('Card number').fill('');
  await field('Card number').pressSequentially('4111 1111 1111 1111', { delay: 5 });
  await field('Security code').fill('');
  await field('Security code').pressSequentially('123', { delay: 5 });
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.locator('gateway-checkout [part~="status"]')).toHaveText(/Payment successful/);
  expect(await statusOf(sandbox, order.id)).toBe('paid');
});

test('a MOTO order asks for no security code', async ({ page }) => {
  const order = await createOrder(sandbox, { is_moto: true });
  await page.goto(String(order.full_page_checkout));
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect(page.getByLabel('Security code')).toHaveCount(0);
  await typeCard(page, '4111 1111 1111 1111', null);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect.poll(() => statusOf(sandbox, order.id)).toBe('paid');
});

test('success_redirect and failure_redirect are followed as on the plain page', async ({ page }) => {
  const paid = await createOrder(sandbox, {
    success_redirect: `${sandbox.url}/_sandbox/?result=paid`,
    failure_redirect: `${sandbox.url}/_sandbox/?result=failed`,
  });
  await page.goto(String(paid.full_page_checkout));
  await typeCard(page, '4111 1111 1111 1111');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL(/result=paid/);

  const declined = await createOrder(sandbox, {
    success_redirect: `${sandbox.url}/_sandbox/?result=paid`,
    failure_redirect: `${sandbox.url}/_sandbox/?result=failed`,
  });
  await page.goto(String(declined.full_page_checkout));
  await typeCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL(/result=failed/);
  expect(await statusOf(sandbox, declined.id)).toBe('rejected');
});

test('framed: 3-D Secure in a dialog inside the frame; ended by the gateway’s result page, the parent hears it is over', async ({
  page,
}) => {
  const order = await createOrder(sandbox);
  // A merchant page (here on the sandbox's own origin) framing iframe_checkout and recording messages.
  await page.goto(`${sandbox.url}/_sandbox/`);
  const messages = await frameAndListen(page, String(order.iframe_checkout), 'Payment');
  const hosted = page.frameLocator('iframe[title="Payment"]');
  await typeCard(hosted, '4000 0000 0000 3220');
  await hosted.getByRole('button', { name: /^Pay/ }).click();
  // Two words end a challenge, and they race: the gateway's result page (its message, which the
  // hosted page passes on to its parent) and the order's status. When the status comes first, the
  // checkout closes the dialog before the result page has spoken, and the parent hears nothing: the
  // message is an early word only. The status held back here lets the result page speak first.
  await page.route('**/checkout/*/status*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue().catch(() => {});
  });
  await hosted.frameLocator(CHALLENGE).getByRole('button', { name: 'Approve' }).click();
  await expect(hosted.locator('gateway-checkout [part~="status"]')).toHaveText(/Payment successful/);
  await expect
    .poll(messages)
    .toContainEqual({ type: 'gateway-3ds-complete', order_id: order.id, status: 'paid' });
  expect(await statusOf(sandbox, order.id)).toBe('paid');
});

test('without the bundle the plain form pays through the challenge', async ({ page }) => {
  const order = await createOrder(plain);
  await page.goto(String(order.full_page_checkout));
  await expect(page.locator('gateway-checkout')).toHaveCount(0);
  await page.getByLabel('Card number').fill('4000 0000 0000 3220');
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Cardholder name').fill('Ada Lovelace');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('You can close this window')).toBeVisible();
  expect(await statusOf(plain, order.id)).toBe('paid');
});
