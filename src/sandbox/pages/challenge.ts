/**
 * The gateway's own 3-D Secure pages (`threed_check_url`): the page that hands the browser on to the
 * card issuer's bank (after the bank's 3DS Method, when it runs one), and the result page the
 * browser comes back to when the order names no redirect.
 */
import { THREE_DS_COMPLETE } from '../../protocol/three-ds-messages.ts';
import { CHALLENGE_WINDOWS, type CReq, encode } from '../bank/emv.ts';
import type { OrderRecord } from '../records.ts';
import { escapeHtml, money, page, scriptJson, titleOf } from './layout.ts';
import type { Language } from './words.ts';

/** How long the gateway waits for the bank's 3DS Method before it goes on without it (EMV: 10 s). */
export const METHOD_TIMEOUT_MS = 10_000;

const HANDOFF_STYLE = `body{display:grid;place-items:center;min-height:100vh;margin:0;background:#fff}
main{text-align:center;padding:1rem}.spin{width:2rem;height:2rem;margin:0 auto 1rem;border:3px solid var(--line);border-top-color:var(--accent);border-radius:50%;animation:s 1s linear infinite}
@keyframes s{to{transform:rotate(1turn)}}@media (prefers-reduced-motion:reduce){.spin{animation:none}}
iframe.method{position:absolute;width:0;height:0;border:0;visibility:hidden}`;

export interface HandoffView {
  /** The bank's challenge address (its ACS). */
  acsUrl: string;
  creq: Omit<CReq, 'challengeWindowSize'>;
  /** The bank's 3DS Method: where it runs and what it is given; null when the bank runs none. */
  method: { url: string; data: string } | null;
  /** Whether the checkout's dialog offers its own Cancel. */
  dialog: boolean;
  /** How long to wait for the 3DS Method's answer; default `METHOD_TIMEOUT_MS`. */
  methodTimeoutMs?: number | undefined;
  /** The cardholder's language (the order's), as the rest of the way to the bank speaks it. */
  language: Language;
}

/**
 * Picks the EMV challenge window from the room this page has: a frame that is exactly one of the
 * windows (the checkout's dialog sizes its frame so) gets that window, anything else the full one.
 * Then it runs the bank's 3DS Method in a hidden frame (waiting at most 10 s, or `methodTimeoutMs`,
 * for its answer) and posts the challenge request to the bank. Without script the person continues
 * with a button.
 */
export function handoffPage(view: HandoffView): string {
  const windows = Object.entries(CHALLENGE_WINDOWS).flatMap(([code, box]) =>
    box ? [[code, box.width, box.height]] : [],
  );
  const fallback = encode({ ...view.creq, challengeWindowSize: '05' } satisfies CReq);
  const config = {
    creq: view.creq,
    windows,
    method: Boolean(view.method),
    timeout: view.methodTimeoutMs ?? METHOD_TIMEOUT_MS,
  };
  const method = view.method
    ? `<iframe class="method" name="tds-method" title="3DS Method" aria-hidden="true" tabindex="-1"></iframe>
<form method="post" action="${escapeHtml(view.method.url)}" target="tds-method" id="method"><input type="hidden" name="threeDSMethodData" value="${escapeHtml(view.method.data)}"></form>`
    : '';
  const words = view.language.page;
  return page(
    titleOf(words.connecting),
    `<main><div class="spin" aria-hidden="true"></div><h1>${escapeHtml(words.connecting)}</h1>
<form method="post" action="${escapeHtml(view.acsUrl)}" id="acs"><input type="hidden" name="creq" value="${escapeHtml(fallback)}">${view.dialog ? '<input type="hidden" name="dialog" value="1">' : ''}<noscript><button type="submit">${escapeHtml(words.toBank)}</button></noscript></form>${method}</main>
<script>(function(){var c=${scriptJson(config)};
function size(){for(var i=0;i<c.windows.length;i++){var w=c.windows[i];if(innerWidth===w[1]&&innerHeight===w[2])return w[0];}return '05';}
function b64(o){return btoa(JSON.stringify(o)).replace(/\\+/g,'-').replace(/\\//g,'_').replace(/=+$/,'');}
var sent=false;function go(){if(sent)return;sent=true;var q=c.creq;q.challengeWindowSize=size();var f=document.getElementById('acs');f.creq.value=b64(q);f.submit();}
if(!c.method){go();return;}
var frame=document.querySelector('iframe.method');setTimeout(go,c.timeout);
frame.addEventListener('load',function(){try{if(/\\/method\\/?$/.test(frame.contentWindow.location.pathname))go();}catch(e){}});
document.getElementById('method').submit();})();</script>`,
    HANDOFF_STYLE,
    view.language,
  );
}

const DONE_STYLE = `body{display:grid;place-items:start center;min-height:100vh;padding:1.5rem 1rem;margin:0}
main{width:100%;max-width:26rem;background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1.25rem}
h1{font-size:1.3rem;margin-bottom:.35rem}.result{font-weight:600}.result.good{color:var(--ok)}.result.bad{color:var(--bad)}
dl{display:grid;grid-template-columns:auto 1fr;gap:.45rem 1rem;margin:1rem 0}dt{color:var(--muted)}dd{margin:0;text-align:right}
.foot{font-size:.85rem;color:var(--muted);text-align:center}`;

/**
 * Shown when no redirect applies. Framed or opened by a checkout, it also posts
 * `gateway-3ds-complete` to the parent frame and the opener: from the gateway's own origin, an
 * early word for a checkout that also learns it from the order's status (a bank never sends one).
 */
export function challengeDonePage(o: OrderRecord, language: Language): string {
  const message = { type: THREE_DS_COMPLETE, order_id: o.id, status: o.status };
  const good = o.status === 'paid' || o.status === 'hold';
  const words = language.page;
  // The status is the API's own word (English), marked so.
  return page(
    words.doneTitle,
    `<main aria-labelledby="title"><h1 id="title">${escapeHtml(words.doneTitle)}</h1>
<p class="result ${good ? 'good' : 'bad'}">${escapeHtml(good ? words.confirmed : words.notConfirmed)} ${escapeHtml(words.orderStatus)} <strong data-status lang="en">${escapeHtml(o.status)}</strong>.</p>
<dl><dt>${escapeHtml(language.page.order)}</dt><dd>${escapeHtml(o.number)}</dd><dt>${escapeHtml(language.texts.resultAmount)}</dt><dd data-amount>${escapeHtml(money(o.totalMinor, o.request.currency ?? 'EUR', language.code))}</dd></dl>
<p class="foot">${escapeHtml(words.closeWindow)}</p></main>
<script>(function(){var m=${scriptJson(message)};
// targetOrigin "*": the message carries no secret, and the gateway cannot know the merchant's origin.
try{if(window.parent&&window.parent!==window)window.parent.postMessage(m,'*');}catch(e){}
try{if(window.opener)window.opener.postMessage(m,'*');}catch(e){}})();</script>`,
    DONE_STYLE,
    language,
  );
}
