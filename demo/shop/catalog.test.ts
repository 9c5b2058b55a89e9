import { describe, expect, it } from 'vitest';
import { cartUpdateSchema, orderProducts, priceCart } from './catalog.ts';

describe('the framework shop prices carts on the server', () => {
  it('prices lines from the catalog in whole cents, with shipping', () => {
    const cart = priceCart(
      [
        { sku: 'balsam-05', quantity: 3 },
        { sku: 'sprats-tin', quantity: 7 },
      ],
      4,
    );
    expect(cart.lines.map((l) => l.total)).toEqual([56.7, 25.2]);
    expect(cart.total).toBe(86.85);
    expect(cart.version).toBe(4);
    expect(orderProducts(cart)).toEqual([
      { title: 'Riga Black Balsam, 0.5 l', price: 18.9, quantity: 3 },
      { title: 'Smoked Riga sprats, 160 g', price: 3.6, quantity: 7 },
      { title: 'Shipping', price: 4.95, quantity: 1 },
    ]);
  });

  it('charges nothing, not even shipping, for an empty cart', () => {
    expect(priceCart([], 1)).toMatchObject({ lines: [], shipping: 0, total: 0 });
  });

  it('takes no price from the browser and names the field it refuses', () => {
    const withPrice = cartUpdateSchema.safeParse({ lines: [{ sku: 'rye-loaf', quantity: 1, price: 0.01 }] });
    expect(withPrice.success).toBe(false);
    const bad = cartUpdateSchema.safeParse({ lines: [{ sku: 'caviar', quantity: 21 }] });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['lines.0.sku', 'must be one of balsam-05, rye-loaf, sprats-tin, birch-sap'],
      ['lines.0.quantity', 'must be at most 20'],
    ]);
  });
});
