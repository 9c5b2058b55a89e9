// The MOTO agent's entry screen of the demo shop: its markup, its look, and the page's own script.
import { head, sandboxLink } from '../pages.ts';
import { MERCHANT_NAME } from '../scenarios.ts';

/**
 * The call-centre agent's screen: amount and order reference of the caller, then the card (no
 * security code on a phone order), Enter pays, Enter on "New payment" starts the next caller at
 * the amount. After a decline the agent reads why in the agent's words and types the next card at
 * once: amount and reference stay. The amount is typed for each caller: until it is, the button says "Pay" alone and
 * nothing is sent. Each payment taken is listed, newest first, so the agent can read the result
 * back to the caller; the list is the agent's own record of the shift, kept on the shop's server for the signed-in agent, so a reload or a second tab shows the same.
 */
export function renderMotoPage({
  integrity,
  sandboxUrl,
  confirmAbove = 500,
}: {
  integrity: string;
  sandboxUrl?: string;
  /** The shop's limit: a larger charge is read back to the caller and confirmed first. */
  confirmAbove?: number;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
${head('Phone orders', integrity)}
<style>${MOTO_STYLE}</style>
</head>
<body data-confirm-above="${confirmAbove}">
<header>
  <strong>${MERCHANT_NAME} · Phone orders</strong>
  <span><a href="/">Shop checkout</a> · <a href="/orders/">Back office</a>${sandboxLink(sandboxUrl)}</span>
</header>
<main>
  <section aria-labelledby="call-heading">
    <h1 id="call-heading">Phone order entry</h1>
    <p class="note">MOTO: the cardholder is on the phone and reads the card out; no security code.</p>
    <div class="agent">
      <label for="amount">Amount (EUR)</label>
      <input id="amount" inputmode="decimal" autocomplete="off" required autofocus aria-describedby="amount-error" aria-invalid="false">
      <div id="amount-error" class="field-error"></div>
      <label for="reference">Order reference</label>
      <input id="reference" autocomplete="off" maxlength="32" aria-describedby="reference-hint reference-error" aria-invalid="false">
      <div id="reference-hint" class="note">Letters, digits, - and _; leave empty for a generated one.</div>
      <div id="reference-error" class="field-error"></div>
    </div>
    <gateway-checkout moto require-name="false" session-url="/checkout/session?moto=1"></gateway-checkout>
    <div id="agent-message" class="agent-message" role="alert"></div>
    <dialog id="confirm" aria-labelledby="confirm-heading">
      <form method="dialog">
        <h2 id="confirm-heading">Confirm the charge</h2>
        <p></p>
        <button value="charge" autofocus>Charge</button>
        <button value="cancel">Do not charge</button>
      </form>
    </dialog>
  </section>
  <section aria-labelledby="taken-heading">
    <h2 id="taken-heading">Taken this shift</h2>
    <table class="shift" aria-labelledby="taken-heading">
      <thead><tr><th scope="col">Time</th><th scope="col">Reference</th><th scope="col" class="num">Amount</th><th scope="col">Result</th></tr></thead>
      <tbody id="taken"><tr class="empty"><td colspan="4">No payments yet</td></tr></tbody>
      <tfoot id="totals"></tfoot>
    </table>
  </section>
</main>
<script>${MOTO_SCRIPT}</script>
</body>
</html>`;
}

const MOTO_STYLE = `
  .agent input { background: light-dark(#ffffff, #26272c); color: inherit; border-color: light-dark(#767982, #8c8f98); }
  .agent input[aria-invalid="true"] { border-color: light-dark(#b3261e, #ffb4ab); }
  .agent input:focus-visible { outline: 2px solid light-dark(#1f5fd6, #8ab4ff); outline-offset: 1px; }
  .field-error { color: light-dark(#b3261e, #ffb4ab); font-size: 0.875rem; }
  .field-error:empty { display: none; }
  .agent-message { color: light-dark(#b3261e, #ffb4ab); font-weight: 600; margin-block: 8px; }
  .agent-message:empty { margin: 0; }
  /* The agent's own words stand for the checkout's, which speak to a cardholder. */
  gateway-checkout.agent-said::part(message) { display: none; }
  .shift { width: 100%; }
  .shift th, .shift td { padding: 8px 12px 8px 0; vertical-align: baseline; }
  .shift .ref, .shift time { white-space: nowrap; }
  .shift .ref { font-weight: 600; font-variant-numeric: tabular-nums; }
  @media (max-width: 520px) {
    .shift thead { display: none; }
    .shift, .shift tbody, .shift tfoot, .shift tr, .shift th, .shift td { display: block; }
    .shift tbody tr:not(.empty), .shift tfoot tr { display: grid; grid-template-columns: minmax(0, 1fr) auto; grid-template-areas: "ref amount" "time result"; gap: 2px 12px; padding: 10px 0; }
    .shift tbody tr:not(.empty) td, .shift tfoot th, .shift tfoot td { padding: 0; }
    .shift tbody tr + tr td { border: 0; }
    .shift tbody tr + tr { border-block-start: 1px solid color-mix(in srgb, CanvasText 8%, transparent); }
    .shift td.when { grid-area: time; } .shift td.ref { grid-area: ref; } .shift td.num { grid-area: amount; } .shift td.result { grid-area: result; text-align: end; }
    .shift tfoot tr { grid-template-areas: "label amount" ". count"; border-block-start: 1px solid color-mix(in srgb, CanvasText 25%, transparent); }
    .shift tfoot th, .shift tfoot td { border: 0; }
    .shift tfoot th { grid-area: label; } .shift tfoot td.num { grid-area: amount; } .shift tfoot td.count { grid-area: count; text-align: end; }
  }
  .shift th:last-child, .shift td:last-child { padding-inline-end: 4px; }
  .shift thead th { font-size: 0.8125rem; font-weight: 600; color: color-mix(in srgb, CanvasText 70%, transparent); border-block-end: 1px solid color-mix(in srgb, CanvasText 15%, transparent); }
  .shift .num { text-align: end; font-variant-numeric: tabular-nums; white-space: nowrap; }
  .shift tbody tr + tr td { border-block-start: 1px solid color-mix(in srgb, CanvasText 8%, transparent); }
  .shift tbody tr[tabindex]:focus-visible { outline: 2px solid light-dark(#1f5fd6, #8ab4ff); outline-offset: -2px; }
  .shift .empty td { text-align: center; padding: 24px 0; color: color-mix(in srgb, CanvasText 60%, transparent); }
  .shift .result-paid { color: light-dark(#146c2e, #6dd58c); font-weight: 600; }
  .shift .result-declined { color: light-dark(#b3261e, #ffb4ab); font-weight: 600; }
  .shift .reason { display: block; font-size: 0.8125rem; font-weight: 400; color: color-mix(in srgb, CanvasText 70%, transparent); }
  .shift tfoot th, .shift tfoot td { border-block-start: 1px solid color-mix(in srgb, CanvasText 25%, transparent); font-weight: 600; }
  .shift time { font-variant-numeric: tabular-nums; }
`;

// Plain script on the page, as a merchant would write it: no build step, only the element's events.
const MOTO_SCRIPT = `
  const checkout = document.querySelector('gateway-checkout');
  const amount = document.getElementById('amount');
  const amountError = document.getElementById('amount-error');
  const reference = document.getElementById('reference');
  const referenceError = document.getElementById('reference-error');
  const agentMessage = document.getElementById('agent-message');
  const taken = document.getElementById('taken');
  const totals = document.getElementById('totals');
  const CURRENCY = 'EUR';
  // "12", "12.5", "12,50": what an agent types for an amount; at most two decimals.
  const parseAmount = (text) => {
    const match = /^\\s*(\\d{1,6})(?:[.,](\\d{1,2}))?\\s*$/.exec(text);
    if (!match) return null;
    const value = Number(match[1] + '.' + (match[2] || '0'));
    return value >= 0.01 && value <= 100000 ? value : null;
  };
  const showAmountError = (message) => {
    amountError.textContent = message;
    amount.setAttribute('aria-invalid', message ? 'true' : 'false');
  };
  const amountProblem = () =>
    amount.value.trim() === '' ? 'Enter the amount the caller pays.'
    : parseAmount(amount.value) === null ? 'Enter an amount from 0.01 to 100000 with at most two decimals, e.g. 12.50.'
    : '';
  // Above this, a charge is read back to the caller and confirmed (the shop's own limit).
  const CONFIRM_ABOVE = Number(document.body.dataset.confirmAbove) || 500;
  // A card number is never a reference: 13 to 19 digits passing the Luhn check, however separated.
  // Refused as it is typed, and never sent (the shop's server refuses it too).
  const luhn = (digits) => {
    let sum = 0;
    for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
      let d = Number(digits[i]);
      if (double && (d *= 2) > 9) d -= 9;
      sum += d;
    }
    return sum % 10 === 0;
  };
  const holdsCardNumber = (text) => {
    for (const run of text.replace(/[\\s._-]/g, '').match(/\\d{13,}/g) || [])
      for (let start = 0; start + 13 <= run.length; start++)
        for (let n = 13; n <= 19 && start + n <= run.length; n++)
          if (run[start] !== '0' && luhn(run.slice(start, start + n))) return true;
    return false;
  };
  const referenceProblem = () =>
    holdsCardNumber(reference.value) ? 'A card number cannot be an order reference: type the caller’s order reference, and the card in the card fields only.' : '';
  const showReferenceError = () => {
    const problem = referenceProblem();
    referenceError.textContent = problem;
    reference.setAttribute('aria-invalid', problem ? 'true' : 'false');
    return problem;
  };
  // The checkout's messages speak to a cardholder; the agent reads the agent's own words instead.
  const sayToAgent = (text) => {
    agentMessage.textContent = text;
    checkout.classList.toggle('agent-said', Boolean(text));
  };
  // The amount and reference go to the shop's own server with the session; the card goes to the gateway.
  const update = () => {
    const value = parseAmount(amount.value);
    const ref = referenceProblem() ? '' : reference.value.replace(/[^A-Za-z0-9_-]/g, '');
    const query = new URLSearchParams({ moto: '1', ref });
    if (value !== null) query.set('amount', value.toFixed(2));
    checkout.setAttribute('session-url', '/checkout/session?' + query);
  };
  // The button's amount follows the field as it is typed: what Pay says is what it charges.
  amount.addEventListener('input', () => {
    if (amount.getAttribute('aria-invalid') === 'true') showAmountError(amountProblem());
    update();
  });
  amount.addEventListener('change', () => {
    if (amount.value.trim()) showAmountError(amountProblem());
  });
  reference.addEventListener('input', () => {
    showReferenceError();
    update();
  });
  // Enter in the amount or the reference pays, as Enter in a card field does.
  for (const field of [amount, reference]) {
    field.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' || e.isComposing) return;
      e.preventDefault();
      checkout.pay();
    });
  }
  // The amount's own rule, at the amount, before anything is sent (gateway-before-pay, below).
  const refuseAmount = () => {
    const problem = amountProblem();
    if (!problem) return false;
    showAmountError(problem);
    amount.focus();
    return true;
  };
  // A reference charged already this shift, or a large amount: read back and confirmed first.
  const confirmDialog = document.getElementById('confirm');
  let confirmed = '';
  checkout.addEventListener('gateway-before-pay', (e) => {
    sayToAgent('');
    if (refuseAmount()) return e.preventDefault();
    if (showReferenceError()) {
      reference.focus();
      return e.preventDefault();
    }
    const value = parseAmount(amount.value);
    const ref = reference.value.trim();
    const key = ref + '|' + value;
    if (value === null || confirmed === key) return;
    const charged = ref && shift.find((p) => p.reference === ref && p.kind !== 'declined');
    const large = value > CONFIRM_ABOVE;
    if (!charged && !large) return;
    e.preventDefault();
    confirmDialog.querySelector('p').textContent = charged
      ? 'Reference ' + ref + ' was already charged ' + money(charged.amount, charged.currency) + ' at ' +
        charged.at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' }) + ' this shift. Charge ' +
        money(value, CURRENCY) + ' again?'
      : 'Charge ' + money(value, CURRENCY) + '? That is above ' + money(CONFIRM_ABOVE, CURRENCY) + '; read the amount back to the caller first.';
    confirmDialog.returnValue = '';
    confirmDialog.showModal();
    confirmDialog.addEventListener('close', () => {
      if (confirmDialog.returnValue !== 'charge') return amount.focus();
      confirmed = key;
      checkout.pay();
    }, { once: true });
  });
  // No amount: the checkout sends nothing and says so; the agent is taken to the field to fix.
  checkout.addEventListener('gateway-error', (e) => {
    const amountRefused = (e.detail.fields || []).some((f) => f.path === 'amount');
    if (e.detail.type !== 'amount' && !amountRefused) return;
    showAmountError(amountProblem() || 'Enter the amount the caller pays.');
    amount.focus();
  });

  // The shift is kept on the shop's server for the signed-in agent: every tab shows the same list.
  let shift = [];
  const money = (value, currency) => new Intl.NumberFormat('en', { style: 'currency', currency }).format(value);
  const cell = (tr, text, className) => {
    const td = tr.appendChild(document.createElement('td'));
    td.textContent = text;
    if (className) td.className = className;
    return td;
  };
  const render = () => {
    taken.replaceChildren();
    if (!shift.length) {
      const tr = taken.appendChild(document.createElement('tr'));
      tr.className = 'empty';
      cell(tr, 'No payments yet').colSpan = 4;
    }
    for (const p of shift) {
      const tr = taken.appendChild(document.createElement('tr'));
      // Each result is reachable by keyboard, so the agent can read it back to the caller.
      tr.tabIndex = 0;
      const time = cell(tr, '', 'when').appendChild(document.createElement('time'));
      time.dateTime = p.at.toISOString();
      time.textContent = p.at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
      cell(tr, p.reference, 'ref');
      cell(tr, money(p.amount, p.currency), 'num');
      const result = cell(tr, p.result, 'result result-' + p.kind);
      if (p.reason) result.appendChild(document.createElement('span')).textContent = p.reason;
      if (p.reason) result.lastChild.className = 'reason';
      tr.title = 'Order ' + p.orderId;
    }
    totals.replaceChildren();
    const sums = new Map();
    for (const p of shift) if (p.kind === 'paid') sums.set(p.currency, (sums.get(p.currency) || 0) + Math.round(p.amount * 100));
    for (const [currency, cents] of sums) {
      const tr = totals.appendChild(document.createElement('tr'));
      const th = tr.appendChild(document.createElement('th'));
      th.scope = 'row';
      th.colSpan = 2;
      th.textContent = 'Total paid, ' + currency;
      cell(tr, money(cents / 100, currency), 'num');
      cell(tr, shift.filter((p) => p.kind === 'paid' && p.currency === currency).length + ' paid', 'count');
    }
  };
  const KIND = { paid: 'paid', hold: 'paid', rejected: 'declined' };
  const RESULT = { paid: 'Paid', hold: 'Authorized', rejected: 'Declined', cancelled: 'Cancelled', refunded: 'Refunded', expired: 'Expired' };
  const loadShift = () =>
    fetch('/moto/shift', { cache: 'no-store' })
      .then((r) => (r.status === 401 ? location.reload() : r.json()))
      .then((body) => {
        if (!body) return;
        shift = body.results.map((e) => ({
          at: new Date(e.at),
          orderId: e.orderId,
          reference: e.reference || e.number,
          amount: e.amount,
          currency: e.currency,
          kind: KIND[e.status] || 'pending',
          result: RESULT[e.status] || 'In progress',
          reason: e.reason,
        }));
        render();
      })
      .catch(() => {});
  loadShift();
  checkout.addEventListener('gateway-success', () => {
    sayToAgent('');
    loadShift();
  });
  // After a decline the order's amount and reference stay; the checkout waits on the card number.
  checkout.addEventListener('gateway-decline', (e) => {
    const reason = String(e.detail.reason || '').replace(/^decline[d,:]*\\s*/i, '');
    sayToAgent('Declined by the card’s bank' + (reason ? ': ' + reason.charAt(0).toLowerCase() + reason.slice(1) : '') + '. Ask the caller for another card.');
    loadShift();
  });
  // Another tab of the same agent, or a webhook: the list follows without a reload.
  if (window.EventSource) new EventSource('/orders/events').addEventListener('order', loadShift);
  window.addEventListener('pageshow', (e) => { if (e.persisted) loadShift(); });
  // The next caller starts at the amount, with nothing of the last one left.
  checkout.addEventListener('gateway-new-payment', (e) => {
    e.preventDefault();
    amount.value = '';
    reference.value = '';
    confirmed = '';
    showAmountError('');
    showReferenceError();
    sayToAgent('');
    update();
    amount.focus();
  });
`;
