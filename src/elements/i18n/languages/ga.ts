import type { Catalog, PageWords } from '../language-file.ts';
import { plural } from '../plural.ts';

export const code = 'ga';
export const name = 'Gaeilge';
export const dir = 'ltr';

const n = plural(code);

// Irish keeps the noun singular after a number and mutates it by the number: the forms below are
// written after "carachtar" (character), "nóiméad" (minute) and "réimse" (field) as counted.
export const texts: Catalog = {
  cardNumber: 'Uimhir an chárta',
  expiry: 'Dáta éaga',
  expiryPlaceholder: 'MM/BB',
  securityCode: 'Cód slándála',
  cardholderName: 'Ainm shealbhóir an chárta',
  brandDetected: (brand: string) => `Cárta ${brand}`,
  numberInvalid: 'Cuir isteach uimhir chárta bhailí.',
  brandNotAccepted: 'Ní ghlactar leis an gcineál cárta seo anseo.',
  expiryInvalid: 'Cuir isteach dáta éaga bailí (MM/BB).',
  expiryPast: 'Tá an cárta as feidhm.',
  codeInvalid: (length: number) => `Cuir isteach an cód slándála ${length} dhigit.`,
  codeBack: (length: number) => `${length} dhigit ar chúl an chárta`,
  codeFront: (length: number) => `${length} dhigit ar aghaidh an chárta`,
  firstName: 'Céadainm',
  lastName: 'Sloinne',
  address: 'Seoladh',
  city: 'Cathair',
  postalCode: 'Cód poist',
  country: 'Tír',
  state: 'Stát',
  choose: 'Roghnaigh…',
  required: 'Tá an réimse seo riachtanach.',
  postalInvalid: 'Seiceáil an cód poist.',
  zipCode: 'Cód ZIP',
  postcode: 'Éirchód',
  postalExample: (example: string) => `Mar shampla ${example}`,
  charactersLeft: (count: number) =>
    n(count, {
      one: '# charachtar fágtha',
      two: '# charachtar fágtha',
      few: '# charachtar fágtha',
      many: '# gcarachtar fágtha',
      other: '# carachtar fágtha',
    }),
  lengthLimit: (max: number) =>
    n(max, {
      one: '# charachtar ar a mhéad',
      two: '# charachtar ar a mhéad',
      few: '# charachtar ar a mhéad',
      many: '# gcarachtar ar a mhéad',
      other: '# carachtar ar a mhéad',
    }),
  tooLong: (max: number) => `Giorraigh é seo go dtí ${max} carachtar ar a mhéad.`,
  consentOneClick: (merchant: string) => `Sábháil mo chárta le ${merchant} chun íoc níos tapúla.`,
  consentAutomatic: (merchant: string) =>
    `Lig do ${merchant} mo chárta a shábháil agus íocaíochtaí a cheadaím a ghearradh air.`,
  consentRecurring: (merchant: string) =>
    `Lig do ${merchant} mo chárta a shábháil agus íocaíochtaí athfhillteacha a ghearradh air.`,
  // gateway-checkout
  pay: 'Íoc',
  payAmount: (amount: string) => `Íoc ${amount}`,
  saveCard: 'Sábháil an cárta',
  loading: 'Foirm na híocaíochta á lódáil…',
  processing: 'An íocaíocht á próiseáil…',
  challenge: 'Ag fanacht go ndeimhneoidh do bhanc an íocaíocht…',
  challengeTitle: 'Deimhnigh an íocaíocht le do bhanc',
  verifying: 'An íocaíocht á deimhniú…',
  cancel: 'Cealaigh',
  paid: 'D’éirigh leis an íocaíocht. Go raibh maith agat!',
  authorized: 'Údaraíodh an íocaíocht. Tá an tsuim curtha in áirithe ar do chárta.',
  declineFunds: 'Diúltaíodh don íocaíocht: níl dóthain airgid ar an gcárta. Bain triail as cárta eile.',
  declineExpired: 'Diúltaíodh don íocaíocht: tá an cárta as feidhm.',
  declineAuthentication: 'Níor fhéad do bhanc an íocaíocht a dheimhniú. Níor tógadh airgead ar bith.',
  declineIssuer:
    'Dhiúltaigh do bhanc don íocaíocht. Déan teagmháil le do bhanc nó bain triail as cárta eile.',
  declineOther: (reason: string) => `Diúltaíodh don íocaíocht: ${reason}`,
  newPayment: 'Íocaíocht nua',
  tryAgain: 'Bain triail eile as',
  checkStatus: 'Seiceáil stádas na híocaíochta',
  email: 'Ríomhphost',
  hostedTitle: 'Foirm íocaíochta shlán',
  cardFrameTitle: 'Sonraí an chárta',
  fieldsUnavailable: 'Níorbh fhéidir réimsí an chárta a lódáil.',
  errorSession: 'Níorbh fhéidir an íocaíocht a thosú. Seiceáil na sonraí agus bain triail eile as.',
  errorRejected: 'Níor ghlac an tseirbhís íocaíochta leis an íocaíocht.',
  errorUnconfirmed: 'Níor fhéadamar d’íocaíocht a dheimhniú go fóill. Ná híoc arís; táimid á seiceáil.',
  errorCancelled:
    'Dhún tú seiceáil do bhainc sular chríochnaigh sí, mar sin níl an íocaíocht críochnaithe. Níor gearradh tada.',
  errorAmount: 'Níl aon suim le híoc fós. Cuir isteach an tsuim ar dtús.',
  reopenChallenge: 'Oscail seiceáil an bhainc arís',
  errorFields: 'Níorbh fhéidir leis an siopa glacadh le roinnt sonraí. Seiceáil na réimsí marcáilte.',
  fieldInvalid: 'Seiceáil an réimse seo.',
  errorRateLimited: (minutes: number) =>
    `An iomarca iarrachtaí, bain triail eile as i gceann ${minutes} nóiméad.`,
  errorTooManyAttempts: 'An iomarca iarrachtaí, bain triail eile as ar ball.',
  errorVerification: 'Níor éirigh leis an tseiceáil slándála. Níor gearradh tada; bain triail eile as.',
  errorUntrustedGateway: 'Níorbh fhéidir an íocaíocht a sheoladh go slán. Níor seoladh tada.',
  errorRetry:
    'Níor éirigh leis an íocaíocht. Níor tógadh airgead ar bith; is féidir leat triail eile a bhaint as.',
  acceptedCards: 'Cártaí a nglactar leo',
  autoAdvance: 'Nuair a bheidh an réimse seo críochnaithe, bogfaidh an cúrsóir go dtí an chéad réimse eile.',
  emailRequired: 'Cuir isteach do sheoladh ríomhphoist.',
  emailInvalid: 'Cuir isteach seoladh ríomhphoist bailí, mar shampla ainm@example.com.',
  attention: (count: number) => `Tá ${count} réimse le seiceáil.`,
  paidTitle: 'D’éirigh leis an íocaíocht',
  authorizedTitle: 'Íocaíocht údaraithe',
  resultAmount: 'Suim',
  resultOrder: 'Uimhir an ordaithe',
  cardSaved: 'Tá do chárta sábháilte le haghaidh íocaíochtaí amach anseo.',
  savedTitle: 'Cárta sábháilte',
  verifiedTitle: 'Cárta fíoraithe',
  saved: 'Cárta sábháilte. Níor gearradh tada.',
  verified: 'Cárta fíoraithe. Níor gearradh tada.',
  nothingCharged: 'Níor gearradh tada.',
};

