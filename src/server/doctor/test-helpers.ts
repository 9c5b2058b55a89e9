// A merchant's shop for the doctor's tests, on a free port: a checkout page (its CSP and markup
// chosen by the test), a folder serving a bundle and its siblings, and a webhook receiver; plus a
// sandbox gateway in the state the test asks for.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Sandbox, startSandbox } from '../../sandbox/index.ts';
import { GatewayClient } from '../client.ts';
import { toNodeHandler } from '../node.ts';
import { createWebhookHandler } from '../webhooks.ts';
import type { DoctorOptions } from './types.ts';

export const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
const hex = (text: string) => createHash('sha384').update(text).digest('hex').slice(0, 10);

/** Sibling files named by content, and a bundle carrying their table as the build writes it. */
export function bundleFolder(): Record<string, string> {
  const siblings: Record<string, string> = {};
  for (const part of ['mask', 'de', 'bridge']) {
    const text = `(()=>{document.currentScript.dispatchEvent(new CustomEvent("gateway-sibling",{detail:{part:"${part}"}}))})();\n`;
    siblings[`gateway-checkout.${part}.${hex(text)}.js`] = text;
  }
  const table = Object.entries(siblings)
    // As the build's minifier writes them: template literals.
    .map(([file, text]) => `${file.split('.')[1]}:()=>o(\`${file}\`,\`${sri(text)}\`)`)
    .join(',');
  return {
    'gateway-checkout.iife.js': `(()=>{const t={${table}};customElements.define("gateway-checkout",class extends HTMLElement{})})();\n`,
    ...siblings,
  };
}

export interface ShopOptions {
  /** The page's Content-Security-Policy header (none when undefined). */
  policy?: (gateway: string, shop: string) => string | undefined;
  /** Extra markup in the page's head (a `<meta>` policy). */
  head?: string;
  /** Attributes of `<gateway-checkout>` besides session-url. */
  attributes?: string;
  /** Change the served folder: drop or alter files. */
  files?: (files: Record<string, string>) => Record<string, string>;
  /** The integrity the page pins (default: the bundle's own). */
  integrity?: (bundle: string) => string;
}

export interface Shop {
  sandbox: Sandbox;
  url: string;
  page: string;
  webhookUrl: string;
  doctor(extra?: Partial<DoctorOptions>): DoctorOptions;
  close(): Promise<void>;
}

export const STATUS_SECRET = 'a-status-secret-of-forty-characters-0123';

/** A sandbox (options as given) and a shop in front of it. */
export async function startShop(
  options: ShopOptions = {},
  sandboxOptions: Parameters<typeof startSandbox>[0] = {},
): Promise<Shop> {
  const sandbox = await startSandbox({ port: 0, ...sandboxOptions });
  const gateway = new GatewayClient({ baseUrl: sandbox.url, secretKey: sandbox.secretKey });
  const served = bundleFolder();
  const files = options.files ? options.files({ ...served }) : served;
  const bundle = served['gateway-checkout.iife.js']!;
  const webhooks = toNodeHandler(
    createWebhookHandler({ allowedIps: ['127.0.0.1', '::1'], client: gateway, onEvent: () => {} }),
  );
  let shop = '';
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/webhooks/gateway') return void webhooks(req, res);
    if (path === '/checkout/') {
      const policy = options.policy?.(sandbox.url, shop);
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        ...(policy ? { 'content-security-policy': policy } : {}),
      });
      const integrity = options.integrity ? options.integrity(bundle) : sri(bundle);
      return void res.end(`<!doctype html><html><head>${options.head ?? ''}
<script src="/assets/gateway-checkout.iife.js" integrity="${integrity}" crossorigin="anonymous" defer></script>
</head><body><gateway-checkout session-url="/checkout/session"${options.attributes ?? ''}></gateway-checkout></body></html>`);
    }
    const asset = /^\/assets\/([\w.-]+)$/.exec(path);
    const file = asset && files[asset[1]!];
    if (file !== undefined && file !== null) {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      return void res.end(file);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  shop = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const webhookUrl = `${shop}/webhooks/gateway`;
  return {
    sandbox,
    url: shop,
    page: `${shop}/checkout/`,
    webhookUrl,
    doctor: (extra = {}) => ({
      baseUrl: sandbox.url,
      secretKey: sandbox.secretKey,
      page: `${shop}/checkout/`,
      webhookUrl,
      statusSecret: STATUS_SECRET,
      ...extra,
    }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sandbox.close();
    },
  };
}

/** Subscribes the shop's receiver as a merchant's server does at boot. */
export async function subscribe(shop: Shop): Promise<void> {
  const gateway = new GatewayClient({ baseUrl: shop.sandbox.url, secretKey: shop.sandbox.secretKey });
  await gateway.webhooks.ensure({ title: 'shop', url: shop.webhookUrl, version: 'v0.6', all_events: true });
}

/** A policy a careful merchant sends: its own scripts, the gateway, the banks (any https page). */
export const GOOD_POLICY = (gateway: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    `connect-src 'self' ${gateway}`,
    `frame-src ${gateway} ${bankOf(gateway)} https:`,
    "require-trusted-types-for 'script'",
    'trusted-types lit-html gateway-checkout',
  ].join('; ');

/** The sandbox's bank origin: its port + 1. */
export const bankOf = (gateway: string) => {
  const url = new URL(gateway);
  return `${url.protocol}//${url.hostname}:${Number(url.port) + 1}`;
};
