import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `Zapłać ${a}`,
  reserve: (a) => `Zarezerwuj ${a}`,
  saveCard: 'Zapisz kartę',
  hold: (a) => `Kwota ${a} zostanie teraz zablokowana na Twojej karcie i pobrana po wysłaniu zamówienia.`,
  save: {
    'one-click': (m) => `Twoja karta zostanie zapisana w ${m} do płatności jednym kliknięciem.`,
    automatic: (m) => `Twoja karta zostanie zapisana w ${m} do płatności, które zatwierdzisz.`,
    recurring: (m) => `Twoja karta zostanie zapisana w ${m} do płatności cyklicznych.`,
    merchant: (m) => `Twoja karta zostanie zapisana w ${m} do przyszłych płatności.`,
  },
  nothingNow: 'Teraz nic nie zostanie pobrane.',
};
