import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `Payer ${a}`,
  reserve: (a) => `Réserver ${a}`,
  saveCard: 'Enregistrer la carte',
  hold: (a) => `${a} seront réservés maintenant et débités à l’expédition de votre commande.`,
  save: {
    'one-click': (m) => `Votre carte sera enregistrée chez ${m} pour les paiements en un clic.`,
    automatic: (m) => `Votre carte sera enregistrée chez ${m} pour les paiements que vous approuvez.`,
    recurring: (m) => `Votre carte sera enregistrée chez ${m} pour les paiements récurrents.`,
    merchant: (m) => `Votre carte sera enregistrée chez ${m} pour de futurs paiements.`,
  },
  nothingNow: 'Rien n’est débité maintenant.',
};
