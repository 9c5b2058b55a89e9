import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decoratorsAsProperties } from '../../scripts/lit-properties.mjs';

// The reference: TypeScript's own compiler (5, whose JavaScript API 7 no longer has), with the
// decorator settings of our tsconfig, and Lit's Node build, imported natively by its file URL so
// that both versions of a class share one Lit.
const ts = createRequire(import.meta.url)('typescript5') as typeof import('typescript5');
const root = join(import.meta.dirname, '../..');
const litUrl = (file: string) =>
  JSON.stringify(pathToFileURL(join(root, 'node_modules/@lit/reactive-element/node', file)).href);

async function load(source: string) {
  const js = ts
    .transpileModule(source, {
      compilerOptions: {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        experimentalDecorators: true,
        useDefineForClassFields: false,
      },
    })
    .outputText.replace(`'lit/decorators.js'`, litUrl('decorators.js'))
    .replace(`'lit'`, litUrl('reactive-element.js'));
  return import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(js)}`);
}

type LitClass = {
  prototype: object;
  elementProperties: Map<string, unknown>;
  observedAttributes: string[];
};

/** What Lit knows of a class the moment it is made, before any tag is defined (each module has
 * functions of its own: they compare by their source). */
function shape(cls: LitClass) {
  const accessors = Object.entries(Object.getOwnPropertyDescriptors(cls.prototype))
    .filter(([, d]) => d.get || d.set)
    .map(([name, d]) => [name, d.enumerable, d.configurable]);
  const properties = JSON.stringify([...cls.elementProperties], (_key, value) =>
    typeof value === 'function' ? String(value) : value,
  );
  return { properties: JSON.parse(properties), accessors };
}

// Every form the elements use, and the ones Lit allows that they do not yet.
const FIXTURE = `
import { ReactiveElement } from 'lit';
import { property, state } from 'lit/decorators.js';
const listConverter = { fromAttribute: (v: string | null) => (v ?? '').split(',') };
export class Base extends ReactiveElement {
  @property() language = 'en';
  @property({ reflect: true }) theme?: 'light' | 'dark';
}
export class Form extends Base {
  static styles = [];
  @property({ type: Boolean, reflect: true }) moto = false;
  @property({ attribute: 'accepted-brands', converter: listConverter }) acceptedBrands: string[] = [];
  @property({
    attribute: 'require-name',
    converter: { fromAttribute: (v: string | null) => v !== 'false' },
  })
  requireName = true;
  @state() private told = 0;
  @state({ hasChanged: (a: number, b: number) => a !== b }) shown = 1;
  #amount = 0;
  @property({ type: Number }) get amount() { return this.#amount; }
  set amount(v: number) { this.#amount = v; }
  peek() { return this.told; }
}
`;

describe('Lit properties written out', () => {
  it('gives Lit the very properties, accessors and attributes the decorators give, as the class is made', async () => {
    const decorated = await load(FIXTURE);
    const written = await load(decoratorsAsProperties(FIXTURE));
    for (const name of ['Base', 'Form']) {
      expect(shape(written[name])).toEqual(shape(decorated[name]));
      expect(written[name].observedAttributes).toEqual(decorated[name].observedAttributes);
    }
    expect(written.Form.observedAttributes).toEqual([
      'language',
      'theme',
      'moto',
      'accepted-brands',
      'require-name',
      'amount',
    ]);
    // The user's accessor stays under Lit's: what is set reaches it, and Lit hears of it.
    const form = new written.Form();
    form.amount = 5;
    expect(form.amount).toBe(5);
    expect(form.isUpdatePending).toBe(true);
  });

  it('leaves every line where it was, and nothing decorated, in each element of ours', () => {
    const elements = join(root, 'src/elements');
    const sources = readdirSync(elements, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => join(elements, f));
    let decorators = 0;
    for (const file of sources) {
      const source = readFileSync(file, 'utf8');
      const out = decoratorsAsProperties(source, file);
      const count = source.match(/@(property|state)\(/g)?.length ?? 0;
      decorators += count;
      expect(out.match(/@(property|state)\(/g), file).toBeNull();
      expect(out.match(/\.createProperty\(/g)?.length ?? 0, file).toBe(count);
      expect(out.split('\n').length, file).toBe(source.split('\n').length);
    }
    expect(decorators).toBeGreaterThan(30);
  });

  it('refuses what it does not know how to write out, naming the member', () => {
    const other = `class A extends B { @property() @other() x = 1; }`;
    expect(() => decoratorsAsProperties(other, 'a.ts')).toThrow('a.ts: A.x: one Lit decorator and no other');
    const statics = `class A extends B { @property() static x = 1; }`;
    expect(() => decoratorsAsProperties(statics, 'a.ts')).toThrow(
      'A.x: a Lit property is a named instance member',
    );
    const mixin = `export const M = (B) => class extends B { @state() open = false; };`;
    expect(() => decoratorsAsProperties(mixin, 'a.ts')).toThrow(
      'class.open: Lit properties are written out for a named class declaration only',
    );
  });

  it('leaves a module without Lit properties as it is', () => {
    const source = `const at = '@property(';\nexport class A {}\n`;
    expect(decoratorsAsProperties(source)).toBe(source);
  });
});
