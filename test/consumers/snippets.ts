// The README's framework snippets are files of the consumer apps, which CI installs, type-checks,
// builds and pays with: a README block right after `<!-- file: <path> -->` must be that file, to
// the character, so the documentation cannot drift from code that compiles.
// Run alone: npx tsx test/consumers/snippets.ts [--write] (--write copies the files into README.md)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(import.meta.dirname, '..', '..');
const MARKER = /<!-- file: (\S+) -->\n+```\w*\n([\s\S]*?)```/g;

export function checkReadmeSnippets(readmePath = join(root, 'README.md')): string[] {
  const readme = readFileSync(readmePath, 'utf8');
  const checked: string[] = [];
  const stale: string[] = [];
  for (const [, path, block] of readme.matchAll(MARKER)) {
    const file = readFileSync(join(root, path!), 'utf8');
    if (file.trimEnd() !== block!.trimEnd()) stale.push(path!);
    checked.push(path!);
  }
  if (checked.length === 0) throw new Error('README.md: no `<!-- file: … -->` snippets found');
  if (stale.length)
    throw new Error(
      `README.md: these snippets differ from the files the consumer apps compile (copy the file into the block): ${stale.join(', ')}`,
    );
  console.log(`  README snippets match: ${checked.join(', ')}`);
  return checked;
}

/** Copies each named file into its README block. */
export function writeReadmeSnippets(readmePath = join(root, 'README.md')): void {
  const readme = readFileSync(readmePath, 'utf8');
  const updated = readme.replace(MARKER, (block, path: string) => {
    const fence = /```\w*\n/.exec(block)![0];
    return `<!-- file: ${path} -->\n\n${fence}${readFileSync(join(root, path), 'utf8').trimEnd()}\n\`\`\``;
  });
  writeFileSync(readmePath, updated);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--write')) writeReadmeSnippets();
  checkReadmeSnippets();
}
