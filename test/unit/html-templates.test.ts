import { describe, expect, it } from 'vitest';
import { collapseHtmlTemplates } from '../../scripts/html-templates.mjs';

describe('collapseHtmlTemplates', () => {
  it('makes each line break and its indentation in an html template one space', () => {
    const source = 'const t = html`<div\n      class="a"\n    >\n      ${x}\n    </div>`;';
    expect(collapseHtmlTemplates(source)).toBe('const t = html`<div class="a" > ${x} </div>`;');
  });

  it('reaches templates nested in the expressions of another', () => {
    const source = 'html`<ul>\n  ${items.map((i) => html`<li>\n    ${i}\n  </li>`)}\n</ul>`';
    expect(collapseHtmlTemplates(source)).toBe('html`<ul> ${items.map((i) => html`<li> ${i} </li>`)} </ul>`');
  });

  it('leaves other templates and strings as they are', () => {
    const source =
      'const a = css`a {\n  color: red;\n}`;\nconst b = `line\n  two`;\nconst c = "html`\\n  `";';
    expect(collapseHtmlTemplates(source)).toBe(source);
  });

  it('keeps spaces within a line and escapes as written', () => {
    const source = 'html`<p>a  b\\n  c</p>`';
    expect(collapseHtmlTemplates(source)).toBe(source);
  });
});
