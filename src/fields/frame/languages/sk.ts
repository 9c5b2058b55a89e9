import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `Zaplatiť ${a}`,
  reserve: (a) => `Rezervovať ${a}`,
  saveCard: 'Uložiť kartu',
  hold: (a) => `Suma ${a} bude teraz zablokovaná a stiahnutá pri odoslaní vašej objednávky.`,
  save: {
    'one-click': (m) => `Vaša karta bude uložená u obchodníka ${m} na platby jedným kliknutím.`,
    automatic: (m) => `Vaša karta bude uložená u obchodníka ${m} na platby, ktoré schválite.`,
    recurring: (m) => `Vaša karta bude uložená u obchodníka ${m} na opakované platby.`,
    merchant: (m) => `Vaša karta bude uložená u obchodníka ${m} na budúce platby.`,
  },
  nothingNow: 'Teraz sa nič nestrháva.',
};
