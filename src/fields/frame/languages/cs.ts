import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `Zaplatit ${a}`,
  reserve: (a) => `Rezervovat ${a}`,
  saveCard: 'Uložit kartu',
  hold: (a) => `Částka ${a} bude nyní zablokována a stržena při odeslání vaší objednávky.`,
  save: {
    'one-click': (m) => `Vaše karta bude uložena u obchodníka ${m} pro platby jedním kliknutím.`,
    automatic: (m) => `Vaše karta bude uložena u obchodníka ${m} pro platby, které schválíte.`,
    recurring: (m) => `Vaše karta bude uložena u obchodníka ${m} pro opakované platby.`,
    merchant: (m) => `Vaše karta bude uložena u obchodníka ${m} pro budoucí platby.`,
  },
  nothingNow: 'Nyní se nic nestrhává.',
};
