/**
 * The /_sandbox/ page: what the sandbox has seen, newest first, a page at a time, with the orders
 * and the webhook deliveries on tabs of their own, filtered by status and text. It polls itself
 * and swaps in the lists that changed, so there is one renderer (this file) and the page works
 * without script too (the filters are a GET form, the tabs and pages are links).
 */
import { FAULTS, type Fault, type FaultSurface } from '../faults.ts';
import type { OrderRecord } from '../records.ts';
import { SANDBOX_STATUSES } from '../state-table.ts';
import type { WebhookDelivery } from '../webhooks.ts';
import { CONTROL_CLIENT } from './control-client.ts';
import { badge, CONTROL_STYLE, orderHref, shortId, time } from './control-parts.ts';
import { escapeHtml, money, page } from './layout.ts';

/** Rows per page of each list: a page stays short on a phone with thousands of orders. */
export const PAGE_SIZE = 20;

export type ControlTab = 'orders' | 'webhooks';

export interface ControlFilter {
  status: string | null;
  q: string;
  /** 1-based pages of the two lists. */
  page: number;
  hooksPage: number;
  tab: ControlTab;
}

export interface ControlView {
  /** The page of orders to show, newest first, and how many match the filter. */
  orders: readonly OrderRecord[];
  orderCount: number;
  /** The page of deliveries to show, newest first, and how many match. */
  deliveries: readonly WebhookDelivery[];
  deliveryCount: number;
  filter: ControlFilter;
  now: Date;
  clockSet: boolean;
  faults: Readonly<Record<FaultSurface, Fault>>;
  apiUrl: string;
}

const STYLE = `${CONTROL_STYLE}
.ignored{font-size:.75rem;color:#8a5a00;margin-top:.15rem}.ignored code{background:#fff6e0;padding:0 .2rem;border-radius:3px}
.tabs{display:flex;gap:.25rem;margin:1rem 0 0;border-bottom:1px solid var(--line)}
.tabs a{padding:.55rem 1rem;text-decoration:none;color:var(--muted);font-weight:600;border-bottom:2px solid transparent;margin-bottom:-1px}
.tabs a[aria-selected=true]{color:var(--ink);border-bottom-color:var(--accent)}
.tabs .count{margin-left:.25rem}
form.filters{display:flex;flex-wrap:wrap;align-items:end;gap:.5rem .75rem;padding:.85rem 1rem;border-bottom:1px solid var(--line);font-size:.875rem}
form.filters label{display:grid;gap:.2rem;color:var(--muted);font-size:.78rem;font-weight:600}
form.filters input[type=search]{min-width:16rem}
section.card[hidden]{display:none}
@media (max-width:720px){
 table,tbody{display:block}thead{display:none}
 tbody tr{display:grid;grid-template-columns:1fr auto;gap:.15rem .75rem;align-items:center;padding:.7rem .9rem;border-bottom:1px solid var(--line)}
 tbody tr:last-child{border-bottom:0}
 td{display:block;padding:0;border:0}
 td.num{text-align:right}
 #orders tr{grid-template-areas:"id status" "card amount" "created created"}
 #orders td[data-label=Order]{grid-area:id}#orders td[data-label=Status]{grid-area:status;justify-self:end}
 #orders td[data-label=Card]{grid-area:card}#orders td[data-label=Amount]{grid-area:amount;font-weight:600}
 #orders td[data-label=Created]{grid-area:created}
 #orders td[data-label=Number],#orders td[data-label=Updated]{display:none}
 #orders td[data-label=Card],#orders td[data-label=Created]{color:var(--muted);font-size:.8rem}
 #deliveries tr{grid-template-areas:"event state" "order attempts" "receiver receiver" "answer answer" "created created"}
 #deliveries td[data-label=Event]{grid-area:event;font-weight:600}#deliveries td[data-label=State]{grid-area:state;justify-self:end}
 #deliveries td[data-label=Order]{grid-area:order}#deliveries td[data-label=Attempts]{grid-area:attempts;font-size:.8rem}
 #deliveries td[data-label=Receiver]{grid-area:receiver}#deliveries td[data-label=Created]{grid-area:created}
 #deliveries td[data-label="Last answer"]{grid-area:answer}
 #deliveries td[data-label=Receiver],#deliveries td[data-label=Created],#deliveries td[data-label="Last answer"]{color:var(--muted);font-size:.8rem}
 #deliveries td[data-label=Attempts]::after{content:" attempts";color:var(--muted)}
 #deliveries td[data-label="Last answer"]:empty{display:none}
 .url{max-width:none}
 .empty{display:block}.empty td{text-align:center}
 form.filters input[type=search]{min-width:0;width:100%}
 form.filters label:first-child{flex:1 1 100%}
}`;

