// The demo shop's checkout page, and what its other pages share: the look, the head with the
// script tag, the link to the sandbox. The MOTO screen is in moto/page.ts, the return page in
// shop/return-page.ts.
import type { RenderCheckoutOptions } from '../src/ssr/index.ts';
import { CART, MERCHANT_NAME, SCENARIOS, type ScenarioName } from './scenarios.ts';

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The checkout's server renderer as the package ships it (dist/node/ssr, built by `npm run demo`):
 * it must hold the same templates as the bundle the page loads, which the build transforms alike.
 */
const SSR = new URL('../dist/node/ssr/index.js', import.meta.url).href;
const renderCheckout = async (options: RenderCheckoutOptions) =>
  ((await import(SSR)) as typeof import('../src/ssr/index.ts')).renderCheckout(options);

export const money = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: CART.currency }).format(amount);

export const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  body { margin: 0; background: Canvas; color: CanvasText; }
  header { padding: 16px 24px; border-block-end: 1px solid color-mix(in srgb, CanvasText 15%, transparent); display: flex; justify-content: space-between; align-items: center; gap: 16px; flex-wrap: wrap; }
  header strong { font-size: 1.25rem; }
  main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr); gap: 32px; max-width: 1040px; margin: 24px auto; padding: 0 24px; }
  @media (max-width: 760px) { main { grid-template-columns: 1fr; } }
  section, aside { border: 1px solid color-mix(in srgb, CanvasText 15%, transparent); border-radius: 12px; padding: 20px; }
  table { width: 100%; border-collapse: collapse; }
  td, th { padding: 6px 0; text-align: start; }
  td:last-child, th:last-child { text-align: end; }
  tfoot th { border-block-start: 1px solid color-mix(in srgb, CanvasText 25%, transparent); }
  nav ul, form[action="/scenario"] ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; }
  nav a, form[action="/scenario"] button { display: inline-block; padding: 4px 10px; border-radius: 999px; border: 1px solid color-mix(in srgb, CanvasText 25%, transparent); text-decoration: none; color: inherit; background: none; font: inherit; font-size: 0.875rem; cursor: pointer; }
  nav a[aria-current="page"], form[action="/scenario"] button[aria-pressed="true"] { background: #0b57d0; color: #fff; border-color: #0b57d0; }
  .note { color: color-mix(in srgb, CanvasText 70%, transparent); }
  .cards code { font-size: 0.875rem; }
  #log { font-size: 0.875rem; white-space: pre-wrap; overflow-wrap: anywhere; }
  .agent { display: grid; gap: 4px 0; margin-block-end: 16px; }
  .agent input { font: inherit; padding: 10px 12px; border: 1px solid #767982; border-radius: 6px; }
  .agent label { font-weight: 500; margin-block-start: 8px; }
`;

export const sandboxLink = (sandboxUrl?: string) =>
  sandboxUrl
    ? ` · <a href="${escapeHtml(sandboxUrl)}/_sandbox/" target="_blank" rel="noopener">Sandbox gateway: orders and webhooks</a>`
    : '';

const BUNDLE = '/assets/gateway-checkout.iife.js';

/**
 * The `Link` header of a page with the script tag: the bundle is asked for as the page's headers
 * arrive. Without it the bundle waits for the parser to reach its tag, which on a phone (CPU 4x
 * slower, 150 ms round trip) is 100 to 160 ms after the page arrived. Same address, CORS mode and
 * hash as the tag, so the tag takes this response rather than asking again.
 */
export const bundlePreload = (integrity: string): string =>
  `<${BUNDLE}>; rel=preload; as=script; crossorigin=anonymous; integrity="${integrity}"`;

export const head = (title: string, integrity: string) => `<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${MERCHANT_NAME}</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
<script src="${BUNDLE}" integrity="${integrity}" crossorigin="anonymous" defer></script>`;

export interface PageOptions {
  scenario: ScenarioName;
  integrity: string;
  sandboxUrl?: string;
  total: number;
  /** Isolated card fields: the second origin that serves them. */
  fieldsOrigin?: string;
  /** The checkout rendered here (default), or the bare tag that the bundle renders. */
  serverRender?: boolean;
  /** The page's own address: the isolated fields' frame names it. */
  pageUrl?: string;
}

/**
 * The shop's checkout page: a cart, the scenario picker and one <gateway-checkout>, rendered here
 * with its card fields (gateway-checkout/ssr), so they take input as soon as the page is parsed.
 */
export async function renderPage({
  scenario,
  integrity,
  sandboxUrl,
  total,
  fieldsOrigin,
  serverRender = true,
  pageUrl,
}: PageOptions): Promise<string> {
  const current = SCENARIOS[scenario];
  const attributes = {
    // The shop's one session endpoint: how the cart is paid is the visit's, on the server.
    'session-url': '/checkout/session',
    'fields-origin': fieldsOrigin,
    presentation: 'presentation' in current ? current.presentation : undefined,
    'three-ds': 'threeDs' in current ? current.threeDs : undefined,
  };
  const checkout = serverRender
    ? await renderCheckout({ attributes, ...(pageUrl ? { url: pageUrl } : {}) })
    : `<gateway-checkout ${Object.entries(attributes)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => `${name}="${escapeHtml(value!)}"`)
        .join(' ')}></gateway-checkout>`;
  // The picker changes the visit's cart on the server (a form post), as adding a subscription to a
  // real shop's cart would: no address of the page or of the checkout names the scenario.
  const nav = Object.entries(SCENARIOS)
    .map(
      ([name, s]) =>
        `<li><button name="scenario" value="${name}" aria-pressed="${name === scenario}">${escapeHtml(s.title)}</button></li>`,
    )
    .join('');
  const page = fieldsOrigin ? '/isolated/' : '/';
  const rows = CART.items
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.title)}${i.quantity > 1 ? ` × ${i.quantity}` : ''}</td><td>${money(i.price * i.quantity)}</td></tr>`,
    )
    .join('');
  const amount = 'zeroAmount' in current ? 0 : total;
  return `<!doctype html>
<html lang="en">
<head>
${head('Checkout', integrity)}${
  // The fields' origin is known before the bundle runs: its connection opens while the bundle loads.
  fieldsOrigin ? `\n<link rel="preconnect" href="${escapeHtml(new URL(fieldsOrigin).origin)}">` : ''
}
</head>
<body>
<header>
  <strong>${MERCHANT_NAME}</strong>
  <span>${fieldsOrigin ? '<a href="/">Card fields in the page</a>' : '<a href="/isolated/">Isolated card fields</a>'} · <a href="/moto/">Phone orders (MOTO)</a>${sandboxLink(sandboxUrl)}</span>
</header>
<main>
  <section aria-labelledby="cart-heading">
    <h2 id="cart-heading">${'zeroAmount' in current ? 'Nothing to pay now' : 'Your order'}</h2>
    <table>
      <tbody>${rows}</tbody>
      <tfoot><tr><th>Total</th><th>${money(amount)}</th></tr></tfoot>
    </table>
    <div class="cards">
      <h3>Sandbox test cards</h3>
      <p>Any future expiry date, any security code (4 digits for American Express).</p>
      <ul>
        <li><code>4111 1111 1111 1111</code> Visa, approved</li>
        <li><code>5555 5555 5555 4444</code> Mastercard, approved</li>
        <li><code>3782 822463 10005</code> American Express, approved</li>
        <li><code>4000 0000 0000 0002</code> declined by the issuer</li>
        <li><code>4000 0000 0000 9995</code> declined, insufficient funds</li>
        <li><code>4000 0000 0000 3220</code> 3-D Secure challenge at the bank</li>
        <li><code>4000 0000 0000 3063</code> 3-D Secure, no challenge (frictionless)</li>
        <li><code>4000 0042 8000 0005</code> issued in Latvia: saving it asks the bank</li>
        <li><code>4000 0027 6000 0016</code> issued in Germany: no standard AVS</li>
        <li><code>4000 0082 6000 0000</code> issued in the United Kingdom</li>
      </ul>
      <p>AVS: postal code <code>99999</code> gives a “no match”.</p>
    </div>
  </section>
  <section aria-labelledby="pay-heading">
    <h1 id="pay-heading">Checkout</h1>
    <form method="post" action="/scenario" aria-label="Payment scenario"><input type="hidden" name="page" value="${page}"><ul>${nav}</ul></form>
    <p class="note">${escapeHtml(current.note)}</p>
    ${fieldsOrigin ? `<p class="note">Isolated card fields: the card is typed in a frame served from <code>${escapeHtml(fieldsOrigin)}</code>, another origin, and sent from there to the gateway. No script of this page can read it.</p>` : ''}
    <div data-bot-check${'botCheck' in current ? ' data-ask' : ''}></div><script src="/bot-check.js" defer></script>
    ${checkout}
    <h2>Events</h2>
    <p id="log" aria-live="off"></p>
  </section>
</main>
<script>
  // What the shop sees of a payment: events without card data.
  const log = document.getElementById('log');
  for (const type of ['gateway-ready', 'gateway-success', 'gateway-decline', 'gateway-error']) {
    document.addEventListener(type, (event) => {
      log.textContent += type + ' ' + JSON.stringify(event.detail) + '\\n';
    });
  }
</script>
</body>
</html>`;
}
