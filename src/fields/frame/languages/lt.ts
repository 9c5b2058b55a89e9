import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `Mokėti ${a}`,
  reserve: (a) => `Rezervuoti ${a}`,
  saveCard: 'Išsaugoti kortelę',
  hold: (a) => `Suma ${a} bus rezervuota dabar ir nuskaityta, kai jūsų užsakymas bus išsiųstas.`,
  save: {
    'one-click': (m) => `Jūsų kortelė bus išsaugota pas ${m} mokėjimams vienu paspaudimu.`,
    automatic: (m) => `Jūsų kortelė bus išsaugota pas ${m} jūsų patvirtintiems mokėjimams.`,
    recurring: (m) => `Jūsų kortelė bus išsaugota pas ${m} periodiniams mokėjimams.`,
    merchant: (m) => `Jūsų kortelė bus išsaugota pas ${m} būsimiems mokėjimams.`,
  },
  nothingNow: 'Dabar nieko nenuskaitoma.',
};
