import type { Agent } from '../staff/auth.ts';
import { escapeHtml, staffPage } from '../staff/layout.ts';
import { ACTIONS, type Action, type OrderView, STATUS_WORDS, statusWordOf, whyNot } from './orders.ts';

/**
 * The back office at /orders/: one server-rendered page. Each order is a <tbody> of its own (the
 * summary row and, when opened, its actions), so a webhook about one order re-renders that order
 * only; the script keeps what the operator is typing.
 */
const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);

export const statusWord = (status: string) => STATUS_WORDS[status] ?? status.replace(/_/g, ' ');

function when(issued: number | null): string {
  if (issued === null) return '';
  const at = new Date(issued * 1000);
  const iso = at.toISOString();
  return `<time datetime="${iso}" title="${iso.slice(0, 19).replace('T', ' ')} UTC">${iso.slice(0, 10)} ${iso.slice(11, 16)}</time>`;
}

const ACTION_WORDS: Record<Action, { button: string; rule: string }> = {
  capture: { button: 'Capture', rule: 'Any amount up to the hold, once; the rest is released.' },
  refund: { button: 'Refund', rule: 'Full or partial; leave the amount empty for all that is left.' },
  reverse: { button: 'Reverse', rule: 'The whole payment, on the day of payment only; or release a hold.' },
  cancel: { button: 'Cancel order', rule: 'An unpaid order, or a hold (the funds are released).' },
};

function actionForm(view: OrderView, action: Action): string {
  const refused = whyNot(action, view);
  const id = `${action}-${escapeHtml(view.id)}`;
  const words = ACTION_WORDS[action];
  const amountField =
    action === 'capture' || action === 'refund'
      ? `<label class="amount" for="${id}-amount"><span>${action === 'capture' ? 'Amount to capture' : 'Amount to refund'} (${escapeHtml(view.currency)})</span>
<input id="${id}-amount" name="amount" inputmode="decimal" autocomplete="off" ${action === 'capture' ? `value="${view.total.toFixed(2)}"` : `placeholder="${view.refundable.toFixed(2)}"`}${refused ? ' disabled' : ''}></label>`
      : '';
  return `<form class="action" data-action="${action}" aria-labelledby="${id}-title">
<h3 id="${id}-title">${words.button}</h3>
<p class="rule">${refused ? `<span class="why">${escapeHtml(refused)}</span>` : escapeHtml(words.rule)}</p>
<div class="do">${amountField}<button class="btn${action === 'cancel' || action === 'reverse' ? ' danger' : ' primary'}" type="submit"${refused ? ' disabled' : ''}>${words.button}</button></div>
</form>`;
}

/**
 * An expired hold offers no action: nothing of it can be captured, reversed or cancelled, so the
 * operator reads what happened instead of buttons that could only fail.
 */
function expiredHoldWords(view: OrderView): string {
  const on = view.holdExpired?.on;
  const date = on
    ? ` on ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(on * 1000)}`
    : '';
  return `The hold expired${date} before it was captured: the customer was not charged, and the held ${money(view.total, view.currency)} went back to their card. Nothing can be captured, reversed or cancelled; take a new payment if the order still stands.`;
}

