import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `Íoc ${a}`,
  reserve: (a) => `Cuir ${a} in áirithe`,
  saveCard: 'Sábháil an cárta',
  hold: (a) => `Cuirfear ${a} in áirithe anois agus gearrfar é nuair a sheolfar d’ordú.`,
  save: {
    'one-click': (m) => `Sábhálfar do chárta le ${m} le haghaidh íocaíochtaí aon chliceáil.`,
    automatic: (m) => `Sábhálfar do chárta le ${m} le haghaidh íocaíochtaí a cheadaíonn tú.`,
    recurring: (m) => `Sábhálfar do chárta le ${m} le haghaidh íocaíochtaí athfhillteacha.`,
    merchant: (m) => `Sábhálfar do chárta le ${m} le haghaidh íocaíochtaí amach anseo.`,
  },
  nothingNow: 'Ní ghearrtar tada anois.',
};
