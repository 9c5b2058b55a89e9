import type { Agent } from '../staff/auth.ts';
import { escapeHtml, staffPage } from '../staff/layout.ts';
import {
  ACTION_NAMES,
  type Action,
  actionSentence,
  actionsFor,
  amountFor,
  money,
  type OrderView,
  statusWords,
} from './orders.ts';
import { BACK_OFFICE_SCRIPT } from './page-script.ts';
import { BACK_OFFICE_STYLE } from './page-style.ts';

/**
 * The back office at /orders/: one server-rendered page. Each order is a <tbody> of its own (the
 * summary row and, when opened, its actions), so a webhook about one order re-renders that order
 * only; the script keeps what the operator is typing. One order is managed at a time: opening one
 * closes the other.
 */

function when(issued: number | null): string {
  if (issued === null) return '';
  const at = new Date(issued * 1000);
  const iso = at.toISOString();
  return `<time datetime="${iso}" title="${iso.slice(0, 19).replace('T', ' ')} UTC">${iso.slice(0, 10)} ${iso.slice(11, 16)}</time>`;
}

const RULES: Record<Action, string> = {
  capture: 'Any amount up to the hold, once; the rest is released.',
  release: 'Gives the whole hold back to the card; nothing is charged.',
  refund: 'Full or partial; leave the amount empty for all that is left.',
  reverse: 'The whole payment, on the day of payment only.',
  cancel: 'The order can no longer be paid.',
};

/**
 * One action: its button says what it does to whom ("Refund €32.25 of €32.25 to Anna Berzina, order
 * BP-1042"); the page's script keeps the amount in it as the operator types, and asks to confirm.
 */
function actionForm(view: OrderView, action: Action): string {
  const id = `${action}-${escapeHtml(view.id)}`;
  const name = ACTION_NAMES[action];
  const amount = amountFor(action, view, undefined) as number;
  const typed = action === 'capture' || action === 'refund';
  // The sentence with a slot for the amount the operator types; the script fills it in.
  const template = actionSentence(action, view, 0.01).replace(money(0.01, view.currency), '{amount}');
  const amountField = typed
    ? `<label class="amount" for="${id}-amount"><span>${action === 'capture' ? 'Amount to capture' : 'Amount to refund'} (${escapeHtml(view.currency)})</span>
<input id="${id}-amount" name="amount" inputmode="decimal" autocomplete="off" ${action === 'capture' ? `value="${view.total.toFixed(2)}"` : `placeholder="${view.refundable.toFixed(2)}"`} data-most="${amount.toFixed(2)}"></label>`
    : '';
  const danger = action === 'capture' ? ' primary' : ' danger';
  return `<form class="action" data-action="${action}" aria-labelledby="${id}-title">
<h3 id="${id}-title">${name}</h3>
<p class="rule">${escapeHtml(RULES[action])}</p>
<div class="do">${amountField}<button class="btn${danger}" type="submit" data-sentence="${escapeHtml(template)}">${escapeHtml(actionSentence(action, view, amount))}</button></div>
</form>`;
}

function amountCell(view: OrderView): string {
  const back = view.refunded + view.reversed;
  const note =
    back > 0
      ? `<span class="back" data-refunded="${back.toFixed(2)}">${money(back, view.currency)} back</span>`
      : '';
  return `<td data-label="Amount" class="num"><span data-amount="${view.total.toFixed(2)}">${money(view.total, view.currency)}</span>${note}</td>`;
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
  const number = escapeHtml(view.number || view.id.slice(0, 8));
  const kind = [view.moto ? 'Phone' : '', view.twoStep ? 'Two-step' : ''].filter(Boolean).join(' · ');
  const actions = actionsFor(view);
  const words = statusWords(view);
  const none = '<span class="none">—</span>';
  return `<tbody class="order" data-id="${id}" data-number="${escapeHtml(view.number)}" data-currency="${escapeHtml(view.currency)}" data-status="${escapeHtml(view.status)}">
<tr class="summary" tabindex="-1">
<th scope="row" data-label="Order"><span class="number">${number}</span>${kind ? `<span class="kind">${kind}</span>` : ''}</th>
<td data-label="Reference" class="ref">${escapeHtml(view.reference) || none}</td>
<td data-label="Customer" class="cust">${escapeHtml(view.email) || none}</td>
<td data-label="Created" class="created">${when(view.issued)}</td>
<td data-label="Status"><span class="badge s-${escapeHtml(view.status)}" data-status="${escapeHtml(view.status)}">${escapeHtml(words)}</span></td>
${amountCell(view)}
<td data-label="Card" class="card">${view.last4 ? `<span title="${escapeHtml(view.card)}">•••• ${view.last4}</span>` : none}</td>
<td class="manage"><button type="button" class="btn" aria-expanded="${open}" aria-controls="panel-${id}">Manage<span class="visually-hidden"> order ${number}</span></button></td>
</tr>
<tr class="panel" id="panel-${id}"${open ? '' : ' hidden'}><td colspan="8" tabindex="-1" aria-labelledby="title-${id}">
<h2 class="panel-title" id="title-${id}">Order ${number}${view.customer ? ` · ${escapeHtml(view.customer)}` : ''}</h2>
<div class="facts"><span>Order id <code>${id}</code></span>${view.status === 'paid' ? `<span>Refundable <strong data-refundable="${view.refundable.toFixed(2)}">${money(view.refundable, view.currency)}</strong></span>` : ''}${view.error ? `<span>Last error: ${escapeHtml(view.error)}</span>` : ''}${view.avs ? `<span data-avs>${escapeHtml(view.avs)}</span>` : ''}</div>
${view.holdExpired ? `<p class="expired" data-hold-expired>${escapeHtml(expiredHoldWords(view))}</p>` : actions.length ? `<div class="actions">${actions.map((a) => actionForm(view, a)).join('')}</div>` : `<p class="nothing">Nothing can be done with this order now: it is ${escapeHtml(words.toLowerCase())}.</p>`}
<p class="outcome"></p>
</td></tr>
</tbody>`;
}

