/**
 * The checkout page's Content-Security-Policy against what the checkout loads: the bundle and its
 * siblings (script-src), the gateway and the session endpoint (connect-src, or form-action for
 * Direct Post), the gateway's 3-D Secure page, the fields origin and the banks (frame-src), and the
 * Trusted Types policies the bundle creates. Each says what is missing, in the directive's words.
 */
import { type DoctorContext, fail, origin, pass, skip } from './context.ts';
import { allows, type FetchKind, trustedTypeNames } from './csp-policy.ts';
import type { CheckoutPage } from './page.ts';
import type { CheckResult } from './types.ts';

/** The Trusted Types policies the bundle creates (lit-html's templates, its own sibling loader). */
export const TRUSTED_TYPES_POLICIES = ['lit-html', 'gateway-checkout'] as const;
/** A made-up issuer's challenge page: banks' pages are on their own domains, which no list holds. */
const ANY_BANK = 'https://acs.issuer-bank.example/challenge';

interface Need {
  what: string;
  url: string;
  kind: FetchKind;
  nonce?: string | undefined;
  inserted?: boolean;
}

function missing(page: CheckoutPage, needs: readonly Need[]): Array<Need & { directive: string }> {
  return needs.flatMap((need) => {
    const verdict = allows(page.policies, need.kind, need.url, page.url, {
      nonce: need.nonce,
      inserted: need.inserted,
    });
    return verdict.allowed ? [] : [{ ...need, directive: verdict.directive ?? need.kind }];
  });
}

/** The origin to add for a URL, as a CSP source: the page's own is 'self'. */
const sourceFor = (page: CheckoutPage, url: string) => (origin(url) === page.origin ? "'self'" : origin(url));

function verdict(
  id: string,
  title: string,
  page: CheckoutPage,
  needs: readonly Need[],
  advice: (gaps: Array<Need & { directive: string }>) => string,
): CheckResult {
  if (page.policies.length === 0)
    return pass(id, title, 'the page sends no Content-Security-Policy: nothing is blocked');
  const gaps = missing(page, needs);
  if (gaps.length === 0) return pass(id, title, `allows ${needs.map((n) => n.what).join(', ')}`);
  return fail(id, title, `blocks ${gaps.map((g) => `${g.what} (${g.directive})`).join(', ')}`, advice(gaps));
}

const list = (items: readonly string[]) => [...new Set(items)].join(' ');

export function checkCspScripts(ctx: DoctorContext): CheckResult {
  const title = 'CSP: scripts';
  const page = ctx.page;
  if (!page) return skip('csp-scripts', title, 'not checked: no page');
  if (!page.bundle)
    return skip('csp-scripts', title, 'not checked: the page loads no gateway-checkout.iife.js');
  const nonce = page.bundle.nonce ?? undefined;
  const sibling = new URL('gateway-checkout.sibling.js', page.bundle.src).href;
  return verdict(
    'csp-scripts',
    title,
    page,
    [
      { what: 'the bundle', url: page.bundle.src, kind: 'script', nonce },
      { what: 'its siblings', url: sibling, kind: 'script', nonce, inserted: true },
    ],
    (gaps) =>
      `add ${list(gaps.map((g) => sourceFor(page, g.url)))} to script-src` +
      (nonce ? '' : ", or give the bundle's script tag the page's nonce"),
  );
}

export function checkCspConnect(ctx: DoctorContext): CheckResult {
  const title = 'CSP: connect-src';
  const page = ctx.page;
  if (!page) return skip('csp-connect', title, 'not checked: no page');
  const needs: Need[] = page.sessionUrls.map((url) => ({
    what: 'the session endpoint',
    url,
    kind: 'connect',
  }));
  const order = ctx.order;
  const isolated = Boolean(ctx.options.fieldsOrigin ?? page.fieldsOrigins[0]);
  // With isolated fields the card leaves from the fields' frame, under that page's own policy.
  if (order && !isolated) {
    if ((ctx.options.transport ?? 'api-do') === 'api-do' && order.api_do_url)
      needs.push({
        what: `the gateway (${origin(order.api_do_url)})`,
        url: order.api_do_url,
        kind: 'connect',
      });
    if (ctx.options.transport === 'direct-post' && order.direct_post)
      needs.push({
        what: `Direct Post (${origin(order.direct_post)})`,
        url: order.direct_post,
        kind: 'form',
      });
  }
  if (needs.length === 0)
    return skip('csp-connect', title, 'not checked: no session-url on the page and no order');
  return verdict('csp-connect', title, page, needs, (gaps) =>
    gaps
      .map((g) => `add ${sourceFor(page, g.url)} to ${g.kind === 'form' ? 'form-action' : 'connect-src'}`)
      .join('; '),
  );
}

