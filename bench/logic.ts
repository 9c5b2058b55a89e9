// Sections 2 and 3: the pure card logic and the protocol validation, in Node.
import {
  buildDirectPaymentBody,
  cardNumberPattern,
  checkCardNumber,
  detectBrand,
  formatCardNumber,
  parseExpiry,
} from '../src/card/index.ts';
import type { OrderRequest } from '../src/protocol/index.ts';
import { orderRequestRules, validate, validateOrderRequest } from '../src/protocol/index.ts';
import { type MicroOptions, type MicroResult, micro } from './micro.ts';
import { int, ns, pct, table } from './stats.ts';

const visa = detectBrand('4111111111111111');
const amex = detectBrand('378282246310005');
/** The card form's own mask: the grouping follows the brand of all the digits typed so far. */
const cardMask = (digits: string) => cardNumberPattern(detectBrand(digits));

export function benchCardLogic(options?: MicroOptions): MicroResult[] {
  if (!visa || !amex) throw new Error('detectBrand no longer knows Visa or American Express');
  const cases: Array<[string, string, () => unknown]> = [
    ['formatCardNumber', 'Visa, 16 digits', () => formatCardNumber('4111111111111111', visa)],
    [
      'formatCardNumber',
      'Amex, pasted "3782-822463-10005"',
      () => formatCardNumber('3782-822463-10005', amex),
    ],
    ['detectBrand', 'Visa, 16 digits', () => detectBrand('4111111111111111')],
    ['detectBrand', 'ambiguous prefix "5"', () => detectBrand('5')],
    ['checkCardNumber', 'Visa, complete, formatted', () => checkCardNumber('4111 1111 1111 1111')],
    [
      'checkCardNumber',
      'Amex, 8 digits, accepted visa+mc',
      () => checkCardNumber('3782 8224', ['visa', 'mastercard']),
    ],
    // The pattern the card number's mask asks for on each keystroke (its brand's grouping).
    ['cardNumberPattern', 'Visa, 13 digits', () => cardMask('4111111111111')],
    ['parseExpiry', '"12/30"', () => parseExpiry('12/30')],
    ['parseExpiry', '"12 / 2030"', () => parseExpiry('12 / 2030')],
    ['parseExpiry', 'digits "1230"', () => parseExpiry('1230')],
    [
      'buildDirectPaymentBody',
      'Visa + name, custom AVS',
      () =>
        buildDirectPaymentBody(
          {
            number: '4111 1111 1111 1111',
            expMonth: 12,
            expYear: 2030,
            csc: '123',
            cardholderName: ' Ana B ',
          },
          { avs: 'custom' },
        ),
    ],
  ];
  return cases.map(([name, input, fn]) => micro(name, input, fn, options));
}

/** A plain one-step order, as the demo shop sends it. */
export const typicalOrder: OrderRequest = {
  client: { email: 'ana@example.com' },
  products: [{ title: 'Green tea, 100 g', price: 4.5, quantity: 2 }],
  currency: 'EUR',
  language: 'en',
  skip_capture: false,
  success_redirect: 'https://shop.example.com/thanks',
  failure_redirect: 'https://shop.example.com/failed',
};

/** Travel data (a two-leg airline addendum), taxed products and an address for AVS. */
export const complexOrder: OrderRequest = {
  client: {
    email: 'ana@example.com',
    first_name: 'Ana',
    last_name: 'Bērziņa',
    address: 'Brīvības iela 1',
    zip_code: 'LV-1010',
    city: 'Rīga',
    country: 'LV',
  },
  products: [
    { title: 'Flight RIX-FRA-RIX', price: 249.99, tax: 'tax_vat21', description: 'Economy' },
    { title: 'Checked bag', price: 35, quantity: 2, tax: { id: 'tax_vat21' } },
    { title: 'Seat selection', price: 12.5, tax: null },
  ],
  currency: 'EUR',
  language: 'lv',
  skip_capture: true,
  dynamic_descriptor: 'AIRBALTIC*BOOKING',
  service_location: { city: 'Rīga', country: 'LV', zip_code: 'LV-1010' },
  travel_data: {
    airline_addendum: {
      ticket_number: '6571234567890',
      passenger_name: 'ANA BERZINA',
      customer_ref: 'PNR7QX',
      n_legs: 2,
      carrier_name: 'airBaltic',
      ticket_issue_date: '261122',
      legs: [
        {
          departure_airport: 'RIX',
          carrier_code: 'BT',
          destination_airport: 'FRA',
          departure_date: '20261201',
          service_class: 'Y',
          trip_number: 'BT211',
        },
        {
          departure_airport: 'FRA',
          carrier_code: 'BT',
          destination_airport: 'RIX',
          departure_date: '20261208',
          service_class: 'Y',
          trip_number: 'BT212',
        },
      ],
    },
  },
  success_redirect: 'https://shop.example.com/thanks',
  failure_redirect: 'https://shop.example.com/failed',
};

const typicalRules = orderRequestRules();
const complexRules = orderRequestRules({ avsEnabled: true });

export function benchValidation(options?: MicroOptions): MicroResult[] {
  // A benchmark of the error path by accident would flatter nobody: both orders must pass.
  for (const [label, order, rules] of [
    ['typical', typicalOrder, {}],
    ['complex', complexOrder, { avsEnabled: true }],
  ] as const) {
    const result = validateOrderRequest(order, rules);
    if (!result.ok)
      throw new Error(`the ${label} order no longer validates: ${JSON.stringify(result.issues)}`);
  }
  const invalid = { ...typicalOrder, client: { email: 'nope' }, products: [{ title: '', price: 0.001 }] };
  if (validateOrderRequest(invalid).ok) throw new Error('the invalid order validates');
  return [
    micro(
      'validateOrderRequest',
      'typical one-step (1 product)',
      () => validateOrderRequest(typicalOrder),
      options,
    ),
    micro(
      'validateOrderRequest',
      'complex: airline 2 legs + 3 taxed products + AVS',
      () => validateOrderRequest(complexOrder, { avsEnabled: true }),
      options,
    ),
    // How much a rejected order costs, for comparison: zod builds issues and we map them to FieldIssues.
    micro('validateOrderRequest', 'invalid (3 issues)', () => validateOrderRequest(invalid), options),
    // validateOrderRequest builds orderRequestRules(options) on every call, and zod compiles a new
    // schema's parser on its first use. Validating with a schema built once shows that share.
    micro(
      'validate(rules built once)',
      'typical one-step (1 product)',
      () => validate(typicalRules, typicalOrder),
      options,
    ),
    micro(
      'validate(rules built once)',
      'complex: airline 2 legs + 3 taxed products + AVS',
      () => validate(complexRules, complexOrder),
      options,
    ),
  ];
}

export function printMicro(title: string, results: readonly MicroResult[]): void {
  console.log(
    table(
      title,
      ['function', 'input', 'ops/s (median)', 'ns/op', 'IQR/2', 'best ops/s'],
      results.map((r) => [
        r.name,
        r.input,
        int(r.opsPerSec),
        ns(r.nsPerOp),
        pct(r.spread),
        int(r.bestOpsPerSec),
      ]),
    ),
  );
}
