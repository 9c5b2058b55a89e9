import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scanBrowserFiles } from '../../scripts/check-dist.ts';

let dist = '';
afterEach(() => rmSync(dist, { recursive: true, force: true }));

/** A dist/ of clean browser files, plus whatever a case plants. */
function distWith(planted: Record<string, string> = {}) {
  dist = mkdtempSync(join(tmpdir(), 'check-dist-'));
  const files: Record<string, string> = {
    'gateway-checkout.iife.js':
      'var GatewayCheckout=(function(){customElements.define("gateway-checkout",class{})})();',
    'gateway-checkout.iife.js.map': JSON.stringify({ sources: ['../src/elements/checkout/checkout.ts'] }),
    'esm/index.js': 'export { GatewayCheckout } from "./elements-x.js";',
    // Node-only outputs may hold all of it.
    'node/server/index.js':
      'import { createHmac } from "node:crypto"; const h = "Bearer " + key; "sk_sandbox_test"',
    'types/server/index.d.ts': 'export declare const Bearer: string;',
    ...planted,
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, name)), { recursive: true });
    writeFileSync(join(dist, name), text);
  }
  return scanBrowserFiles(dist);
}

describe('check-dist: what a browser loads from dist/ holds nothing of the server', () => {
  it('passes clean browser files and never looks at dist/node or dist/types', () => {
    const { scanned, findings } = distWith();
    expect(findings).toEqual([]);
    expect(scanned.sort()).toEqual([
      'esm/index.js',
      'gateway-checkout.iife.js',
      'gateway-checkout.iife.js.map',
    ]);
  });

  it.each([
    ['a node: import', 'esm/chunk.js', 'import { randomBytes } from "node:crypto";', 'node: import'],
    [
      'an Authorization header builder',
      'gateway-checkout.iife.js',
      'h.Authorization="Bearer "+k',
      'Bearer Authorization header',
    ],
    ['the sandbox key', 'fields/fields.js', 'const key="sk_sandbox_test";', 'secret key'],
    ['server code', 'esm/chunk.js', 'fail(400,"card_data_refused",m)', 'server or sandbox code'],
    ['sandbox code', 'esm/chunk.js', 'fetch("/_sandbox/faults",{method:"POST"})', 'server or sandbox code'],
    [
      'a server module in a source map',
      'esm/index.js.map',
      JSON.stringify({ sources: ['../../src/server/http.ts'] }),
      'server or sandbox source',
    ],
    [
      'a Redis client in a source map',
      'x.js.map',
      JSON.stringify({ sources: ['../node_modules/ioredis/built/index.js'] }),
      'server or sandbox source',
    ],
  ])('fails on %s, in any browser-facing file', (_name, file, text, rule) => {
    const { findings } = distWith({ [file]: text });
    expect(findings.map((f) => [f.file, f.rule])).toContainEqual([file, rule]);
  });
});
