import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELAY_SCRIPT } from '../fields/shared/relay-page.ts';
import { createFieldsHandler } from './fields.ts';

// A built fields page as `npm run build` writes it: its script inside, its form rendered in with
// the styles of its declarative shadow root, and the same page in German beside it.
const dir = mkdtempSync(join(tmpdir(), 'fields-'));
const SCRIPT = 'console.log("<style>not an element</style>")';
const PAGE_STYLE = 'body{margin:0}';
const FORM_STYLE = ':host{display:block}';
const page = (label: string) =>
  `<!doctype html><head><script type="module">${SCRIPT}</script><style>${PAGE_STYLE}</style></head><body><form><gateway-card-form><template shadowrootmode="open"><style>${FORM_STYLE}</style><label>${label}</label></template></gateway-card-form></form></body>`;
writeFileSync(join(dir, 'index.html'), page('Card number'));
writeFileSync(join(dir, 'index.de.html'), page('Kartennummer'));
// A page in another language carries that language's texts in a classic script of their own.
const NORWEGIAN = 'globalThis.texts={cardNumber:"Kortnummer"}';
writeFileSync(
  join(dir, 'index.nb.html'),
  page('Kortnummer').replace('<script type="module">', `<script>${NORWEGIAN}</script><script type="module">`),
);
const PAY_SCRIPT = 'console.log("pay")';
writeFileSync(join(dir, 'pay.html'), `<!doctype html><script type="module">${PAY_SCRIPT}</script>`);

const handler = createFieldsHandler({
  dir,
  frameAncestors: ['https://shop.example', 'https://*.shop.example'],
  gatewayOrigins: ['https://gateway.example'],
  sessionEndpoints: ['https://shop.example/checkout/session'],
});
const get = (path: string, init?: RequestInit) =>
  handler(new Request(`https://pay.shop.example${path}`, init));

const EP = ['https://s.example/checkout/session'];

