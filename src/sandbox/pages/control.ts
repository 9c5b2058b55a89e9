/**
 * The /_sandbox/ page: what the sandbox has seen, newest first, kept current while it is open. The
 * page polls itself and swaps in the lists that changed, so there is one renderer (this file) and
 * the page works without script too.
 */
import { FAULTS, type Fault, type FaultSurface } from '../faults.ts';
import type { OrderRecord } from '../records.ts';
import type { WebhookDelivery } from '../webhooks.ts';
import { escapeHtml, money, page } from './layout.ts';

/** The newest this many of each list are shown, so the page stays quick with thousands of orders. */
export const LIST_LIMIT = 200;
/** How often the page asks for changes, in milliseconds. */
const POLL_MS = 1000;

export interface ControlView {
  orders: readonly OrderRecord[];
  deliveries: readonly WebhookDelivery[];
  now: Date;
  clockSet: boolean;
  faults: Readonly<Record<FaultSurface, Fault>>;
  apiUrl: string;
}

const STYLE = `header.top{background:#0f2a4a;color:#fff}
.wrap{max-width:72rem;margin:0 auto;padding:1rem 1.25rem}
header.top .wrap{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.5rem}
header.top h1{font-size:1.15rem;margin-right:auto}
.meta{display:flex;flex-wrap:wrap;gap:.4rem 1rem;font-size:.85rem;color:#cfe0f5}
.meta code{color:#fff}
.live{display:inline-flex;align-items:center;gap:.35rem}
.live::before{content:"";width:.55rem;height:.55rem;border-radius:50%;background:#3ddc84;box-shadow:0 0 0 3px rgb(61 220 132/.25)}
.live[data-paused]::before{background:#9aa5b1;box-shadow:none}
section.card{background:var(--card);border:1px solid var(--line);border-radius:10px;margin:1rem 0;overflow-x:auto}
section.card>h2{display:flex;align-items:baseline;gap:.6rem;font-size:1rem;padding:.85rem 1rem;border-bottom:1px solid var(--line)}
h2 .count{font-weight:500;color:var(--muted);font-size:.85rem}
table{width:100%;border-collapse:collapse;font-size:.875rem}
th{text-align:left;font-weight:600;color:var(--muted);font-size:.75rem;text-transform:uppercase;letter-spacing:.04em;background:#fafbfc}
th,td{padding:.55rem 1rem;border-bottom:1px solid var(--line);vertical-align:middle}
tbody tr:last-child td{border-bottom:0}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
th.num{text-align:right}
.id{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.82rem}
.ignored{font-size:.75rem;color:#8a5a00;margin-top:.15rem}.ignored code{background:#fff6e0;padding:0 .2rem;border-radius:3px}
.copy{margin-left:.35rem;padding:.05rem .4rem;font-size:.72rem;border:1px solid var(--line);border-radius:4px;background:#fff;color:var(--muted)}
.copy:hover{color:var(--ink);border-color:#c1c9d2}
.badge{display:inline-block;padding:.1rem .5rem;border-radius:999px;font-size:.75rem;font-weight:600;background:#eef0f3;color:#454f5e;white-space:nowrap}
.s-paid,.s-delivered{background:#e3f6ec;color:var(--ok)}
.s-hold,.s-pending{background:#fff3dc;color:var(--warn)}
.s-rejected,.s-failed,.s-expired{background:#fde8e8;color:var(--bad)}
.s-in_progress{background:#e6efff;color:var(--info)}
.s-refunded,.s-cancelled{background:#efe9fb;color:#5b3ea8}
.url{max-width:16rem;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
time{white-space:nowrap;font-variant-numeric:tabular-nums}
.empty td{color:var(--muted);text-align:center;padding:1.5rem 1rem}
tr.fresh td{animation:fresh 2.5s ease-out}
@keyframes fresh{from{background:#fff6bf}to{background:transparent}}
form.faults{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;padding:.85rem 1rem;font-size:.875rem}
form.faults label{display:flex;align-items:center;gap:.4rem}
form.faults select,form.faults button{font:inherit;padding:.3rem .5rem;border:1px solid #c1c9d2;border-radius:6px;background:#fff}
form.faults button{background:var(--accent);color:var(--accent-ink);border-color:var(--accent);padding:.3rem .9rem}
td.nowrap{white-space:nowrap}
@media (max-width:720px){
 .wrap{padding:.75rem}
 table,tbody{display:block}thead{display:none}
 tbody tr{display:grid;grid-template-columns:1fr auto;gap:.15rem .75rem;align-items:center;padding:.7rem .9rem;border-bottom:1px solid var(--line)}
 tbody tr:last-child{border-bottom:0}
 td{display:block;padding:0;border:0}
 td.num{text-align:right}
 .minor{color:var(--muted);font-size:.8rem}
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
}`;