/** One order: its summary row and its (collapsible) actions. */
export function orderGroup(view: OrderView, open = false): string {
  const id = escapeHtml(view.id);
  const kind = [view.moto ? 'Phone' : '', view.twoStep ? 'Two-step' : ''].filter(Boolean).join(' · ');
  return `<tbody class="order" data-id="${id}" data-status="${escapeHtml(view.status)}">
<tr class="summary">
<th scope="row" data-label="Order"><span class="number">${escapeHtml(view.number || view.id.slice(0, 8))}</span>${kind ? `<span class="kind">${kind}</span>` : ''}</th>
<td data-label="Created" class="created">${when(view.issued)}</td>
<td data-label="Status"><span class="badge s-${escapeHtml(view.status)}" data-status="${escapeHtml(view.status)}">${escapeHtml(statusWordOf(view))}</span></td>
<td data-label="Amount" class="num" data-amount="${view.total.toFixed(2)}">${money(view.total, view.currency)}</td>
<td data-label="Refunded" class="num" data-refunded="${view.refunded.toFixed(2)}">${view.refunded ? money(view.refunded, view.currency) : '<span class="none">—</span>'}</td>
<td data-label="Card" class="card">${escapeHtml(view.card) || '<span class="none">—</span>'}</td>
<td class="manage"><button type="button" class="btn" aria-expanded="${open}" aria-controls="panel-${id}">Manage<span class="visually-hidden"> order ${escapeHtml(view.number)}</span></button></td>
</tr>
<tr class="panel" id="panel-${id}"${open ? '' : ' hidden'}><td colspan="7">
<div class="facts"><span>Order id <code>${id}</code></span>${view.status === 'paid' ? `<span>Refundable <strong data-refundable="${view.refundable.toFixed(2)}">${money(view.refundable, view.currency)}</strong></span>` : ''}${view.error ? `<span>Last error: ${escapeHtml(view.error)}</span>` : ''}${view.avs ? `<span data-avs>${escapeHtml(view.avs)}</span>` : ''}</div>
${view.holdExpired ? `<p class="expired" data-hold-expired>${escapeHtml(expiredHoldWords(view))}</p>` : `<div class="actions">${ACTIONS.map((a) => actionForm(view, a)).join('')}</div>`}
<p class="outcome" role="status" aria-live="polite"></p>
</td></tr>
</tbody>`;
}

export function orderGroups(views: readonly OrderView[]): string {
  return views.length
    ? views.map((v) => orderGroup(v)).join('')
    : '<tbody class="empty"><tr><td colspan="7">No orders yet. Pay in the shop, and they appear here as they happen.</td></tr></tbody>';
}

const STYLE = `
main{padding-block:1.25rem 3rem}
.head{display:flex;flex-wrap:wrap;align-items:baseline;gap:.5rem 1rem;margin-block-end:1rem}
.head h1{font-size:1.4rem;margin-inline-end:auto}
.live{display:inline-flex;align-items:center;gap:.4rem;font-size:.85rem;color:var(--muted)}
.live::before{content:"";width:.5rem;height:.5rem;border-radius:50%;background:#2fb36b}
.live[data-state=off]::before{background:#a3aab8}
.sheet{background:var(--card);border:1px solid var(--line);border-radius:10px;overflow:hidden}
table{width:100%;border-collapse:collapse;font-size:.9rem}
thead th{font-size:.75rem;letter-spacing:.04em;text-transform:uppercase;color:var(--muted);font-weight:600;text-align:start;background:#fafbfc;padding:.6rem .9rem;border-block-end:1px solid var(--line)}
thead th.num{text-align:end}
tbody.order+tbody.order .summary>*{border-block-start:1px solid var(--line)}
.summary>th,.summary>td{padding:.65rem .9rem;text-align:start;vertical-align:middle;font-weight:400}
.number{font-weight:600;font-variant-numeric:tabular-nums}
.kind{display:block;font-size:.75rem;color:var(--muted)}
.summary>.num,.num{text-align:end;font-variant-numeric:tabular-nums;white-space:nowrap}
tr[hidden]{display:none!important}
.card,.created{white-space:nowrap;font-variant-numeric:tabular-nums;color:var(--muted)}
.none{color:#a3aab8}
.manage{text-align:end;width:1%}
.manage .btn{min-height:2rem;padding:.2rem .75rem}
.badge{display:inline-block;padding:.1rem .55rem;border-radius:999px;font-size:.78rem;font-weight:600;background:#eef0f3;color:#454f5e;white-space:nowrap}
.s-paid{background:#e3f4ea;color:var(--ok)}
.s-hold,.s-in_progress,.s-issued{background:#fff2d9;color:var(--warn)}
.s-rejected,.s-expired{background:#fdeceb;color:var(--bad)}
.s-refunded,.s-cancelled{background:#eeeaf9;color:#533a9c}
.panel>td{background:#f9fafb;padding:1rem .9rem 1.1rem;border-block-start:1px solid var(--line)}
.facts{display:flex;flex-wrap:wrap;gap:.25rem 1.5rem;font-size:.85rem;color:var(--muted);margin-block-end:.8rem}
.facts code{font-size:.8rem;color:var(--ink)}
.facts strong{color:var(--ink)}
.actions{display:grid;grid-template-columns:repeat(auto-fit,minmax(15rem,1fr));gap:.75rem}
.action{background:#fff;border:1px solid var(--line);border-radius:8px;padding:.75rem .85rem;display:flex;flex-direction:column;gap:.35rem}
.action h3{font-size:.9rem}
.rule{margin:0;font-size:.8rem;color:var(--muted);flex:1}
.why{color:var(--warn)}
.expired{margin:0;padding:.7rem .9rem;border-inline-start:3px solid var(--bad);background:#fdeceb;border-radius:6px;max-inline-size:60ch}
.do{display:flex;align-items:flex-end;gap:.5rem;flex-wrap:wrap}
.amount{display:grid;gap:.15rem;font-size:.78rem;color:var(--muted);flex:1;min-width:8rem}
.amount input{width:100%}
.outcome{margin:.75rem 0 0;font-size:.9rem;min-height:1.2em}
.outcome[data-kind=ok]{color:var(--ok)}
.outcome[data-kind=refused]{color:var(--bad)}
.pager{display:flex;justify-content:space-between;align-items:center;padding:.7rem .9rem;border-block-start:1px solid var(--line);font-size:.875rem}
.pager a{text-decoration:none}
.empty td{padding:2rem;text-align:center;color:var(--muted)}
tbody.fresh .summary>*{animation:fresh 2s ease-out}
@keyframes fresh{from{background:#fff6c9}to{background:transparent}}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:720px){
 thead{display:none}
 table,tbody,tr,th,td{display:block}
 .summary{display:grid;grid-template-columns:1fr auto;grid-template-areas:"order status" "created amount" "card refunded" "manage manage";gap:.2rem .75rem;padding:.75rem .85rem}
 .summary>th,.summary>td{padding:0;border:0!important}
 tbody.order+tbody.order{border-block-start:1px solid var(--line)}
 .summary>[data-label=Order]{grid-area:order}.summary>[data-label=Status]{grid-area:status;justify-self:end}
 .summary>[data-label=Created]{grid-area:created;font-size:.8rem}.summary>[data-label=Amount]{grid-area:amount;font-weight:600}
 .summary>[data-label=Card]{grid-area:card;font-size:.8rem}.summary>[data-label=Refunded]{grid-area:refunded;font-size:.8rem}
 .summary>[data-label=Refunded]::before{content:"Refunded ";color:var(--muted)}
 .summary>.manage{grid-area:manage;width:auto;text-align:start;margin-block-start:.35rem}
 .manage .btn{width:100%}
 .panel>td{padding:.75rem .85rem}
 .actions{grid-template-columns:1fr}
}`;

