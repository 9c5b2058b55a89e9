/** What every page the sandbox serves shares: escaping, the document shell and the base look. */

export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** JSON inside a <script>: "<" escaped so no value can close the script element. */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

const BASE_STYLE = `*,*::before,*::after{box-sizing:border-box}
:root{--ink:#1a1f36;--muted:#5b6478;--line:#e3e8ee;--bg:#f6f8fa;--card:#fff;--accent:#3b5bdb;--accent-ink:#fff;--ok:#17683d;--warn:#a15c00;--bad:#c0262d;--info:#1f5fbf;color-scheme:light}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
h1,h2{line-height:1.25;margin:0}
button{font:inherit;cursor:pointer}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.note{color:var(--muted);font-size:.9rem}`;

/** The plain pages (hosted form, messages) keep the narrow column they always had. */
export const SIMPLE_STYLE = `body{background:#fff}main{max-width:40rem;margin:2rem auto;padding:0 1rem}
label{display:block;margin:.6rem 0 .2rem}input{font:inherit;padding:.4rem;width:100%}
main button{padding:.5rem 1.2rem;margin:.8rem .4rem 0 0}h1{margin-bottom:1rem}`;

/** A whole page; `language` names what its words are in (and its direction), English unless said. */
export function page(
  title: string,
  body: string,
  style = SIMPLE_STYLE,
  language: { readonly code: string; readonly dir: string } = { code: 'en', dir: 'ltr' },
): string {
  return `<!doctype html><html lang="${escapeHtml(language.code)}" dir="${escapeHtml(language.dir)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title><style>${BASE_STYLE}
${style}</style></head><body>${body}</body></html>`;
}

/** A page of one message; `language` names what its words are in, English unless said. */
export function messagePage(
  title: string,
  text: string,
  language?: { readonly code: string; readonly dir: string },
): string {
  return page(
    title,
    `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main>`,
    undefined,
    language,
  );
}

/** A page's title from a line that says something is under way: without its ellipsis. */
export const titleOf = (line: string): string => line.replace(/\s*…$/, '');

/** "€12.50" in the page's language; the bare number and code when the currency is not one Intl knows. */
export function money(minor: number, currency: string, language = 'en'): string {
  const major = minor / 100;
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(major);
  } catch {
    return `${major.toFixed(2)} ${currency}`;
  }
}
