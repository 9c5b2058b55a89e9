import { beforeEach, describe, expect, it, vi } from 'vitest';
import { luhnValid } from '../card/luhn.ts';
import { CardDataDepthError, findCardData, textHasCardNumber } from './card-data.ts';

// Luhn sums of digits joined across fields are the scan's unit of work between fields: counting
// them shows its cost without a clock, which a loaded machine would make lie.
vi.mock('../card/luhn.ts', async (original) => {
  const real = await original<typeof import('../card/luhn.ts')>();
  return { ...real, luhnValid: vi.fn(real.luhnValid) };
});
const luhnChecks = vi.mocked(luhnValid);

const address = (fields: Record<string, string>) => ({
  idempotency_key: 'idem_key_0123456789abcdef',
  billing_address: { address: '1 Main St', zip_code: '10001', ...fields },
});

describe('findCardData: a card number however it is written', () => {
  it.each([
    ['dots', '4111.1111.1111.1111'],
    ['slashes', '4111/1111/1111/1111'],
    ['double spaces', '4111  1111  1111  1111'],
    ['dashes and spaces', '4111 - 1111 - 1111 - 1111'],
    ['no-break spaces', '4111\u00a01111\u00a01111\u00a01111'],
    ['narrow no-break and thin spaces', '4111\u202f1111\u20091111\u20091111'],
    ['full-width digits', '４１１１ １１１１ １１１１ １１１１'],
    ['Arabic-Indic digits', '٤١١١١١١١١١١١١١١١'],
    ['Devanagari digits', '४१११११११११११११११'],
    ['zero-width characters between digits', '4111\u200b1111\u200d1111\u00ad1111'],
    ['an extra leading digit', '94111111111111111'],
    ['extra digits on both sides', '7 4111 1111 1111 1111 3'],
    ['an American Express number in its 4-6-5 groups', '3782 822463 10005'],
    ['words around it', 'my card is 5555-5555-5555-4444 thanks'],
  ])('refuses %s', (_name, text) => {
    expect(findCardData(address({ address: text }))).toBe('billing_address.address');
    expect(textHasCardNumber(text)).toBe(true);
  });

  it.each([
    [
      'address + zip_code',
      { address: 'Main St 4111 1111', zip_code: '1111 1111' },
      'billing_address.address + billing_address.zip_code',
    ],
    [
      'first + last name',
      { first_name: '4111 1111 11', last_name: '11 1111' },
      'billing_address.first_name + billing_address.last_name',
    ],
    [
      'zip_code + city, against the order of the form',
      { city: '5555 4444 Springfield', zip_code: '5555 5555' },
      'billing_address.zip_code + billing_address.city',
    ],
    [
      'state + address, full-width and dotted',
      { state: 'NY ３７８２.８２２４', address: '６３.１０００５ Main St' },
      'billing_address.state + billing_address.address',
    ],
  ])('refuses a number split across two fields: %s', (_name, fields, where) => {
    expect(findCardData({ billing_address: fields })).toBe(where);
  });

  it('finds a number split across objects, and across three fields', () => {
    expect(
      findCardData({
        email: 'a@example.com',
        billing_address: { address: 'Main St 4111', zip_code: '1' },
        save_consent: { text_version: '1111 1111 1111' },
      }),
    ).toBe('billing_address.address + save_consent.text_version');
    expect(
      findCardData({
        billing_address: { first_name: 'Ann 4111', last_name: '1111', address: '1111', city: '1111 York' },
      }),
    ).toBe('billing_address.first_name … billing_address.city');
    // Digits before the number, fields of letters between its pieces: the whole request, in order.
    expect(
      findCardData({
        billing_address: {
          first_name: '7',
          last_name: '4111',
          address: '1111',
          city: 'Riga',
          zip_code: '1111 1111',
        },
      }),
    ).toBe('billing_address.last_name … billing_address.zip_code');
  });

  it.each([
    ['a street address', { address: '350 Fifth Avenue, Suite 3400', zip_code: '10118' }],
    ['a German address', { address: 'Hauptstraße 12a, 3. OG', zip_code: '10115', city: 'Berlin' }],
    ['a UK address', { address: 'Flat 4, 12-14 High Street', zip_code: 'SW1A 1AA' }],
    ['a long Japanese address', { address: '東京都千代田区千代田１－１－１', zip_code: '100-0001' }],
    [
      'a phone number in the address line',
      { address: '1 Main St, tel. +1 (212) 555-0199', zip_code: '10001' },
    ],
    ['a long international phone number', { address: 'Main St 5, +49 30 1234 5678 90', zip_code: '10115' }],
    ['a P.O. box and a ZIP+4', { address: 'PO Box 1234567', zip_code: '10001-1234' }],
    ['a 12-digit reference', { address: 'Order ref 1234 5678 9012, 1 Main St', zip_code: '1234' }],
    ['a house number next to a ZIP+4', { address: '12345 Main St', zip_code: '10001-1234' }],
  ])('lets %s through', (_name, fields) => {
    expect(findCardData(address(fields))).toBeUndefined();
    for (const value of Object.values(fields)) expect(textHasCardNumber(value)).toBe(false);
  });
});