/** First eight characters: enough to tell ids apart at a glance; the full id is on hover and copy. */
function shortId(id: string, what: string): string {
  const full = escapeHtml(id);
  return `<span class="id" title="${full}">${escapeHtml(id.slice(0, 8))}</span><button type="button" class="copy" data-copy="${full}" aria-label="Copy ${what} id ${full}">Copy</button>`;
}

/** The time of day, with the date only when it is not the sandbox clock's today; all of it on hover. */
function time(at: Date, now: Date): string {
  const iso = at.toISOString();
  const today = iso.slice(0, 10) === now.toISOString().slice(0, 10);
  const shown = today ? iso.slice(11, 19) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  return `<time datetime="${iso}" title="${iso}">${shown}</time>`;
}

const badge = (state: string) =>
  `<span class="badge s-${escapeHtml(state)}">${escapeHtml(state.replace('_', ' '))}</span>`;

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
<td data-label="Order" class="nowrap">${shortId(o.id, 'order')}</td>
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
<td data-label="Order" class="nowrap">${d.order_id ? shortId(d.order_id, 'order') : ''}</td>
<td data-label="Receiver"><div class="url" title="${escapeHtml(d.url)}">${escapeHtml(d.url)}</div></td>
<td data-label="State">${badge(d.state)}</td>
<td data-label="Attempts" class="num">${d.attempts.length}</td>
<td data-label="Last answer" class="nowrap">${escapeHtml(answer)}</td>
<td data-label="Created">${time(new Date(d.created), now)}</td>
</tr>`;
}

function rows<T>(items: readonly T[], render: (item: T) => string, columns: number, empty: string): string {
  if (!items.length) return `<tr class="empty"><td colspan="${columns}">${empty}</td></tr>`;
  return items.slice(0, LIST_LIMIT).map(render).join('');
}

const count = (n: number) => (n > LIST_LIMIT ? `newest ${LIST_LIMIT} of ${n}` : String(n));

function faultForm(faults: ControlView['faults']): string {
  const select = (surface: FaultSurface, label: string) =>
    `<label>${label} <select name="${surface}">${FAULTS.map(
      (f) => `<option${f === faults[surface] ? ' selected' : ''}>${f}</option>`,
    ).join('')}</select></label>`;
  return `<form class="faults" id="faults">${select('api_do', 'Next payment')}${select('orders', 'Next order creation')}<button type="submit">Set faults</button><span class="note" role="status" id="faults-status"></span></form>`;
}

/** Newest first: the caller passes orders as listed; deliveries are stored oldest first. */
export function controlPage(view: ControlView): string {
  const deliveries = [...view.deliveries].reverse();
  const clock = `${view.now.toISOString().slice(0, 19).replace('T', ' ')} UTC${view.clockSet ? ' (set)' : ''}`;
  return page(
    'Sandbox gateway',
    `<header class="top"><div class="wrap"><h1>Sandbox gateway</h1>
