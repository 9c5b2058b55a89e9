import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `Paga ${a}`,
  reserve: (a) => `Riserva ${a}`,
  saveCard: 'Salva la carta',
  hold: (a) => `L’importo di ${a} viene riservato ora e addebitato alla spedizione dell’ordine.`,
  save: {
    'one-click': (m) => `La tua carta verrà salvata presso ${m} per i pagamenti con un clic.`,
    automatic: (m) => `La tua carta verrà salvata presso ${m} per i pagamenti che approvi.`,
    recurring: (m) => `La tua carta verrà salvata presso ${m} per i pagamenti ricorrenti.`,
    merchant: (m) => `La tua carta verrà salvata presso ${m} per i pagamenti futuri.`,
  },
  nothingNow: 'Per ora non viene addebitato nulla.',
};
