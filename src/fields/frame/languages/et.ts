import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `Maksa ${a}`,
  reserve: (a) => `Broneeri ${a}`,
  saveCard: 'Salvesta kaart',
  hold: (a) => `${a} broneeritakse kohe ja võetakse teie kaardilt, kui tellimus välja saadetakse.`,
  save: {
    'one-click': (m) => `Teie kaart salvestatakse kaupmehe ${m} juures ühe klõpsuga maksmiseks.`,
    automatic: (m) => `Teie kaart salvestatakse kaupmehe ${m} juures teie kinnitatud maksete jaoks.`,
    recurring: (m) => `Teie kaart salvestatakse kaupmehe ${m} juures korduvmaksete jaoks.`,
    merchant: (m) => `Teie kaart salvestatakse kaupmehe ${m} juures tulevaste maksete jaoks.`,
  },
  nothingNow: 'Praegu ei võeta midagi.',
};
