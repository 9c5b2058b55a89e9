// A reader pays on the page that explains it: the getting-started page's live example is the real
// <gateway-checkout> (the script-tag bundle), asking the demo shop's session endpoint through the
// docs server and paying against the sandbox the docs server started. The order is then read back
// from that sandbox, where the money is.
import { expect, test } from '@playwright/test';
import { GatewayClient } from '../../src/server/index.ts';
import { E2E_SANDBOX } from '../support/ports.ts';

const sandbox = new GatewayClient({ baseUrl: E2E_SANDBOX, secretKey: 'sk_sandbox_docs', maxRetries: 0 });

test('the getting-started page pays with a test card on its live example', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/getting-started');

  const example = page.locator('.live-checkout');
  await expect(example).toHaveAttribute('data-state', 'live');
  const checkout = example.locator('gateway-checkout');
  await checkout.getByLabel('Card number').pressSequentially('4111111111111111', { delay: 5 });
  await checkout.getByLabel('Expiry date').pressSequentially('12/34', { delay: 5 });
  await checkout.getByLabel('Security code').pressSequentially('123', { delay: 5 });
  const name = checkout.getByLabel('Cardholder name');
  if (await name.count()) await name.pressSequentially('Ada Lovelace', { delay: 5 });
  await checkout.getByLabel('E-mail').fill('ada@example.com');
  await checkout.getByRole('button', { name: /^Pay/ }).click();

  const result = example.getByRole('status').filter({ hasText: 'gateway-success' });
  await expect(result).toContainText('status paid', { timeout: 40_000 });
  const orderId = /order (\S+),/.exec((await result.textContent()) ?? '')?.[1];
  expect(orderId).toBeTruthy();
  const order = await sandbox.orders.get(orderId!);
  expect(order.status).toBe('paid');
  expect(errors).toEqual([]);
  // What the reader saw, for a person to look at when a run fails or the look changes.
  await example.screenshot({ path: 'test-results/docs-live-example.png' });
});

test('the built site says how to run the examples when no sandbox answers', async ({ page }) => {
  await page.route('**/checkout/session**', (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.goto('/sandbox');
  const example = page.locator('.live-checkout');
  await expect(example).toHaveAttribute('data-state', 'offline');
  await expect(example).toContainText('npm install && npm run docs');
  await expect(example.locator('gateway-checkout')).toHaveCount(0);
});
