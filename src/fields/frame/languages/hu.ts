import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `${a} fizetése`,
  reserve: (a) => `${a} zárolása`,
  saveCard: 'Kártya mentése',
  hold: (a) => `Most ${a} összeget zárolunk a kártyáján, és a rendelése feladásakor terheljük meg.`,
  save: {
    'one-click': (m) => `Kártyáját elmentjük itt: ${m}, az egykattintásos fizetésekhez.`,
    automatic: (m) => `Kártyáját elmentjük itt: ${m}, az Ön által jóváhagyott fizetésekhez.`,
    recurring: (m) => `Kártyáját elmentjük itt: ${m}, az ismétlődő fizetésekhez.`,
    merchant: (m) => `Kártyáját elmentjük itt: ${m}, a későbbi fizetésekhez.`,
  },
  nothingNow: 'Most nem terhelünk meg semmit.',
};
