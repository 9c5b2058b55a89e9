import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type DemoMerchant, startDemoMerchant } from '../../demo/merchant.ts';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.ts';
import { GatewayClient } from '../../src/server/index.ts';
import { alertLine, eventsOf, pressFramedPay, recordEvents, typeCard, typeEmail } from './support.ts';

// The velocity limits as a customer in the isolated fields meets them. The suite's shared demo
// raises its limits (every spec pays from one address), so this one runs a demo shop of its own,
// on free ports and its own sandbox, at the library's strictness: one new order per 20 minutes.

let sandbox: Sandbox;
let shop: DemoMerchant;
let gateway: GatewayClient;

test.beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  gateway = new GatewayClient({ baseUrl: sandbox.url, secretKey: sandbox.secretKey, maxRetries: 0 });
  shop = await startDemoMerchant({
    gatewayUrl: sandbox.url,
    secretKey: sandbox.secretKey,
    port: 0,
    fieldsPort: 0,
    distDir: join(import.meta.dirname, '..', '..', 'dist'),
    limits: { ordersPerClient: { max: 1, windowMs: 20 * 60_000 } },
  });
});
test.afterAll(async () => {
  await shop?.close();
  await sandbox?.close();
});

const fields = (page: import('@playwright/test').Page) =>
  page.frameLocator('gateway-checkout iframe[title="Card details"]');

test('in the isolated fields, a customer past the limit is told how long to wait, keeps the card typed and pays nothing', async ({
  page,
}) => {
  await recordEvents(page);
  await page.goto(`${shop.url}/isolated/`);
  await expect(fields(page).getByLabel('Card number')).toBeEditable();
  await typeEmail(page);
  // The one order this client may have now: declined.
  await typeCard(page, { number: '4000000000000002', csc: '737' }, fields(page));
  await pressFramedPay(page);
  await expect(alertLine(page)).toHaveText(/Your bank declined the payment/);

  // Another card needs a new order: refused until the sliding count lets one through (the
  // window's rest, then the next one while the order still weighs on it: at most 40 minutes).
  await fields(page).getByLabel('Card number').fill('');
  await fields(page).getByLabel('Card number').pressSequentially('5555555555554444', { delay: 5 });
  await fields(page).getByLabel('Security code').pressSequentially('737', { delay: 5 });
  await pressFramedPay(page);
  await expect(alertLine(page)).toHaveText(/^Too many attempts, try again in (\d+) minutes?\.?$/);
  const minutes = Number(/in (\d+) minute/.exec((await alertLine(page).textContent()) ?? '')![1]);
  expect(minutes).toBeGreaterThanOrEqual(1);
  expect(minutes).toBeLessThanOrEqual(40);
  await page.screenshot({ path: 'test-results/isolated-too-many-attempts.png', fullPage: true });

  // The same kind of error as the in-page checkout fires, not "network".
  const errors = (await eventsOf(page)).filter((e) => e.type === 'gateway-error');
  expect(errors.at(-1)?.detail).toMatchObject({ type: 'rate_limited' });
  // What the customer typed is still there.
  await expect(fields(page).getByLabel('Card number')).toHaveValue('5555 5555 5555 4444');
  await expect(fields(page).getByLabel('Security code')).toHaveValue('737');
  await expect(page.locator('gateway-checkout').getByLabel('E-mail')).toHaveValue('anna@example.com');
  // Nothing was paid: the one order there is, declined; no second one was made.
  const orders = (await gateway.orders.list()).results;
  expect(orders.map((o) => o.status)).toEqual(['rejected']);
});
