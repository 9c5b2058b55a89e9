/**
 * /_sandbox/orders/<id> in a browser: one order as an integrator debugging a server needs it. The
 * order object the API answers, its status changes, the keys its requests sent that the gateway
 * ignored, every webhook delivery (headers, body and each answer of the receiver), and the actions
 * a merchant takes on it, run against the sandbox directly.
 */
import type { OrderWire } from '../../protocol/index.ts';
import type { OrderRecord } from '../records.ts';
import { transitionFor } from '../state-table.ts';
import type { WebhookDelivery } from '../webhooks.ts';
import { topBar } from './control.ts';
import { DETAIL_CLIENT } from './control-client.ts';
import { badge, CONTROL_STYLE, time } from './control-parts.ts';
import { escapeHtml, money, page } from './layout.ts';

export interface DetailView {
  record: OrderRecord;
  /** The order as the API answers it, pay token removed. */
  order: OrderWire;
  /** This order's deliveries, newest first, bodies without the pay token. */
  deliveries: readonly WebhookDelivery[];
  now: Date;
  clockSet: boolean;
  apiUrl: string;
}

const STYLE = `${CONTROL_STYLE}
.crumbs{margin:1rem 0 .25rem;font-size:.875rem}
.crumbs a{color:var(--accent);text-decoration:none}
.title{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;margin:.25rem 0 1rem}
.title h2{font-size:1.35rem}
.title .amount{font-size:1.35rem;font-weight:600;font-variant-numeric:tabular-nums;margin-left:auto}
.grid{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:0 1rem;align-items:start}
dl.facts{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.4rem 1rem;margin:0;padding:.85rem 1rem;font-size:.875rem}
dl.facts dt{color:var(--muted)}
dl.facts dd{margin:0;overflow-wrap:anywhere}
.actions{display:grid;gap:.6rem;padding:.85rem 1rem}
.actions form{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem}
.actions form .rule{flex:1 1 100%;font-size:.78rem;color:var(--muted);margin:0}
.actions input{width:8rem}
#action-outcome{margin:0;padding:0 1rem .85rem;font-size:.875rem;min-height:1.2em}
#action-outcome[data-kind=ok]{color:var(--ok)}
#action-outcome[data-kind=refused]{color:var(--bad)}
pre{margin:0;padding:.75rem 1rem;background:#f6f8fa;border-top:1px solid var(--line);font:12px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace;overflow:auto;max-height:28rem;white-space:pre-wrap;overflow-wrap:anywhere}
details{border-top:1px solid var(--line)}
details:first-of-type{border-top:0}
summary{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem .75rem;padding:.65rem 1rem;cursor:pointer;font-size:.875rem}
summary .event{font-weight:600}
summary .when{margin-left:auto;color:var(--muted)}
.delivery h4{margin:.75rem 1rem .25rem;font-size:.75rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
.delivery table{margin-bottom:.25rem}
.delivery td,.delivery th{padding:.35rem 1rem}
.none{padding:1rem;color:var(--muted);font-size:.875rem;margin:0}
@media (max-width:720px){
 .grid{grid-template-columns:1fr}
 .title .amount{margin-left:0}
 dl.facts{grid-template-columns:1fr;gap:.1rem}
 dl.facts dd{margin-bottom:.4rem}
 .actions input{flex:1;width:auto}
}`;

const pretty = (value: unknown) => escapeHtml(JSON.stringify(value, null, 2));
const unix = (seconds: number | null | undefined, now: Date) =>
  seconds == null ? '—' : time(new Date(seconds * 1000), now);

