import type { Catalog } from './en.ts';

export const fr: Catalog = {
  cardNumber: 'Numéro de carte',
  expiry: "Date d'expiration",
  expiryPlaceholder: 'MM/AA',
  securityCode: 'Code de sécurité',
  cardholderName: 'Nom du titulaire',
  brandDetected: 'Carte {brand}',
  numberInvalid: 'Saisissez un numéro de carte valide.',
  brandNotAccepted: "Ce réseau de carte n'est pas accepté ici.",
  expiryInvalid: "Saisissez une date d'expiration valide (MM/AA).",
  expiryPast: 'La carte a expiré.',
  codeInvalid: 'Saisissez le code de sécurité à {length} chiffres.',
  firstName: 'Prénom',
  lastName: 'Nom',
  address: 'Adresse',
  city: 'Ville',
  postalCode: 'Code postal',
  country: 'Pays',
  state: 'État',
  choose: 'Choisir…',
  required: 'Ce champ est obligatoire.',
  postalInvalid: 'Vérifiez le code postal.',
  consentOneClick: 'Enregistrer ma carte chez {merchant} pour payer plus vite.',
  consentAutomatic:
    'Autoriser {merchant} à enregistrer ma carte et à la débiter pour les paiements que j’accepte.',
  consentRecurring:
    'Autoriser {merchant} à enregistrer ma carte et à la débiter automatiquement pour les paiements récurrents.',
};
