// The elements declare their reactive properties with Lit's decorators (`@property`, `@state`): the
// house style, what the manifest analyser reads, and what TypeScript checks. What the browser gets
// is what those decorators do, written out: `@property(o) x` calls `Class.createProperty('x', o)` as
// the class is made, and so does the code that replaces it, right after the class. Compiled as
// decorators, each property costs a call of TypeScript's generic decorate helper, and the module
// pays for the helper and Lit's decorator functions too: 0.4 kB gzip of the script-tag bundle in
// all. Lit's team ships a rewrite for the same reason (@lit/ts-transformers' idiomatic-decorators
// transform); theirs makes `static properties`, which Lit reads only when the class is defined. The
// accessors would then be missing until that moment, and for ever in a second copy of the package
// on a page (define.ts skips tags the first copy registered), while @lit/react tells a property from
// an attribute by them. Ours keeps the decorators' moment.
//
// `@state(o)` is `@property({ ...o, state: true, attribute: false })`, as in Lit. Anything it does
// not know (another decorator beside one of these, a computed or static member, a class expression
// or one without a name) is an error, not a silent skip. It works on the TypeScript source, before
// the other plugins.
import { parseAst } from 'vite';

const LIT = new Set(['property', 'state']);

/** Every class of a module, declared or an expression, at any depth. */
function classesOf(ast) {
  const found = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'ClassDeclaration' || node.type === 'ClassExpression') found.push(node);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const child of value) visit(child);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(ast);
  return found;
}

/**
 * The module's code with each class's `@property`/`@state` members undecorated, and after the class
 * the `createProperty` calls the decorators made, in their order. Returns the code unchanged when it
 * has none. Line numbers stay as they were.
 */
export function decoratorsAsProperties(code, id = 'module') {
  if (!/@(property|state)\(/.test(code)) return code;
  const ast = parseAst(code, { lang: 'ts' });
  const edits = [];
  for (const cls of classesOf(ast)) {
    const entries = [];
    for (const member of cls.body.body) {
      const decorators = (member.decorators ?? []).filter(
        (d) => d.expression.type === 'CallExpression' && LIT.has(d.expression.callee.name),
      );
      if (decorators.length === 0) continue;
      const where = `${id}: ${cls.id?.name ?? 'class'}.${member.key?.name ?? '?'}`;
      // The calls go after the class, so the class must be a statement with a name to call them on.
      if (cls.type !== 'ClassDeclaration' || !cls.id)
        throw new Error(`${where}: Lit properties are written out for a named class declaration only`);
      if (member.decorators.length > 1) throw new Error(`${where}: one Lit decorator and no other, please`);
      if (member.computed || member.key.type !== 'Identifier' || member.static)
        throw new Error(`${where}: a Lit property is a named instance member`);
      const [decorator] = decorators;
      const [options] = decorator.expression.arguments;
      const given = options ? code.slice(options.start, options.end) : '';
      // `@property()` passes no options, and Lit takes its defaults: so does the call.
      const declaration =
        decorator.expression.callee.name === 'state'
          ? `, { ${given ? `...${given}, ` : ''}state: true, attribute: false }`
          : given && `, ${given}`;
      entries.push(`${cls.id.name}.createProperty(${JSON.stringify(member.key.name)}${declaration});`);
      // The decorator goes, and the white space after it but its line breaks: the member stays as
      // written, on the line it was written on (for the line numbers of stacks and source maps).
      let end = decorator.end;
      while (/\s/.test(code[end])) end++;
      edits.push([decorator.start, end, code.slice(decorator.end, end).replace(/[^\n]/g, '')]);
    }
    if (entries.length === 0) continue;
    edits.push([cls.end, cls.end, ` ${entries.join(' ')}`]);
  }
  let out = code;
  for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0]))
    out = out.slice(0, start) + text + out.slice(end);
  return out;
}

/** The Vite plugin, for the element sources (the only ones with Lit properties). */
export const litProperties = () => ({
  name: 'lit-properties',
  enforce: 'pre',
  transform(code, id) {
    if (!/\/src\/elements\/.*\.ts$/.test(id)) return null;
    const out = decoratorsAsProperties(code, id);
    return out === code ? null : { code: out, map: null };
  },
});
