import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const json = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));

describe('imask', () => {
  // The masking controller uses imask's undo history and its `_historyChanging` flag, which are no
  // part of its public API (src/elements/shared/imask-internals.test.ts holds what it relies on):
  // an update is taken on purpose, with those tests, never by a range in package.json.
  it('is pinned to the exact version installed', () => {
    const wanted = json('../../package.json').dependencies.imask;
    expect(wanted).toMatch(/^\d+\.\d+\.\d+$/);
    expect(json('../../node_modules/imask/package.json').version).toBe(wanted);
    expect(json('../../package-lock.json').packages[''].dependencies.imask).toBe(wanted);
  });
});
