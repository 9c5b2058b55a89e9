import type { Order } from '../src/server/index.ts';
import { CART, MERCHANT_NAME, SCENARIOS, type ScenarioName } from './scenarios.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const money = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: CART.currency }).format(amount);

const STYLE = `
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
  nav ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; }
  nav a { display: inline-block; padding: 4px 10px; border-radius: 999px; border: 1px solid color-mix(in srgb, CanvasText 25%, transparent); text-decoration: none; color: inherit; font-size: 0.875rem; }
  nav a[aria-current="page"] { background: #0b57d0; color: #fff; border-color: #0b57d0; }
  .note { color: color-mix(in srgb, CanvasText 70%, transparent); }
  .cards code { font-size: 0.875rem; }
  #log { font-size: 0.875rem; white-space: pre-wrap; }
  .agent { display: grid; gap: 4px 0; margin-block-end: 16px; }
  .agent input { font: inherit; padding: 10px 12px; border: 1px solid #767982; border-radius: 6px; }
  .agent label { font-weight: 500; margin-block-start: 8px; }
`;

const sandboxLink = (sandboxUrl?: string) =>
  sandboxUrl
    ? ` · <a href="${escapeHtml(sandboxUrl)}/_sandbox/" target="_blank" rel="noopener">Sandbox gateway: orders and webhooks</a>`
    : '';

const head = (title: string, integrity: string) => `<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${MERCHANT_NAME}</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
<script src="/assets/gateway-checkout.iife.js" integrity="${integrity}" crossorigin="anonymous" defer></script>`;

export interface PageOptions {
  scenario: ScenarioName;
  integrity: string;
  sandboxUrl?: string;
  total: number;
}

/** The shop's checkout page: a cart, the scenario picker and one <gateway-checkout>. */
export function renderPage({ scenario, integrity, sandboxUrl, total }: PageOptions): string {
  const current = SCENARIOS[scenario];
  const query = `scenario=${scenario}`;
  const attrs = [
    `session-url="/checkout/session?${query}"`,
    'presentation' in current ? `presentation="${current.presentation}"` : '',
    'threeDs' in current ? `three-ds="${current.threeDs}"` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const nav = Object.entries(SCENARIOS)
    .map(
      ([name, s]) =>
        `<li><a href="?scenario=${name}"${name === scenario ? ' aria-current="page"' : ''}>${escapeHtml(s.title)}</a></li>`,
    )
    .join('');
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
${head('Checkout', integrity)}
</head>
<body>
<header>
  <strong>${MERCHANT_NAME}</strong>
  <span><a href="/moto/">Phone orders (MOTO)</a>${sandboxLink(sandboxUrl)}</span>
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
        <li><code>4000 0000 0000 3220</code> 3-D Secure challenge</li>
      </ul>
      <p>AVS: postal code <code>99999</code> gives a “no match”.</p>
    </div>
  </section>
  <section aria-labelledby="pay-heading">
    <h1 id="pay-heading">Checkout</h1>
    <nav aria-label="Payment scenario"><ul>${nav}</ul></nav>
    <p class="note">${escapeHtml(current.note)}</p>
    <gateway-checkout ${attrs}></gateway-checkout>
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

/**
 * The call-centre agent's screen: amount and order reference of the caller, then the card (no
 * security code on a phone order), Enter pays, Enter on "New payment" starts the next caller at
 * the amount. Each payment taken is listed, so the agent can read the result back to the caller.
 */
export function renderMotoPage({
  integrity,
  sandboxUrl,
}: {
  integrity: string;
  sandboxUrl?: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
${head('Phone orders', integrity)}
</head>
<body>
<header>
  <strong>${MERCHANT_NAME} · Phone orders</strong>
  <span><a href="/">Shop checkout</a>${sandboxLink(sandboxUrl)}</span>
</header>
<main>
  <section aria-labelledby="call-heading">
    <h1 id="call-heading">Phone order entry</h1>
    <p class="note">MOTO: the cardholder is on the phone and reads the card out; no security code.</p>
    <div class="agent">
      <label for="amount">Amount (EUR)</label>
      <input id="amount" type="number" inputmode="decimal" min="0.01" step="0.01" required autofocus>
      <label for="reference">Order reference</label>
      <input id="reference" autocomplete="off" pattern="[A-Za-z0-9_-]{0,32}">
    </div>
    <gateway-checkout moto session-url="/checkout/session?moto=1"></gateway-checkout>
  </section>
  <section aria-labelledby="taken-heading">
    <h2 id="taken-heading">Taken this shift</h2>
    <table>
      <thead><tr><th>Order</th><th>Result</th></tr></thead>
      <tbody id="taken"></tbody>
    </table>
  </section>
</main>
<script>
  const checkout = document.querySelector('gateway-checkout');
  const amount = document.getElementById('amount');
  const reference = document.getElementById('reference');
  const taken = document.getElementById('taken');
  // The amount and reference go to the shop's own server with the session; the card goes to the gateway.
  const update = () => {
    const value = Number(amount.value);
    const query = new URLSearchParams({ moto: '1', ref: reference.value });
    if (value >= 0.01) query.set('amount', value.toFixed(2));
    checkout.setAttribute('session-url', '/checkout/session?' + query);
  };
  amount.addEventListener('change', update);
  reference.addEventListener('change', update);
  const row = (order, result) => {
    const tr = document.createElement('tr');
    for (const text of [order, result]) tr.appendChild(document.createElement('td')).textContent = text;
    taken.prepend(tr);
  };
  checkout.addEventListener('gateway-success', (e) => row(e.detail.orderId.slice(0, 8), 'paid ' + amount.value + ' EUR'));
  checkout.addEventListener('gateway-decline', (e) => row(e.detail.orderId.slice(0, 8), 'declined: ' + e.detail.reason));
  // The next caller starts at the amount.
  checkout.addEventListener('gateway-new-payment', (e) => {
    e.preventDefault();
    amount.value = '';
    reference.value = '';
    update();
    amount.focus();
  });
</script>
</body>
</html>`;
}

/** Where the gateway's pages send the customer back: the shop reads the order itself. */
export function renderReturnPage(order: Order | null): string {
  const paid = order && (order.status === 'paid' || order.status === 'hold' || order.status === 'withdrawn');
  const heading = !order
    ? 'We could not find this order'
    : paid
      ? 'Thank you, your payment went through'
      : 'The payment did not go through';
  const reason = order?.transaction_details?.errors?.at(-1)?.description;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading)} · ${MERCHANT_NAME}</title><style>${STYLE}</style></head>
<body><header><strong>${MERCHANT_NAME}</strong></header>
<main style="display:block"><section>
<h1>${escapeHtml(heading)}</h1>
${order ? `<p>Order <code>${escapeHtml(order.id)}</code>: <strong id="order-status">${escapeHtml(order.status)}</strong></p>` : ''}
${reason && !paid ? `<p>${escapeHtml(reason)}</p>` : ''}
<p><a href="/">Back to the shop</a></p>
</section></main></body></html>`;
}
