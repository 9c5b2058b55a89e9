import type { Catalog, PageWords } from '../language-file.ts';
import { plural } from '../plural.ts';

export const code = 'sl';
export const name = 'Slovenščina';
export const dir = 'ltr';

const n = plural(code);

export const texts: Catalog = {
  cardNumber: 'Številka kartice',
  expiry: 'Datum veljavnosti',
  expiryPlaceholder: 'MM/LL',
  securityCode: 'Varnostna koda',
  cardholderName: 'Ime imetnika kartice',
  brandDetected: (brand: string) => `Kartica ${brand}`,
  numberInvalid: 'Vnesite veljavno številko kartice.',
  brandNotAccepted: 'Kartic te znamke tukaj ne sprejemamo.',
  expiryInvalid: 'Vnesite veljaven datum veljavnosti (MM/LL).',
  expiryPast: 'Kartici je potekla veljavnost.',
  codeInvalid: (length: number) => `Vnesite ${length}-mestno varnostno kodo.`,
  codeBack: (length: number) =>
    n(length, {
      one: '# števka na hrbtni strani',
      two: '# števki na hrbtni strani',
      few: '# števke na hrbtni strani',
      other: '# števk na hrbtni strani',
    }),
  codeFront: (length: number) =>
    n(length, {
      one: '# števka na sprednji strani',
      two: '# števki na sprednji strani',
      few: '# števke na sprednji strani',
      other: '# števk na sprednji strani',
    }),
  firstName: 'Ime',
  lastName: 'Priimek',
  address: 'Naslov',
  city: 'Kraj',
  postalCode: 'Poštna številka',
  country: 'Država',
  state: 'Zvezna država',
  choose: 'Izberite …',
  required: 'To polje je obvezno.',
  postalInvalid: 'Preverite poštno številko.',
  zipCode: 'Koda ZIP',
  postcode: 'Poštna številka',
  postalExample: (example: string) => `Na primer ${example}`,
  charactersLeft: (count: number) =>
    n(count, {
      one: 'Ostal je še # znak',
      two: 'Ostala sta še # znaka',
      few: 'Ostali so še # znaki',
      other: 'Ostalo je še # znakov',
    }),
  lengthLimit: (max: number) =>
    n(max, { one: 'Največ # znak', two: 'Največ # znaka', few: 'Največ # znaki', other: 'Največ # znakov' }),
  tooLong: (max: number) =>
    n(max, {
      one: 'Skrajšajte na največ # znak.',
      two: 'Skrajšajte na največ # znaka.',
      few: 'Skrajšajte na največ # znake.',
      other: 'Skrajšajte na največ # znakov.',
    }),
  consentOneClick: (merchant: string) => `Shrani mojo kartico pri trgovcu ${merchant} za hitrejše plačilo.`,
  consentAutomatic: (merchant: string) =>
    `Trgovcu ${merchant} dovoljujem, da shrani mojo kartico in jo bremeni za plačila, ki jih odobrim.`,
  consentRecurring: (merchant: string) =>
    `Trgovcu ${merchant} dovoljujem, da shrani mojo kartico in jo bremeni za ponavljajoča se plačila.`,
  // gateway-checkout
  pay: 'Plačaj',
  payAmount: (amount: string) => `Plačaj ${amount}`,
  saveCard: 'Shrani kartico',
  loading: 'Nalaganje plačilnega obrazca …',
  processing: 'Obdelava plačila …',
  challenge: 'Čakamo, da vaša banka potrdi plačilo …',
  challengeTitle: 'Potrdite plačilo pri svoji banki',
  verifying: 'Potrjevanje plačila …',
  cancel: 'Prekliči',
  paid: 'Plačilo je uspelo. Hvala!',
  authorized: 'Plačilo je odobreno. Znesek je rezerviran na vaši kartici.',
  declineFunds: 'Plačilo je bilo zavrnjeno: na kartici ni dovolj sredstev. Poskusite z drugo kartico.',
  declineExpired: 'Plačilo je bilo zavrnjeno: kartici je potekla veljavnost.',
  declineAuthentication: 'Vaša banka plačila ni mogla potrditi. Denar ni bil odtegnjen.',
  declineIssuer: 'Vaša banka je plačilo zavrnila. Obrnite se na banko ali poskusite z drugo kartico.',
  declineOther: (reason: string) => `Plačilo je bilo zavrnjeno: ${reason}`,
  newPayment: 'Novo plačilo',
  tryAgain: 'Poskusi znova',
  checkStatus: 'Preveri stanje plačila',
  email: 'E-pošta',
  hostedTitle: 'Varen plačilni obrazec',
  cardFrameTitle: 'Podatki o kartici',
  fieldsUnavailable: 'Polj za kartico ni bilo mogoče naložiti.',
  errorSession: 'Plačila ni bilo mogoče začeti. Preverite podatke in poskusite znova.',
  errorRejected: 'Plačilna storitev plačila ni sprejela.',
  errorUnconfirmed: 'Vašega plačila še nismo mogli potrditi. Ne plačajte znova; preverjamo ga.',
  errorCancelled:
    'Preverjanje banke ste zaprli, preden se je končalo, zato plačilo ni dokončano. Nič ni bilo zaračunano.',
  errorAmount: 'Zneska za plačilo še ni. Najprej vnesite znesek.',
  reopenChallenge: 'Znova odpri preverjanje banke',
  errorFields: 'Trgovina nekaterih podatkov ni mogla sprejeti. Preverite označena polja.',
  fieldInvalid: 'Preverite to polje.',
  errorRateLimited: (minutes: number) =>
    n(minutes, {
      one: 'Preveč poskusov, poskusite znova čez # minuto.',
      two: 'Preveč poskusov, poskusite znova čez # minuti.',
      few: 'Preveč poskusov, poskusite znova čez # minute.',
      other: 'Preveč poskusov, poskusite znova čez # minut.',
    }),
  errorTooManyAttempts: 'Preveč poskusov, poskusite znova pozneje.',
  errorVerification: 'Varnostno preverjanje ni uspelo. Nič ni bilo zaračunano; poskusite znova.',
  errorUntrustedGateway: 'Plačila ni bilo mogoče varno poslati. Nič ni bilo poslano.',
  errorRetry: 'Plačilo ni uspelo. Denar ni bil odtegnjen; lahko poskusite znova.',
  acceptedCards: 'Sprejete kartice',
  autoAdvance: 'Ko je to polje izpolnjeno, se kazalec premakne v naslednje.',
  emailRequired: 'Vnesite svoj e-poštni naslov.',
  emailInvalid: 'Vnesite veljaven e-poštni naslov, na primer ime@example.com.',
  attention: (count: number) =>
    n(count, {
      one: 'Preverite # polje.',
      two: 'Preverite # polji.',
      few: 'Preverite # polja.',
      other: 'Preverite # polj.',
    }),
  paidTitle: 'Plačilo je uspelo',
  authorizedTitle: 'Plačilo odobreno',
  resultAmount: 'Znesek',
  resultOrder: 'Številka naročila',
  cardSaved: 'Vaša kartica je shranjena za prihodnja plačila.',
  savedTitle: 'Kartica shranjena',
  verifiedTitle: 'Kartica preverjena',
  saved: 'Kartica shranjena. Nič ni bilo zaračunano.',
  verified: 'Kartica preverjena. Nič ni bilo zaračunano.',
  nothingCharged: 'Nič ni bilo zaračunano.',
};

export const page: PageWords = {
  payTo: 'Plačilo prejemniku',
  order: 'Naročilo',
  total: 'Skupaj',
  zero: 'Nič se ne zaračuna: kartica se preveri in shrani',
  testCard: (card: string) => `Testno okolje: uporabite testno kartico, na primer ${card}.`,
  bankTitle: 'Preverjanje 3-D Secure',
  confirmTitle: 'Potrdite plačilo',
  confirmLead: 'Vaša banka vas prosi, da potrdite to plačilo.',
  merchant: 'Trgovec',
  card: 'Kartica',
  date: 'Datum',
  approve: 'Odobri',
  fail: 'Zavrni',
  bankNote: 'Testna banka: koda se ne pošlje. »Odobri« overi plačilo, »Zavrni« ga zavrne.',
  doneTitle: 'Preverjanje 3-D Secure je končano',
  confirmed: 'Plačilo je potrjeno.',
  notConfirmed: 'Plačilo ni potrjeno.',
  orderStatus: 'Stanje naročila:',
  closeWindow: 'To okno lahko zaprete.',
};
