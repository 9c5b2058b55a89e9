// Adding a language is adding one file: a fake language dropped into src/elements/i18n/languages/
// is built into a sibling of the script-tag bundle (listed in the languages' table the bundle
// trusts), loads on demand in a real browser on a page in that language, and gets a fields page of
// its own, with no list edited anywhere. (Here, not among the unit tests: it writes into src/ for
// the time of one build, and the unit tests read that folder.)
import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts as en } from '../../src/elements/i18n/languages/en.ts';
import { chromiumLaunchOptions } from '../support/chromium.ts';

const root = join(import.meta.dirname, '../..');
const fake = join(root, 'src/elements/i18n/languages/zz.ts');
const MARK = '[zz] ';

/** A language file as a translator writes one: every English text, marked, and nothing imported. */
function fakeLanguage(): string {
  const rows = Object.entries(en).map(([key, text]) =>
    typeof text === 'function'
      ? `  ${key}: (...values) => ${JSON.stringify(MARK)} + (${text.toString()})(...values),`
      : `  ${key}: ${JSON.stringify(MARK + text)},`,
  );
  return `// A fake language for a test; it is removed when the test ends.
export const code = 'zz';
export const name = 'Zz';
export const dir = 'ltr';
export const texts = {
${rows.join('\n')}
};
export const page = {};
`;
}

let dist = '';
let server: Server | undefined;

beforeAll(async () => {
  expect(existsSync(fake), 'a zz.ts left over from an earlier run').toBe(false);
  // Inside the package (an ignored folder), so the built server render finds Lit in node_modules.
  mkdirSync(join(root, '.scratch'), { recursive: true });
  dist = mkdtempSync(join(root, '.scratch', 'language-'));
  writeFileSync(fake, fakeLanguage());
  try {
    await promisify(execFile)(process.execPath, ['scripts/build.mjs', 'iife', 'ssr', 'fields'], {
      cwd: root,
      env: { ...process.env, BUILD_DIST: dist },
    });
  } finally {
    rmSync(fake, { force: true });
  }
}, 240_000);

afterAll(async () => {
  rmSync(fake, { force: true });
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('a language added as one file', () => {
  it('is built as a sibling of the bundle, listed in the languages’ table and known to the bundle', () => {
    const files = readdirSync(dist);
    const sibling = files.find((f) => /^gateway-checkout\.zz\.[0-9a-f]{10}\.js$/.test(f));
    expect(sibling, 'no sibling for the new language').toBeDefined();
    const table = files.find((f) => /^gateway-checkout\.languages\.[0-9a-f]{10}\.js$/.test(f))!;
    expect(readFileSync(join(dist, table), 'utf8')).toContain(`"zz":["${sibling}","sha384-`);
    expect(readFileSync(join(dist, 'gateway-checkout.iife.js'), 'utf8')).toMatch(
      /`[a-z ]*\bzz\b[a-z ]*`\.split/,
    );
  });

  it('has a fields page of its own, its form rendered in the new language', () => {
    const page = readFileSync(join(dist, 'fields', 'index.zz.html'), 'utf8');
    expect(page).toContain('<html lang="zz">');
    expect(page).toContain(`${MARK}${en.cardNumber}`);
  });

  it('loads on demand in a browser, on a page in that language', async () => {
    server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      if (path === '/') {
        response.writeHead(200, { 'Content-Type': 'text/html' });
        response.end(
          '<!doctype html><html lang="zz"><body><gateway-card-form></gateway-card-form><script src="/gateway-checkout.iife.js"></script></body></html>',
        );
        return;
      }
      const file = join(dist, path.slice(1));
      if (!/^\/[\w.-]+\.js$/.test(path) || !existsSync(file)) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'Content-Type': extname(file) === '.js' ? 'text/javascript' : 'text/plain' });
      response.end(readFileSync(file));
    });
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    const { port } = server.address() as { port: number };
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const page = await browser.newPage();
      const asked: string[] = [];
      page.on('request', (r) => asked.push(new URL(r.url()).pathname));
      await page.goto(`http://127.0.0.1:${port}/`);
      const label = page.locator('gateway-card-form label[for="number"]');
      await label.waitFor();
      await expect.poll(() => label.textContent(), { timeout: 10_000 }).toBe(`${MARK}${en.cardNumber}`);
      expect(asked.some((p) => /^\/gateway-checkout\.languages\./.test(p))).toBe(true);
      expect(asked.some((p) => /^\/gateway-checkout\.zz\./.test(p))).toBe(true);
      expect(await page.locator('gateway-card-form .fields').getAttribute('lang')).toBe('zz');
    } finally {
      await browser.close();
    }
  }, 60_000);
});
