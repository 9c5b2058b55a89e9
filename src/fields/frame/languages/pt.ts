import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `Pagar ${a}`,
  reserve: (a) => `Reservar ${a}`,
  saveCard: 'Guardar cartão',
  hold: (a) => `O montante de ${a} é reservado agora e cobrado quando a sua encomenda for enviada.`,
  save: {
    'one-click': (m) => `O seu cartão será guardado em ${m} para pagamentos com um clique.`,
    automatic: (m) => `O seu cartão será guardado em ${m} para os pagamentos que aprovar.`,
    recurring: (m) => `O seu cartão será guardado em ${m} para pagamentos recorrentes.`,
    merchant: (m) => `O seu cartão será guardado em ${m} para pagamentos futuros.`,
  },
  nothingNow: 'Nada é cobrado agora.',
};