<div class="meta"><span>API <code>${escapeHtml(view.apiUrl)}/</code></span><span>Clock <time id="clock" datetime="${view.now.toISOString()}">${clock}</time></span><span class="live" id="live">Live</span></div></div></header>
<main class="wrap">
<section class="card" aria-labelledby="orders-title"><h2 id="orders-title">Orders <span class="count" id="orders-count">${count(view.orders.length)}</span></h2>
<table id="orders"><thead><tr><th>Order</th><th>Number</th><th>Status</th><th class="num">Amount</th><th>Card</th><th>Created</th><th>Updated</th></tr></thead>
<tbody>${rows(view.orders, (o) => orderRow(o, view.now), 7, 'No orders yet. Orders created with POST /api/v0.6/orders/ appear here as they happen.')}</tbody></table></section>
<section class="card" aria-labelledby="deliveries-title"><h2 id="deliveries-title">Webhook deliveries <span class="count" id="deliveries-count">${count(deliveries.length)}</span></h2>
<table id="deliveries"><thead><tr><th>Event</th><th>Order</th><th>Receiver</th><th>State</th><th class="num">Attempts</th><th>Last answer</th><th>Created</th></tr></thead>
<tbody>${rows(deliveries, (d) => deliveryRow(d, view.now), 7, 'No webhook deliveries yet. Subscribe with POST /api/v0.6/webhooks/.')}</tbody></table></section>
<section class="card" aria-labelledby="faults-title"><h2 id="faults-title">Faults <span class="count">one-shot: each applies once, then the sandbox behaves again</span></h2>${faultForm(view.faults)}</section>
</main>
<script>${CLIENT}</script>`,
    STYLE,
  );
}

// Runs in the page: polls, swaps changed lists, marks new rows, copies ids, sets faults.
const CLIENT = `(function(){
var parts=['orders','deliveries'],form=document.getElementById('faults');
function ids(tbody){var s={};tbody.querySelectorAll('tr[data-id]').forEach(function(r){s[r.dataset.id]=1;});return s;}
// What the server last sent per list: the live rows also carry local marks (Copied, fresh).
var last={};parts.forEach(function(name){last[name]=document.querySelector('#'+name+' tbody').innerHTML;});
function swap(doc){
 parts.forEach(function(name){
  var now=document.querySelector('#'+name+' tbody'),next=doc.querySelector('#'+name+' tbody');
  if(!now||!next||last[name]===next.innerHTML)return;
  last[name]=next.innerHTML;
  var seen=ids(now);now.replaceWith(next);
  next.querySelectorAll('tr[data-id]').forEach(function(r){if(!seen[r.dataset.id])r.classList.add('fresh');});
  document.getElementById(name+'-count').textContent=doc.getElementById(name+'-count').textContent;
 });
 var c=doc.getElementById('clock');document.getElementById('clock').replaceWith(c);
 // A one-shot fault is used up by its request: show what is set now, unless someone is choosing.
 var f=doc.getElementById('faults');
 if(f&&!form.contains(document.activeElement))['api_do','orders'].forEach(function(n){form[n].value=f[n].value;});
}
var live=document.getElementById('live'),busy=false;
function poll(){
 if(busy||document.hidden)return;busy=true;
 fetch(location.pathname,{cache:'no-store',headers:{Accept:'text/html'}})
  .then(function(r){return r.text();})
  .then(function(t){swap(new DOMParser().parseFromString(t,'text/html'));live.removeAttribute('data-paused');live.textContent='Live';})
  .catch(function(){live.setAttribute('data-paused','');live.textContent='Offline';})
  .then(function(){busy=false;});
}
setInterval(poll,${POLL_MS});
document.addEventListener('visibilitychange',function(){if(document.hidden){live.setAttribute('data-paused','');live.textContent='Paused';}else poll();});
document.addEventListener('click',function(e){
 var b=e.target.closest&&e.target.closest('button.copy');if(!b)return;
 var text=b.dataset.copy,done=function(word){b.textContent=word;setTimeout(function(){b.textContent='Copy';},1500);};
 // The Clipboard API needs a focused document; the older copy command covers the rest.
 var fallback=function(){var t=document.createElement('textarea');t.value=text;t.setAttribute('readonly','');t.style.position='fixed';t.style.opacity='0';
  document.body.appendChild(t);t.select();var ok=false;try{ok=document.execCommand('copy');}catch(x){}t.remove();b.focus();done(ok?'Copied':'Copy failed');};
 if(navigator.clipboard&&navigator.clipboard.writeText)navigator.clipboard.writeText(text).then(function(){done('Copied');},fallback);else fallback();
});
form.addEventListener('submit',function(e){
 e.preventDefault();var out=document.getElementById('faults-status');
 fetch('/_sandbox/faults',{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({api_do:form.api_do.value,orders:form.orders.value})})
  .then(function(r){out.textContent=r.ok?'Set.':'Not set (HTTP '+r.status+').';})
  .catch(function(){out.textContent='Not set: the sandbox did not answer.';});
});
})();`;
