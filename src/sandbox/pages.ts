/** HTML the sandbox serves: the 3-D Secure challenge, the hosted checkouts and the control page. */
import { toMajor } from '../protocol/index.ts';
import { THREE_DS_CANCELLED } from './payments.ts';
import type { OrderRecord } from './records.ts';
import type { WebhookDelivery } from './webhooks.ts';

export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** JSON inside a <script>: "<" escaped so no value can close the script element. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

const STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
label{display:block;margin:.6rem 0 .2rem}input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}
button{font:inherit;padding:.5rem 1.2rem;margin:.8rem .4rem 0 0;cursor:pointer}
table{border-collapse:collapse;width:100%;font-size:.9rem}td,th{border:1px solid #ccc;padding:.3rem;text-align:left}
.note{color:#555;font-size:.9rem}`;

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;

const amountText = (o: OrderRecord) =>
  `${toMajor(o.totalMinor).toFixed(2)} ${escapeHtml(o.request.currency ?? 'EUR')}`;

export function challengePage(o: OrderRecord, actionUrl: string): string {
  return page(
    '3-D Secure check',
    `<main><h1>3-D Secure check</h1>
<p>Sandbox issuer: confirm the payment of <strong>${amountText(o)}</strong> with card ${escapeHtml(o.card?.masked ?? '')}.</p>
<form method="post" action="${escapeHtml(actionUrl)}">
<button type="submit" name="result" value="approve">Approve</button>
<button type="submit" name="result" value="fail">Fail</button>
<button type="submit" name="result" value="cancel">Cancel</button>
</form></main>`,
  );
}

/** Shown when no redirect applies: tells the parent frame or opener that the challenge is over. */
export function challengeDonePage(o: OrderRecord): string {
  const message = { type: 'gateway-3ds-complete', order_id: o.id, status: o.status };
  return page(
    '3-D Secure check complete',
    `<main><h1>3-D Secure check complete</h1><p>Order status: <strong data-status>${escapeHtml(o.status)}</strong>.</p>
<p>You can close this window.</p></main>
<script>(function(){var m=${scriptJson(message)};
// targetOrigin "*": the message carries no secret, and the sandbox cannot know the merchant's origin.
try{if(window.parent&&window.parent!==window)window.parent.postMessage(m,'*');}catch(e){}
try{if(window.opener)window.opener.postMessage(m,'*');}catch(e){}})();</script>`,
  );
}

export function messagePage(title: string, text: string): string {
  return page(title, `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main>`);
}

export function checkoutPage(o: OrderRecord, json: Record<string, unknown>, framed: boolean): string {
  const moto = o.request.is_moto === true;
  const config = {
    apiDoUrl: json.api_do_url,
    orderId: o.id,
    success: json.success_redirect,
    failure: json.failure_redirect,
    framed,
  };
  const csc = moto
    ? ''
    : `<label for="csc">Security code</label><input id="csc" name="csc" inputmode="numeric" autocomplete="cc-csc" required>`;
  return page(
    'Pay',
    `<main><h1>Pay ${amountText(o)}</h1>
<form id="pay" novalidate>
<label for="card_number">Card number</label><input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiry">Expiry date</label><input id="expiry" name="expiry" placeholder="MM/YY" autocomplete="cc-exp" required>
${csc}
<label for="cardholder_name">Cardholder name</label><input id="cardholder_name" name="cardholder_name" autocomplete="cc-name">
<button type="submit">Pay ${amountText(o)}</button>
</form>
<p id="result" role="status" aria-live="polite"></p>
<p class="note">Sandbox: use a test card, e.g. 4111 1111 1111 1111.</p></main>
<script>(function(){var c=${scriptJson(config)};var f=document.getElementById('pay');var out=document.getElementById('result');
function go(url){if(c.framed){window.top.location.href=url;}else{window.location.href=url;}}
function done(status,reason){var good=status==='paid'||status==='hold';
if(good&&c.success)return go(c.success);if(!good&&c.failure)return go(c.failure);
out.textContent=good?'Payment successful.':'Payment declined'+(reason?': '+reason:'.');}
f.addEventListener('submit',function(e){e.preventDefault();var exp=f.expiry.value.replace(/\\s/g,'').split('/');
var body={card_number:f.card_number.value.replace(/\\D/g,''),exp_month:parseInt(exp[0],10),exp_year:parseInt(exp[1],10)%100};
if(f.cardholder_name.value)body.cardholder_name=f.cardholder_name.value;if(f.csc)body.csc=f.csc.value.trim();
out.textContent='Processing...';
fetch(c.apiDoUrl,{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify(body)})
.then(function(r){return r.json().then(function(j){return{ok:r.ok,j:j};});})
.then(function(x){if(!x.ok){var all=(x.j.__all__||[]).map(function(i){return i.message;});out.textContent=all.join('; ')||'Payment failed.';return;}
if(x.j.threed_check_url){window.location.href=x.j.threed_check_url;return;}
done(x.j.status,x.j.errors&&x.j.errors[0]&&x.j.errors[0].description);})
.catch(function(){out.textContent='The payment could not be sent. Check the order status before trying again.';});});})();</script>`,
  );
}

export interface ElementsPage {
  /** Where the page loads the bundle from (same origin). */
  scriptUrl: string;
  /** `sha384-…` of that script. */
  integrity: string;
  /** The order's status address on the sandbox's origin. */
  statusUrl: string;
}

/**
 * The hosted page built on our own `<gateway-checkout>` (served when the browser bundle is built).
 * It keeps the plain page's behaviour: a result with a redirect on the order goes there (the top
 * window when framed; a cancelled challenge to cancel_redirect, else failure_redirect), otherwise the element shows the result and a declined customer may try
 * another card. Framed, the 3-D Secure dialog's "challenge over" message is passed on to the
 * parent, which got it straight from the challenge when the challenge ran in this frame.
 */
export function elementsCheckoutPage(
  o: OrderRecord,
  json: Record<string, unknown>,
  framed: boolean,
  assets: ElementsPage,
): string {
  const moto = o.request.is_moto === true;
  const apiDoPath = new URL(String(json.api_do_url)).pathname;
  const config = {
    success: json.success_redirect ?? null,
    failure: json.failure_redirect ?? null,
    cancel: json.cancel_redirect ?? json.failure_redirect ?? null,
    cancelled: THREE_DS_CANCELLED,
    framed,
  };
  const attributes = [
    `api-do-url="${escapeHtml(apiDoPath)}"`,
    `status-url="${escapeHtml(assets.statusUrl)}"`,
    `language="${escapeHtml(String(json.language ?? 'en'))}"`,
    `amount="${escapeHtml(String(toMajor(o.totalMinor)))}"`,
    `currency="${escapeHtml(o.request.currency ?? 'EUR')}"`,
    moto ? 'moto' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return page(
    'Pay',
    `<main><h1>Pay ${amountText(o)}</h1>
<gateway-checkout ${attributes}></gateway-checkout>
<p class="note">Sandbox: use a test card, e.g. 4111 1111 1111 1111.</p></main>
<script src="${escapeHtml(assets.scriptUrl)}" integrity="${escapeHtml(assets.integrity)}" crossorigin="anonymous"></script>
<script>(function(){var c=${scriptJson(config)};
function go(url){if(c.framed){window.top.location.href=url;}else{window.location.href=url;}}
document.addEventListener('gateway-success',function(){if(c.success)go(c.success);});
document.addEventListener('gateway-decline',function(e){var to=e.detail&&e.detail.reason===c.cancelled?c.cancel:c.failure;if(to)go(to);});
if(c.framed&&window.parent!==window)window.addEventListener('message',function(e){var d=e.data;
if(e.origin!==location.origin||e.source===window.parent||!d||d.type!=='gateway-3ds-complete')return;
// targetOrigin "*": the message carries no secret, as the challenge page's own.
try{window.parent.postMessage(d,'*');}catch(x){}});})();</script>`,
  );
}

export function controlPage(
  orders: readonly OrderRecord[],
  deliveries: readonly WebhookDelivery[],
  now: Date,
): string {
  const orderRows = orders
    .map(
      (o) =>
        `<tr><td>${escapeHtml(o.id)}</td><td>${escapeHtml(o.status)}</td><td>${toMajor(o.totalMinor).toFixed(2)}</td><td>${escapeHtml(o.request.currency ?? 'EUR')}</td><td>${o.issuedAt.toISOString()}</td></tr>`,
    )
    .join('');
  const deliveryRows = deliveries
    .map(
      (d) =>
        `<tr><td>${escapeHtml(d.event)}</td><td>${escapeHtml(d.order_id ?? '')}</td><td>${escapeHtml(d.url)}</td><td>${d.state}</td><td>${d.attempts.length}</td><td>${escapeHtml(String(d.attempts.at(-1)?.status ?? d.attempts.at(-1)?.error ?? ''))}</td></tr>`,
    )
    .join('');
  return page(
    'Sandbox gateway',
    `<main style="max-width:none"><h1>Sandbox gateway</h1><p>Sandbox clock: <time>${now.toISOString()}</time></p>
<h2>Orders</h2><table><thead><tr><th>id</th><th>status</th><th>amount</th><th>currency</th><th>created</th></tr></thead><tbody>${orderRows}</tbody></table>
<h2>Webhook deliveries</h2><table><thead><tr><th>event</th><th>order</th><th>url</th><th>state</th><th>attempts</th><th>last answer</th></tr></thead><tbody>${deliveryRows}</tbody></table></main>`,
  );
}
