import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RELAY_PAGE } from '../fields/shared/relay.ts';
import { RELAY_SCRIPT } from '../fields/shared/relay-page.ts';
import {
  endpointProblem,
  endpointSource,
  SESSION_ENDPOINTS_META,
} from '../fields/shared/session-endpoint.ts';

export interface FieldsHandlerOptions {
  /**
   * The origins of the pages that may frame the fields (your checkout pages), e.g.
   * `['https://shop.example']`; a leading `*.` allows every subdomain. Becomes `frame-ancestors`.
   */
  frameAncestors: readonly string[];
  /**
   * The origins card data may be POSTed to: the gateway's, where the orders' `api_do_url` points.
   * Becomes `connect-src`, so a script that tampers with the parent's messages cannot send the card
   * anywhere else.
   */
  gatewayOrigins: readonly string[];
  /**
   * Your session endpoints (`session-url`, absolute, no query), e.g.
   * `['https://shop.example/checkout/session']`: the fields ask them for the order they pay
   * themselves, with credentialed CORS (`createCheckoutHandler`'s `fieldsOrigins`), and refuse a
   * `session-url` that is not one of them. What the order is (a hold, saving, the amount) is your
   * server's to decide for the visit, never the page's: a `session-url` with a query is refused.
   * For development, a port may be `*` and a path may end in `/*`.
   */
  sessionEndpoints: readonly string[];
  /** The built fields page. Default: this package's `dist/fields`. */
  dir?: string;
}

/** A CSP source for an origin: scheme, host (optionally `*.` before it) and port (or `*`). */
const ORIGIN_SOURCE =
  /^https?:\/\/(?:\*\.)?(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::(?:\d{1,5}|\*))?$/;

function sources(name: string, list: readonly string[]): string {
  if (!Array.isArray(list) || list.length === 0) {
    throw new TypeError(
      `createFieldsHandler: ${name} must list at least one origin, e.g. ['https://shop.example']`,
    );
  }
  return list
    .map((value, i) => {
      const source = String(value).trim().toLowerCase().replace(/\/$/, '');
      if (!ORIGIN_SOURCE.test(source)) {
        throw new TypeError(
          `createFieldsHandler: ${name}[${i}] must be an origin such as https://shop.example (no path), not "${value}"`,
        );
      }
      return source;
    })
    .join(' ');
}

function sessionEndpointsOf(list: readonly string[] | undefined): string[] {
  if (!Array.isArray(list) || list.length === 0) {
    throw new TypeError(
      "createFieldsHandler: sessionEndpoints must list your session endpoint(s), e.g. ['https://shop.example/checkout/session']",
    );
  }
  return list.map((value, i) => {
    const endpoint = String(value).trim();
    const problem = endpointProblem(endpoint);
    if (problem)
      throw new TypeError(`createFieldsHandler: sessionEndpoints[${i}] ${problem}, not "${value}"`);
    return endpoint;
  });
}

/** The package's dist/fields, found from this file both in src/ and in dist/. */
function defaultDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'gateway-checkout') {
      return join(dir, 'dist', 'fields');
    }
    dir = dirname(dir);
  }
  return join(dirname(fileURLToPath(import.meta.url)), '..', 'fields');
}

/**
 * The hash of each inline element of a kind (`script`, `style`) in the page, as CSP names it: the
 * page's own code and styles, those of the form rendered into it included, and nothing else.
 */
function inlineHashes(html: string, tag: 'script' | 'style'): string[] {
  const found = html.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'g'));
  const hashes = [...found].map(
    (m) => `'sha384-${createHash('sha384').update(m[1]!, 'utf8').digest('base64')}'`,
  );
  return [...new Set(hashes)];
}

/**
 * Serves the isolated card fields (`dist/fields/index.html`, its script inside) and their Pay
 * button (`pay.html` beside it): mount it on an origin of its own, such as
 * `https://pay.shop.example`, and point `fields-origin` there. Each page gets a
 * Content-Security-Policy that lets it run its own scripts only (named by their hashes) and be framed
 * by your pages only; the fields may talk to the gateway and your session endpoint only, the button
 * to nothing. Any path ending in `/` is the fields page, `…/pay.html` the button; both are
 * revalidated on every load (ETag), so a new build is used at once. Framework-neutral, like the
 * other handlers: `(Request) => Promise<Response>`.
 */
/** One built page: its bytes, its ETag and the hashes of its scripts and styles. */
interface BuiltPage {
  readonly body: Buffer;
  readonly etag: string;
  readonly scripts: string[];
  readonly styles: string[];
}

/** The page as built, with `head` written in after its `<head>` (or first, where it has none). */
function readPage(file: string, head = ''): BuiltPage {
  const built = readFileSync(file).toString('utf8');
  return pageOf(
    !head
      ? built
      : /<head\b[^>]*>/i.test(built)
        ? built.replace(/<head\b[^>]*>/i, (m) => m + head)
        : head + built,
  );
}

function pageOf(html: string): BuiltPage {
  const body = Buffer.from(html, 'utf8');
  return {
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    scripts: inlineHashes(html, 'script'),
    // Read outside the scripts: their code is text, not elements of the page.
    styles: inlineHashes(html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ''), 'style'),
  };
}

