import { MERCHANT_NAME } from '../scenarios.ts';
import type { Agent } from './auth.ts';

export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The look of the shop's staff pages (sign-in, back office): quiet, dense, aligned. */
export const STAFF_STYLE = `
*,*::before,*::after{box-sizing:border-box}
:root{--ink:#1b1f2a;--muted:#5d6576;--line:#e2e6ed;--bg:#f5f6f8;--card:#fff;--accent:#1f5fd6;--accent-ink:#fff;--ok:#17703f;--warn:#8a5300;--bad:#b3261e;--info:#1f5fbf;color-scheme:light;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
body{margin:0;color:var(--ink);background:var(--bg)}
h1,h2,h3{line-height:1.25;margin:0}
a{color:var(--accent)}
button,input,select{font:inherit}
:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.bar{background:#14213d;color:#fff}
.bar .wrap{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.25rem;padding-block:.8rem}
.bar strong{font-size:1.05rem;margin-inline-end:auto}
.bar a{color:#dbe6ff;text-decoration:none}
.bar a[aria-current=page]{color:#fff;text-decoration:underline;text-underline-offset:4px}
.bar form{display:inline}
.bar button{background:transparent;color:#dbe6ff;border:1px solid #4b5a7c;border-radius:6px;padding:.2rem .7rem}
.who{color:#aab7d1;font-size:.875rem}
.wrap{max-width:72rem;margin:0 auto;padding-inline:1.25rem}
.note{color:var(--muted);font-size:.875rem}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:.35rem;min-height:2.25rem;padding:.35rem .9rem;border-radius:6px;border:1px solid #c4cad6;background:#fff;color:var(--ink);cursor:pointer;white-space:nowrap}
.btn:hover{border-color:#98a1b3}
.btn.primary{background:var(--accent);border-color:var(--accent);color:var(--accent-ink)}
.btn.danger{color:var(--bad);border-color:#e6b4b0}
.btn[disabled]{opacity:.55;cursor:not-allowed}
input[type=text],input[type=password],input[inputmode],input[type=search],select{padding:.45rem .6rem;border:1px solid #b9c0cd;border-radius:6px;background:#fff;color:inherit;min-height:2.25rem}
@media (max-width:640px){.wrap{padding-inline:.85rem}}
`;

/** A staff page: the bar (shop, sections, who is signed in, sign out) and the content. */
export function staffPage(options: {
  title: string;
  body: string;
  style?: string;
  script?: string;
  /** The signed-in agent: the bar names them, and the page carries their CSRF token for its scripts. */
  agent?: Agent | null;
  current?: '/orders/' | '/moto/';
}): string {
  const { title, body, agent, current } = options;
  const link = (href: '/orders/' | '/moto/', text: string) =>
    `<a href="${href}"${current === href ? ' aria-current="page"' : ''}>${text}</a>`;
  const bar = agent
    ? `<nav aria-label="Staff">${link('/orders/', 'Orders')} · ${link('/moto/', 'Phone orders')}</nav>
<span class="who">Signed in as ${escapeHtml(agent.name)}</span>
<form method="post" action="/signout"><input type="hidden" name="csrf" value="${escapeHtml(agent.csrf)}"><button type="submit">Sign out</button></form>`
    : '<a href="/">Back to the shop</a>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${agent ? `<meta name="csrf-token" content="${escapeHtml(agent.csrf)}">` : ''}
<title>${escapeHtml(title)} · ${MERCHANT_NAME}</title>
<link rel="icon" href="data:,">
<style>${STAFF_STYLE}${options.style ?? ''}</style>
</head>
<body>
<header class="bar"><div class="wrap"><strong>${MERCHANT_NAME} · Back office</strong>${bar}</div></header>
${body}
${options.script ? `<script>${options.script}</script>` : ''}
</body>
</html>`;
}
