// Type-checks every ```ts and ```tsx block of the documentation's pages against the package's own
// sources, so a guide's code cannot drift from the API it shows. Each block is a module of its own
// (it imports what it uses from 'gateway-checkout/…'); tsc runs over all of them with the project's
// strict settings, and each error is reported at its line in the document. Two kinds of block are
// left to another check, and say so in the page:
// - right after `<!-- file: path -->`: a file of a consumer app, compared with it character for
//   character by test/consumers/snippets.ts and compiled in that app (with its own dependencies);
// - right after `<!-- skip-typecheck: reason -->`: code whose framework cannot be type-checked here
//   (its types exist only in a generated project); the reason is required.
// `node scripts/doc-snippets.mjs [file.md …]` (default: README.md and every page under docs/).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** The pages of the site: every .md under docs/ but the generated reference and build output. */
export function docPages(dir = join(root, 'docs')) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory())
        return name.startsWith('.') || path === join(root, 'docs/reference') ? [] : docPages(path);
      return name.endsWith('.md') ? [path] : [];
    });
}

/**
 * The ```ts and ```tsx blocks of a Markdown text: their code, language and the document line
 * their code starts on. Blocks after a `file:` or `skip-typecheck:` comment are counted apart.
 */
export function tsBlocks(markdown) {
  const blocks = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(tsx?)\s*$/.exec(lines[i]);
    if (!fence) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^```\s*$/.test(lines[end])) end++;
    if (end === lines.length) throw new Error(`line ${i + 1}: a \`\`\`${fence[1]} block is never closed`);
    let before = i - 1;
    while (before >= 0 && lines[before].trim() === '') before--;
    const marker = /^<!-- (file|skip-typecheck):\s*(.*?)\s*-->$/.exec(lines[before] ?? '');
    if (marker?.[1] === 'skip-typecheck' && !marker[2])
      throw new Error(`line ${before + 1}: skip-typecheck needs its reason`);
    blocks.push({
      line: start + 1,
      lang: fence[1],
      code: `${lines.slice(start, end).join('\n')}\n`,
      elsewhere: marker ? `${marker[1]}: ${marker[2]}` : null,
    });
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
  const elsewhere = [];
  for (const file of files) {
    const name = relative(root, file).replace(/\.md$/, '').replace(/[\\/]/g, '_');
    for (const [n, block] of tsBlocks(readFileSync(file, 'utf8')).entries()) {
      if (block.elsewhere) {
        elsewhere.push(`${relative(root, file)}:${block.line} (${block.elsewhere})`);
        continue;
      }
      const snippet = `${name}-${n + 1}.${block.lang}`;
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
          // A guide's placeholder callback (`onEvent: (event) => { /* … */ }`) names what it gets.
          noUnusedLocals: false,
          noUnusedParameters: false,
          jsx: 'react-jsx',
          paths: {
            'gateway-checkout': src('index.ts'),
            'gateway-checkout/define': src('define.ts'),
            'gateway-checkout/react': src('react/index.ts'),
            'gateway-checkout/jsx': src('frameworks/jsx.ts'),
            'gateway-checkout/vue': src('frameworks/vue.ts'),
            'gateway-checkout/svelte': src('frameworks/svelte.ts'),
            'gateway-checkout/ssr': src('ssr/index.ts'),
            'gateway-checkout/server': src('server/index.ts'),
            'gateway-checkout/server/redis': src('server/redis/index.ts'),
            'gateway-checkout/sandbox': src('sandbox/index.ts'),
          },
        },
        include: ['*.ts', '*.tsx'],
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
      const at = /^(?:.*[\\/])?([\w.-]+\.tsx?)\((\d+),(\d+)\): (.*)$/.exec(line);
      const from = at && origin.get(at[1]);
      if (!from) return line;
      return `${from.file}:${from.line + Number(at[2]) - 1}:${at[3]}: ${at[4]}`;
    });
  return { blocks: count, errors, elsewhere };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = process.argv.slice(2).length
    ? process.argv.slice(2).map((f) => resolve(f))
    : [join(root, 'README.md'), ...docPages()];
  const { blocks, errors, elsewhere } = checkDocSnippets(files);
  if (errors.length) {
    console.error(errors.join('\n'));
    process.exit(1);
  }
  console.log(
    `doc-snippets: ${blocks} TypeScript blocks type-check in ${files.length} pages; ${elsewhere.length} checked elsewhere:\n  ${elsewhere.join('\n  ')}`,
  );
}
