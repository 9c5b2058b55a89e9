import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `Pay ${a}`,
  reserve: (a) => `Reserve ${a}`,
  saveCard: 'Save card',
  hold: (a) => `${a} will be reserved now and charged when your order ships.`,
  save: {
    'one-click': (m) => `Your card will be saved for one-click payments at ${m}.`,
    automatic: (m) => `Your card will be saved at ${m} for payments you approve.`,
    recurring: (m) => `Your card will be saved at ${m} for recurring payments.`,
    merchant: (m) => `Your card will be saved at ${m} for future payments.`,
  },
  nothingNow: 'Nothing is charged now.',
};