describe('createFieldsHandler', () => {
  it('serves the page with a CSP: its own script only, the gateway only, framed by the shop only', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy')!.split('; ');
    expect(csp).toEqual(
      expect.arrayContaining([
        "default-src 'none'",
        `script-src 'sha384-${createHash('sha384').update(SCRIPT).digest('base64')}'`,
        // The card to the gateway; the fields' own session request to the shop.
        'connect-src https://gateway.example https://shop.example',
        'frame-ancestors https://shop.example https://*.shop.example',
        "base-uri 'none'",
        "form-action 'none'",
      ]),
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await res.text()).toContain(SCRIPT);
    // The script runs because CSP names its hash; an injected one would have another.
  });

  it('lets the styles of the page and of its rendered form apply, named by their hashes, and no other', async () => {
    const csp = (await get('/')).headers.get('content-security-policy')!.split('; ');
    const hash = (css: string) => `'sha384-${createHash('sha384').update(css).digest('base64')}'`;
    // The script's text holds "<style>": code, not an element of the page, and not allowed.
    expect(csp).toContain(`style-src 'self' ${hash(PAGE_STYLE)} ${hash(FORM_STYLE)}`);
  });

  it('serves the page in the language the frame asks for where it was built so, else in English', async () => {
    const german = await get('/?lang=de');
    expect(await german.text()).toContain('Kartennummer');
    expect(german.headers.get('etag')).not.toBe((await get('/')).headers.get('etag'));
    expect(german.headers.get('content-security-policy')).toBe(
      (await get('/')).headers.get('content-security-policy'),
    );
    expect(await (await get('/?lang=pl')).text()).toContain('Card number');
    expect(await (await get('/?lang=../index')).text()).toContain('Card number');
    expect((await get('/index.de.html')).status).toBe(404);
  });

  it('names both scripts of a page in another language by their hashes, and serves Norwegian as Bokmål', async () => {
    const hash = (code: string) => `'sha384-${createHash('sha384').update(code).digest('base64')}'`;
    for (const lang of ['nb', 'no']) {
      const res = await get(`/?lang=${lang}`);
      expect(await res.text()).toContain('Kortnummer');
      expect(res.headers.get('content-security-policy')).toContain(
        `script-src ${hash(NORWEGIAN)} ${hash(SCRIPT)};`,
      );
    }
  });

  it('serves the Pay button beside it under a CSP of its own: its own script, no request anywhere', async () => {
    const res = await get('/fields/pay.html');
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!.split('; ');
    expect(csp).toEqual(
      expect.arrayContaining([
        `script-src 'sha384-${createHash('sha384').update(PAY_SCRIPT).digest('base64')}'`,
        "connect-src 'none'",
        'frame-ancestors https://shop.example https://*.shop.example',
      ]),
    );
    expect(await res.text()).toContain(PAY_SCRIPT);
    expect(
      (await get('/fields/pay.html', { headers: { 'if-none-match': res.headers.get('etag')! } })).status,
    ).toBe(304);
  });

  it('serves the Direct Post relay beside it: its one script, framed by the shop only, its form let through to the gateway, the bank and back', async () => {
    const res = await get('/fields/relay.html');
    expect(res.status).toBe(200);
    const html = await res.text();
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(script).toBe(RELAY_SCRIPT);
    const csp = res.headers.get('content-security-policy')!.split('; ');
    expect(csp).toEqual(
      expect.arrayContaining([
        "default-src 'none'",
        `script-src 'sha384-${createHash('sha384').update(RELAY_SCRIPT).digest('base64')}'`,
        "connect-src 'none'",
        'frame-ancestors https://shop.example https://*.shop.example',
        // Each redirect of the form is checked too: the gateway's, the shop's return, a bank's page.
        'form-action https://gateway.example https://shop.example https://*.shop.example https:',
      ]),
    );
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    // The fields page itself sends no form.
    expect((await get('/')).headers.get('content-security-policy')).toContain("form-action 'none'");
  });

  it('revalidates the page on every load and answers 304 when it did not change', async () => {
    const first = await get('/');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag')!;
    const again = await get('/', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('serves the page wherever it is mounted, and nothing else there', async () => {
    expect((await get('/fields/')).status).toBe(200);
    expect((await get('/fields/index.html')).status).toBe(200);
    const other = await get('/fields/assets/fields.js');
    expect(other.status).toBe(404);
  });

  it('serves nothing else: no other file, no way out of its folder, no other method', async () => {
    expect((await get('/..%2Findex.html')).status).toBe(404);
    expect((await get('/index.css')).status).toBe(404);
    const post = await get('/', { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const head = await get('/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('names the option and the rule when an origin is not one', () => {
    expect(() =>
      createFieldsHandler({
        dir,
        frameAncestors: [],
        gatewayOrigins: ['https://g.example'],
        sessionEndpoints: EP,
      }),
    ).toThrow(/frameAncestors must list at least one origin/);
    expect(() =>
      createFieldsHandler({
        dir,
        frameAncestors: ['https://shop.example/checkout'],
        gatewayOrigins: ['https://g.example'],
        sessionEndpoints: EP,
      }),
    ).toThrow(/frameAncestors\[0\] must be an origin such as https:\/\/shop.example \(no path\)/);
    expect(() =>
      createFieldsHandler({
        dir,
        frameAncestors: ['*'],
        gatewayOrigins: ['https://g.example'],
        sessionEndpoints: EP,
      }),
    ).toThrow(/frameAncestors\[0\]/);
    expect(() =>
      createFieldsHandler({
        dir,
        frameAncestors: ['https://shop.example'],
        gatewayOrigins: ["'self' https://x"],
        sessionEndpoints: EP,
      }),
    ).toThrow(/gatewayOrigins\[0\]/);
  });

  it('writes the session endpoints into the fields page (not the button’s), and refuses one with a query', async () => {
    const html = await (await get('/')).text();
    expect(html).toContain(
      '<meta name="gateway-session-endpoints" content="https://shop.example/checkout/session">',
    );
    expect(await (await get('/?lang=de')).text()).toContain('name="gateway-session-endpoints"');
    expect(await (await get('/pay.html')).text()).not.toContain('gateway-session-endpoints');
    // The script's hash is unchanged: the meta is no script.
    expect((await get('/')).headers.get('content-security-policy')).toContain(
      `'sha384-${createHash('sha384').update(SCRIPT).digest('base64')}'`,
    );
    const made = (sessionEndpoints: string[]) => () =>
      createFieldsHandler({
        dir,
        frameAncestors: ['https://s.example'],
        gatewayOrigins: ['https://g.example'],
        sessionEndpoints,
      });
    expect(made([])).toThrow(/sessionEndpoints must list your session endpoint/);
    expect(made(['https://s.example/checkout/session?scenario=save-card'])).toThrow(
      /sessionEndpoints\[0\] must be an absolute http\(s\) address with a path and no query/,
    );
    expect(made(['/checkout/session'])).toThrow(/sessionEndpoints\[0\]/);
  });

  it('says how to build the page when it is not built', () => {
    expect(() =>
      createFieldsHandler({
        dir: join(dir, 'none'),
        frameAncestors: ['https://s.example'],
        gatewayOrigins: ['https://g.example'],
        sessionEndpoints: EP,
      }),
    ).toThrow(/build the fields page first \(npm run build\)/);
  });
});