// Plain script, as a merchant would write it: actions by fetch with the CSRF token, webhooks by
// server-sent events, and a re-render of the one order that changed.
const SCRIPT = `
(function () {
  var csrf = document.querySelector('meta[name="csrf-token"]').content;
  var table = document.getElementById('orders');
  var live = document.getElementById('live');
  function groupOf(id) { return table.querySelector('tbody.order[data-id="' + CSS.escape(id) + '"]'); }
  // Replaces one order's rows, keeping it open, what is typed in it and where the focus was.
  function replaceGroup(old, html) {
    var box = document.createElement('table');
    box.innerHTML = html;
    var next = box.querySelector('tbody');
    if (!next) return;
    var open = old && !old.querySelector('.panel').hidden;
    var focused = old && old.contains(document.activeElement) ? document.activeElement : null;
    var typed = {};
    if (old) old.querySelectorAll('input[name=amount]').forEach(function (i) { if (i.value !== i.defaultValue) typed[i.id] = i.value; });
    var outcome = old && old.querySelector('.outcome');
    if (open) { next.querySelector('.panel').hidden = false; next.querySelector('.manage button').setAttribute('aria-expanded', 'true'); }
    Object.keys(typed).forEach(function (id) { var i = next.querySelector('#' + CSS.escape(id)); if (i && !i.disabled) i.value = typed[id]; });
    if (outcome) { var o = next.querySelector('.outcome'); o.textContent = outcome.textContent; if (outcome.dataset.kind) o.dataset.kind = outcome.dataset.kind; }
    if (old) old.replaceWith(next); else { var empty = table.querySelector('tbody.empty'); if (empty) empty.remove(); table.querySelector('thead').after(next); next.classList.add('fresh'); }
    if (focused) {
      var again = focused.id ? next.querySelector('#' + CSS.escape(focused.id)) : null;
      if (!again && focused.closest('.manage')) again = next.querySelector('.manage button');
      if (!again && focused.form) again = next.querySelector('form[data-action="' + focused.form.dataset.action + '"] button');
      if (again && !again.disabled) again.focus(); else if (again) next.querySelector('.manage button').focus();
    }
  }
  function refresh(id) {
    return fetch('/orders/' + encodeURIComponent(id) + '/row', { cache: 'no-store' }).then(function (r) {
      if (r.status === 401) { location.reload(); return; }
      return r.ok ? r.text().then(function (html) { replaceGroup(groupOf(id), html); }) : undefined;
    });
  }
  table.addEventListener('click', function (e) {
    var button = e.target.closest('.manage button');
    if (!button) return;
    var panel = document.getElementById(button.getAttribute('aria-controls'));
    var open = button.getAttribute('aria-expanded') !== 'true';
    button.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
    if (open) { var first = panel.querySelector('input:not([disabled]), button:not([disabled])'); if (first) first.focus(); }
  });
  table.addEventListener('submit', function (e) {
    var form = e.target.closest('form.action');
    if (!form) return;
    e.preventDefault();
    var group = form.closest('tbody.order');
    var id = group.dataset.id, action = form.dataset.action;
    var outcome = group.querySelector('.outcome');
    var button = form.querySelector('button');
    if (button.disabled) return;
    // One press, one request: the button stays disabled until the shop has answered.
    button.disabled = true;
    outcome.removeAttribute('data-kind');
    outcome.textContent = 'Sending to the gateway…';
    var body = {};
    if (form.amount) body.amount = form.amount.value;
    fetch('/orders/' + encodeURIComponent(id) + '/' + action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
      body: JSON.stringify(body),
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (answer) {
        if (r.status === 401) { location.reload(); return; }
        var message = answer.message || (answer.error && answer.error.message) || ('The shop answered ' + r.status + '.');
        if (answer.html) replaceGroup(group, answer.html);
        var now = groupOf(id).querySelector('.outcome');
        now.dataset.kind = r.ok ? 'ok' : 'refused';
        now.textContent = message;
        if (!answer.html) button.disabled = false;
      });
    }).catch(function () {
      outcome.dataset.kind = 'refused';
      outcome.textContent = 'The shop did not answer; nothing is known to have changed. Reload to see the order as it is.';
      button.disabled = false;
    });
  });
  if (window.EventSource) {
    var source = new EventSource('/orders/events');
    source.addEventListener('open', function () { live.dataset.state = 'on'; live.textContent = 'Live'; });
    source.addEventListener('error', function () { live.dataset.state = 'off'; live.textContent = 'Reconnecting…'; });
    source.addEventListener('order', function (e) {
      var event = JSON.parse(e.data);
      if (!event.order_id) return;
      // A new order shows up on the first page only; an order on the page is re-read.
      if (groupOf(event.order_id) || table.dataset.page === '1') refresh(event.order_id);
    });
  }
})();
`;

