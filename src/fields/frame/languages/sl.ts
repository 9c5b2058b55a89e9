import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `Plačaj ${a}`,
  reserve: (a) => `Rezerviraj ${a}`,
  saveCard: 'Shrani kartico',
  hold: (a) => `Znesek ${a} bo zdaj rezerviran in bremenjen ob odpošiljanju vašega naročila.`,
  save: {
    'one-click': (m) => `Vaša kartica bo shranjena pri trgovcu ${m} za plačila z enim klikom.`,
    automatic: (m) => `Vaša kartica bo shranjena pri trgovcu ${m} za plačila, ki jih odobrite.`,
    recurring: (m) => `Vaša kartica bo shranjena pri trgovcu ${m} za ponavljajoča se plačila.`,
    merchant: (m) => `Vaša kartica bo shranjena pri trgovcu ${m} za prihodnja plačila.`,
  },
  nothingNow: 'Zdaj se ne zaračuna nič.',
};