/**
 * The relay page (`relay.html`): what the checkout's Direct Post frame shows until it sends the
 * isolated fields' card form from there (src/fields/shared/relay.ts); its one script, written here,
 * needs no build.
 */
const RELAY_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Payment</title><script>${RELAY_SCRIPT}</script></head><body></body></html>`;

/** The languages the fields page is built in besides English (index.<lang>.html). */
const LANGUAGE_PAGE = /^index\.([a-z]{2})\.html$/;

export function createFieldsHandler(options: FieldsHandlerOptions): (request: Request) => Promise<Response> {
  const ancestors = sources('frameAncestors', options.frameAncestors);
  const gateway = sources('gatewayOrigins', options.gatewayOrigins);
  const endpoints = sessionEndpointsOf(options.sessionEndpoints);
  const session = [...new Set(endpoints.map(endpointSource))].join(' ');
  // Written into the fields page (a meta element: no script, so the CSP hashes stay the page's own).
  const head = `<meta name="${SESSION_ENDPOINTS_META}" content="${endpoints.join(' ').replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}">`;
  const dir = options.dir ?? defaultDir();
  const built = (name: string, withEndpoints = true) => {
    const file = join(dir, name);
    if (!existsSync(file)) {
      throw new Error(
        `createFieldsHandler: ${file} does not exist; build the fields page first (npm run build)`,
      );
    }
    return readPage(file, withEndpoints ? head : '');
  };
  // The relay sends a Direct Post order's card form to the gateway, which answers with redirects to
  // the bank's page and back to the shop's return route; engines check form-action on each
  // redirect too, and a bank may be any origin: the gateway's scheme, then (the card itself goes
  // only to the order's direct_post, which the fields check against the page and the shop). The
  // fields page itself sends no form.
  const schemes = [...new Set(gateway.split(' ').map((origin) => `${origin.split(':')[0]}:`))];
  const formAction = [...new Set([...gateway.split(' '), ...ancestors.split(' '), ...schemes])].join(' ');
  const csp = (page: BuiltPage, connect: string, form = "'none'") =>
    [
      "default-src 'none'",
      `script-src ${page.scripts.join(' ') || "'none'"}`,
      `style-src 'self' ${page.styles.join(' ')}`.trim(),
      `connect-src ${connect}`,
      `frame-ancestors ${ancestors}`,
      "base-uri 'none'",
      `form-action ${form}`,
    ].join('; ');
  const fields = built('index.html');
  // The fields POST the card to the gateway and ask the merchant's server for the order; the
  // button talks to nothing but the fields, over a channel of their own origin.
  const fieldsConnect = [...new Set([...gateway.split(' '), ...session.split(' ')])].join(' ');
  const fieldsPolicy = csp(fields, fieldsConnect);
  // The same page with its form rendered in another language (`?lang=de`), where it was built so.
  const translated = new Map(
    readdirSync(dir)
      .map((name) => [LANGUAGE_PAGE.exec(name)?.[1], name] as const)
      .filter((entry): entry is readonly [string, string] => entry[0] !== undefined)
      .map(([language, name]) => {
        const page = built(name);
        return [language, { page, policy: csp(page, fieldsConnect) }] as const;
      }),
  );
  const pay = existsSync(join(dir, 'pay.html')) ? built('pay.html', false) : null;
  const payPolicy = pay && csp(pay, "'none'");
  const relay = pageOf(RELAY_HTML);
  const relayPolicy = csp(relay, "'none'", formAction);
  const headersOf = (page: BuiltPage, policy: string) => ({
    'Content-Type': 'text/html; charset=utf-8',
    // Revalidated on every load: a new build is used at once, an unchanged one costs a 304.
    'Cache-Control': 'no-cache',
    ETag: page.etag,
    'Content-Security-Policy': policy,
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    // Pages that isolate themselves (COEP) may still frame the fields.
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'Cross-Origin-Embedder-Policy': 'require-corp',
  });

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', {
        status: 405,
        headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }
    const url = new URL(request.url);
    const path = url.pathname;
    // Norwegian ("no") is written in our Bokmål ("nb"), as the elements read it.
    const asked = url.searchParams.get('lang') ?? '';
    const language = translated.get(asked === 'no' ? 'nb' : asked);
    const [page, policy] =
      pay && payPolicy && path.endsWith('/pay.html')
        ? [pay, payPolicy]
        : path.endsWith(`/${RELAY_PAGE}`)
          ? [relay, relayPolicy]
          : language
            ? [language.page, language.policy]
            : [fields, fieldsPolicy];
    if (page !== pay && page !== relay && !path.endsWith('/') && !path.endsWith('/index.html')) {
      return new Response('Not found', {
        status: 404,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    }
    const headers = headersOf(page, policy);
    if (request.headers.get('if-none-match') === page.etag)
      return new Response(null, { status: 304, headers });
    return new Response(request.method === 'HEAD' ? null : (page.body as BodyInit), {
      status: 200,
      headers: { ...headers, 'Content-Length': String(page.body.byteLength) },
    });
  };
}
