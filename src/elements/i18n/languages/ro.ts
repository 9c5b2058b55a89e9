import type { Catalog, PageWords } from '../language-file.ts';
import { plural } from '../plural.ts';

export const code = 'ro';
export const name = 'Română';
export const dir = 'ltr';

const n = plural(code);

export const texts: Catalog = {
  cardNumber: 'Numărul cardului',
  expiry: 'Data expirării',
  expiryPlaceholder: 'LL/AA',
  securityCode: 'Cod de securitate',
  cardholderName: 'Numele titularului cardului',
  brandDetected: (brand: string) => `Card ${brand}`,
  numberInvalid: 'Introduceți un număr de card valid.',
  brandNotAccepted: 'Această rețea de carduri nu este acceptată aici.',
  expiryInvalid: 'Introduceți o dată de expirare validă (LL/AA).',
  expiryPast: 'Cardul a expirat.',
  codeInvalid: (length: number) => `Introduceți codul de securitate din ${length} cifre.`,
  codeBack: (length: number) => `${length} cifre pe verso`,
  codeFront: (length: number) => `${length} cifre pe față`,
  firstName: 'Prenume',
  lastName: 'Nume',
  address: 'Adresă',
  city: 'Localitate',
  postalCode: 'Cod poștal',
  country: 'Țară',
  state: 'Stat',
  choose: 'Alegeți…',
  required: 'Acest câmp este obligatoriu.',
  postalInvalid: 'Verificați codul poștal.',
  zipCode: 'Cod ZIP',
  postcode: 'Cod poștal',
  postalExample: (example: string) => `De exemplu, ${example}`,
  // Romanian: "1 caracter", "2 caractere", "20 de caractere".
  charactersLeft: (count: number) =>
    n(count, {
      one: 'A mai rămas # caracter',
      few: 'Au mai rămas # caractere',
      other: 'Au mai rămas # de caractere',
    }),
  lengthLimit: (max: number) =>
    n(max, { one: 'Cel mult # caracter', few: 'Cel mult # caractere', other: 'Cel mult # de caractere' }),
  tooLong: (max: number) =>
    n(max, {
      one: 'Scurtați textul la cel mult # caracter.',
      few: 'Scurtați textul la cel mult # caractere.',
      other: 'Scurtați textul la cel mult # de caractere.',
    }),
  consentOneClick: (merchant: string) =>
    `Doresc să îmi salvez cardul la ${merchant} pentru plăți mai rapide.`,
  consentAutomatic: (merchant: string) =>
    `Permit ca ${merchant} să îmi salveze cardul și să îl debiteze pentru plățile pe care le aprob.`,
  consentRecurring: (merchant: string) =>
    `Permit ca ${merchant} să îmi salveze cardul și să îl debiteze pentru plăți recurente.`,
  // gateway-checkout
  pay: 'Plătiți',
  payAmount: (amount: string) => `Plătiți ${amount}`,
  saveCard: 'Salvați cardul',
  loading: 'Se încarcă formularul de plată…',
  processing: 'Se procesează plata…',
  challenge: 'Așteptăm ca banca dvs. să confirme plata…',
  challengeTitle: 'Confirmați plata la banca dvs.',
  verifying: 'Se confirmă plata…',
  cancel: 'Anulați',
  paid: 'Plata a reușit. Vă mulțumim!',
  authorized: 'Plata a fost autorizată. Suma este blocată pe cardul dvs.',
  declineFunds: 'Plata a fost refuzată: fonduri insuficiente pe card. Încercați alt card.',
  declineExpired: 'Plata a fost refuzată: cardul a expirat.',
  declineAuthentication: 'Banca dvs. nu a putut confirma plata. Nu s-a debitat nicio sumă.',
  declineIssuer: 'Banca dvs. a refuzat plata. Contactați banca sau încercați alt card.',
  declineOther: (reason: string) => `Plata a fost refuzată: ${reason}`,
  newPayment: 'Plată nouă',
  tryAgain: 'Încercați din nou',
  checkStatus: 'Verificați starea plății',
  email: 'E-mail',
  hostedTitle: 'Formular de plată securizat',
  cardFrameTitle: 'Datele cardului',
  fieldsUnavailable: 'Câmpurile cardului nu au putut fi încărcate.',
  errorSession: 'Plata nu a putut începe. Verificați datele și încercați din nou.',
  errorRejected: 'Serviciul de plată nu a acceptat plata.',
  errorUnconfirmed: 'Încă nu am putut confirma plata. Nu plătiți din nou; verificăm.',
  errorCancelled:
    'Ați închis verificarea băncii înainte de final, așa că plata nu este finalizată. Nu s-a debitat nimic.',
  errorAmount: 'Încă nu există o sumă de plată. Introduceți mai întâi suma.',
  reopenChallenge: 'Redeschideți verificarea băncii',
  errorFields: 'Magazinul nu a putut accepta unele date. Verificați câmpurile marcate.',
  fieldInvalid: 'Verificați acest câmp.',
  errorRateLimited: (minutes: number) =>
    n(minutes, {
      one: 'Prea multe încercări, încercați din nou peste # minut.',
      few: 'Prea multe încercări, încercați din nou peste # minute.',
      other: 'Prea multe încercări, încercați din nou peste # de minute.',
    }),
  errorTooManyAttempts: 'Prea multe încercări, încercați din nou mai târziu.',
  errorVerification: 'Verificarea de securitate nu a trecut. Nu s-a debitat nimic; încercați din nou.',
  errorUntrustedGateway: 'Plata nu a putut fi trimisă în siguranță. Nu s-a trimis nimic.',
  errorRetry: 'Plata nu a reușit. Nu s-a debitat nicio sumă; puteți încerca din nou.',
  acceptedCards: 'Carduri acceptate',
  autoAdvance: 'Când acest câmp este complet, se trece automat la următorul.',
  emailRequired: 'Introduceți adresa de e-mail.',
  emailInvalid: 'Introduceți o adresă de e-mail validă, de exemplu nume@example.com.',
  attention: (count: number) =>
    n(count, {
      one: '# câmp necesită atenția dvs.',
      few: '# câmpuri necesită atenția dvs.',
      other: '# de câmpuri necesită atenția dvs.',
    }),
  paidTitle: 'Plata a reușit',
  authorizedTitle: 'Plată autorizată',
  resultAmount: 'Sumă',
  resultOrder: 'Numărul comenzii',
  cardSaved: 'Cardul dvs. este salvat pentru plățile viitoare.',
  savedTitle: 'Card salvat',
  verifiedTitle: 'Card verificat',
  saved: 'Card salvat. Nu s-a debitat nimic.',
  verified: 'Card verificat. Nu s-a debitat nimic.',
  nothingCharged: 'Nu s-a debitat nimic.',
};

