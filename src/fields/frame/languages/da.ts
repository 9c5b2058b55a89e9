import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `Betal ${a}`,
  reserve: (a) => `Reservér ${a}`,
  saveCard: 'Gem kort',
  hold: (a) => `${a} reserveres nu og trækkes, når din ordre afsendes.`,
  save: {
    'one-click': (m) => `Dit kort gemmes hos ${m} til betaling med ét klik.`,
    automatic: (m) => `Dit kort gemmes hos ${m} til betalinger, du godkender.`,
    recurring: (m) => `Dit kort gemmes hos ${m} til tilbagevendende betalinger.`,
    merchant: (m) => `Dit kort gemmes hos ${m} til fremtidige betalinger.`,
  },
  nothingNow: 'Der trækkes intet nu.',
};
