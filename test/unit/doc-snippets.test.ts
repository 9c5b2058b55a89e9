// The going-live guide's code is type-checked against the package's sources (npm run typecheck
// runs the same script): a block that calls the API wrongly fails, at its line in the document.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without types of its own
import { checkDocSnippets, tsBlocks } from '../../scripts/doc-snippets.mjs';

const root = join(import.meta.dirname, '../..');
// Under the repository, so the blocks resolve its node_modules (redis, @types/node) as the guide's do.
mkdirSync(join(root, 'build'), { recursive: true });
const work = mkdtempSync(join(root, 'build/doc-snippets-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Check = (files: string[], workDir: string) => { blocks: number; errors: string[] };
const check = checkDocSnippets as Check;

describe('docs/going-live.md', () => {
  it('has TypeScript blocks, and every one type-checks', () => {
    const { blocks, errors } = check([join(root, 'docs/going-live.md')], join(work, 'guide'));
    expect(errors).toEqual([]);
    expect(blocks).toBeGreaterThanOrEqual(7);
  }, 120_000);

  it('a block that misuses the API fails, named by its line in the document', () => {
    const doc = join(work, 'broken.md');
    writeFileSync(
      doc,
      [
        '# Broken',
        '',
        '```ts',
        "import { createWebhookHandler } from 'gateway-checkout/server';",
        '',
        "createWebhookHandler({ allowedIps: '203.0.113.10', onEvent: () => {} });",
        '```',
        '',
        '```sh',
        'not checked',
        '```',
        '',
      ].join('\n'),
    );
    const { blocks, errors } = check([doc], join(work, 'broken'));
    expect(blocks).toBe(1);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatch(/^.*broken\.md:6:\d+: error TS\d+/);
  }, 120_000);

  it('reads only ```ts blocks, and refuses one never closed', () => {
    const found = (tsBlocks as (md: string) => Array<{ line: number; code: string }>)(
      '```ts\nconst a = 1;\n```\n```js\nx\n```\n```ts\nconst b = 2;\n```\n',
    );
    expect(found.map(({ line, code }) => ({ line, code }))).toEqual([
      { line: 2, code: 'const a = 1;\n' },
      { line: 8, code: 'const b = 2;\n' },
    ]);
    expect(() => (tsBlocks as (md: string) => unknown)('```ts\nopen')).toThrow(/never closed/);
  });
});
