// The documentation's framework snippets are files of the consumer apps, which CI installs,
// type-checks, builds and pays with: a block of a docs page right after `<!-- file: <path> -->`
// must be that file, to the character, so the guides cannot drift from code that compiles.
// Run alone: npx tsx test/consumers/snippets.ts [--write] (--write copies the files into the pages)
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { docPages } from '../../scripts/doc-snippets.mjs';

const root = join(import.meta.dirname, '..', '..');
const MARKER = /<!-- file: (\S+) -->\n+```\w*\n([\s\S]*?)```/g;
const pages = (): string[] => docPages();

export function checkDocSnippetFiles(files: string[] = pages()): string[] {
  const checked: string[] = [];
  const stale: string[] = [];
  for (const page of files) {
    for (const [, path, block] of readFileSync(page, 'utf8').matchAll(MARKER)) {
      const file = readFileSync(join(root, path!), 'utf8');
      if (file.trimEnd() !== block!.trimEnd()) stale.push(`${relative(root, page)}: ${path}`);
      checked.push(path!);
    }
  }
  if (checked.length === 0) throw new Error('docs/: no `<!-- file: … -->` snippets found');
  if (stale.length)
    throw new Error(
      `these snippets differ from the files the consumer apps compile (copy the file into the block, or run with --write): ${stale.join(', ')}`,
    );
  console.log(`  docs snippets match: ${checked.join(', ')}`);
  return checked;
}

/** Copies each named file into its block. */
export function writeDocSnippetFiles(files: string[] = pages()): void {
  for (const page of files) {
    const text = readFileSync(page, 'utf8');
    const updated = text.replace(MARKER, (block, path: string) => {
      const fence = /```\w*\n/.exec(block)![0];
      return `<!-- file: ${path} -->\n\n${fence}${readFileSync(join(root, path), 'utf8').trimEnd()}\n\`\`\``;
    });
    if (updated !== text) writeFileSync(page, updated);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--write')) writeDocSnippetFiles();
  checkDocSnippetFiles();
}