export function renderOrdersPage(options: {
  agent: Agent;
  views: readonly OrderView[];
  page: number;
  hasNext: boolean;
}): string {
  const { agent, views, page, hasNext } = options;
  const pager =
    page > 1 || hasNext
      ? `<nav class="pager" aria-label="Pages">${page > 1 ? `<a href="/orders/?page=${page - 1}">← Newer</a>` : '<span></span>'}<span class="note">Page ${page}</span>${hasNext ? `<a href="/orders/?page=${page + 1}">Older →</a>` : '<span></span>'}</nav>`
      : '';
  return staffPage({
    title: 'Orders',
    agent,
    current: '/orders/',
    style: STYLE,
    script: SCRIPT,
    body: `<main class="wrap">
<div class="head"><h1 id="orders-title">Orders</h1><span class="live" id="live" data-state="off" role="status">Connecting…</span><span class="note">Newest first. Webhooks from the gateway update this page.</span></div>
<div class="sheet">
<table id="orders" aria-labelledby="orders-title" data-page="${page}">
<thead><tr><th scope="col">Order</th><th scope="col">Created (UTC)</th><th scope="col">Status</th><th scope="col" class="num">Amount</th><th scope="col" class="num">Refunded</th><th scope="col">Card</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
${orderGroups(views)}
</table>
${pager}
</div>
</main>`,
  });
}
