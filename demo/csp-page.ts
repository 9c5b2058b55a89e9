import { MERCHANT_NAME } from './scenarios.ts';

/**
 * A checkout under the strictest Content-Security-Policy a merchant may send: no inline script or
 * style, Trusted Types required, the gateway as the only other origin for requests. Frames are the
 * exception the README's checklist names: 3-D Secure shows the card issuer's own page in the
 * checkout's dialog, and `frame-src` applies to every page that frame navigates to. Banks' domains
 * cannot be listed (every issuer has its own), so `frame-src` allows `https:` besides the gateway
 * (and the fields' origin); the sandbox's bank is on loopback http, which `https:` does not match,
 * so this page names it too, and `'self'` for the shop's return address the flow ends on. The end-to-end tests pay on it, 3-D Secure at the bank included, and
 * count every violation.
 */
export interface CspPage {
  readonly html: string;
  readonly policy: string;
}

/**
 * The Trusted Types policies the bundle creates: lit-html's, for its templates, and its own, which
 * admits nothing but its sibling files (other languages, the isolated fields' parent side).
 */
export const TRUSTED_TYPES_POLICIES = ['lit-html', 'gateway-checkout'];

/** A CDN folder the page may load the bundle from: only on loopback, where the tests serve dist/. */
const LOOPBACK_FOLDER = /^(http:\/\/127\.0\.0\.1:\d{1,5})(\/[\w@.\-/]*)?$/;
const LOOPBACK_ORIGIN = /^http:\/\/127\.0\.0\.1:\d{1,5}$/;

export function renderCspPage(options: {
  integrity: string;
  gatewayOrigin: string;
  /** With a nonce: `script-src 'nonce-…'` instead of `'self'`, and the bundle's Trusted Types names listed. */
  nonce?: string;
  /** The page's language (`lang` of the page); English by default. */
  language?: string;
  /** Isolated card fields from this origin. */
  fieldsOrigin?: string;
  /**
   * The sandbox's bank (http on loopback, which `https:` does not cover); only a loopback origin is
   * taken. `oldAdvice`: the policy the README once gave, the gateway alone in `frame-src`, which a
   * test shows blocks the bank's page.
   */
  bankOrigin?: string;
  oldAdvice?: boolean;
  /** The folder of dist/ on a CDN (another origin) to load the bundle from; only on loopback here. */
  cdn?: string;
}): CspPage {
  const { integrity, gatewayOrigin, nonce, fieldsOrigin } = options;
  const bank = LOOPBACK_ORIGIN.test(options.bankOrigin ?? '') ? options.bankOrigin : undefined;
  // 'self': the bank's flow comes back to the shop's own return address inside the same frame
  // (`https:` covers that for a shop on https; this page is http on loopback).
  const frameSrc = [
    ...(options.oldAdvice ? [] : ["'self'"]),
    gatewayOrigin,
    ...(fieldsOrigin ? [fieldsOrigin] : []),
    ...(options.oldAdvice ? [] : ['https:', ...(bank ? [bank] : [])]),
  ];
  const language = /^[a-z]{2}(-[A-Z]{2})?$/.test(options.language ?? '') ? options.language! : 'en';
  const cdn = LOOPBACK_FOLDER.exec(options.cdn ?? '');
  const src = cdn
    ? `${cdn[0].replace(/\/$/, '')}/gateway-checkout.iife.js`
    : '/assets/gateway-checkout.iife.js';
  const policy = [
    "default-src 'self'",
    nonce ? `script-src 'nonce-${nonce}'` : `script-src 'self'${cdn ? ` ${cdn[1]}` : ''}`,
    "style-src 'self'",
    `connect-src 'self' ${gatewayOrigin}`,
    `frame-src ${frameSrc.join(' ')}`,
    "require-trusted-types-for 'script'",
    "frame-ancestors 'self'",
    ...(nonce ? [`trusted-types ${TRUSTED_TYPES_POLICIES.join(' ')}`] : []),
  ].join('; ');
  const html = `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout under a strict CSP · ${MERCHANT_NAME}</title>
<script src="${src}" integrity="${integrity}" crossorigin="anonymous"${nonce ? ` nonce="${nonce}"` : ''} defer></script>
</head>
<body>
<main>
<h1>Checkout under a strict Content-Security-Policy</h1>
<div data-bot-check></div><script src="/bot-check.js"${nonce ? ` nonce="${nonce}"` : ''} defer></script>
<gateway-checkout session-url="/checkout/session"${fieldsOrigin ? ` fields-origin="${fieldsOrigin}"` : ''}></gateway-checkout>
</main>
</body>
</html>`;
  return { html, policy };
}