/** A seeded generator: the same thousand timestamps on every run, so that a failure repeats. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe("findCardData: digits that are no brand's card number", () => {
  it('lets 1,000 millisecond timestamps in e-mail addresses through, the Luhn-valid ones too', () => {
    const random = seeded(20261128);
    let luhnValidOnes = 0;
    for (let i = 0; i < 1000; i++) {
      // 13 digits starting with 1: every millisecond from 2001 to 2033.
      const timestamp = String(1_000_000_000_000 + Math.floor(random() * 1_000_000_000_000));
      if (luhnValid(timestamp)) luhnValidOnes++;
      const email = [
        `three-0-${timestamp}@example.com`,
        `buyer.${timestamp}@example.com`,
        `${timestamp}@example.com`,
        `order_${timestamp}_x@shop.example`,
      ][i % 4]!;
      expect(findCardData({ ...address({}), email }), email).toBeUndefined();
      expect(textHasCardNumber(email), email).toBe(false);
    }
    // About one in ten passes Luhn: those are the ones a Luhn-only rule refused.
    expect(luhnValidOnes).toBeGreaterThan(50);
  });

  it('still refuses 13-digit Visa test numbers, however they are written', () => {
    for (const visa of ['4222222222222', '4007000000027']) {
      expect(findCardData({ ...address({}), email: `a-${visa}@example.com` })).toBe('email');
      expect(
        findCardData(address({ address: `${visa.slice(0, 4)} ${visa.slice(4, 8)} ${visa.slice(8)}` })),
      ).toBe('billing_address.address');
      const fullWidth = visa.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
      expect(textHasCardNumber(`card ${fullWidth}`)).toBe(true);
      expect(findCardData(address({ address: `Main St ${visa.slice(0, 6)}`, zip_code: visa.slice(6) }))).toBe(
        'billing_address.address + billing_address.zip_code',
      );
    }
  });

  it('refuses a timestamp-like run that hides a card number of a real brand', () => {
    // Extra digits around a number do not hide it: the window starting at the 4 is a Visa.
    expect(textHasCardNumber('a-1764333-4111111111111111@example.com')).toBe(true);
    expect(textHasCardNumber('a-17643334222222222222@example.com')).toBe(true);
  });
});

describe('findCardData: hostile shapes', () => {
  const nested = (depth: number) => {
    let value: unknown = 'leaf';
    for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
    return value;
  };

  it('refuses nesting past its depth limit with a clear error, without recursion', () => {
    expect(findCardData(nested(20))).toBeUndefined();
    expect(() => findCardData(nested(200_000))).toThrow(CardDataDepthError);
    expect(() => findCardData(nested(200_000))).toThrow(/nested more than 32 levels/);
  });

  beforeEach(() => luhnChecks.mockClear());

  /** Cross-field Luhn checks one scan makes. */
  const checksFor = (body: unknown) => {
    luhnChecks.mockClear();
    findCardData(body);
    return luhnChecks.mock.calls.length;
  };

  it('checks a long chain of fields in work linear in its length, never pair by pair', () => {
    // Pieces of digits alone, each a field, that never join into a card number: the whole chain
    // is read, and every piece may be the end of a number split up to 19 digits back.
    // (Four fours again and again: a Visa's prefix, but no run of them passes Luhn at a Visa's
    // length, so the scan goes to the end.)
    const chain = (n: number) => ({ list: Array.from({ length: n }, () => '4444') });
    expect(findCardData(chain(4000))).toBeUndefined();
    const small = checksFor(chain(500));
    const large = checksFor(chain(4000));
    expect(small).toBeGreaterThan(0);
    // At most one check per digit a piece can reach back over (a card number is 19 digits at most),
    // plus the pairs of split pieces, which are capped: eight times the fields, at most eight times
    // the work (a pairwise scan would be sixty-four times).
    expect(large).toBeLessThanOrEqual(4000 * 4);
    expect(large).toBeLessThanOrEqual(8 * small + 64 * 64);
  });

  it('stays within a fixed budget of checks for the worst 16 KiB a session request may be', () => {
    const bodies = [
      { list: Array.from({ length: 600 }, (_, i) => ({ n: `item ${i}`, s: 'x y z' })) },
      { list: Array.from({ length: 1600 }, (_, i) => `${1000 + i}`) },
      { text: '1 '.repeat(8000) },
      { text: '１-'.repeat(5000) },
    ];
    for (const body of bodies) {
      const size = JSON.stringify(body).length;
      expect(size).toBeLessThan(20_000);
      // Linear in the body's size, whatever its shape: a few checks per character at most.
      expect(checksFor(body)).toBeLessThanOrEqual(size);
    }
  });

  it('looks at __proto__ and constructor keys like any other', () => {
    const body = JSON.parse('{"__proto__": {"card_number": "x"}, "constructor": {"prototype": 1}}');
    expect(findCardData(body)).toBe('__proto__.card_number');
  });
});
