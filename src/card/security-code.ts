import type { CardBrand } from './brand.ts';

/** The security code's length: the brand's own (4 for American Express), 3 when not known. */
export function securityCodeLength(brand: CardBrand | null): number {
  return brand?.codeLength ?? 3;
}

/**
 * Where the card carries its security code: American Express prints it on the front, above the
 * number; every other brand on the back, beside the signature strip.
 */
export function securityCodeSide(brand: CardBrand | null): 'front' | 'back' {
  return brand?.type === 'american-express' ? 'front' : 'back';
}
