/** The sandbox's test cards (DESIGN.md "Sandbox test cards") and the card checks it runs. */
import { detectBrand } from '../card/brand.ts';
import { formatCardNumber } from '../card/format.ts';
import { securityCodeLength } from '../card/security-code.ts';

export type CardBehaviour =
  | { kind: 'approve' }
  | { kind: 'decline'; description: string; code: string }
  | { kind: 'threeds' }
  | { kind: 'chargeback' };

export interface TestCard {
  number: string;
  brand: string;
  behaviour: CardBehaviour;
  note: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4111111111111111', brand: 'VISA', behaviour: { kind: 'approve' }, note: 'approved (Visa)' },
  {
    number: '5555555555554444',
    brand: 'MASTERCARD',
    behaviour: { kind: 'approve' },
    note: 'approved (Mastercard)',
  },
  {
    number: '378282246310005',
    brand: 'AMEX',
    behaviour: { kind: 'approve' },
    note: 'approved (American Express, 4-digit security code)',
  },
  {
    number: '4000000000000002',
    brand: 'VISA',
    behaviour: { kind: 'decline', description: 'Decline, refer to card issuer', code: '01' },
    note: 'declined: "Decline, refer to card issuer"',
  },
  {
    number: '4000000000009995',
    brand: 'VISA',
    behaviour: { kind: 'decline', description: 'Decline, not sufficient funds', code: '51' },
    note: 'declined: "Decline, not sufficient funds"',
  },
  {
    number: '4000000000003220',
    brand: 'VISA',
    behaviour: { kind: 'threeds' },
    note: '3-D Secure challenge; approved or failed on the challenge page',
  },
  {
    number: '4000000000000259',
    brand: 'VISA',
    behaviour: { kind: 'chargeback' },
    note: 'approved; chargeback on record, so a refund is declined ("RDR value")',
  },
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
