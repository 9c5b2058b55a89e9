import type { TermsWords } from '../terms.ts';

// The amount and the merchant's name are isolated (FSI … PDI), as in the elements' texts: a
// left-to-right name or amount stays whole inside the right-to-left sentence.
const v = (value: string) => `\u2068${value}\u2069`;

export const terms: TermsWords = {
  pay: (a) => `תשלום ${v(a)}`,
  reserve: (a) => `שריון ${v(a)}`,
  saveCard: 'שמירת הכרטיס',
  hold: (a) => `סכום של ${v(a)} ישוריין עכשיו ויחויב כשההזמנה שלך תישלח.`,
  save: {
    'one-click': (m) => `הכרטיס שלך יישמר אצל ${v(m)} לתשלום בלחיצה אחת.`,
    automatic: (m) => `הכרטיס שלך יישמר אצל ${v(m)} לתשלומים באישורך.`,
    recurring: (m) => `הכרטיס שלך יישמר אצל ${v(m)} לתשלומים חוזרים.`,
    merchant: (m) => `הכרטיס שלך יישמר אצל ${v(m)} לתשלומים עתידיים.`,
  },
  nothingNow: 'שום דבר לא מחויב עכשיו.',
};
