import { expect, test } from '@playwright/test';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.ts';
import { sandboxApi } from './sandbox-api.ts';
import { frameAndListen } from './support.ts';

// The sandbox's 3-D Secure challenge completed by a person in real Chromium.
let sandbox: Sandbox;

test.beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
test.afterAll(async () => {
  await sandbox.close();
});

const apiCall = (path: string, body?: unknown) => sandboxApi(sandbox, path, body);

/** An order paid with the 3-D Secure test card: answers the challenge address. */
async function challengedOrder(): Promise<{ id: string; threedCheckUrl: string }> {
  const order = await apiCall('/orders/', {
    client: { email: 'buyer@example.com' },
    products: [{ title: 'Tea', price: 12.5 }],
    currency: 'EUR',
  });
  const response = await fetch(String(order.api_do_url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      card_number: '4000000000003220',
      exp_month: 12,
      exp_year: 39,
      csc: '123',
      cardholder_name: 'Ada Lovelace',
    }),
  });
  const answer = (await response.json()) as { status: string; threed_check_url?: string };
  expect(answer.status).toBe('in_progress');
  expect(answer.threed_check_url).toBeTruthy();
  return { id: String(order.id), threedCheckUrl: answer.threed_check_url! };
}

test('Approve on the challenge page pays the order', async ({ page }) => {
  const { id, threedCheckUrl } = await challengedOrder();
  expect((await apiCall(`/orders/${id}/`)).status).toBe('in_progress');
  await page.goto(threedCheckUrl);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('You can close this window')).toBeVisible();
  expect((await apiCall(`/orders/${id}/`)).status).toBe('paid');
});

test('Fail on the challenge page rejects the order', async ({ page }) => {
  const { id, threedCheckUrl } = await challengedOrder();
  await page.goto(threedCheckUrl);
  await page.getByRole('button', { name: 'Fail' }).click();
  await expect(page.getByText('You can close this window')).toBeVisible();
  const order = await apiCall(`/orders/${id}/`);
  expect(order.status).toBe('rejected');
});

test('the challenge inside an iframe tells its parent when it is done', async ({ page }) => {
  const { id, threedCheckUrl } = await challengedOrder();
  // A parent page on the sandbox's origin that frames the challenge and records messages.
  await page.goto(`${sandbox.url}/_sandbox/`);
  const messages = await frameAndListen(page, threedCheckUrl, '3-D Secure');
  await page.frameLocator('iframe[title="3-D Secure"]').getByRole('button', { name: 'Approve' }).click();
  await expect.poll(messages).toContainEqual({ type: 'gateway-3ds-complete', order_id: id, status: 'paid' });
});

// The hosted payment pages (our element, or the plain form without a build): sandbox-hosted.spec.ts.
