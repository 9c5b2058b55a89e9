/**
 * The 3-D Secure challenge as an issuer would show it: who asks, what is paid, with which card, and
 * the answers. The sandbox's issuer lets the person choose the answer.
 */
import { THREE_DS_COMPLETE, THREE_DS_SIZE } from '../../protocol/three-ds-messages.ts';
import type { OrderRecord } from '../records.ts';
import { escapeHtml, money, page, scriptJson } from './layout.ts';
import type { Language } from './words.ts';

/** The scheme's name for 3-D Secure, as the issuer's page shows it. */
const PROGRAMME: Readonly<Record<string, string>> = {
  VISA: 'Visa Secure',
  MASTERCARD: 'Mastercard Identity Check',
  AMEX: 'American Express SafeKey',
};

const BRAND_NAME: Readonly<Record<string, string>> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  AMEX: 'American Express',
};

const STYLE = `body{display:grid;place-items:start center;min-height:100vh;padding:1.5rem 1rem}
.bank{width:100%;max-width:26rem;background:var(--card);border:1px solid var(--line);border-radius:12px;box-shadow:0 6px 24px rgb(26 31 54/.08);overflow:hidden}
.bank header{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.9rem 1.25rem;background:#0f2a4a;color:#fff}
.issuer{display:flex;align-items:center;gap:.55rem;font-weight:650;letter-spacing:.01em}
.issuer svg{flex:none}
.programme{font-size:.8rem;font-weight:600;padding:.15rem .55rem;border:1px solid rgb(255 255 255/.5);border-radius:999px;white-space:nowrap}
.body{padding:1.25rem}
h1{font-size:1.3rem;margin-bottom:.35rem}
.lead{margin:0 0 1rem;color:var(--muted)}
dl{display:grid;grid-template-columns:auto 1fr;align-items:baseline;gap:.45rem 1rem;margin:0 0 1.25rem;padding:1rem;background:var(--bg);border-radius:8px}
dt{color:var(--muted)}dd{margin:0;text-align:right;font-weight:550;font-variant-numeric:tabular-nums}
.amount{font-size:1.15rem}
.actions{display:grid;gap:.6rem}
.actions button{width:100%;padding:.75rem 1rem;border-radius:8px;font-weight:600;border:1px solid transparent}
.actions .approve{background:#0f2a4a;color:#fff}.actions .approve:hover{background:#173c66}
.actions .fail{background:#fff;color:var(--bad);border-color:color-mix(in srgb,var(--bad) 55%,#fff)}.actions .fail:hover{background:#fff5f5}
.actions .cancel{background:none;color:var(--muted);text-decoration:underline;border:0;padding:.4rem}
.foot{margin:1rem 0 0;font-size:.8rem;color:var(--muted);text-align:center}
.result{font-size:1.05rem;font-weight:600}.result.good{color:var(--ok)}.result.bad{color:var(--bad)}`;

const SHIELD = `<svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true"><path fill="#7fb2ff" d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5z"/><path fill="#fff" d="m10.6 15.2-3.1-3.1 1.4-1.4 1.7 1.7 4.5-4.5 1.4 1.4z"/></svg>`;

/**
 * Framed (the checkout's 3-D Secure dialog), the page tells its parent how tall its content is,
 * and again whenever that changes, so the frame can show all of it: no scrollbar, no blank strip.
 * The height is measured to the bottom of the content, not the document (which is at least the
 * frame's own height), so the frame can also shrink. Target "*": a height is no secret, and the
 * sandbox cannot know the merchant's origin; the parent checks that the message comes from this
 * frame and this origin.
 */
const REPORT_HEIGHT = `<script>(function(){if(window.parent===window)return;var main=document.querySelector('main'),last=0;
function report(){var h=Math.ceil(main.getBoundingClientRect().bottom+scrollY+parseFloat(getComputedStyle(document.body).paddingBottom));
if(h!==last){last=h;window.parent.postMessage({type:${JSON.stringify(THREE_DS_SIZE)},height:h},'*');}}
new ResizeObserver(report).observe(main);})();</script>`;

