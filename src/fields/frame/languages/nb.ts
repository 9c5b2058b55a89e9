import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `Betal ${a}`,
  reserve: (a) => `Reserver ${a}`,
  saveCard: 'Lagre kort',
  hold: (a) => `${a} reserveres nå og trekkes når bestillingen din sendes.`,
  save: {
    'one-click': (m) => `Kortet ditt lagres hos ${m} for betaling med ett klikk.`,
    automatic: (m) => `Kortet ditt lagres hos ${m} for betalinger du godkjenner.`,
    recurring: (m) => `Kortet ditt lagres hos ${m} for faste betalinger.`,
    merchant: (m) => `Kortet ditt lagres hos ${m} for fremtidige betalinger.`,
  },
  nothingNow: 'Ingenting trekkes nå.',
};
