// The pages sections 6 to 8 load, from one server: our checkout as the README tells a merchant to
// embed it, a plain HTML form with the same fields and labels, and an empty page with the bundle for
// mounting checkouts in a loop. Pages find the fields by their accessible names, as a customer (or a
// screen reader) does, not by our markup, so the measurements survive changes inside the elements.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright';
import { chromium } from 'playwright';
import { checkoutConfigSchema } from '../src/protocol/index.ts';
import { chromiumLaunchOptions } from '../test/support/chromium.ts';

/** The fields a customer fills on a card checkout, by the names our English catalog gives them. */
export const FIELD_NAMES = ['Card number', 'Expiry date', 'Security code', 'Cardholder name'] as const;

/** Playwright's page.evaluate has no timeout of its own; a page that never settles must not hang the bench. */
export const PAGE_TIMEOUT_MS = 20_000;

export function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const SESSION = JSON.stringify(
  checkoutConfigSchema.parse({
    amount: 32.25,
    currency: 'EUR',
    language: 'en',
    merchant_name: 'Bench shop',
    avs: 'off',
    save: null,
    moto: false,
    collect_email: false,
  }),
);

/** The same shop asking for the customer's e-mail, as the README's merchant does. */
const SESSION_WITH_EMAIL = JSON.stringify({ ...JSON.parse(SESSION), collect_email: true });
/** How long the slow merchant server takes to answer the configuration. */
export const SLOW_SESSION_MS = 1000;

/**
 * Runs first in the head of every page. `window.__interactive` resolves with performance.now() (ms
 * since navigation start) at the first moment every named field is in the document (shadow roots
 * included), enabled, editable and laid out. It checks after every DOM change, in the document and in
 * each shadow root as it is attached, so the moment is exact to the change that completed the form; a
 * 4 ms timer catches what only styles change. `window.__head` is when the probe itself ran: the
 * renderer is up and parsing the page. No busy loop: a spinning probe would take a core from
 * the browser and slow the page that needs more round trips more than the plain one.
 */
const INTERACTIVE_PROBE = `<script>
window.__head = performance.now();
// Where the checkout's script time goes: its elements are defined at the end of its evaluation.
window.__defines = [];
const define = customElements.define;
customElements.define = function (...args) {
  const start = performance.now();
  try {
    return define.apply(this, args);
  } finally {
    window.__defines.push([start, performance.now()]);
  }
};
// Cumulative layout shift: every shift that no input of the customer caused.
window.__cls = 0;
new PerformanceObserver((list) => {
  for (const shift of list.getEntries()) if (!shift.hadRecentInput) window.__cls += shift.value;
}).observe({ type: 'layout-shift', buffered: true });
window.__interactive = new Promise((resolve) => {
  const wanted = ${JSON.stringify(FIELD_NAMES.map((n) => n.toLowerCase()))};
  const text = (node) => (node ? node.textContent : '');
  const nameOf = (input) => {
    const root = input.getRootNode();
    const label = input.getAttribute('aria-label');
    if (label) return label;
    const by = input.getAttribute('aria-labelledby');
    if (by) return by.split(/\\s+/).map((id) => text(root.getElementById(id))).join(' ');
    return Array.from(input.labels || [], text).join(' ');
  };
  const fields = (root, out) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) fields(el.shadowRoot, out);
      if (el.localName === 'input') out.push(el);
    }
    return out;
  };
  let done = false;
  const observer = new MutationObserver(() => check());
  const watch = (root) => observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    watch(root);
    return root;
  };
  const check = () => {
    if (done) return;
    const named = new Map(wanted.map((want) => [want, []]));
    for (const input of fields(document, [])) {
      if (input.disabled || input.readOnly) continue;
      const name = nameOf(input).replace(/\\s+/g, ' ').trim().toLowerCase();
      for (const want of wanted) if (name.includes(want)) named.get(want).push(input);
    }
    // Layout last, and only once every field is there: it forces a style pass.
    for (const inputs of named.values()) if (!inputs.some((input) => input.checkVisibility())) return;
    done = true;
    resolve(performance.now());
    observer.disconnect();
    Element.prototype.attachShadow = attachShadow;
  };
  watch(document);
  const poll = () => {
    check();
    if (!done) setTimeout(poll, 4);
  };
  poll();
});
</script>`;

const head = (title: string, extra = '') =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
  `<title>${title}</title>${INTERACTIVE_PROBE}${extra}</head>`;

/** Our checkout, embedded as the README's "For merchants" shows. */
const CHECKOUT_PAGE = `${head(
  'Checkout · gateway-checkout',
  '<script src="/gateway-checkout.iife.js" defer></script>',
)}<body><main><h1>Bench shop</h1><gateway-checkout session-url="/session" collect-email="false"></gateway-checkout></main></body></html>`;

/**
 * The same checkout rendered on the server (gateway-checkout/ssr, from dist/node/ssr): its fields
 * come in the HTML and take input before the bundle; the bundle then takes them over.
 */
export async function serverRenderedCheckoutPage(dist: string): Promise<string> {
  const ssr = (await import(
    pathToFileURL(join(dist, 'node/ssr/index.js')).href
  )) as typeof import('../src/ssr/index.ts');
  const markup = await ssr.renderCheckout({
    attributes: { 'session-url': '/session', 'collect-email': 'false' },
  });
  return `${head(
    'Checkout · gateway-checkout, server-rendered',
    '<script src="/gateway-checkout.iife.js" defer></script>',
  )}<body><main><h1>Bench shop</h1>${markup}</main></body></html>`;
}

