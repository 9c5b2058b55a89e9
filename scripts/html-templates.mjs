// Lit's html`` templates keep the indentation of the source: every line break of a template and the
// spaces after it reach the browser bundles and are parsed at each first render. HTML renders a run
// of white space as one space (no template of ours has a <pre> or a <textarea>), so a line break and
// the indentation after it become one space: what renders is the same, the bundle smaller.
import { parseAst } from 'vite';

/** Every `html`-tagged template literal's static parts, as [start, end, raw] of the source. */
function htmlQuasis(ast) {
  const found = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (
      node.type === 'TaggedTemplateExpression' &&
      node.tag.type === 'Identifier' &&
      node.tag.name === 'html'
    )
      for (const quasi of node.quasi.quasis) found.push([quasi.start, quasi.end, quasi.value.raw]);
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (Array.isArray(value)) for (const child of value) visit(child);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(ast);
  return found;
}

/** The code with each line break (and the indentation after it) in an html`` template made one space. */
export function collapseHtmlTemplates(code) {
  if (!code.includes('html`')) return code;
  let out = code;
  // From the end, so the offsets of what is still to replace hold.
  for (const [start, end, raw] of htmlQuasis(parseAst(code)).sort((a, b) => b[0] - a[0])) {
    if (out.slice(start, end) !== raw) throw new Error('html template: the parser and the source disagree');
    out = out.slice(0, start) + raw.replace(/\s*\n\s*/g, ' ') + out.slice(end);
  }
  return out;
}

/** The Vite plugin, for our element and fields sources. */
export const collapseHtml = () => ({
  name: 'collapse-html-templates',
  transform(code, id) {
    if (!/\/src\/(elements|fields)\/.*\.ts$/.test(id) || !code.includes('html`')) return null;
    const collapsed = collapseHtmlTemplates(code);
    return collapsed === code ? null : { code: collapsed, map: null };
  },
});
