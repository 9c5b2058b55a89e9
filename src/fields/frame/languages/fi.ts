import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `Maksa ${a}`,
  reserve: (a) => `Varaa ${a}`,
  saveCard: 'Tallenna kortti',
  hold: (a) => `${a} varataan nyt ja veloitetaan, kun tilauksesi lähetetään.`,
  save: {
    'one-click': (m) => `Korttisi tallennetaan kauppaan ${m} yhden napsautuksen maksuja varten.`,
    automatic: (m) => `Korttisi tallennetaan kauppaan ${m} hyväksymiäsi maksuja varten.`,
    recurring: (m) => `Korttisi tallennetaan kauppaan ${m} toistuvia maksuja varten.`,
    merchant: (m) => `Korttisi tallennetaan kauppaan ${m} tulevia maksuja varten.`,
  },
  nothingNow: 'Mitään ei veloiteta nyt.',
};