export function orderGroups(views: readonly OrderView[], query = ''): string {
  if (views.length) return views.map((v) => orderGroup(v)).join('');
  const text = query
    ? `No order matches “${escapeHtml(query)}”. Search by e-mail, order number, phone-order reference or the card’s last four digits.`
    : 'No orders yet. Pay in the shop, and they appear here as they happen.';
  return `<tbody class="empty"><tr><td colspan="8">${text}</td></tr></tbody>`;
}

export function renderOrdersPage(options: {
  agent: Agent;
  views: readonly OrderView[];
  page: number;
  hasNext: boolean;
  /** What the operator searched for ('' for the plain list). */
  query?: string;
  /** A search reads this many of the newest orders. */
  searched?: number;
}): string {
  const { agent, views, page, hasNext, query = '', searched = 0 } = options;
  const pager =
    !query && (page > 1 || hasNext)
      ? `<nav class="pager" aria-label="Pages">${page > 1 ? `<a href="/orders/?page=${page - 1}">← Newer</a>` : '<span></span>'}<span class="note">Page ${page}</span>${hasNext ? `<a href="/orders/?page=${page + 1}">Older →</a>` : '<span></span>'}</nav>`
      : '';
  const found = query
    ? `<p class="found" id="found">${views.length} ${views.length === 1 ? 'order matches' : 'orders match'} “${escapeHtml(query)}” among the newest ${searched}. <a href="/orders/">Show all orders</a></p>`
    : '';
  return staffPage({
    title: query ? `Orders matching ${query}` : 'Orders',
    agent,
    current: '/orders/',
    style: BACK_OFFICE_STYLE,
    script: BACK_OFFICE_SCRIPT,
    body: `<main class="wrap">
<div class="head"><h1 id="orders-title">Orders</h1><span class="live" id="live" data-state="off">Connecting…</span><span class="note">Newest first. Webhooks from the gateway update this page.</span></div>
<form class="search" role="search" method="get" action="/orders/">
<label for="q">Search</label>
<input type="search" id="q" name="q" value="${escapeHtml(query)}" autocomplete="off" spellcheck="false" aria-describedby="q-hint">
<button class="btn" type="submit">Find</button>
<span class="note" id="q-hint">E-mail, order number, phone-order reference or the card’s last four digits.</span>
</form>
${found}
<div class="sheet">
<table id="orders" aria-labelledby="orders-title" data-page="${query ? 'search' : page}">
<thead><tr><th scope="col">Order</th><th scope="col">Reference</th><th scope="col">Customer</th><th scope="col">Created (UTC)</th><th scope="col">Status</th><th scope="col" class="num">Amount</th><th scope="col">Card</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
${orderGroups(views, query)}
</table>
${pager}
</div>
<p id="announce" class="visually-hidden" role="status" aria-live="polite"></p>
<dialog id="confirm" aria-labelledby="confirm-title" aria-describedby="confirm-text">
<form method="dialog">
<h2 id="confirm-title">Confirm</h2>
<p id="confirm-text"></p>
<div class="choices"><button class="btn" value="keep" autofocus>Go back</button><button class="btn danger" value="do" id="confirm-do"></button></div>
</form>
</dialog>
</main>`,
  });
}
