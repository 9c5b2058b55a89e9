/** The hosted checkout pages: our element when the bundle is built, else a plain HTML form. */
import { toMajor } from '../../protocol/index.ts';
import { THREE_DS_COMPLETE } from '../../protocol/three-ds-messages.ts';
import { THREE_DS_CANCELLED } from '../payments.ts';
import type { OrderRecord } from '../records.ts';
import { escapeHtml, money, page, SIMPLE_STYLE, scriptJson } from './layout.ts';

const amountText = (o: OrderRecord) =>
  `${toMajor(o.totalMinor).toFixed(2)} ${escapeHtml(o.request.currency ?? 'EUR')}`;

/** The summary's few words in each language the element speaks; the order's language picks them. */
const SUMMARY_WORDS: Readonly<
  Record<string, readonly [to: string, order: string, total: string, zero: string]>
> = {
  en: ['Payment to', 'Order', 'Total', 'Nothing is charged: the card is checked and saved'],
  de: [
    'Zahlung an',
    'Bestellung',
    'Gesamt',
    'Es wird nichts abgebucht: die Karte wird geprüft und gespeichert',
  ],
  es: ['Pago a', 'Pedido', 'Total', 'No se cobra nada: la tarjeta se verifica y se guarda'],
  fr: ['Paiement à', 'Commande', 'Total', 'Rien n’est débité : la carte est vérifiée et enregistrée'],
  lv: [
    'Maksājuma saņēmējs',
    'Pasūtījums',
    'Kopā',
    'Nekas netiek iekasēts: karte tiek pārbaudīta un saglabāta',
  ],
  ru: ['Получатель платежа', 'Заказ', 'Итого', 'Деньги не списываются: карта проверяется и сохраняется'],
};

/**
 * Who is paid and for what, above the card fields, as a customer checks before typing a card: the
 * merchant's name, the shop's order number, each product (its description under it) and the total.
 * A zero-amount order says that nothing is charged.
 */
export function orderSummary(o: OrderRecord, merchant: string): string {
  const currency = o.request.currency ?? 'EUR';
  const asked = (o.request.language ?? 'en').toLowerCase();
  const language = asked in SUMMARY_WORDS ? asked : 'en';
  const [to, orderWord, totalWord, zero] = SUMMARY_WORDS[language]!;
  const amount = (minor: number) => escapeHtml(money(minor, currency, language));
  const lines = o.lines
    .map(({ request, totalMinor }) => {
      const quantity = request.quantity && request.quantity !== 1 ? ` × ${request.quantity}` : '';
      const description = request.description
        ? `<br><span class="note">${escapeHtml(request.description)}</span>`
        : '';
      return `<tr><td>${escapeHtml(request.title)}${quantity}${description}</td><td>${amount(totalMinor)}</td></tr>`;
    })
    .join('');
  const total = o.totalMinor === 0 ? zero : totalWord;
  return `<div lang="${language}"><header class="merchant"><p class="note">${to}</p><h1 id="merchant">${escapeHtml(merchant)}</h1></header>
<section class="summary" aria-labelledby="summary-title"><h2 id="summary-title">${orderWord} ${escapeHtml(o.number)}</h2>
<table>${lines ? `<tbody>${lines}</tbody>` : ''}<tfoot><tr><th scope="row">${total}</th><td id="order-total">${amount(o.totalMinor)}</td></tr></tfoot></table></section></div>`;
}

/** The summary's look: one card above the form, the amounts at the end of each line. */
const SUMMARY_STYLE = `.merchant{margin-bottom:1rem}.merchant p{margin:0}
.summary{border:1px solid var(--line);border-radius:12px;padding:1rem;margin-bottom:1.5rem}
.summary h2{font-size:1rem;margin-bottom:.5rem}.summary table{inline-size:100%;border-collapse:collapse}
.summary td,.summary th{padding:.25rem 0;text-align:start;vertical-align:top}
.summary td:last-child{text-align:end;white-space:nowrap;padding-inline-start:1rem;font-variant-numeric:tabular-nums}
.summary tfoot th,.summary tfoot td{border-top:1px solid var(--line);padding-top:.5rem;font-weight:600}`;

export function checkoutPage(
  o: OrderRecord,
  json: Record<string, unknown>,
  framed: boolean,
  merchant: string,
): string {
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
    `Pay ${merchant}`,
    `<main>${orderSummary(o, merchant)}
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
    `${SIMPLE_STYLE}\n${SUMMARY_STYLE}`,
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
  merchant: string,
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
    // The gateway's own page: the card goes to its own origin, which the element refuses unless listed.
    'gateway-origins="self"',
    `status-url="${escapeHtml(assets.statusUrl)}"`,
    `language="${escapeHtml(String(json.language ?? 'en'))}"`,
    `amount="${escapeHtml(String(toMajor(o.totalMinor)))}"`,
    `currency="${escapeHtml(o.request.currency ?? 'EUR')}"`,
    moto ? 'moto' : '',
    // Framed by a checkout (presentation="iframe"), the bank's page goes over that whole page, not
    // into this frame; framed by anything else, it stays in this page's own dialog.
    framed ? 'three-ds="parent"' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return page(
    `Pay ${merchant}`,
    `<main>${orderSummary(o, merchant)}
<gateway-checkout ${attributes}></gateway-checkout>
<p class="note">Sandbox: use a test card, e.g. 4111 1111 1111 1111.</p></main>
<script src="${escapeHtml(assets.scriptUrl)}" integrity="${escapeHtml(assets.integrity)}" crossorigin="anonymous"></script>
<script>(function(){var c=${scriptJson(config)};
function go(url){if(c.framed){window.top.location.href=url;}else{window.location.href=url;}}
document.addEventListener('gateway-success',function(){if(c.success)go(c.success);});
document.addEventListener('gateway-decline',function(e){var to=e.detail&&e.detail.reason===c.cancelled?c.cancel:c.failure;if(to)go(to);});
if(c.framed&&window.parent!==window)window.addEventListener('message',function(e){var d=e.data;
if(e.origin!==location.origin||e.source===window.parent||!d||d.type!==${JSON.stringify(THREE_DS_COMPLETE)})return;
// targetOrigin "*": the message carries no secret, as the challenge page's own.
try{window.parent.postMessage(d,'*');}catch(x){}});})();</script>`,
    `${SIMPLE_STYLE}\n${SUMMARY_STYLE}`,
  );
}
