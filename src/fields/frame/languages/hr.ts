import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `Plati ${a}`,
  reserve: (a) => `Rezerviraj ${a}`,
  saveCard: 'Spremi karticu',
  hold: (a) => `Iznos od ${a} sada će se rezervirati i naplatiti kad vaša narudžba bude poslana.`,
  save: {
    'one-click': (m) => `Vaša kartica bit će spremljena kod trgovca ${m} za plaćanje jednim klikom.`,
    automatic: (m) => `Vaša kartica bit će spremljena kod trgovca ${m} za plaćanja koja odobrite.`,
    recurring: (m) => `Vaša kartica bit će spremljena kod trgovca ${m} za ponavljajuća plaćanja.`,
    merchant: (m) => `Vaša kartica bit će spremljena kod trgovca ${m} za buduća plaćanja.`,
  },
  nothingNow: 'Sada se ništa ne naplaćuje.',
};
