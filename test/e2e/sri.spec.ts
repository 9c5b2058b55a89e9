import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';

// Subresource Integrity: the script-tag bundle loaded with its published hash
// (dist/gateway-checkout.iife.js.integrity) runs as built, and a copy changed by one byte on its way
// (a compromised CDN) is refused by the browser: no element is ever defined. A small static server
// of its own serves both copies over real HTTP.

const dist = new URL('../../dist/', import.meta.url);
let server: Server;
let base: string;

test.beforeAll(async () => {
  const bundle = await readFile(new URL('gateway-checkout.iife.js', dist), 'utf8');
  const integrity = (await readFile(new URL('gateway-checkout.iife.js.integrity', dist), 'utf8')).trim();
  // The attacker's copy: the same bundle with one line added that would take the card.
  const tampered = `${bundle}\n;window.skimmed=true;`;
  const page = (src: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SRI</title>
<script src="${src}" integrity="${integrity}" crossorigin="anonymous"></script></head>
<body><gateway-checkout api-do-url="https://gw.example/pay/x/" amount="1" currency="EUR"></gateway-checkout></body></html>`;
  server = createServer((req, res) => {
    const routes: Record<string, [string, string]> = {
      '/genuine/': ['text/html', page('/genuine.js')],
      '/tampered/': ['text/html', page('/tampered.js')],
      '/genuine.js': ['text/javascript', bundle],
      '/tampered.js': ['text/javascript', tampered],
    };
    const route = routes[req.url ?? ''];
    if (!route) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': route[0], 'access-control-allow-origin': '*' }).end(route[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('the published hash admits the bundle as built: the checkout appears', async ({ page }) => {
  await page.goto(`${base}/genuine/`);
  await expect(page.locator('gateway-checkout').getByLabel('Card number')).toBeVisible();
});

test('a tampered copy with the published hash is refused, and the checkout never appears', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => errors.push(message.text()));
  const loaded = page.waitForResponse(`${base}/tampered.js`);
  await page.goto(`${base}/tampered/`);
  await loaded;
  await page.waitForLoadState('load');
  expect(errors.join('\n')).toMatch(/integrity/i);
  const state = await page.evaluate(() => ({
    defined: customElements.get('gateway-checkout') !== undefined,
    skimmed: (window as unknown as { skimmed?: boolean }).skimmed ?? false,
    shadow: document.querySelector('gateway-checkout')?.shadowRoot != null,
  }));
  expect(state).toEqual({ defined: false, skimmed: false, shadow: false });
  await expect(page.getByLabel('Card number')).toHaveCount(0);
});
