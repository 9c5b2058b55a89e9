// Type-checks every ```ts block of a Markdown document against the package's own sources, so a
// guide's code cannot drift from the API it shows. Each block is a module of its own (it imports
// what it uses from 'gateway-checkout/server', '…/server/redis' or '…/sandbox'); tsc runs over all
// of them with the project's strict settings, and each error is reported at its line in the
// document. `node scripts/doc-snippets.mjs [file.md …]` (default: docs/going-live.md).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** The ```ts blocks of a Markdown text: their code and the document line their code starts on. */
export function tsBlocks(markdown) {
  const blocks = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/^```ts\s*$/.test(lines[i])) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^```\s*$/.test(lines[end])) end++;
    if (end === lines.length) throw new Error(`line ${i + 1}: a \`\`\`ts block is never closed`);
    blocks.push({ line: start + 1, code: `${lines.slice(start, end).join('\n')}\n` });
    i = end;
  }
  return blocks;
}

/**
 * Type-checks the blocks of each document; returns `{ blocks, errors }`, the errors as
 * `file.md:line:column: message`.
 */
export function checkDocSnippets(files, workDir = join(root, 'build/doc-snippets')) {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const origin = new Map();
  let count = 0;
  for (const file of files) {
    const name = basename(file, '.md');
    for (const [n, block] of tsBlocks(readFileSync(file, 'utf8')).entries()) {
      const snippet = `${name}-${n + 1}.ts`;
      // `export {}` keeps a block without imports a module, so blocks never share names.
      writeFileSync(join(workDir, snippet), `${block.code}export {};\n`);
      origin.set(snippet, { file: relative(root, file), line: block.line });
      count++;
    }
  }
  const src = (path) => [join(root, 'src', path)];
  writeFileSync(
    join(workDir, 'tsconfig.json'),
    JSON.stringify(
      {
        extends: join(root, 'tsconfig.json'),
        compilerOptions: {
          noUnusedLocals: false,
          paths: {
            'gateway-checkout/server': src('server/index.ts'),
            'gateway-checkout/server/redis': src('server/redis/index.ts'),
            'gateway-checkout/sandbox': src('sandbox/index.ts'),
          },
        },
        include: ['*.ts'],
        exclude: [],
      },
      null,
      2,
    ),
  );
  let output = '';
  try {
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/typescript/bin/tsc'), '-p', workDir, '--pretty', 'false'],
      {
        cwd: workDir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
  } catch (error) {
    output = `${error.stdout ?? ''}${error.stderr ?? ''}`;
  }
  const errors = output
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const at = /^(?:.*[\\/])?([\w.-]+\.ts)\((\d+),(\d+)\): (.*)$/.exec(line);
      const from = at && origin.get(at[1]);
      if (!from) return line;
      return `${from.file}:${from.line + Number(at[2]) - 1}:${at[3]}: ${at[4]}`;
    });
  return { blocks: count, errors };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = process.argv.slice(2).length ? process.argv.slice(2) : [join(root, 'docs/going-live.md')];
  const { blocks, errors } = checkDocSnippets(files.map((f) => resolve(f)));
  if (errors.length) {
    console.error(errors.join('\n'));
    process.exit(1);
  }
  console.log(
    `doc-snippets: ${blocks} TypeScript blocks type-check (${files.map((f) => relative(root, resolve(f))).join(', ')})`,
  );
}
