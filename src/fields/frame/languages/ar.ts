import type { TermsWords } from '../terms.ts';

// The amount and the merchant's name are isolated (FSI … PDI), as in the elements' texts: a
// left-to-right name or amount stays whole inside the right-to-left sentence.
const v = (value: string) => `\u2068${value}\u2069`;

export const terms: TermsWords = {
  pay: (a) => `ادفع ${v(a)}`,
  reserve: (a) => `احجز ${v(a)}`,
  saveCard: 'احفظ البطاقة',
  hold: (a) => `سيُحجز مبلغ ${v(a)} الآن ويُخصم عند شحن طلبك.`,
  save: {
    'one-click': (m) => `ستُحفظ بطاقتك لدى ${v(m)} للدفع بنقرة واحدة.`,
    automatic: (m) => `ستُحفظ بطاقتك لدى ${v(m)} للمدفوعات التي توافق عليها.`,
    recurring: (m) => `ستُحفظ بطاقتك لدى ${v(m)} للمدفوعات المتكررة.`,
    merchant: (m) => `ستُحفظ بطاقتك لدى ${v(m)} للمدفوعات المستقبلية.`,
  },
  nothingNow: 'لن يُخصم أي مبلغ الآن.',
};
