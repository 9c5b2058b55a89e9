// Fails when a file a browser may load from dist/ holds what must stay on the merchant's server:
// server-helper or sandbox code, a `node:` import, a Bearer Authorization header, a secret key.
// Runs in `npm test` after the build (`npm run check:dist`). Every file under dist/ counts as
// browser-facing except the Node builds (dist/node/) and the declarations (dist/types/), so a new
// browser output (a fields page, a React build) is scanned without anyone remembering to add it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Finding {
  file: string;
  rule: string;
  /** What matched, cut short: never a whole line of a bundle. */
  match: string;
}

/** Parts of dist/ that only Node loads. */
const NODE_ONLY = new Set(['node', 'types']);

/**
 * String literals that exist only in src/server and src/sandbox (error types, messages, control
 * paths). A minifier renames identifiers but keeps literals, so these survive any bundling.
 */
export const SERVER_MARKERS = [
  'card_data_refused',
  'idempotency_mismatch',
  'X-Webhook-Version must be',
  'secretKey is required',
  'confirmation_failed',
  '_sandbox/faults',
  '_sandbox/clock',
  'authentication_failed',
];

const RULES: Array<{ rule: string; pattern: RegExp }> = [
  { rule: 'node: import', pattern: /["'`]node:[a-z_/]+["'`]/ },
  { rule: 'Bearer Authorization header', pattern: /\bBearer\b/ },
  { rule: 'secret key', pattern: /\bsk_(?:sandbox|test|live)_[A-Za-z0-9_]*/ },
  ...SERVER_MARKERS.map((marker) => ({
    rule: 'server or sandbox code',
    pattern: new RegExp(marker.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')),
  })),
];

/** Sources of a source map that must never be part of a browser bundle. */
const SERVER_SOURCE = /(?:^|\/)src\/(?:server|sandbox)\/|node_modules\/(?:ioredis|redis|@redis)\//;

function* files(dir: string, root = dir): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (dir === root && NODE_ONLY.has(entry.name)) continue;
      yield* files(path, root);
    } else yield path;
  }
}

export function scanBrowserFiles(dist: string): { scanned: string[]; findings: Finding[] } {
  const scanned: string[] = [];
  const findings: Finding[] = [];
  for (const path of files(dist)) {
    const file = relative(dist, path).split(sep).join('/');
    scanned.push(file);
    const text = readFileSync(path, 'utf8');
    if (file.endsWith('.map')) {
      // A map's sourcesContent repeats comments of browser code; its `sources` list is the proof.
      const map = JSON.parse(text) as { sources?: string[] };
      for (const source of map.sources ?? [])
        if (SERVER_SOURCE.test(source))
          findings.push({ file, rule: 'server or sandbox source', match: source });
      const key = /\bsk_(?:sandbox|test|live)_[A-Za-z0-9_]*/.exec(text);
      if (key) findings.push({ file, rule: 'secret key', match: key[0] });
      continue;
    }
    for (const { rule, pattern } of RULES) {
      const found = pattern.exec(text);
      if (found) findings.push({ file, rule, match: found[0].slice(0, 60) });
    }
  }
  return { scanned, findings };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dist = join(import.meta.dirname, '..', 'dist');
  const { scanned, findings } = scanBrowserFiles(dist);
  if (!scanned.some((file) => file.endsWith('.js'))) {
    console.error('check-dist: no browser JavaScript under dist/; run npm run build first');
    process.exit(1);
  }
  if (findings.length) {
    for (const f of findings) console.error(`dist/${f.file}: ${f.rule} (${f.match})`);
    console.error(
      'check-dist: browser files hold what must stay on the server; find the import that pulled it in.',
    );
    process.exit(1);
  }
  console.log(`check-dist: ${scanned.length} browser-facing files in dist/ hold no server code or secret`);
}
