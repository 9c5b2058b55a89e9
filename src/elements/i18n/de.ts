import type { Catalog } from './en.ts';

export const de: Catalog = {
  cardNumber: 'Kartennummer',
  expiry: 'Ablaufdatum',
  expiryPlaceholder: 'MM/JJ',
  securityCode: 'Sicherheitscode',
  cardholderName: 'Name des Karteninhabers',
  brandDetected: '{brand}-Karte',
  numberInvalid: 'Geben Sie eine gültige Kartennummer ein.',
  brandNotAccepted: 'Diese Kartenmarke wird hier nicht akzeptiert.',
  expiryInvalid: 'Geben Sie ein gültiges Ablaufdatum ein (MM/JJ).',
  expiryPast: 'Die Karte ist abgelaufen.',
  codeInvalid: 'Geben Sie den {length}-stelligen Sicherheitscode ein.',
  firstName: 'Vorname',
  lastName: 'Nachname',
  address: 'Adresse',
  city: 'Stadt',
  postalCode: 'Postleitzahl',
  country: 'Land',
  state: 'Bundesstaat',
  choose: 'Auswählen…',
  required: 'Dieses Feld ist erforderlich.',
  postalInvalid: 'Prüfen Sie die Postleitzahl.',
  consentOneClick: 'Karte bei {merchant} für schnellere Zahlungen speichern.',
  consentAutomatic:
    '{merchant} darf meine Karte speichern und für künftige, von mir bestätigte Zahlungen belasten.',
  consentRecurring:
    '{merchant} darf meine Karte speichern und für wiederkehrende Zahlungen automatisch belasten.',
};
