import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `Plătiți ${a}`,
  reserve: (a) => `Rezervați ${a}`,
  saveCard: 'Salvați cardul',
  hold: (a) => `Suma de ${a} va fi blocată acum și debitată la expedierea comenzii dvs.`,
  save: {
    'one-click': (m) => `Cardul dvs. va fi salvat la ${m} pentru plăți cu un singur clic.`,
    automatic: (m) => `Cardul dvs. va fi salvat la ${m} pentru plățile pe care le aprobați.`,
    recurring: (m) => `Cardul dvs. va fi salvat la ${m} pentru plăți recurente.`,
    merchant: (m) => `Cardul dvs. va fi salvat la ${m} pentru plăți viitoare.`,
  },
  nothingNow: 'Acum nu se debitează nimic.',
};
