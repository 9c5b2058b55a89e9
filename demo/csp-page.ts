import { MERCHANT_NAME } from './scenarios.ts';

/**
 * A checkout under the strictest Content-Security-Policy a merchant may send: no inline script or
 * style, Trusted Types required, and the gateway as the only other origin for requests and frames.
 * It shows that the bundle needs nothing more than what the README lists; the end-to-end tests pay
 * on it, 3-D Secure included, and count every violation.
 */
export interface CspPage {
  readonly html: string;
  readonly policy: string;
}

/** The Trusted Types policies the bundle creates (lit-html's, for its templates). */
export const TRUSTED_TYPES_POLICIES = ['lit-html'];

export function renderCspPage(options: {
  integrity: string;
  gatewayOrigin: string;
  /** With a nonce: `script-src 'nonce-…'` instead of `'self'`, and the bundle's Trusted Types names listed. */
  nonce?: string;
}): CspPage {
  const { integrity, gatewayOrigin, nonce } = options;
  const policy = [
    "default-src 'self'",
    nonce ? `script-src 'nonce-${nonce}'` : "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${gatewayOrigin}`,
    `frame-src ${gatewayOrigin}`,
    "require-trusted-types-for 'script'",
    "frame-ancestors 'self'",
    ...(nonce ? [`trusted-types ${TRUSTED_TYPES_POLICIES.join(' ')}`] : []),
  ].join('; ');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout under a strict CSP · ${MERCHANT_NAME}</title>
<script src="/assets/gateway-checkout.iife.js" integrity="${integrity}" crossorigin="anonymous"${nonce ? ` nonce="${nonce}"` : ''} defer></script>
</head>
<body>
<main>
<h1>Checkout under a strict Content-Security-Policy</h1>
<gateway-checkout session-url="/checkout/session?scenario=one-step"></gateway-checkout>
</main>
</body>
</html>`;
  return { html, policy };
}
