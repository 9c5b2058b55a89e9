import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.ts';
import { sandboxApi } from './sandbox-api.ts';

// Direct Post in real Chromium: a merchant's plain HTML form (no script, no key) posts the card
// straight to the order's direct_post address and the browser follows the gateway's redirects.
let sandbox: Sandbox;
let shop: Server;
let shopUrl = '';
/** The form page the merchant serves for the order being paid. */
let formPage = '';

test.beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  shop = createServer((req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    if (req.url === '/pay') res.end(formPage);
    else if (req.url === '/thanks')
      res.end('<!doctype html><title>Thanks</title><h1>Thank you for your order</h1>');
    else if (req.url === '/sorry') res.end('<!doctype html><title>Sorry</title><h1>Payment failed</h1>');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => shop.close(resolve));
});

async function orderWithForm(): Promise<Record<string, unknown>> {
  const order = await sandboxApi(sandbox, '/orders/', {
    client: { email: 'buyer@example.com' },
    products: [{ title: 'Tea', price: 12.5 }],
    success_redirect: `${shopUrl}/thanks`,
    failure_redirect: `${shopUrl}/sorry`,
  });
  formPage = `<!doctype html><html lang="en"><title>Pay</title>
<form method="post" action="${order.direct_post}" enctype="multipart/form-data">
<label>Cardholder name <input name="cardholder_name" autocomplete="cc-name"></label>
<label>Card number <input name="number" inputmode="numeric" autocomplete="cc-number"></label>
<label>Month <select name="exp_month"><option>01</option><option>05</option><option>12</option></select></label>
<label>Year <input name="exp_year" inputmode="numeric"></label>
<label>Security code <input name="csc" inputmode="numeric" autocomplete="cc-csc"></label>
<button>Pay €12.50</button></form></html>`;
  return order;
}

async function fillAndPay(page: import('@playwright/test').Page, number: string): Promise<void> {
  await page.goto(`${shopUrl}/pay`);
  await page.getByLabel('Cardholder name').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Month').selectOption('05');
  await page.getByLabel('Year').fill('39');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay/ }).click();
}

test('a card form posted to direct_post ends on the success redirect with the order paid', async ({
  page,
}) => {
  const order = await orderWithForm();
  await fillAndPay(page, '4111 1111 1111 1111');
  await expect(page).toHaveURL(`${shopUrl}/thanks`);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  const read = await sandboxApi(sandbox, `/orders/${order.id}/`);
  expect(read.status).toBe('paid');
});

test('the 3-D Secure card goes through the challenge page, then to the success redirect', async ({
  page,
}) => {
  const order = await orderWithForm();
  await fillAndPay(page, '4000 0000 0000 3220');
  await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(`${shopUrl}/thanks`);
  expect((await sandboxApi(sandbox, `/orders/${order.id}/`)).status).toBe('paid');
});

test('a declined card ends on the failure redirect', async ({ page }) => {
  const order = await orderWithForm();
  await fillAndPay(page, '4000 0000 0000 0002');
  await expect(page).toHaveURL(`${shopUrl}/sorry`);
  expect((await sandboxApi(sandbox, `/orders/${order.id}/`)).status).toBe('rejected');
});
