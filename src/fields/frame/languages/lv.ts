import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `Maksāt ${a}`,
  reserve: (a) => `Rezervēt ${a}`,
  saveCard: 'Saglabāt karti',
  hold: (a) => `${a} tiks rezervēti tagad un iekasēti, kad pasūtījums tiks nosūtīts.`,
  save: {
    'one-click': (m) => `Jūsu karte tiks saglabāta veikalā ${m} maksājumiem ar vienu klikšķi.`,
    automatic: (m) => `Jūsu karte tiks saglabāta veikalā ${m} jūsu apstiprinātiem maksājumiem.`,
    recurring: (m) => `Jūsu karte tiks saglabāta veikalā ${m} regulāriem maksājumiem.`,
    merchant: (m) => `Jūsu karte tiks saglabāta veikalā ${m} turpmākiem maksājumiem.`,
  },
  nothingNow: 'Tagad nekas netiek iekasēts.',
};
