import { z } from 'zod';

/**
 * The shop's catalog and its cart rules, as the server knows them. The framework apps send only
 * which products and how many; prices and the total always come from here.
 */
export const CATALOG = [
  { sku: 'balsam-05', title: 'Riga Black Balsam, 0.5 l', price: 18.9 },
  { sku: 'rye-loaf', title: 'Rye bread, whole loaf', price: 4.2 },
  { sku: 'sprats-tin', title: 'Smoked Riga sprats, 160 g', price: 3.6 },
  { sku: 'birch-sap', title: 'Birch sap, 1 l', price: 5.5 },
] as const;

export type Sku = (typeof CATALOG)[number]['sku'];
export const CURRENCY = 'EUR';
export const SHIPPING = { title: 'Shipping', price: 4.95 } as const;
export const MAX_QUANTITY = 20;

const skus = CATALOG.map((p) => p.sku) as [Sku, ...Sku[]];

/** PUT /shop/cart: the lines the customer wants. Unknown products and odd quantities are refused. */
export const cartUpdateSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        sku: z.enum(skus, { error: `must be one of ${skus.join(', ')}` }),
        quantity: z
          .number({ error: 'must be a number' })
          .int({ error: 'must be a whole number' })
          .min(0, { error: 'must not be negative' })
          .max(MAX_QUANTITY, { error: `must be at most ${MAX_QUANTITY}` }),
      }),
    )
    .max(CATALOG.length),
});

export type CartLine = { sku: Sku; quantity: number };

export interface PricedCart {
  /** Changes with every edit, so a checkout can tell it still charges what the customer saw. */
  version: number;
  currency: string;
  lines: Array<{ sku: Sku; title: string; price: number; quantity: number; total: number }>;
  shipping: number;
  total: number;
}

const cents = (amount: number) => Math.round(amount * 100);

/** Prices a cart from the catalog, in whole cents so the total is exact. */
export function priceCart(lines: readonly CartLine[], version: number): PricedCart {
  const priced = lines.flatMap((line) => {
    const product = CATALOG.find((p) => p.sku === line.sku);
    if (!product || line.quantity < 1) return [];
    return [{ ...product, quantity: line.quantity, total: (cents(product.price) * line.quantity) / 100 }];
  });
  const shipping = priced.length ? SHIPPING.price : 0;
  const total = (priced.reduce((sum, l) => sum + cents(l.total), 0) + cents(shipping)) / 100;
  return { version, currency: CURRENCY, lines: priced, shipping, total };
}

/** The gateway order's products for a priced cart: one per line, and shipping. */
export const orderProducts = (cart: PricedCart) => [
  ...cart.lines.map((l) => ({ title: l.title, price: l.price, quantity: l.quantity })),
  ...(cart.shipping ? [{ title: SHIPPING.title, price: cart.shipping, quantity: 1 }] : []),
];
