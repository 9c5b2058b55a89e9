/** The hosted checkout pages: our element when the bundle is built, else a plain HTML form. */
import { toMajor } from '../../protocol/index.ts';
import { THREE_DS_COMPLETE } from '../../protocol/three-ds-messages.ts';
import { THREE_DS_CANCELLED } from '../payments.ts';
import type { OrderRecord } from '../records.ts';
import { escapeHtml, money, page, SIMPLE_STYLE, scriptJson } from './layout.ts';
import type { Language } from './words.ts';

const amountText = (o: OrderRecord, language: Language) =>
  money(o.totalMinor, o.request.currency ?? 'EUR', language.code);

const TEST_CARD = '4111 1111 1111 1111';

/**
 * Who is paid and for what, above the card fields, as a customer checks before typing a card: the
 * merchant's name, the shop's order number, each product (its description under it) and the total.
 * A zero-amount order says that nothing is charged.
 */
export function orderSummary(o: OrderRecord, merchant: string, language: Language): string {
  const currency = o.request.currency ?? 'EUR';
  const { payTo: to, order: orderWord, total: totalWord, zero } = language.page;
  const amount = (minor: number) => escapeHtml(money(minor, currency, language.code));
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
  return `<div><header class="merchant"><p class="note">${to}</p><h1 id="merchant">${escapeHtml(merchant)}</h1></header>
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
  language: Language,
): string {
  const t = language.texts;
  const moto = o.request.is_moto === true;
  const config = {
    apiDoUrl: json.api_do_url,
    orderId: o.id,
    success: json.success_redirect,
    failure: json.failure_redirect,
    framed,
  };
  // What the page's script says, in the order's language.
  const say = {
    processing: t.processing,
    paid: t.paidTitle,
    declined: t.declineOther('').replace(/:?\s*$/, ''),
    declinedFor: t.declineOther('\u0000'),
    failed: t.errorRetry,
    unsent: t.errorUnconfirmed,
  };
  // Card digits run left to right in a right-to-left page too.
  const csc = moto
    ? ''
    : `<label for="csc">${escapeHtml(t.securityCode)}</label><input id="csc" name="csc" inputmode="numeric" autocomplete="cc-csc" dir="ltr" required>`;
  return page(
    t.payAmount(merchant),
    `<main>${orderSummary(o, merchant, language)}
<form id="pay" novalidate>
<label for="card_number">${escapeHtml(t.cardNumber)}</label><input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" dir="ltr" required>
<label for="expiry">${escapeHtml(t.expiry)}</label><input id="expiry" name="expiry" placeholder="${escapeHtml(t.expiryPlaceholder)}" autocomplete="cc-exp" dir="ltr" required>
${csc}
<label for="cardholder_name">${escapeHtml(t.cardholderName)}</label><input id="cardholder_name" name="cardholder_name" autocomplete="cc-name">
<button type="submit">${escapeHtml(t.payAmount(amountText(o, language)))}</button>
</form>
<p id="result" role="status" aria-live="polite"></p>
<p class="note">${escapeHtml(language.page.testCard(TEST_CARD))}</p></main>
<script>(function(){var c=${scriptJson(config)};var s=${scriptJson(say)};var f=document.getElementById('pay');var out=document.getElementById('result');
function go(url){if(c.framed){window.top.location.href=url;}else{window.location.href=url;}}
function done(status,reason){var good=status==='paid'||status==='hold';
if(good&&c.success)return go(c.success);if(!good&&c.failure)return go(c.failure);
if(good){out.textContent=s.paid;return;}
// The gateway's reason is in English: marked so, inside a sentence in the page's language.
if(!reason){out.textContent=s.declined;return;}var parts=s.declinedFor.split('\\u0000');var r=document.createElement('span');r.lang='en';r.textContent=reason;
out.replaceChildren(parts[0]||'',r,parts[1]||'');}
f.addEventListener('submit',function(e){e.preventDefault();var exp=f.expiry.value.replace(/\\s/g,'').split('/');
var body={card_number:f.card_number.value.replace(/\\D/g,''),exp_month:parseInt(exp[0],10),exp_year:parseInt(exp[1],10)%100};
if(f.cardholder_name.value)body.cardholder_name=f.cardholder_name.value;if(f.csc)body.csc=f.csc.value.trim();
out.textContent=s.processing;
fetch(c.apiDoUrl,{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify(body)})
.then(function(r){return r.json().then(function(j){return{ok:r.ok,j:j};});})
.then(function(x){if(!x.ok){var all=(x.j.__all__||[]).map(function(i){return i.message;});if(all.length){var e=document.createElement('span');e.lang='en';e.textContent=all.join('; ');out.replaceChildren(e);}else{out.textContent=s.failed;}return;}
if(x.j.threed_check_url){window.location.href=x.j.threed_check_url;return;}
done(x.j.status,x.j.errors&&x.j.errors[0]&&x.j.errors[0].description);})
.catch(function(){out.textContent=s.unsent;});});})();</script>`,
    `${SIMPLE_STYLE}\n${SUMMARY_STYLE}`,
    language,
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
  language: Language,
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
    language.texts.payAmount(merchant),
    `<main>${orderSummary(o, merchant, language)}
<gateway-checkout ${attributes}></gateway-checkout>
<p class="note">${escapeHtml(language.page.testCard(TEST_CARD))}</p></main>
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
    language,
  );
}
