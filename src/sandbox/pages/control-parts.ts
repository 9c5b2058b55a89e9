/** Pieces the sandbox's control pages share: short ids, times, status badges, the look. */
import { escapeHtml } from './layout.ts';

/** First eight characters: enough to tell ids apart at a glance; the full id on hover and copy. */
export function shortId(id: string, what: string, href?: string): string {
  const full = escapeHtml(id);
  const short = escapeHtml(id.slice(0, 8));
  const label = href
    ? `<a class="id" href="${escapeHtml(href)}" title="${full}">${short}</a>`
    : `<span class="id" title="${full}">${short}</span>`;
  return `${label}<button type="button" class="copy" data-copy="${full}" aria-label="Copy ${what} id ${full}">Copy</button>`;
}

/** The time of day, with the date only when it is not the sandbox clock's today; all of it on hover. */
export function time(at: Date, now: Date): string {
  const iso = at.toISOString();
  const today = iso.slice(0, 10) === now.toISOString().slice(0, 10);
  const shown = today ? iso.slice(11, 19) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  return `<time datetime="${iso}" title="${iso}">${shown}</time>`;
}

export const badge = (state: string) =>
  `<span class="badge s-${escapeHtml(state)}">${escapeHtml(state.replace('_', ' '))}</span>`;

export const orderHref = (id: string) => `/_sandbox/orders/${encodeURIComponent(id)}`;

export const CONTROL_STYLE = `header.top{background:#0f2a4a;color:#fff}
.wrap{max-width:72rem;margin:0 auto;padding:1rem 1.25rem}
header.top .wrap{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.5rem}
header.top h1{font-size:1.15rem;margin-right:auto}
header.top h1 a{color:inherit;text-decoration:none}
.meta{display:flex;flex-wrap:wrap;gap:.4rem 1rem;font-size:.85rem;color:#cfe0f5}
.meta code{color:#fff}
.live{display:inline-flex;align-items:center;gap:.35rem}
.live::before{content:"";width:.55rem;height:.55rem;border-radius:50%;background:#3ddc84;box-shadow:0 0 0 3px rgb(61 220 132/.25)}
.live[data-paused]::before{background:#9aa5b1;box-shadow:none}
section.card{background:var(--card);border:1px solid var(--line);border-radius:10px;margin:1rem 0;overflow-x:auto}
section.card>h2,.card-head{display:flex;flex-wrap:wrap;align-items:baseline;gap:.4rem .6rem;font-size:1rem;padding:.85rem 1rem;border-bottom:1px solid var(--line)}
.card-head h2{font-size:1rem}
h2 .count,.count{font-weight:500;color:var(--muted);font-size:.85rem}
table{width:100%;border-collapse:collapse;font-size:.875rem}
th{text-align:left;font-weight:600;color:var(--muted);font-size:.75rem;text-transform:uppercase;letter-spacing:.04em;background:#fafbfc}
th,td{padding:.55rem 1rem;border-bottom:1px solid var(--line);vertical-align:middle}
tbody tr:last-child td{border-bottom:0}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
th.num{text-align:right}
.id{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.82rem}
a.id{color:var(--accent);font-weight:600}
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
select,input[type=search],input[inputmode]{font:inherit;padding:.35rem .55rem;border:1px solid #c1c9d2;border-radius:6px;background:#fff;min-height:2.1rem}
.btn{font:inherit;padding:.35rem .9rem;border:1px solid #c1c9d2;border-radius:6px;background:#fff;color:var(--ink);min-height:2.1rem;text-decoration:none;display:inline-flex;align-items:center}
.btn.primary{background:var(--accent);color:var(--accent-ink);border-color:var(--accent)}
.btn.danger{color:var(--bad);border-color:#ebbcbc}
.btn[disabled]{opacity:.5;cursor:not-allowed}
form.faults{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;padding:.85rem 1rem;font-size:.875rem}
form.faults label{display:flex;align-items:center;gap:.4rem}
form.faults button{background:var(--accent);color:var(--accent-ink);border:1px solid var(--accent);border-radius:6px;padding:.3rem .9rem}
td.nowrap{white-space:nowrap}
.pager{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.6rem 1rem;border-top:1px solid var(--line);font-size:.85rem}
.pager a{color:var(--accent);text-decoration:none;font-weight:600}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:720px){.wrap{padding:.75rem}}`;
