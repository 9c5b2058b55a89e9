import type { Catalog, PageWords } from '../language-file.ts';

export const code = 'de';
export const name = 'Deutsch';
export const dir = 'ltr';

export const texts: Catalog = {
  cardNumber: 'Kartennummer',
  expiry: 'Ablaufdatum',
  expiryPlaceholder: 'MM/JJ',
  securityCode: 'Sicherheitscode',
  cardholderName: 'Name des Karteninhabers',
  brandDetected: (brand: string) => `${brand}-Karte`,
  numberInvalid: 'Geben Sie eine gültige Kartennummer ein.',
  brandNotAccepted: 'Diese Kartenmarke wird hier nicht akzeptiert.',
  expiryInvalid: 'Geben Sie ein gültiges Ablaufdatum ein (MM/JJ).',
  expiryPast: 'Die Karte ist abgelaufen.',
  codeInvalid: (length: number) => `Geben Sie den ${length}-stelligen Sicherheitscode ein.`,
  codeBack: (length: number) => `${length} Ziffern auf der Rückseite`,
  codeFront: (length: number) => `${length} Ziffern auf der Vorderseite`,
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
  zipCode: 'ZIP-Code',
  postcode: 'Postleitzahl',
  postalExample: (example: string) => `Etwa ${example}`,
  charactersLeft: (count: number) => (count === 1 ? 'Noch 1 Zeichen' : `Noch ${count} Zeichen`),
  lengthLimit: (max: number) => `Höchstens ${max} Zeichen`,
  tooLong: (max: number) => `Kürzen Sie auf höchstens ${max} Zeichen.`,
  consentOneClick: (merchant: string) => `Karte bei ${merchant} für schnellere Zahlungen speichern.`,
  consentAutomatic: (merchant: string) =>
    `${merchant} darf meine Karte speichern und für künftige, von mir bestätigte Zahlungen belasten.`,
  consentRecurring: (merchant: string) =>
    `${merchant} darf meine Karte speichern und für wiederkehrende Zahlungen automatisch belasten.`,
  // gateway-checkout
  pay: 'Bezahlen',
  payAmount: (amount: string) => `${amount} bezahlen`,
  saveCard: 'Karte speichern',
  loading: 'Bezahlformular wird geladen…',
  processing: 'Zahlung wird verarbeitet…',
  challenge: 'Warten auf die Bestätigung durch Ihre Bank…',
  challengeTitle: 'Zahlung bei Ihrer Bank bestätigen',
  verifying: 'Zahlung wird bestätigt…',
  cancel: 'Abbrechen',
  paid: 'Zahlung erfolgreich. Vielen Dank!',
  authorized: 'Zahlung autorisiert. Der Betrag ist auf Ihrer Karte reserviert.',
  declineFunds:
    'Zahlung abgelehnt: Die Karte ist nicht ausreichend gedeckt. Versuchen Sie eine andere Karte.',
  declineExpired: 'Zahlung abgelehnt: Die Karte ist abgelaufen.',
  declineAuthentication: 'Ihre Bank hat die Zahlung nicht bestätigt. Es wurde kein Geld abgebucht.',
  declineIssuer:
    'Ihre Bank hat die Zahlung abgelehnt. Wenden Sie sich an Ihre Bank oder versuchen Sie eine andere Karte.',
  declineOther: (reason: string) => `Zahlung abgelehnt: ${reason}`,
  newPayment: 'Neue Zahlung',
  tryAgain: 'Erneut versuchen',
  checkStatus: 'Zahlungsstatus prüfen',
  email: 'E-Mail',
  hostedTitle: 'Sicheres Zahlungsformular',
  cardFrameTitle: 'Kartendaten',
  fieldsUnavailable:
    'Die Kartenfelder konnten nicht geladen werden. Laden Sie die Seite neu oder versuchen Sie es später erneut.',
  errorSession:
    'Die Zahlung konnte nicht gestartet werden. Prüfen Sie die Angaben und versuchen Sie es erneut.',
  errorRejected: 'Der Zahlungsdienst hat die Zahlung nicht angenommen.',
  errorUnconfirmed:
    'Wir konnten Ihre Zahlung noch nicht bestätigen. Bitte zahlen Sie nicht erneut; wir prüfen das.',
  errorCancelled:
    'Sie haben die Prüfung Ihrer Bank vor dem Ende geschlossen; die Zahlung ist nicht abgeschlossen. Es wurde nichts abgebucht.',
  errorAmount: 'Es gibt noch keinen Betrag. Geben Sie zuerst den Betrag ein.',
  reopenChallenge: 'Prüfung der Bank wieder öffnen',
  errorFields: 'Der Shop konnte einige Angaben nicht annehmen. Prüfen Sie die markierten Felder.',
  fieldInvalid: 'Prüfen Sie dieses Feld.',
  errorRateLimited: (minutes: number) =>
    `Zu viele Versuche, versuchen Sie es in ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'} erneut.`,
  errorTooManyAttempts: 'Zu viele Versuche, versuchen Sie es später erneut.',
  errorVerification:
    'Die Sicherheitsprüfung ist fehlgeschlagen. Es wurde nichts abgebucht; bitte versuchen Sie es erneut.',
  errorUntrustedGateway: 'Die Zahlung konnte nicht sicher gesendet werden. Es wurde nichts gesendet.',
  errorRetry:
    'Die Zahlung ist nicht durchgegangen. Es wurde kein Geld abgebucht; Sie können es erneut versuchen.',
  acceptedCards: 'Akzeptierte Karten',
  autoAdvance: 'Der Fokus springt zum nächsten Feld, sobald dieses vollständig ist.',
  emailRequired: 'Geben Sie Ihre E-Mail-Adresse ein.',
  emailInvalid: 'Geben Sie eine gültige E-Mail-Adresse ein, z. B. name@example.com.',
  attention: (count: number) =>
    count === 1 ? '1 Feld muss geprüft werden.' : `${count} Felder müssen geprüft werden.`,
  paidTitle: 'Zahlung erfolgreich',
  authorizedTitle: 'Zahlung autorisiert',
  resultAmount: 'Betrag',
  resultOrder: 'Bestellnummer',
  cardSaved: 'Ihre Karte ist für künftige Zahlungen gespeichert.',
  savedTitle: 'Karte gespeichert',
  verifiedTitle: 'Karte geprüft',
  saved: 'Karte gespeichert. Es wurde nichts abgebucht.',
  verified: 'Karte geprüft. Es wurde nichts abgebucht.',
  nothingCharged: 'Es wurde nichts abgebucht.',
};

export const page: PageWords = {
  payTo: 'Zahlung an',
  order: 'Bestellung',
  total: 'Gesamt',
  zero: 'Es wird nichts abgebucht: die Karte wird geprüft und gespeichert',
  testCard: (card: string) => `Sandbox: Verwenden Sie eine Testkarte, z. B. ${card}.`,
  bankTitle: '3-D-Secure-Prüfung',
  confirmTitle: 'Bestätigen Sie Ihre Zahlung',
  confirmLead: 'Ihre Bank bittet Sie, diese Zahlung zu bestätigen.',
  merchant: 'Händler',
  card: 'Karte',
  date: 'Datum',
  approve: 'Bestätigen',
  fail: 'Ablehnen',
  bankNote:
    'Sandbox-Bank: Es wird kein Code gesendet. „Bestätigen“ authentifiziert die Zahlung, „Ablehnen“ lehnt sie ab.',
  doneTitle: '3-D-Secure-Prüfung abgeschlossen',
  confirmed: 'Zahlung bestätigt.',
  notConfirmed: 'Zahlung nicht bestätigt.',
  orderStatus: 'Status der Bestellung:',
  closeWindow: 'Sie können dieses Fenster schließen.',
};
