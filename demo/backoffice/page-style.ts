/** The back office's look: a dense table at 1280 px, a card per order at phone widths. */
export const BACK_OFFICE_STYLE = `
main{padding-block:1.25rem 3rem}
.head{display:flex;flex-wrap:wrap;align-items:baseline;gap:.5rem 1rem;margin-block-end:1rem}
.head h1{font-size:1.4rem;margin-inline-end:auto}
.live{display:inline-flex;align-items:center;gap:.4rem;font-size:.85rem;color:var(--muted)}
.live::before{content:"";width:.5rem;height:.5rem;border-radius:50%;background:#2fb36b}
.live[data-state=off]::before{background:#a3aab8}
.search{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem .6rem;margin-block-end:.9rem}
.search label{font-weight:600}
.search input{flex:0 1 22rem;min-width:0;width:100%}
.search label{flex-basis:100%}
.search .note{flex-basis:100%}
.found{margin:0 0 .8rem;font-size:.9rem}
.sheet{background:var(--card);border:1px solid var(--line);border-radius:10px;overflow:hidden}
table{width:100%;border-collapse:collapse;font-size:.9rem}
thead th{font-size:.75rem;letter-spacing:.04em;text-transform:uppercase;color:var(--muted);font-weight:600;text-align:start;background:#fafbfc;padding:.6rem .7rem;border-block-end:1px solid var(--line);white-space:nowrap}
thead th.num{text-align:end}
tbody.order+tbody.order .summary>*{border-block-start:1px solid var(--line)}
.summary>th,.summary>td{padding:.6rem .7rem;text-align:start;vertical-align:middle;font-weight:400}
.summary:focus-visible{outline:2px solid var(--accent);outline-offset:-2px}
.number,.ref{font-weight:600;font-variant-numeric:tabular-nums;white-space:nowrap}
.cust{overflow-wrap:anywhere;min-width:12rem}
.kind{display:block;font-size:.75rem;color:var(--muted)}
.num{text-align:end;font-variant-numeric:tabular-nums;white-space:nowrap}
.back{display:block;font-size:.78rem;color:var(--muted)}
tr[hidden]{display:none!important}
.card,.created{white-space:nowrap;font-variant-numeric:tabular-nums;color:var(--muted)}
.none{color:#6b7385}
.manage{text-align:end;width:1%}
.manage .btn{min-height:2rem;padding:.2rem .75rem}
.badge{display:inline-block;padding:.1rem .55rem;border-radius:.8rem;font-size:.78rem;font-weight:600;background:#eef0f3;color:#454f5e}
.s-paid{background:#e3f4ea;color:var(--ok)}
.s-hold,.s-in_progress,.s-issued{background:#fff2d9;color:var(--warn)}
.s-rejected,.s-expired{background:#fdeceb;color:var(--bad)}
.s-refunded,.s-cancelled{background:#eeeaf9;color:#533a9c}
.panel>td{background:#f9fafb;padding:1rem .9rem 1.1rem;border-block-start:1px solid var(--line)}
.panel>td:focus-visible{outline:2px solid var(--accent);outline-offset:-2px}
.panel-title{font-size:1rem;margin-block-end:.4rem}
.facts{display:flex;flex-wrap:wrap;gap:.25rem 1.5rem;font-size:.85rem;color:var(--muted);margin-block-end:.8rem}
.facts code{font-size:.8rem;color:var(--ink)}
.facts strong{color:var(--ink)}
.actions{display:grid;grid-template-columns:repeat(auto-fit,minmax(18rem,1fr));gap:.75rem}
.action{background:#fff;border:1px solid var(--line);border-radius:8px;padding:.75rem .85rem;display:flex;flex-direction:column;gap:.35rem}
.action h3{font-size:.9rem}
.rule{margin:0;font-size:.8rem;color:var(--muted);flex:1}
.do{display:flex;align-items:flex-end;gap:.5rem;flex-wrap:wrap}
.do .btn{white-space:normal;text-align:start;flex:1 1 12rem}
.amount{display:grid;gap:.15rem;font-size:.78rem;color:var(--muted);flex:0 1 9rem}
.amount input{width:100%}
.nothing{margin:0;font-size:.9rem;color:var(--muted)}
.expired{margin:0;padding:.7rem .9rem;border-inline-start:3px solid var(--bad);background:#fdeceb;border-radius:6px;max-inline-size:60ch}
.outcome{margin:.75rem 0 0;font-size:.9rem;min-height:1.2em}
.outcome[data-kind=ok]{color:var(--ok)}
.outcome[data-kind=refused]{color:var(--bad)}
.pager{display:flex;justify-content:space-between;align-items:center;padding:.7rem .9rem;border-block-start:1px solid var(--line);font-size:.875rem}
.pager a{text-decoration:none}
.empty td{padding:2rem;text-align:center;color:var(--muted)}
tbody.fresh .summary>*{animation:fresh 2s ease-out}
@keyframes fresh{from{background:#fff6c9}to{background:transparent}}
@media (prefers-reduced-motion:reduce){tbody.fresh .summary>*{animation:none}}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
dialog{border:1px solid var(--line);border-radius:10px;padding:1.1rem 1.2rem;max-width:min(32rem,calc(100vw - 2rem))}
dialog::backdrop{background:rgb(20 33 61/.45)}
dialog h2{font-size:1.05rem;margin-block-end:.5rem}
dialog p{margin:0 0 1rem}
.choices{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:.5rem}
.choices .btn{white-space:normal}
@media (max-width:900px){
 thead{display:none}
 table,tbody,tr,th,td{display:block}
 .summary{display:grid;grid-template-columns:minmax(0,1fr) auto;grid-template-areas:"order status" "ref amount" "who who" "created card" "manage manage";gap:.2rem .75rem;padding:.75rem .85rem}
 .summary>th,.summary>td{padding:0;border:0!important;max-width:none}
 tbody.order+tbody.order{border-block-start:1px solid var(--line)}
 .summary>[data-label=Order]{grid-area:order}.summary>[data-label=Status]{grid-area:status;justify-self:end;text-align:end}
 .summary>[data-label=Reference]{grid-area:ref}.summary>[data-label=Amount]{grid-area:amount;font-weight:600}
 .summary>[data-label=Customer]{grid-area:who;font-size:.85rem;min-width:0}
 .summary>[data-label=Created]{grid-area:created;font-size:.8rem}.summary>[data-label=Card]{grid-area:card;font-size:.8rem;justify-self:end}
 .summary>[data-label=Reference]::before{content:"Ref. ";color:var(--muted);font-weight:400}
 .summary>.manage{grid-area:manage;width:auto;text-align:start;margin-block-start:.35rem}
 .manage .btn{width:100%}
 .panel>td{padding:.75rem .85rem}
 .actions{grid-template-columns:1fr}
}`;
