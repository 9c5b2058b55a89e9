import type { AvsMode, Presentation, SaveMethod } from '../src/protocol/session.ts';

/**
 * The demo shop's checkouts, one per payment scenario, so a person (and the end-to-end tests) can
 * try each of them from the page. The page's picker puts one on the visit's cart, on the shop's
 * server (shop/scenario-route.ts); no address names it.
 */
export interface Scenario {
  readonly title: string;
  readonly note: string;
  /** Two-step: the card is only authorised; the shop captures when it ships. */
  readonly twoStep?: boolean;
  /** Zero amount: verify and save the card, charge nothing. */
  readonly zeroAmount?: boolean;
  readonly avs?: AvsMode;
  readonly save?: SaveMethod;
  readonly moto?: boolean;
  readonly presentation?: Presentation;
  readonly threeDs?: 'modal' | 'redirect';
  /** An "I am human" check before paying: the server verifies its token before creating the order. */
  readonly botCheck?: boolean;
}

export const SCENARIOS = {
  'one-step': { title: 'Pay now', note: 'One-step payment: the amount is charged at once.' },
  'bot-check': {
    title: 'Pay after a bot check',
    note: 'Tick “I am human” before paying: the shop’s server checks the token before it creates the order.',
    botCheck: true,
  },
  'two-step': {
    title: 'Reserve, capture on shipping',
    note: 'Two-step payment: the amount is held on the card; the shop captures it when the order ships.',
    twoStep: true,
  },
  'save-card': {
    title: 'Pay and save the card',
    note: 'The customer agrees to save the card for one-click payments.',
    save: 'one-click',
  },
  'zero-amount': {
    title: 'Save a card, charge nothing',
    note: 'Zero-amount verification: the card is checked and saved for recurring payments.',
    zeroAmount: true,
    save: 'recurring',
  },
  'merchant-save': {
    title: 'Merchant-side saving',
    note: 'The shop saves the card itself (saved_by_merchant).',
    save: 'merchant',
  },
  avs: {
    title: 'Address verification',
    note: 'Standard AVS: the billing address travels on the order.',
    avs: 'standard',
  },
  'avs-custom': {
    title: 'Custom address verification',
    note: 'Custom AVS: AVS runs for every issuer (avs: true in the payment).',
    avs: 'custom',
  },
  iframe: {
    title: 'Hosted form in a frame',
    note: "The gateway's own payment form inside the page.",
    presentation: 'iframe',
  },
  redirect: {
    title: 'Hosted payment page',
    note: "The customer pays on the gateway's page and comes back.",
    presentation: 'redirect',
  },
  'three-ds-redirect': {
    title: '3-D Secure by redirect',
    note: 'The bank challenge replaces the page instead of opening a dialog.',
    threeDs: 'redirect',
  },
} as const satisfies Record<string, Scenario>;

export type ScenarioName = keyof typeof SCENARIOS;

/** A picked scenario's name; own names only, so `__proto__` or `toString` give the default. */
export const scenarioOf = (name: string | null | undefined): ScenarioName =>
  name && Object.hasOwn(SCENARIOS, name) ? (name as ScenarioName) : 'one-step';

/** The cart every checkout of the demo shop charges. */
export const CART = {
  currency: 'EUR',
  items: [
    { title: 'Riga Black Balsam, 0.5 l', price: 18.9, quantity: 1 },
    { title: 'Rye bread, whole loaf', price: 4.2, quantity: 2 },
    { title: 'Shipping', price: 4.95, quantity: 1 },
  ],
} as const;

export const MERCHANT_NAME = 'Baltic Pantry';
