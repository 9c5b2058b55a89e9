/** The hosted payment pages, their status address and the browser bundle they load. */
import { checkoutStatusOf, orderSchema } from '../../protocol/index.ts';
import type { Gateway } from '../gateway.ts';
import { BUNDLE_PATH, readBundle, readSibling } from '../hosted.ts';
import { answer, html, json, type SurfaceHandler } from '../http.ts';
import { checkoutPage, elementsCheckoutPage } from '../pages/checkout.ts';
import { messagePage } from '../pages/layout.ts';
import { orderLanguage } from '../pages/words.ts';
import { methodNotAllowed, notFound } from '../results.ts';

export function checkoutHandler(
  gateway: Gateway,
  distDir: string | null,
  payToken: string,
  framed: boolean,
  merchantName: string | undefined,
): SurfaceHandler {
  return async () => {
    const order = gateway.orders.byPayToken(payToken);
    if (!order) return html(404, messagePage('Not found', 'This checkout does not exist.'));
    const orderJson = gateway.orders.json(order);
    const merchant = merchantName || order.request.dynamic_descriptor || 'Sandbox merchant';
    const language = await orderLanguage(order.request.language);
    // Our own elements once the browser bundle is built; the plain form when started from source.
    const bundle = readBundle(distDir);
    const page = bundle
      ? elementsCheckoutPage(
          order,
          orderJson,
          framed,
          merchant,
          {
            scriptUrl: BUNDLE_PATH,
            integrity: bundle.integrity,
            statusUrl: `/checkout/${payToken}/status`,
          },
          language,
        )
      : checkoutPage(order, orderJson, framed, merchant, language);
    return html(200, page);
  };
}

/**
 * The hosted page's status address: the unguessable order token is its only credential, and the
 * answer is the element's CheckoutStatus, never the card's masked number, holder or type.
 */
export function checkoutStatusHandler(gateway: Gateway, payToken: string): SurfaceHandler {
  return async (request: Request) => {
    if (request.method !== 'GET') return answer(methodNotAllowed(request.method), { Allow: 'GET' });
    const order = gateway.orders.byPayToken(payToken);
    if (!order) return answer(notFound('This checkout does not exist.'));
    return json(200, checkoutStatusOf(orderSchema.parse(gateway.orders.json(order))));
  };
}

/**
 * The bundle's on-demand siblings (`gateway-checkout.<part>.<hash>.js`: another language, the
 * framed form's 3-D Secure relay), served beside it: the bundle loads them from its own location
 * and checks each against the hash built into it. Only files of that name, from `distDir`.
 */
export function siblingHandler(distDir: string | null, file: string): SurfaceHandler {
  return async () => {
    const js =
      distDir && /^gateway-checkout\.[\w-]+\.[0-9a-f]+\.js$/.test(file) ? readSibling(distDir, file) : null;
    if (!js)
      return new Response('Not found.', {
        status: 404,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      });
    return new Response(new Uint8Array(js), {
      status: 200,
      headers: {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Access-Control-Allow-Origin': '*',
        // The hash is in the name: a new build is a new file.
        'Cache-Control': 'public, max-age=31536000, immutable',
      },
    });
  };
}

export function bundleHandler(distDir: string | null): SurfaceHandler {
  return async () => {
    const bundle = readBundle(distDir);
    if (!bundle) {
      return new Response('The browser bundle is not built (npm run build).', {
        status: 404,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }
    return new Response(new Uint8Array(bundle.js), {
      status: 200,
      headers: {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': 'no-cache',
      },
    });
  };
}