/**
 * The checkout on a slow merchant server that asks for the e-mail: its configuration answers a
 * second after the card fields take input. Nothing may move when it does.
 */
const SLOW_SESSION_PAGE = `${head(
  'Checkout · gateway-checkout, slow session',
  '<script src="/gateway-checkout.iife.js" defer></script>',
)}<body><main><h1>Bench shop</h1><gateway-checkout session-url="/session-slow"></gateway-checkout></main></body></html>`;

/** The same fields and labels and no script but the probe: the floor a checkout page cannot beat. */
const PLAIN_PAGE = `${head('Checkout · plain form')}<body><main><h1>Bench shop</h1>
<form method="post" action="/pay">
  <label for="number">Card number</label><input id="number" autocomplete="cc-number" inputmode="numeric">
  <label for="expiry">Expiry date</label><input id="expiry" autocomplete="cc-exp" inputmode="numeric" placeholder="MM / YY">
  <label for="csc">Security code</label><input id="csc" autocomplete="cc-csc" inputmode="numeric">
  <label for="name">Cardholder name</label><input id="name" autocomplete="cc-name">
  <button>Pay €32.25</button>
</form></main></body></html>`;

/** The bundle and nothing else: section 8 mounts and unmounts checkouts here. */
const EMPTY_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>mount loop</title>
<script src="/gateway-checkout.iife.js"></script></head><body></body></html>`;

export interface PageServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the bundle and its siblings, a session answer and the given pages (path → HTML) on a free
 * loopback port.
 * Every bench section that drives Chromium loads its pages from one of these.
 */
export async function servePages(
  dist: string,
  pages: Readonly<Record<string, string>>,
  session = SESSION,
): Promise<PageServer> {
  // The bundle and its siblings, which it loads from its own folder (the card fields' masks too).
  const scripts = new Map(
    readdirSync(dist)
      .filter((name) => /^gateway-checkout\..+\.js$/.test(name))
      .map((name) => [`/${name}`, readFileSync(join(dist, name))]),
  );
  const server: Server = createServer((req, res) => {
    const send = (status: number, type: string, body: string | Buffer) => {
      res.writeHead(status, {
        'content-type': type,
        'content-length': Buffer.byteLength(body),
        'cache-control': 'no-store',
        // Cross-origin isolation raises performance.now() from 100 µs to 5 µs resolution, which a
        // keystroke of a fraction of a millisecond needs. Everything is same-origin, so nothing breaks.
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      });
      res.end(body);
    };
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const page = Object.hasOwn(pages, path) ? pages[path] : undefined;
    if (page !== undefined) send(200, 'text/html; charset=utf-8', page);
    else if (scripts.has(path)) send(200, 'text/javascript; charset=utf-8', scripts.get(path)!);
    else if (path === '/session' && req.method === 'GET') send(200, 'application/json', session);
    else if (path === '/session-slow' && req.method === 'GET')
      setTimeout(() => send(200, 'application/json', SESSION_WITH_EMAIL), SLOW_SESSION_MS);
    else send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The bench's pages; `serverRendered` adds the server-rendered checkout at /checkout-ssr. */
export const startPageServer = (dist: string, serverRendered?: string): Promise<PageServer> =>
  servePages(dist, {
    '/checkout': CHECKOUT_PAGE,
    '/plain': PLAIN_PAGE,
    '/empty': EMPTY_PAGE,
    '/checkout-slow-session': SLOW_SESSION_PAGE,
    ...(serverRendered ? { '/checkout-ssr': serverRendered } : {}),
  });

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    ...chromiumLaunchOptions,
    // Belt and braces on top of the project's flags: no host name resolves, so nothing but
    // 127.0.0.1 can be reached whatever the page or Chromium itself might try.
    args: [...chromiumLaunchOptions.args, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
  });
}

/** A fresh context per load: empty memory and HTTP caches, no V8 code cache, a new renderer heap. */
export async function inFreshContext<T>(browser: Browser, run: (context: BrowserContext) => Promise<T>) {
  const context = await browser.newContext();
  try {
    return await run(context);
  } finally {
    await context.close();
  }
}

export interface Interactive {
  /** ms since navigation start. */
  at: number;
  /** The HTML's first byte, ms since navigation start. */
  responseStart: number;
  /** The first script in the head ran (the parser has started on the page), ms since navigation start. */
  head: number;
  /** The page's requests by path (resource timing): when each was sent and fully answered. */
  requests: Record<string, { start: number; end: number }>;
  /** customElements.define calls: [start, end] ms since navigation start (the checkout's, at its end). */
  defines: Array<[number, number]>;
  /** Cumulative layout shift once the session has answered. */
  cls: number;
}

/** Loads a page and returns when its fields take input, with the time it took. */
export async function loadInteractive(page: Page, url: string): Promise<Interactive> {
  await page.goto(url, { waitUntil: 'commit' });
  return withTimeout(
    page.evaluate(async () => {
      const at = await (window as unknown as { __interactive: Promise<number> }).__interactive;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const w = window as unknown as { __head: number; __defines: Array<[number, number]> };
      return {
        at,
        responseStart: nav?.responseStart ?? Number.NaN,
        head: w.__head,
        requests: {},
        defines: w.__defines ?? [],
        cls: 0,
      };
    }),
    PAGE_TIMEOUT_MS,
    `${url}: the fields never took input`,
  );
}
