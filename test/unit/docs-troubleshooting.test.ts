// The troubleshooting page has an entry for every error a merchant can meet, derived from the code:
// every Error class `gateway-checkout/server` exports (and the `type` each GatewayError carries),
// and every `gateway-error` type of the checkout element. A new error without an entry fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as server from '../../src/server/index.ts';

const root = join(import.meta.dirname, '..', '..');
const page = readFileSync(join(root, 'docs/troubleshooting.md'), 'utf8');
/** The page's `###` headings, under the `##` section they sit in. */
function headingsUnder(section: string): string[] {
  const start = page.indexOf(`\n## ${section}\n`);
  if (start < 0) throw new Error(`docs/troubleshooting.md has no "## ${section}" section`);
  const end = page.indexOf('\n## ', start + 1);
  return [...page.slice(start, end < 0 ? undefined : end).matchAll(/^### (.+)$/gm)].map((m) => m[1]!.trim());
}

const errorClasses = Object.entries(server as Record<string, unknown>).filter(
  (entry): entry is [string, new (...args: never[]) => Error] =>
    typeof entry[1] === 'function' && entry[1].prototype instanceof Error,
);

/**
 * The checkout's error types, from the table that words each one: it `satisfies
 * Record<CheckoutErrorType, …>`, so the compiler keeps its keys equal to the type's members.
 */
function checkoutErrorTypes(): string[] {
  const source = readFileSync(join(root, 'src/elements/checkout/checkout-messages.ts'), 'utf8');
  const table = /const ERROR_TEXT = \{([\s\S]*?)\} as const satisfies Record<CheckoutErrorType,/.exec(source);
  if (!table) throw new Error('checkout-messages.ts: ERROR_TEXT, the exhaustive table of error types, moved');
  return [...table[1]!.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]!);
}

describe('docs/troubleshooting.md', () => {
  it('has an entry for every error class the server helper exports', () => {
    expect(errorClasses.length).toBeGreaterThanOrEqual(15);
    const headings = headingsUnder('Server errors');
    const missing = errorClasses.map(([name]) => name).filter((name) => !headings.includes(name));
    expect(missing, 'add a "### <ClassName>" entry under "## Server errors"').toEqual([]);
  });

  it("names each GatewayError subclass's type in its entry", () => {
    const gatewayErrors = errorClasses.filter(
      ([, Class]) => Class.prototype instanceof server.GatewayError || Class === server.GatewayError,
    );
    for (const [name, Class] of gatewayErrors) {
      if (Class === server.GatewayError) continue;
      const { type } = new (Class as unknown as new (message: string) => server.GatewayError)('x');
      const entry = page.slice(
        page.indexOf(`\n### ${name}\n`),
        page.indexOf('\n### ', page.indexOf(`\n### ${name}\n`) + 1),
      );
      expect(entry, `${name}'s entry names its type`).toContain(`\`type: '${type}'\``);
    }
  });

  it('has an entry for every gateway-error type of the checkout element', () => {
    const types = checkoutErrorTypes();
    expect(types).toEqual(expect.arrayContaining(['config', 'fields', 'unconfirmed', 'untrusted_gateway']));
    const headings = headingsUnder('`gateway-error` types');
    const missing = types.filter((type) => !headings.includes(`\`${type}\``));
    expect(missing, 'add a "### `<type>`" entry under "## `gateway-error` types"').toEqual([]);
  });
});
