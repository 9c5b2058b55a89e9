import { describe, expect, it } from 'vitest';
import { texts as de } from '../i18n/languages/de.ts';
import { texts as en } from '../i18n/languages/en.ts';
import { fieldTarget, isPlaceable } from './field-errors.ts';
import { placeFieldErrors } from './server-field-errors.ts';

describe('placeFieldErrors', () => {
  it('puts each path the server names on the checkout’s field, worded by its code in the catalog’s language', () => {
    const placed = placeFieldErrors(
      de,
      [
        { path: 'email', message: 'must be an e-mail address', code: 'invalid_format' },
        { path: 'billing_address.zip_code', message: 'too long', code: 'too_big' },
        { path: 'billing_address.address', message: 'must not be empty', code: 'too_small' },
        { path: 'save_consent', message: 'is required', code: 'required' },
      ],
      fieldTarget,
    );
    expect(placed.email).toBe(de.emailInvalid);
    expect([...placed.address]).toEqual([
      ['zip_code', de.postalInvalid],
      ['address', de.required],
    ]);
    expect([...placed.consent]).toEqual([['consent', de.required]]);
    expect(placed.unplaced).toEqual([]);
  });

  it('takes the order’s paths as the gateway names them (client.*)', () => {
    const placed = placeFieldErrors(
      en,
      [
        { path: 'client.email', message: 'Enter a valid email address.', code: 'invalid' },
        { path: 'client.city', message: 'Too long.', code: 'max_length' },
      ],
      fieldTarget,
    );
    expect(placed.email).toBe(en.emailInvalid);
    expect([...placed.address]).toEqual([['city', en.fieldInvalid]]);
  });

  it('leaves paths no field of the checkout shows for the page, and never rewords them', () => {
    const amount = { path: 'amount', message: 'is required for a phone order', code: 'required' };
    const placed = placeFieldErrors(
      en,
      [amount, { path: 'products.0.price', message: 'x', code: 'too_small' }],
      fieldTarget,
    );
    expect(placed.unplaced.map((i) => i.path)).toEqual(['amount', 'products.0.price']);
    expect(placed.email).toBeNull();
    expect(isPlaceable('amount')).toBe(false);
    expect(isPlaceable('billing_address')).toBe(true);
  });
});
