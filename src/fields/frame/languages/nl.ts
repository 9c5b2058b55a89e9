import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `${a} betalen`,
  reserve: (a) => `${a} reserveren`,
  saveCard: 'Kaart bewaren',
  hold: (a) => `${a} wordt nu gereserveerd en afgeschreven zodra je bestelling wordt verzonden.`,
  save: {
    'one-click': (m) => `Je kaart wordt bij ${m} bewaard om met één klik te betalen.`,
    automatic: (m) => `Je kaart wordt bij ${m} bewaard voor betalingen die je goedkeurt.`,
    recurring: (m) => `Je kaart wordt bij ${m} bewaard voor terugkerende betalingen.`,
    merchant: (m) => `Je kaart wordt bij ${m} bewaard voor toekomstige betalingen.`,
  },
  nothingNow: 'Er wordt nu niets afgeschreven.',
};
