/**
 * The bank's own pages (the issuer's access control server), on the bank's origin: the hidden 3DS
 * Method page, the challenge in the EMV window the gateway asked for, and the page that takes the
 * browser back to the gateway. None of them sends a message to any other page: a real bank knows
 * nothing of the merchant's checkout.
 */
import { escapeHtml, money, page, scriptJson, titleOf } from '../pages/layout.ts';
import type { Language } from '../pages/words.ts';
import type { OrderRecord } from '../records.ts';
import { CHALLENGE_WINDOWS, type ChallengeWindow } from './emv.ts';

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

/**
 * The page is exactly the window the gateway asked for (EMV's challengeWindowSize), as an ACS's
 * page is: a window smaller than 390 px wide gets the compact layout; "05" fills the frame.
 */
function windowStyle(size: ChallengeWindow): string {
  const box = CHALLENGE_WINDOWS[size];
  const frame = box ? `width:${box.width}px;height:${box.height}px` : 'width:100%;min-height:100vh';
  return `html,body{margin:0;padding:0}body{background:#fff}
.bank{${frame};display:flex;flex-direction:column;overflow:auto;background:#fff}
.bank header{display:flex;justify-content:space-between;align-items:center;gap:.5rem;padding:.6rem .9rem;background:#0f2a4a;color:#fff;flex:none}
.issuer{display:flex;align-items:center;gap:.45rem;font-weight:650}
.programme{font-size:.75rem;font-weight:600;padding:.1rem .5rem;border:1px solid rgb(255 255 255/.5);border-radius:999px;white-space:nowrap}
.body{padding:.9rem 1rem;flex:1}
h1{font-size:1.15rem;margin-bottom:.25rem}
.lead{margin:0 0 .6rem;color:var(--muted);font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .8rem;margin:0 0 .8rem;padding:.6rem .8rem;background:var(--bg);border-radius:8px;font-size:.9rem}
dt{color:var(--muted)}dd{margin:0;text-align:right;font-weight:550;font-variant-numeric:tabular-nums}
.actions{display:grid;gap:.45rem}
.actions button{width:100%;padding:.6rem 1rem;border-radius:8px;font-weight:600;border:1px solid transparent}
.actions .approve{background:#0f2a4a;color:#fff}.actions .approve:hover{background:#173c66}
.actions .fail{background:#fff;color:var(--bad);border-color:color-mix(in srgb,var(--bad) 55%,#fff)}
.actions .cancel{background:none;color:var(--muted);text-decoration:underline;border:0;padding:.3rem}
.foot{margin:.6rem 0 0;font-size:.75rem;color:var(--muted);text-align:center}
.compact .programme{display:none}.compact dl{grid-template-columns:1fr}.compact dd{text-align:left}`;
}

const SHIELD = `<svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true"><path fill="#7fb2ff" d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5z"/><path fill="#fff" d="m10.6 15.2-3.1-3.1 1.4-1.4 1.7 1.7 4.5-4.5 1.4 1.4z"/></svg>`;

export interface ChallengeView {
  order: OrderRecord;
  acsTransId: string;
  window: ChallengeWindow;
  /** Who is paid, as the card scheme tells the bank. */
  merchant: string;
  /** The checkout's dialog offers its own Cancel (a sandbox convenience: the person sees one). */
  withCancel: boolean;
  now: Date;
  /** The cardholder's language, as the authentication request told the bank (the order's). */
  language: Language;
}

/** The challenge, as an issuer shows it: who asks, what is paid, with which card, and the answers. */
export function bankChallengePage(view: ChallengeView): string {
  const { order: o, window, language } = view;
  const words = language.page;
  const brand = o.card?.brand ?? '';
  const last4 = o.card?.masked.slice(-4) ?? '';
  const { merchant } = view;
  const locale = language.code === 'en' ? 'en-GB' : language.code;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(view.now);
  const compact = window === '01';
  const cancel = view.withCancel
    ? `<button type="submit" name="result" value="cancel" class="cancel">${escapeHtml(language.texts.cancel)}</button>`
    : '';
  // The card's digits run left to right in a right-to-left page too.
  return page(
    `Sandbox Bank: ${words.confirmTitle}`,
    `<main class="bank${compact ? ' compact' : ''}" aria-labelledby="title" data-window="${window}"><header><span class="issuer">${SHIELD}Sandbox Bank</span><span class="programme">${escapeHtml(PROGRAMME[brand] ?? '3-D Secure')}</span></header>
<div class="body"><h1 id="title">${escapeHtml(words.confirmTitle)}</h1>
<p class="lead">${escapeHtml(words.confirmLead)}</p>
<dl>
<dt>${escapeHtml(words.merchant)}</dt><dd>${escapeHtml(merchant)}</dd>
<dt>${escapeHtml(language.texts.resultAmount)}</dt><dd data-amount>${escapeHtml(money(o.totalMinor, o.request.currency ?? 'EUR', language.code))}</dd>
<dt>${escapeHtml(words.card)}</dt><dd data-card><span dir="ltr">${escapeHtml(BRAND_NAME[brand] ?? words.card)} •••• ${escapeHtml(last4)}</span></dd>
<dt>${escapeHtml(words.date)}</dt><dd>${escapeHtml(date)}</dd>
</dl>
<form method="post" action="/acs/answer/" class="actions">
<input type="hidden" name="acsTransID" value="${escapeHtml(view.acsTransId)}">
<button type="submit" name="result" value="approve" class="approve">${escapeHtml(words.approve)}</button>
<button type="submit" name="result" value="fail" class="fail">${escapeHtml(words.fail)}</button>
${cancel}
</form>
<p class="foot">${escapeHtml(words.bankNote)}</p></div></main>`,
    windowStyle(window),
    language,
  );
}

/**
 * Posts a form on by itself, as banks and 3-D Secure servers hand the browser to one another, saying
 * `line` meanwhile in the cardholder's language; a browser without script gets the button.
 */
export function autoPostPage(
  line: string,
  action: string,
  fields: Record<string, string>,
  language: Language,
): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return page(
    titleOf(line),
    `<main><form method="post" action="${escapeHtml(action)}" id="next">${inputs}<p>${escapeHtml(line)}</p><noscript><button type="submit">${escapeHtml(language.page.continue)}</button></noscript></form></main>
<script>document.getElementById('next').submit();</script>`,
    undefined,
    language,
  );
}

/**
 * The 3DS Method: the bank's hidden page reads what it uses to recognise the device, then answers
 * the gateway at the notification address (the gateway waits for it at most 10 seconds).
 */
export function methodPage(notificationUrl: string, methodData: string, delayMs: number): string {
  return page(
    '3DS Method',
    `<form method="post" action="${escapeHtml(notificationUrl)}" id="done"><input type="hidden" name="threeDSMethodData" value="${escapeHtml(methodData)}"></form>
<script>(function(){var device=${scriptJson({})};device.screen=[screen.width,screen.height];device.zone=Intl.DateTimeFormat().resolvedOptions().timeZone;
setTimeout(function(){document.getElementById('done').submit();},${delayMs});})();</script>`,
  );
}