export const page: PageWords = {
  payTo: 'Plată către',
  order: 'Comanda',
  total: 'Total',
  zero: 'Nu se debitează nimic: cardul este verificat și salvat',
  testCard: (card: string) => `Mediu de test: folosiți un card de test, de exemplu ${card}.`,
  bankTitle: 'Verificare 3-D Secure',
  confirmTitle: 'Confirmați plata',
  confirmLead: 'Banca dvs. vă cere să confirmați această plată.',
  merchant: 'Comerciant',
  card: 'Card',
  date: 'Data',
  approve: 'Aprobați',
  fail: 'Respingeți',
  bankNote: 'Bancă de test: nu se trimite niciun cod. „Aprobați” autentifică plata, „Respingeți” o refuză.',
  doneTitle: 'Verificarea 3-D Secure s-a încheiat',
  confirmed: 'Plata a fost confirmată.',
  notConfirmed: 'Plata nu a fost confirmată.',
  orderStatus: 'Starea comenzii:',
  closeWindow: 'Puteți închide această fereastră.',
  connecting: 'Conectare la banca dumneavoastră…',
  toBank: 'Continuați către banca dumneavoastră',
  returning: 'Revenire la magazin…',
  continue: 'Continuați',
  alreadyDoneTitle: 'Deja finalizat',
  alreadyDone: 'Această plată a fost deja confirmată sau refuzată.',
};