/**
 * The keys requests to this order sent that the gateway ignored (as its DRF serializers ignore
 * undeclared keys): a typo such as `sucess_redirect` shows here without failing the request.
 */
function ignoredLine(o: OrderRecord): string {
  const keys = [...new Set(o.ignored.flatMap((note) => note.keys))];
  if (!keys.length) return '';
  const list = keys.map((k) => `<code>${escapeHtml(k)}</code>`).join(', ');
  return `<div class="ignored" title="Keys the gateway ignored: not declared for this request">Ignored: ${list}</div>`;
}

function orderRow(o: OrderRecord, now: Date): string {
  const currency = o.request.currency ?? 'EUR';
  const card = o.card ? `${escapeHtml(o.card.brand)} ${escapeHtml(o.card.masked)}` : '';
  return `<tr data-id="${escapeHtml(o.id)}">
<td data-label="Order" class="nowrap">${shortId(o.id, 'order', orderHref(o.id))}</td>
<td data-label="Number">${escapeHtml(o.number)}${ignoredLine(o)}</td>
<td data-label="Status" data-status="${escapeHtml(o.status)}">${badge(o.status)}</td>
<td data-label="Amount" class="num" data-amount="${(o.totalMinor / 100).toFixed(2)}" data-currency="${escapeHtml(currency)}">${escapeHtml(money(o.totalMinor, currency))}</td>
<td data-label="Card" class="nowrap">${card}</td>
<td data-label="Created">${time(o.issuedAt, now)}</td>
<td data-label="Updated">${time(o.modifiedAt, now)}</td>
</tr>`;
}

