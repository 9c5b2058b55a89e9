/**
 * The merchant's checkout page as a browser receives it: its policies (headers and `<meta>`), the
 * script tag that loads the bundle, and what the checkout element on it asks for. Read from the
 * HTML with patterns, not a DOM: the doctor runs on a bare Node, and these are tags a merchant
 * writes by hand or a template prints.
 */
import { type DoctorContext, fail, pass, reason, skip } from './context.ts';
import { type Policy, parsePolicies, parsePolicy } from './csp-policy.ts';
import type { CheckResult } from './types.ts';

export interface ScriptTag {
  src: string;
  integrity: string | null;
  crossorigin: string | null;
  nonce: string | null;
}

export interface CheckoutPage {
  url: string;
  origin: string;
  status: number;
  policies: Policy[];
  /** Where each policy came from, for the report: `header` or `meta`. */
  policySources: Array<'header' | 'meta'>;
  /** The script tag loading gateway-checkout.iife.js, its src resolved against the page. */
  bundle: ScriptTag | null;
  /** The checkout elements' `session-url`s, resolved. */
  sessionUrls: string[];
  /** Every `<gateway-checkout>` on the page asks `three-ds="redirect"`: no bank page in a frame. */
  threeDsRedirectOnly: boolean;
  /** `fields-origin` attributes on the page. */
  fieldsOrigins: string[];
}

const attribute = (tag: string, name: string): string | null => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  if (!match) return null;
  return decodeEntities(match[1] ?? match[2] ?? match[3] ?? '');
};

const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export function readPage(url: string, status: number, headers: Headers, html: string): CheckoutPage {
  const policies: Policy[] = [];
  const policySources: Array<'header' | 'meta'> = [];
  for (const policy of parsePolicies(headers.get('content-security-policy'))) {
    policies.push(policy);
    policySources.push('header');
  }
  // A <meta> policy counts only in the head, before the body starts.
  const head = html.split(/<body[\s>]/i)[0] ?? html;
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/gi)) {
    if (attribute(tag, 'http-equiv')?.toLowerCase() !== 'content-security-policy') continue;
    const policy = parsePolicy(attribute(tag, 'content') ?? '');
    if (policy.size > 0) {
      policies.push(policy);
      policySources.push('meta');
    }
  }
  let bundle: ScriptTag | null = null;
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (!src || !/gateway-checkout\.iife\.js(?:[?#]|$)/.test(src)) continue;
    bundle = {
      src: new URL(src, url).href,
      integrity: attribute(tag, 'integrity'),
      crossorigin: attribute(tag, 'crossorigin'),
      nonce: attribute(tag, 'nonce'),
    };
    break;
  }
  const checkouts = [...html.matchAll(/<gateway-checkout\b[^>]*>/gi)].map(([tag]) => tag);
  const sessionUrls = checkouts.flatMap((tag) => {
    const value = attribute(tag, 'session-url');
    return value ? [new URL(value, url).href] : [];
  });
  const fieldsOrigins = [...html.matchAll(/<gateway-(?:checkout|card-form)\b[^>]*>/gi)].flatMap(([tag]) => {
    const value = attribute(tag, 'fields-origin');
    return value ? [value] : [];
  });
  return {
    url,
    origin: new URL(url).origin,
    status,
    policies,
    policySources,
    bundle,
    sessionUrls,
    threeDsRedirectOnly:
      checkouts.length > 0 &&
      checkouts.every((tag) => attribute(tag, 'three-ds')?.toLowerCase() === 'redirect'),
    fieldsOrigins,
  };
}

const TITLE = 'Checkout page';

/** Fetches the page as a browser would (HTML, following no redirect silently) and reads it. */
export async function loadPage(ctx: DoctorContext): Promise<CheckResult> {
  const url = ctx.options.page;
  if (!url) return skip('page', TITLE, "not checked: give --page with your checkout page's address");
  let status: number;
  let headers: Headers;
  let html: string;
  try {
    const { response, body } = await ctx.request(url, { headers: { Accept: 'text/html' } });
    status = response.status;
    headers = response.headers;
    html = new TextDecoder().decode(body);
  } catch (error) {
    return fail(
      'page',
      TITLE,
      `${url} did not answer: ${reason(error)}`,
      'check --page: the address customers open',
    );
  }
  if (status !== 200)
    return fail(
      'page',
      TITLE,
      `${url} answered ${status}${headers.get('location') ? ` (to ${headers.get('location')})` : ''}`,
      'give --page the final address of the checkout page (after any redirect or sign-in), answering 200',
    );
  const page = readPage(url, status, headers, html);
  ctx.page = page;
  const policies = page.policySources.length
    ? `${page.policySources.length} Content-Security-Policy (${page.policySources.join(', ')})`
    : 'no Content-Security-Policy';
  return pass(
    'page',
    TITLE,
    `${url} answered 200 with ${policies}; ${page.bundle ? 'the bundle by a script tag' : 'no gateway-checkout.iife.js script tag'}`,
  );
}
