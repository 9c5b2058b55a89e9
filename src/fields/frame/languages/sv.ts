import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `Betala ${a}`,
  reserve: (a) => `Reservera ${a}`,
  saveCard: 'Spara kort',
  hold: (a) => `${a} reserveras nu och debiteras när din beställning skickas.`,
  save: {
    'one-click': (m) => `Ditt kort sparas hos ${m} för betalningar med ett klick.`,
    automatic: (m) => `Ditt kort sparas hos ${m} för betalningar som du godkänner.`,
    recurring: (m) => `Ditt kort sparas hos ${m} för återkommande betalningar.`,
    merchant: (m) => `Ditt kort sparas hos ${m} för framtida betalningar.`,
  },
  nothingNow: 'Inget debiteras nu.',
};