function deliveryRow(d: WebhookDelivery, now: Date): string {
  const last = d.attempts.at(-1);
  const answer = last ? String(last.status ?? last.error ?? '') : '';
  return `<tr data-id="${escapeHtml(d.id)}">
<td data-label="Event">${escapeHtml(d.event)}</td>
<td data-label="Order" class="nowrap">${d.order_id ? shortId(d.order_id, 'order', `${orderHref(d.order_id)}#webhooks`) : ''}</td>
<td data-label="Receiver"><div class="url" title="${escapeHtml(d.url)}">${escapeHtml(d.url)}</div></td>
<td data-label="State">${badge(d.state)}</td>
<td data-label="Attempts" class="num">${d.attempts.length}</td>
<td data-label="Last answer" class="nowrap">${escapeHtml(answer)}</td>
<td data-label="Created">${time(new Date(d.created), now)}</td>
</tr>`;
}

function rows<T>(items: readonly T[], render: (item: T) => string, columns: number, empty: string): string {
  if (!items.length) return `<tr class="empty"><td colspan="${columns}">${empty}</td></tr>`;
  return items.map(render).join('');
}

/** The address of this page with some of its query changed. */
function link(filter: ControlFilter, change: Partial<ControlFilter>): string {
  const next = { ...filter, ...change };
  const query = new URLSearchParams();
  if (next.tab !== 'orders') query.set('tab', next.tab);
  if (next.status) query.set('status', next.status);
  if (next.q) query.set('q', next.q);
  if (next.page > 1) query.set('page', String(next.page));
  if (next.hooksPage > 1) query.set('hooks_page', String(next.hooksPage));
  const text = query.toString();
  return escapeHtml(`/_sandbox/${text ? `?${text}` : ''}`);
}

/** "1–20 of 56", or the count alone when everything fits on one page. */
function countText(count: number, page: number): string {
  if (count <= PAGE_SIZE) return String(count);
  const first = (page - 1) * PAGE_SIZE + 1;
  return `${first}–${Math.min(count, page * PAGE_SIZE)} of ${count}`;
}

function pager(filter: ControlFilter, count: number, key: 'page' | 'hooksPage', id: string): string {
  const current = filter[key];
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const inner =
    pages <= 1
      ? ''
      : `${current > 1 ? `<a href="${link(filter, { [key]: current - 1 })}" rel="prev">← Newer</a>` : '<span></span>'}<span class="count">Page ${current} of ${pages}</span>${current < pages ? `<a href="${link(filter, { [key]: current + 1 })}" rel="next">Older →</a>` : '<span></span>'}`;
  return `<nav class="pager" id="${id}" aria-label="Pages"${inner ? '' : ' hidden'}>${inner}</nav>`;
}

function filterForm(filter: ControlFilter): string {
  const options = ['', ...SANDBOX_STATUSES]
    .map(
      (s) =>
        `<option value="${s}"${(filter.status ?? '') === s ? ' selected' : ''}>${s ? s.replace('_', ' ') : 'Any status'}</option>`,
    )
    .join('');
  return `<form class="filters" id="filters" method="get" action="/_sandbox/" role="search" aria-label="Filter">
${filter.tab === 'webhooks' ? '<input type="hidden" name="tab" value="webhooks">' : ''}
<label>Search<input type="search" name="q" value="${escapeHtml(filter.q)}" placeholder="Order id, number, e-mail, card, amount, event"></label>
<label>Order status<select name="status">${options}</select></label>
<button type="submit" class="btn primary">Filter</button>
${filter.q || filter.status ? `<a class="btn" href="${link(filter, { q: '', status: null, page: 1, hooksPage: 1 })}">Clear</a>` : ''}
</form>`;
}

function faultForm(faults: ControlView['faults']): string {
  const select = (surface: FaultSurface, label: string) =>
    `<label>${label} <select name="${surface}">${FAULTS.map(
      (f) => `<option${f === faults[surface] ? ' selected' : ''}>${f}</option>`,
    ).join('')}</select></label>`;
  return `<form class="faults" id="faults">${select('api_do', 'Next payment')}${select('orders', 'Next order creation')}<button type="submit">Set faults</button><span class="note" role="status" id="faults-status"></span></form>`;
}

export function topBar(view: Pick<ControlView, 'now' | 'clockSet' | 'apiUrl'>): string {
  const clock = `${view.now.toISOString().slice(0, 19).replace('T', ' ')} UTC${view.clockSet ? ' (set)' : ''}`;
  return `<header class="top"><div class="wrap"><h1><a href="/_sandbox/">Sandbox gateway</a></h1>
<div class="meta"><span>API <code>${escapeHtml(view.apiUrl)}/</code></span><span>Clock <time id="clock" datetime="${view.now.toISOString()}">${clock}</time></span><span class="live" id="live">Live</span></div></div></header>`;
}

export function controlPage(view: ControlView): string {
  const { filter } = view;
  const tab = (name: ControlTab, label: string, count: number) =>
    `<a role="tab" id="tab-${name}" href="${link(filter, { tab: name })}" aria-controls="panel-${name}" aria-selected="${filter.tab === name}"${filter.tab === name ? '' : ' tabindex="-1"'}>${label}<span class="count" id="${name === 'orders' ? 'orders' : 'deliveries'}-count">${countText(count, name === 'orders' ? filter.page : filter.hooksPage)}</span></a>`;
  const filtered = Boolean(filter.q || filter.status);
  return page(
    'Sandbox gateway',
    `${topBar(view)}
<main class="wrap">
<nav class="tabs" role="tablist" aria-label="Lists">${tab('orders', 'Orders', view.orderCount)}${tab('webhooks', 'Webhooks', view.deliveryCount)}</nav>
<section class="card" id="panel-orders" role="tabpanel" aria-labelledby="tab-orders"${filter.tab === 'orders' ? '' : ' hidden'}>
${filterForm({ ...filter, tab: 'orders' })}
<table id="orders" aria-label="Orders"><thead><tr><th>Order</th><th>Number</th><th>Status</th><th class="num">Amount</th><th>Card</th><th>Created</th><th>Updated</th></tr></thead>
<tbody>${rows(view.orders, (o) => orderRow(o, view.now), 7, filtered ? 'No order matches the filter.' : 'No orders yet. Orders created with POST /api/v0.6/orders/ appear here as they happen.')}</tbody></table>
${pager(filter, view.orderCount, 'page', 'orders-pager')}</section>
<section class="card" id="panel-webhooks" role="tabpanel" aria-labelledby="tab-webhooks"${filter.tab === 'webhooks' ? '' : ' hidden'}>
${filterForm({ ...filter, tab: 'webhooks' })}
<table id="deliveries" aria-label="Webhook deliveries"><thead><tr><th>Event</th><th>Order</th><th>Receiver</th><th>State</th><th class="num">Attempts</th><th>Last answer</th><th>Created</th></tr></thead>
<tbody>${rows(view.deliveries, (d) => deliveryRow(d, view.now), 7, filtered ? 'No webhook delivery matches the filter.' : 'No webhook deliveries yet. Subscribe with POST /api/v0.6/webhooks/.')}</tbody></table>
${pager(filter, view.deliveryCount, 'hooksPage', 'deliveries-pager')}</section>
<section class="card" aria-labelledby="faults-title"><h2 id="faults-title">Faults <span class="count">one-shot: each applies once, then the sandbox behaves again</span></h2>${faultForm(view.faults)}</section>
</main>
<script>${CONTROL_CLIENT}</script>`,
    STYLE,
  );
}
