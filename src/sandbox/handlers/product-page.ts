/** A product's `link`: its page at the gateway, naming the product, its price and whose it is. */
import type { Gateway } from '../gateway.ts';
import { html, type SurfaceHandler } from '../http.ts';
import { escapeHtml, messagePage, money, page } from '../pages/layout.ts';

export function productPageHandler(gateway: Gateway, id: string): SurfaceHandler {
  return async (request: Request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    const product = gateway.products.get(id);
    if (!product) return html(404, messagePage('Not found', 'This product does not exist.'));
    const price = money(Math.round(product.price * 100), product.currency ?? 'EUR');
    const description = product.description ? `<p>${escapeHtml(product.description)}</p>` : '';
    return html(
      200,
      page(
        product.title,
        `<main><p>${escapeHtml(product.brand?.brand_name ?? '')}</p><h1>${escapeHtml(product.title)}</h1>${description}<p data-price>${escapeHtml(price)}</p></main>`,
      ),
    );
  };
}
