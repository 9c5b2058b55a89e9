import { createServer, type Server } from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.ts';
import { sandboxApi } from './sandbox-api.ts';

// The sandbox's /_sandbox/ page, watched by a person in real Chromium while orders come in.
let sandbox: Sandbox;
let receiver: Server;
let receiverUrl = '';

test.beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, distDir: null });
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/webhooks`;
  await apiCall('/webhooks/', { title: 'shop', url: receiverUrl, version: 'v0.6', all_events: true });
});
test.afterAll(async () => {
  await sandbox.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const apiCall = (path: string, body?: unknown) => sandboxApi<Record<string, string>>(sandbox, path, body);

const newOrder = () =>
  apiCall('/orders/', {
    client: { email: 'buyer@example.com' },
    products: [{ title: 'Tea', price: 12.5 }],
    currency: 'EUR',
  });

const payVisa = (order: Record<string, string>) =>
  fetch(order.api_do_url!, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ card_number: '4111111111111111', exp_month: 12, exp_year: 39, csc: '123' }),
  });

/** Marks the loaded document, so a test can tell a live update from a reload. */
async function openControlPage(page: Page): Promise<() => Promise<boolean>> {
  await page.goto(`${sandbox.url}/_sandbox/`);
  await page.evaluate(() => {
    (window as unknown as { loadedOnce: boolean }).loadedOnce = true;
  });
  return () => page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce === true);
}

test('a new order, its payment and its webhook deliveries appear without a reload, newest first', async ({
  page,
}) => {
  const sameDocument = await openControlPage(page);
  const earlier = await newOrder();
  const order = await newOrder();
  const rows = page.locator('#orders tbody tr');
  const row = page.locator(`#orders tr[data-id="${order.id}"]`);
  await expect(row).toBeVisible();
  await expect(rows.first()).toHaveAttribute('data-id', order.id!);
  await expect(rows.nth(1)).toHaveAttribute('data-id', earlier.id!);
  await expect(row.getByText('issued')).toBeVisible();
  await expect(row.getByText('€12.50')).toBeVisible();

  await payVisa(order);
  await expect(row.getByText('paid', { exact: true })).toBeVisible();
  const deliveries = page.locator('#deliveries tbody tr');
  await expect(deliveries.first()).toContainText('order.payment_success');
  await expect(deliveries.first()).toContainText(order.id!.slice(0, 8));
  await expect(deliveries.first()).toContainText('delivered');
  expect(await sameDocument()).toBe(true);
});

test('an id reads short, shows in full on hover, and its Copy button copies all of it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const order = await newOrder();
  await openControlPage(page);
  const cell = page.locator(`#orders tr[data-id="${order.id}"] td[data-label="Order"]`);
  await expect(cell.locator('.id')).toHaveText(order.id!.slice(0, 8));
  await expect(cell.locator('.id')).toHaveAttribute('title', order.id!);
  await cell.getByRole('button', { name: `Copy order id ${order.id}` }).click();
  await expect(cell.getByRole('button', { name: `Copy order id ${order.id}` })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(order.id);
});

for (const [width, height] of [
  [1100, 800],
  [390, 844],
] as const) {
  test(`readable at ${width} px: nothing runs off the side, every order shows status and amount`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    const order = await newOrder();
    await payVisa(order);
    await openControlPage(page);
    const row = page.locator(`#orders tr[data-id="${order.id}"]`);
    await expect(row.getByText('paid', { exact: true })).toBeVisible();
    await expect(row.getByText('€12.50')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`sandbox-page-${width}.png`), fullPage: true });
  });
}

test('the 3-D Secure page reads like a bank’s, with one Cancel only where no dialog offers one', async ({
  page,
}) => {
  const order = await newOrder();
  const answer = (await (
    await fetch(order.api_do_url!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ card_number: '4000000000003220', exp_month: 12, exp_year: 39, csc: '123' }),
    })
  ).json()) as { threed_check_url: string };

  await page.goto(`${answer.threed_check_url}?dialog=1`);
  await expect(page.getByText('Sandbox Bank')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
  await expect(page.getByText('€12.50')).toBeVisible();
  await expect(page.getByText('Visa •••• 3220')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fail' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

  await page.goto(answer.threed_check_url);
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Payment confirmed.')).toBeVisible();
  expect((await apiCall(`/orders/${order.id}/`)).status).toBe('paid');
});

test('filters, an order’s detail with its deliveries, and the merchant’s actions from the page', async ({
  page,
}) => {
  const order = await apiCall('/orders/', {
    number: `DETAIL-${Date.now()}`,
    client: { email: 'buyer@example.com' },
    products: [{ title: 'Tea', price: 12.5 }],
    skip_capture: true,
  });
  await payVisa(order);
  await openControlPage(page);
  await page.getByRole('searchbox', { name: 'Search' }).first().fill(order.number!);
  await page.getByRole('button', { name: 'Filter' }).first().click();
  const rows = page.locator('#orders tbody tr');
  await expect(rows).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Order status' }).first().selectOption('paid');
  await expect(page.locator('#orders tbody')).toContainText('No order matches the filter.');
  await page.getByRole('combobox', { name: 'Order status' }).first().selectOption('hold');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('link').click();

  await expect(page.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
  const changes = page.getByRole('table', { name: 'Status changes' });
  await expect(changes.locator('tbody tr')).toHaveCount(3);
  const hold = page.locator('details.delivery', { hasText: 'order.hold' });
  await expect(hold).toHaveCount(1);
  await hold.locator('summary').click();
  await expect(hold).toContainText('X-Webhook-Event: order.hold');
  await expect(hold).toContainText('HTTP 204');
  await expect(hold).toContainText('"status": "hold"');

  const capture = page.getByRole('form', { name: 'Capture' });
  await capture.getByRole('textbox').fill('20');
  await capture.getByRole('button', { name: 'Capture' }).click();
  await expect(page.locator('#action-outcome')).toHaveText(/Amount|total|exceed/i);
  await capture.getByRole('textbox').fill('5');
  await capture.getByRole('button', { name: 'Capture' }).click();
  await expect(page.locator('#action-outcome')).toHaveText('Done: the order is paid.');
  // The page follows by itself: the new status, the new change, the new delivery, the rest kept open.
  await expect(changes.locator('tbody tr')).toHaveCount(4);
  await expect(page.locator('details.delivery', { hasText: 'order.payment_success' })).toHaveCount(1);
  await expect(hold).toHaveAttribute('open', '');
  expect((await apiCall(`/orders/${order.id}/`)).status).toBe('paid');

  await page.getByRole('link', { name: '← All orders' }).click();
  await page.getByRole('tab', { name: /Webhooks/ }).click();
  await expect(page).toHaveURL(/tab=webhooks/);
  await expect(page.locator('#deliveries')).toBeVisible();
  await expect(page.locator('#orders')).toBeHidden();
  await expect(page.locator('#deliveries tbody tr').first()).toContainText('order.payment_success');
});

for (const [width, height] of [
  [1100, 800],
  [375, 812],
] as const) {
  test(`an order’s detail reads at ${width} px: nothing runs off the side`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const order = await newOrder();
    await payVisa(order);
    await page.goto(`${sandbox.url}/_sandbox/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: `Order ${order.number}`, exact: true })).toBeVisible();
    await page.locator('details.delivery summary').first().click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`sandbox-detail-${width}.png`), fullPage: true });
  });
}
