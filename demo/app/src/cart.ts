import { useCallback, useEffect, useState } from 'react';
import type { PricedCart } from '../../shop/catalog.ts';

export type { PricedCart };

export const money = (amount: number, currency = 'EUR') =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);

async function request(init?: RequestInit): Promise<PricedCart> {
  const response = await fetch('/shop/cart', init);
  const body = await response.json();
  if (!response.ok) throw new Error(body.error?.message ?? `the cart answered ${response.status}`);
  return body as PricedCart;
}

export interface Product {
  sku: string;
  title: string;
  price: number;
}

/** The shop's catalog, for adding what is not in the cart yet. */
export function useProducts(): Product[] {
  const [products, setProducts] = useState<Product[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/shop/products', { signal: controller.signal })
      .then((r) => (r.ok ? r.json() : { results: [] }))
      .then((body: { results: Product[] }) => setProducts(body.results))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return products;
}

/**
 * The cart lives on the shop's server; this is the page's view of it. A quantity change is sent
 * as it is made, and the server's answer (priced from its catalog) is what the page shows.
 */
export function useCart() {
  const [cart, setCart] = useState<PricedCart | null>(null);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    request({ signal: controller.signal }).then(setCart, (e: Error) => {
      if (!controller.signal.aborted) setError(e.message);
    });
    return () => controller.abort();
  }, []);

  const setQuantity = useCallback(
    async (sku: string, quantity: number) => {
      if (!cart) return;
      const lines: Array<{ sku: string; quantity: number }> = cart.lines.map((l) => ({
        sku: l.sku,
        quantity: l.sku === sku ? quantity : l.quantity,
      }));
      if (!lines.some((l) => l.sku === sku)) lines.push({ sku, quantity });
      setSaving(true);
      try {
        setCart(
          await request({
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ lines }),
          }),
        );
        setError('');
      } catch (e) {
        setError((e as Error).message);
      } finally {
        setSaving(false);
      }
    },
    [cart],
  );

  return { cart, error, saving, setQuantity };
}