export const page: PageWords = {
  payTo: 'Íocaíocht le',
  order: 'Ordú',
  total: 'Iomlán',
  zero: 'Ní ghearrtar tada: seiceáiltear an cárta agus sábháiltear é',
  testCard: (card: string) => `Timpeallacht tástála: úsáid cárta tástála, mar shampla ${card}.`,
  bankTitle: 'Seiceáil 3-D Secure',
  confirmTitle: 'Deimhnigh d’íocaíocht',
  confirmLead: 'Iarrann do bhanc ort an íocaíocht seo a dheimhniú.',
  merchant: 'Ceannaí',
  card: 'Cárta',
  date: 'Dáta',
  approve: 'Ceadaigh',
  fail: 'Diúltaigh',
  bankNote:
    'Banc tástála: ní sheoltar aon chód. Fíordheimhníonn “Ceadaigh” an íocaíocht, diúltaíonn “Diúltaigh” di.',
  doneTitle: 'Seiceáil 3-D Secure críochnaithe',
  confirmed: 'Íocaíocht deimhnithe.',
  notConfirmed: 'Níor deimhníodh an íocaíocht.',
  orderStatus: 'Stádas an ordaithe:',
  closeWindow: 'Is féidir leat an fhuinneog seo a dhúnadh.',
};