function frame(o: OrderRecord, title: string, content: string, language: Language): string {
  const brand = o.card?.brand ?? '';
  return page(
    title,
    `<main class="bank" aria-labelledby="title"><header><span class="issuer">${SHIELD}Sandbox Bank</span><span class="programme">${escapeHtml(PROGRAMME[brand] ?? '3-D Secure')}</span></header>
<div class="body">${content}</div></main>${REPORT_HEIGHT}`,
    STYLE,
    language,
  );
}

function details(o: OrderRecord, now: Date, language: Language): string {
  const brand = o.card?.brand ?? '';
  const last4 = o.card?.masked.slice(-4) ?? '';
  const merchant = o.request.dynamic_descriptor ?? 'Sandbox merchant';
  const words = language.page;
  const locale = language.code === 'en' ? 'en-GB' : language.code;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(now);
  // The card's digits run left to right in a right-to-left page too.
  return `<dl>
<dt>${escapeHtml(words.merchant)}</dt><dd>${escapeHtml(merchant)}</dd>
<dt>${escapeHtml(language.texts.resultAmount)}</dt><dd class="amount" data-amount>${escapeHtml(money(o.totalMinor, o.request.currency ?? 'EUR', language.code))}</dd>
<dt>${escapeHtml(words.card)}</dt><dd data-card><span dir="ltr">${escapeHtml(BRAND_NAME[brand] ?? words.card)} •••• ${escapeHtml(last4)}</span></dd>
<dt>${escapeHtml(words.date)}</dt><dd>${escapeHtml(date)}</dd>
</dl>`;
}

/**
 * `withCancel`: the page's own Cancel, left out when the challenge runs inside a dialog that offers
 * its own (the element's 3-D Secure dialog asks for that with `?dialog=1`), so a person sees one.
 */
export function challengePage(
  o: OrderRecord,
  actionUrl: string,
  now: Date,
  withCancel: boolean,
  language: Language,
): string {
  const words = language.page;
  const cancel = withCancel
    ? `<button type="submit" name="result" value="cancel" class="cancel">${escapeHtml(language.texts.cancel)}</button>`
    : '';
  return frame(
    o,
    words.bankTitle,
    `<h1 id="title">${escapeHtml(words.confirmTitle)}</h1>
<p class="lead">${escapeHtml(words.confirmLead)}</p>
${details(o, now, language)}
<form method="post" action="${escapeHtml(actionUrl)}" class="actions">
<button type="submit" name="result" value="approve" class="approve">${escapeHtml(words.approve)}</button>
<button type="submit" name="result" value="fail" class="fail">${escapeHtml(words.fail)}</button>
${cancel}
</form>
<p class="foot">${escapeHtml(words.bankNote)}</p>`,
    language,
  );
}

/** Shown when no redirect applies: tells the parent frame or opener that the challenge is over. */
export function challengeDonePage(o: OrderRecord, now: Date, language: Language): string {
  const message = { type: THREE_DS_COMPLETE, order_id: o.id, status: o.status };
  const good = o.status === 'paid' || o.status === 'hold';
  const words = language.page;
  // The status is the API's own word (English), marked so.
  return frame(
    o,
    words.doneTitle,
    `<h1 id="title">${escapeHtml(words.doneTitle)}</h1>
<p class="result ${good ? 'good' : 'bad'}">${escapeHtml(good ? words.confirmed : words.notConfirmed)} ${escapeHtml(words.orderStatus)} <strong data-status lang="en">${escapeHtml(o.status)}</strong>.</p>
${details(o, now, language)}
<p class="foot">${escapeHtml(words.closeWindow)}</p>
<script>(function(){var m=${scriptJson(message)};
// targetOrigin "*": the message carries no secret, and the sandbox cannot know the merchant's origin.
try{if(window.parent&&window.parent!==window)window.parent.postMessage(m,'*');}catch(e){}
try{if(window.opener)window.opener.postMessage(m,'*');}catch(e){}})();</script>`,
    language,
  );
}