/** Where a bank's 3-D Secure page may be: any https origin, or the sandbox's bank beside it. */
function bankUrls(ctx: DoctorContext, gateway: string): readonly string[] {
  if (ctx.options.bankUrls) return ctx.options.bankUrls;
  const url = new URL(gateway);
  if (url.protocol === 'http:' && /^(127\.|localhost$|\[::1\]$)/.test(url.hostname)) {
    // The sandbox's bank answers on its own origin, the sandbox's port + 1 (SANDBOX_BANK_PORT).
    const port = Number(url.port || 80) + 1;
    return [`http://${url.hostname}:${port}/`];
  }
  return [ANY_BANK];
}

export function checkCspFrames(ctx: DoctorContext): CheckResult {
  const title = 'CSP: frame-src';
  const page = ctx.page;
  if (!page) return skip('csp-frames', title, 'not checked: no page');
  const order = ctx.order;
  const needs: Need[] = [];
  const gateway = order?.api_do_url ?? null;
  if (gateway)
    needs.push({ what: `the gateway's 3-D Secure page (${origin(gateway)})`, url: gateway, kind: 'frame' });
  const fields = ctx.options.fieldsOrigin ?? page.fieldsOrigins[0];
  if (fields) needs.push({ what: `the card fields (${origin(fields)})`, url: fields, kind: 'frame' });
  if (gateway && !page.threeDsRedirectOnly)
    for (const url of bankUrls(ctx, gateway))
      needs.push({ what: "the banks' challenge pages", url, kind: 'frame' });
  if (needs.length === 0) return skip('csp-frames', title, 'not checked: no order and no fields origin');
  return verdict('csp-frames', title, page, needs, (gaps) => {
    const own = gaps.filter((g) => !g.what.startsWith("the banks'")).map((g) => sourceFor(page, g.url));
    const banks = gaps.some((g) => g.what.startsWith("the banks'"));
    const parts = [];
    if (own.length) parts.push(`add ${list(own)} to frame-src`);
    if (banks) {
      const urls = bankUrls(ctx, gateway!);
      parts.push(
        urls.includes(ANY_BANK)
          ? "add https: to frame-src: banks' 3-D Secure pages are on the issuers' own domains, which cannot " +
              'be listed (or set three-ds="redirect" on <gateway-checkout> to open them as a full page)'
          : `add ${list(urls.map((url) => origin(url)))} to frame-src (the sandbox's bank; in production ` +
              "banks' 3-D Secure pages are on the issuers' own domains, which cannot be listed: https:)",
      );
    }
    return parts.join('; ');
  });
}

export function checkCspTrustedTypes(ctx: DoctorContext): CheckResult {
  const title = 'CSP: trusted-types';
  const page = ctx.page;
  if (!page) return skip('csp-trusted-types', title, 'not checked: no page');
  const lists = trustedTypeNames(page.policies);
  if (lists.length === 0)
    return pass('csp-trusted-types', title, 'no trusted-types directive: the bundle may name its policies');
  const absent = TRUSTED_TYPES_POLICIES.filter(
    (name) => !lists.every((names) => names.includes('*') || names.includes(name)),
  );
  if (absent.length === 0)
    return pass(
      'csp-trusted-types',
      title,
      `allows the bundle's policies ${TRUSTED_TYPES_POLICIES.join(', ')}`,
    );
  return fail(
    'csp-trusted-types',
    title,
    `does not allow the policy ${absent.join(' and ')}`,
    `add ${absent.join(' ')} to trusted-types (lit-html renders the checkout; gateway-checkout admits its sibling files only)`,
  );
}
