import type { Catalog, PageWords } from '../language-file.ts';
import { plural } from '../plural.ts';

export const code = 'it';
export const name = 'Italiano';
export const dir = 'ltr';

const n = plural(code);

export const texts: Catalog = {
  cardNumber: 'Numero della carta',
  expiry: 'Data di scadenza',
  expiryPlaceholder: 'MM/AA',
  securityCode: 'Codice di sicurezza',
  cardholderName: 'Titolare della carta',
  brandDetected: (brand: string) => `Carta ${brand}`,
  numberInvalid: 'Inserisci un numero di carta valido.',
  brandNotAccepted: 'Questo circuito di carte non è accettato qui.',
  expiryInvalid: 'Inserisci una data di scadenza valida (MM/AA).',
  expiryPast: 'La carta è scaduta.',
  codeInvalid: (length: number) => `Inserisci il codice di sicurezza di ${length} cifre.`,
  codeBack: (length: number) => `${length} cifre sul retro`,
  codeFront: (length: number) => `${length} cifre sul fronte`,
  firstName: 'Nome',
  lastName: 'Cognome',
  address: 'Indirizzo',
  city: 'Città',
  postalCode: 'Codice postale',
  country: 'Paese',
  state: 'Stato',
  choose: 'Scegli…',
  required: 'Questo campo è obbligatorio.',
  postalInvalid: 'Controlla il codice postale.',
  zipCode: 'Codice ZIP',
  postcode: 'Codice postale',
  postalExample: (example: string) => `Ad esempio ${example}`,
  charactersLeft: (count: number) => n(count, { one: 'Resta # carattere', other: 'Restano # caratteri' }),
  lengthLimit: (max: number) => n(max, { one: 'Al massimo # carattere', other: 'Al massimo # caratteri' }),
  tooLong: (max: number) =>
    n(max, {
      one: 'Accorcia il testo a # carattere al massimo.',
      other: 'Accorcia il testo a # caratteri al massimo.',
    }),
  consentOneClick: (merchant: string) => `Salva la mia carta presso ${merchant} per pagare più velocemente.`,
  consentAutomatic: (merchant: string) =>
    `Autorizzo ${merchant} a salvare la mia carta e ad addebitarvi i pagamenti che approvo.`,
  consentRecurring: (merchant: string) =>
    `Autorizzo ${merchant} a salvare la mia carta e ad addebitarvi i pagamenti ricorrenti.`,
  // gateway-checkout
  pay: 'Paga',
  payAmount: (amount: string) => `Paga ${amount}`,
  saveCard: 'Salva la carta',
  loading: 'Caricamento del modulo di pagamento…',
  processing: 'Elaborazione del pagamento…',
  challenge: 'In attesa che la tua banca confermi il pagamento…',
  challengeTitle: 'Conferma il pagamento con la tua banca',
  verifying: 'Conferma del pagamento…',
  cancel: 'Annulla',
  paid: 'Pagamento riuscito. Grazie!',
  authorized: 'Pagamento autorizzato. L’importo è riservato sulla tua carta.',
  declineFunds: 'Il pagamento è stato rifiutato: fondi insufficienti sulla carta. Prova con un’altra carta.',
  declineExpired: 'Il pagamento è stato rifiutato: la carta è scaduta.',
  declineAuthentication: 'La tua banca non ha potuto confermare il pagamento. Non è stato addebitato nulla.',
  declineIssuer: 'La tua banca ha rifiutato il pagamento. Contatta la banca o prova con un’altra carta.',
  declineOther: (reason: string) => `Il pagamento è stato rifiutato: ${reason}`,
  newPayment: 'Nuovo pagamento',
  tryAgain: 'Riprova',
  checkStatus: 'Verifica lo stato del pagamento',
  email: 'E-mail',
  hostedTitle: 'Modulo di pagamento sicuro',
  cardFrameTitle: 'Dati della carta',
  fieldsUnavailable: 'Impossibile caricare i campi della carta.',
  errorSession: 'Impossibile avviare il pagamento. Controlla i dati e riprova.',
  errorRejected: 'Il servizio di pagamento non ha accettato il pagamento.',
  errorUnconfirmed:
    'Non siamo ancora riusciti a confermare il pagamento. Non pagare di nuovo: stiamo verificando.',
  errorCancelled:
    'Hai chiuso la verifica della banca prima che finisse, quindi il pagamento non è completo. Non è stato addebitato nulla.',
  errorAmount: 'Non c’è ancora un importo da pagare. Inserisci prima l’importo.',
  reopenChallenge: 'Riapri la verifica della banca',
  errorFields: 'Il negozio non ha potuto accettare alcuni dati. Controlla i campi evidenziati.',
  fieldInvalid: 'Controlla questo campo.',
  errorRateLimited: (minutes: number) =>
    n(minutes, {
      one: 'Troppi tentativi, riprova tra # minuto.',
      other: 'Troppi tentativi, riprova tra # minuti.',
    }),
  errorTooManyAttempts: 'Troppi tentativi, riprova più tardi.',
  errorVerification:
    'Il controllo di sicurezza non è andato a buon fine. Non è stato addebitato nulla; riprova.',
  errorUntrustedGateway: 'Impossibile inviare il pagamento in modo sicuro. Non è stato inviato nulla.',
  errorRetry: 'Il pagamento non è andato a buon fine. Non è stato addebitato nulla; puoi riprovare.',
  acceptedCards: 'Carte accettate',
  autoAdvance: 'Quando questo campo è completo, si passa automaticamente al successivo.',
  emailRequired: 'Inserisci il tuo indirizzo e-mail.',
  emailInvalid: 'Inserisci un indirizzo e-mail valido, ad esempio nome@example.com.',
  attention: (count: number) =>
    n(count, { one: '# campo richiede la tua attenzione.', other: '# campi richiedono la tua attenzione.' }),
  paidTitle: 'Pagamento riuscito',
  authorizedTitle: 'Pagamento autorizzato',
  resultAmount: 'Importo',
  resultOrder: 'Numero d’ordine',
  cardSaved: 'La tua carta è salvata per i pagamenti futuri.',
  savedTitle: 'Carta salvata',
  verifiedTitle: 'Carta verificata',
  saved: 'Carta salvata. Non è stato addebitato nulla.',
  verified: 'Carta verificata. Non è stato addebitato nulla.',
  nothingCharged: 'Non è stato addebitato nulla.',
};

export const page: PageWords = {
  payTo: 'Pagamento a',
  order: 'Ordine',
  total: 'Totale',
  zero: 'Non viene addebitato nulla: la carta viene verificata e salvata',
  testCard: (card: string) => `Sandbox: usa una carta di prova, ad esempio ${card}.`,
  bankTitle: 'Verifica 3-D Secure',
  confirmTitle: 'Conferma il pagamento',
  confirmLead: 'La tua banca ti chiede di confermare questo pagamento.',
  merchant: 'Esercente',
  card: 'Carta',
  date: 'Data',
  approve: 'Approva',
  fail: 'Rifiuta',
  bankNote:
    'Banca di prova: non viene inviato alcun codice. «Approva» autentica il pagamento, «Rifiuta» lo nega.',
  doneTitle: 'Verifica 3-D Secure completata',
  confirmed: 'Pagamento confermato.',
  notConfirmed: 'Pagamento non confermato.',
  orderStatus: 'Stato dell’ordine:',
  closeWindow: 'Puoi chiudere questa finestra.',
};
