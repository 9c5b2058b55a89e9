import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `${a} öde`,
  reserve: (a) => `${a} bloke et`,
  saveCard: 'Kartı kaydet',
  hold: (a) => `${a} şimdi kartınızda bloke edilecek ve siparişiniz kargoya verildiğinde tahsil edilecek.`,
  save: {
    'one-click': (m) => `Kartınız tek tıkla ödemeler için ${m} tarafından kaydedilecek.`,
    automatic: (m) => `Kartınız onayladığınız ödemeler için ${m} tarafından kaydedilecek.`,
    recurring: (m) => `Kartınız düzenli ödemeler için ${m} tarafından kaydedilecek.`,
    merchant: (m) => `Kartınız sonraki ödemeler için ${m} tarafından kaydedilecek.`,
  },
  nothingNow: 'Şu anda hiçbir tutar tahsil edilmiyor.',
};