function facts(view: DetailView): string {
  const { record: o, order, now } = view;
  const currency = o.request.currency ?? 'EUR';
  const row = (label: string, value: string) => `<dt>${label}</dt><dd>${value}</dd>`;
  const amount = (minor: number) => escapeHtml(money(minor, currency));
  const kind = [
    o.request.skip_capture ? 'two-step' : 'one-step',
    o.request.is_moto ? 'MOTO' : '',
    o.request.payment_system ? escapeHtml(o.request.payment_system) : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `<dl class="facts" id="summary">
${row('Order id', `<code>${escapeHtml(o.id)}</code>`)}
${row('Number', escapeHtml(o.number))}
${row('Status', badge(o.status))}
${row('Kind', kind)}
${row('Total', amount(o.totalMinor))}
${o.authorizedMinor !== null ? row('Authorized', amount(o.authorizedMinor)) : ''}
${o.releasedMinor ? row('Released', amount(o.releasedMinor)) : ''}
${row('Refunded', amount(o.refundedMinor))}
${o.reversedMinor ? row('Reversed', amount(o.reversedMinor)) : ''}
${row('Card', o.card ? `${escapeHtml(o.card.brand)} ${escapeHtml(o.card.masked)}${o.card.holder ? ` · ${escapeHtml(o.card.holder)}` : ''}` : '—')}
${row('Customer', escapeHtml(order.client?.email ?? '—'))}
${row('Created', unix(order.issued, now))}
${row('Paid', unix(order.paid, now))}
${order.captured ? row('Captured', unix(order.captured, now)) : ''}
${o.errors.length ? row('Last error', escapeHtml(o.errors.at(-1)!.description)) : ''}
</dl>`;
}

function actions(view: DetailView): string {
  const { record: o } = view;
  const currency = escapeHtml(o.request.currency ?? 'EUR');
  const left = (o.totalMinor - o.refundedMinor - o.reversedMinor) / 100;
  const can = (action: Parameters<typeof transitionFor>[1]) => Boolean(transitionFor(o.status, action));
  const form = (
    action: string,
    label: string,
    enabled: boolean,
    rule: string,
    amount?: { field: string; value: string },
  ) =>
    `<form data-action="${action}" aria-label="${label}">
${amount ? `<label class="visually-hidden" for="${action}-amount">${label} amount (${currency})</label><input id="${action}-amount" name="amount" data-field="${amount.field}" inputmode="decimal" autocomplete="off" placeholder="${amount.value}"${enabled ? '' : ' disabled'}>` : ''}
<button type="submit" class="btn ${action === 'capture' || action === 'refund' ? 'primary' : 'danger'}"${enabled ? '' : ' disabled'}>${label}</button>
<p class="rule">${escapeHtml(rule)}</p></form>`;
  return `<div class="actions" id="actions">
${form('capture', 'Capture', can('capture'), can('capture') ? 'Any amount up to the hold, once; empty captures all of it.' : `Capture needs a hold; this order is ${o.status}.`, { field: 'total', value: (o.totalMinor / 100).toFixed(2) })}
${form('refund', 'Refund', can('refund') && left > 0, can('refund') ? `Up to ${left.toFixed(2)}; empty refunds all that is left.` : `A refund needs a paid order; this order is ${o.status}.`, { field: 'amount', value: left.toFixed(2) })}
${form('reverse', 'Reverse', can('reverse'), can('reverse') ? 'All of it, on the day of payment only; or release a hold.' : `A reversal needs a paid order or a hold; this order is ${o.status}.`)}
${form('cancel', 'Cancel', can('cancel'), can('cancel') ? 'An unpaid order (a declined one too), or a hold (released).' : `Cancelling needs an unpaid order or a hold; this order is ${o.status}.`)}
<p id="action-outcome" role="status" aria-live="polite"></p>
</div>`;
}

function statusChanges(view: DetailView): string {
  const changes = view.record.statusChanges;
  return `<table id="changes" aria-label="Status changes"><thead><tr><th>Status</th><th>When</th></tr></thead><tbody>${changes
    .map((c) => `<tr><td>${badge(c.new_status)}</td><td>${unix(c.on, view.now)}</td></tr>`)
    .join('')}</tbody></table>`;
}

function ignoredKeys(view: DetailView): string {
  const notes = view.record.ignored ?? [];
  if (!notes.length)
    return '<p class="none" id="ignored">Every key the requests for this order sent was one the gateway reads.</p>';
  return `<table id="ignored" aria-label="Ignored request keys"><thead><tr><th>Request</th><th>Keys the gateway ignored</th><th>When</th></tr></thead><tbody>${notes
    .map(
      (n) =>
        `<tr><td class="nowrap">${escapeHtml(n.request)}</td><td><code>${n.keys.map(escapeHtml).join('</code>, <code>')}</code></td><td>${unix(n.on, view.now)}</td></tr>`,
    )
    .join('')}</tbody></table>`;
}

function delivery(d: WebhookDelivery, now: Date): string {
  const headers = Object.entries(d.headers ?? {})
    .map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(v)}`)
    .join('\n');
  const attempts = d.attempts.length
    ? `<table aria-label="Attempts"><thead><tr><th>Attempt</th><th>Answer</th><th class="num">Took</th><th>Receiver's body</th></tr></thead><tbody>${d.attempts
        .map(
          (a, i) =>
            `<tr><td class="nowrap">${i + 1} · ${time(new Date(a.at), now)}</td><td>${escapeHtml(a.status === null ? (a.error ?? 'no answer') : `HTTP ${a.status}`)}</td><td class="num">${a.duration_ms} ms</td><td><code>${escapeHtml(a.response_body || '(empty)')}</code></td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p class="none">Not attempted yet.</p>';
  return `<details class="delivery" id="delivery-${escapeHtml(d.id)}" data-id="${escapeHtml(d.id)}">
<summary><span class="event">${escapeHtml(d.event)}</span>${badge(d.state)}<span class="count">${d.attempts.length} attempt${d.attempts.length === 1 ? '' : 's'}</span><span class="when">${time(new Date(d.created), now)}</span></summary>
<h4>Sent to</h4><pre>POST ${escapeHtml(d.url)}\n${headers}</pre>
<h4>Body</h4><pre>${pretty(d.body)}</pre>
<h4>Answers</h4>${attempts}
</details>`;
}

export function orderDetailPage(view: DetailView): string {
  const { record: o } = view;
  const currency = o.request.currency ?? 'EUR';
  return page(
    `Order ${o.number} · Sandbox gateway`,
    `${topBar(view)}
<main class="wrap">
<p class="crumbs"><a href="/_sandbox/">← All orders</a></p>
<div class="title"><h2>Order ${escapeHtml(o.number)}</h2>${badge(o.status)}<span class="amount">${escapeHtml(money(o.totalMinor, currency))}</span></div>
<div class="grid">
<section class="card" aria-labelledby="summary-title"><h2 id="summary-title">Summary</h2>${facts(view)}</section>
<div>
<section class="card" aria-labelledby="actions-title"><h2 id="actions-title">Merchant actions <span class="count">as POST /orders/{id}/…/ would</span></h2>${actions(view)}</section>
<section class="card" aria-labelledby="changes-title"><h2 id="changes-title">Status changes</h2>${statusChanges(view)}</section>
</div>
</div>
<section class="card" aria-labelledby="ignored-title"><h2 id="ignored-title">Ignored request keys</h2>${ignoredKeys(view)}</section>
<section class="card" aria-labelledby="hooks-title"><h2 id="hooks-title">Webhook deliveries <span class="count">newest first</span></h2><div id="hooks">${
      view.deliveries.length
        ? view.deliveries.map((d) => delivery(d, view.now)).join('')
        : '<p class="none">No deliveries for this order. Subscribe with POST /api/v0.6/webhooks/.</p>'
    }</div></section>
<section class="card" aria-labelledby="object-title"><h2 id="object-title">Order object <span class="count">GET /api/v0.6/orders/{id}/, pay token hidden</span></h2><div id="object"><pre>${pretty(view.order)}</pre></div></section>
</main>
<script>${DETAIL_CLIENT}</script>`,
    STYLE,
  );
}
