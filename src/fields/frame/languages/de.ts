import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `${a} bezahlen`,
  reserve: (a) => `${a} reservieren`,
  saveCard: 'Karte speichern',
  hold: (a) => `${a} werden jetzt reserviert und beim Versand Ihrer Bestellung abgebucht.`,
  save: {
    'one-click': (m) => `Ihre Karte wird bei ${m} für Zahlungen mit einem Klick gespeichert.`,
    automatic: (m) => `Ihre Karte wird bei ${m} für Zahlungen gespeichert, die Sie genehmigen.`,
    recurring: (m) => `Ihre Karte wird bei ${m} für wiederkehrende Zahlungen gespeichert.`,
    merchant: (m) => `Ihre Karte wird bei ${m} für künftige Zahlungen gespeichert.`,
  },
  nothingNow: 'Jetzt wird nichts abgebucht.',
};
