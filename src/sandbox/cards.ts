/** The sandbox's test cards (DESIGN.md "Sandbox test cards") and the card checks it runs. */
import { detectBrand } from '../card/brand.ts';
import { formatCardNumber } from '../card/format.ts';
import { securityCodeLength } from '../card/security-code.ts';

export type CardBehaviour =
  | { kind: 'approve' }
  | { kind: 'decline'; description: string; code: string }
  /** A challenge at the bank; `method`: the bank runs its 3DS Method (a hidden frame) first. */
  | { kind: 'threeds'; method: boolean }
  /** 3-D Secure runs and the bank authenticates without a challenge. */
  | { kind: 'frictionless' }
  | { kind: 'chargeback' };

/** Where a card was issued: ISO 3166 alpha-2, as `card_issuer_country` reads. */
export type IssuerCountry = keyof typeof ISSUER_COUNTRIES;

/**
 * The issuers' countries the test cards come from (`iso`: ISO 3166 numeric), with what the spec's rules ask of each: standard
 * AVS only for issuers in the United States, Canada and the United Kingdom; 3-D Secure to save a
 * card issued in the EU for a merchant in Europe.
 */
export const ISSUER_COUNTRIES = {
  US: { iso: 840, name: 'United States', region: 'North America', eu: false, standardAvs: true },
  CA: { iso: 124, name: 'Canada', region: 'North America', eu: false, standardAvs: true },
  GB: { iso: 826, name: 'United Kingdom', region: 'Europe', eu: false, standardAvs: true },
  LV: { iso: 428, name: 'Latvia', region: 'Europe', eu: true, standardAvs: false },
  DE: { iso: 276, name: 'Germany', region: 'Europe', eu: true, standardAvs: false },
  BR: { iso: 76, name: 'Brazil', region: 'South America', eu: false, standardAvs: false },
} as const;

/**
 * Countries a merchant may be "located in Europe" in (rule 6): the EEA, Switzerland and the United
 * Kingdom, where strong customer authentication applies to saving a card.
 */
const EUROPE = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO CH GB'.split(
    ' ',
  ),
);

export const inEurope = (country: string): boolean => EUROPE.has(country.toUpperCase());

export interface TestCard {
  number: string;
  brand: string;
  issuer: IssuerCountry;
  behaviour: CardBehaviour;
  note: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4111111111111111',
    brand: 'VISA',
    issuer: 'US',
    behaviour: { kind: 'approve' },
    note: 'approved (Visa)',
  },
  {
    number: '5555555555554444',
    brand: 'MASTERCARD',
    issuer: 'US',
    behaviour: { kind: 'approve' },
    note: 'approved (Mastercard)',
  },
  {
    number: '378282246310005',
    brand: 'AMEX',
    issuer: 'US',
    behaviour: { kind: 'approve' },
    note: 'approved (American Express, 4-digit security code)',
  },
  {
    number: '4000000000000002',
    brand: 'VISA',
    issuer: 'US',
    behaviour: { kind: 'decline', description: 'Decline, refer to card issuer', code: '01' },
    note: 'declined: "Decline, refer to card issuer"',
  },
  {
    number: '4000000000009995',
    brand: 'VISA',
    issuer: 'US',
    behaviour: { kind: 'decline', description: 'Decline, not sufficient funds', code: '51' },
    note: 'declined: "Decline, not sufficient funds"',
  },
  {
    number: '4000000000003220',
    brand: 'VISA',
    issuer: 'US',
    behaviour: { kind: 'threeds', method: true },
    note: "3-D Secure: the bank's 3DS Method, then its challenge; approved or failed there",
  },
  {
    number: '4000000000003063',
    brand: 'VISA',
    issuer: 'US',
    behaviour: { kind: 'frictionless' },
    note: '3-D Secure without a challenge (frictionless): approved',
  },
  {
    number: '4000000000000259',
    brand: 'VISA',
    issuer: 'US',
    behaviour: { kind: 'chargeback' },
    note: 'approved; chargeback on record, so a refund is declined ("RDR value")',
  },
  ...(
    [
      ['4000004280000005', 'LV'],
      ['4000002760000016', 'DE'],
      ['4000008260000000', 'GB'],
      ['4000001240000000', 'CA'],
      ['4000000760000002', 'BR'],
    ] as const
  ).map(
    ([number, issuer]): TestCard => ({
      number,
      brand: 'VISA',
      issuer,
      behaviour: { kind: 'approve' },
      note: `approved (Visa issued in ${ISSUER_COUNTRIES[issuer].name})`,
    }),
  ),
];

export const EXPIRED_CARD = { description: 'Expired card', code: '54' } as const;

/** The gateway's card_type for credit-card-type's brand ids; every other brand reads OTHER. */
const GATEWAY_CARD_TYPES: Readonly<Record<string, string>> = {
  visa: 'VISA',
  mastercard: 'MASTERCARD',
  'american-express': 'AMEX',
};

/** The card_type the gateway reports for a number, from the card logic's brand rules. */
export function cardTypeOf(number: string): string {
  const brand = detectBrand(number);
  return (brand && GATEWAY_CARD_TYPES[brand.type]) ?? 'OTHER';
}

/** How many digits the security code of this card has (4 for American Express, else 3). */
export const securityCodeDigits = (number: string): number => securityCodeLength(detectBrand(number));

export const behaviourOf = (number: string): CardBehaviour =>
  TEST_CARDS.find((c) => c.number === number)?.behaviour ?? { kind: 'approve' };

/** The issuer's country of a number: the test card's, else the United States. */
export const issuerOf = (number: string): IssuerCountry =>
  TEST_CARDS.find((c) => c.number === number)?.issuer ?? 'US';

/** "411111******1111": first six and last four, as card masks usually read. */
export const maskPan = (number: string): string =>
  `${number.slice(0, 6)}${'*'.repeat(Math.max(0, number.length - 10))}${number.slice(-4)}`;

/** A card is valid through the last day of its expiry month (UTC, two-digit year in 2000-2099). */
export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
  const endOfMonth = Date.UTC(2000 + expYear, expMonth, 1);
  return now.getTime() >= endOfMonth;
}

/** Groups a card number the way it is printed, for the CLI and the docs. */
export const printable = (number: string): string => formatCardNumber(number, detectBrand(number));
