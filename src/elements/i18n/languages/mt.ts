import type { Catalog, PageWords } from '../language-file.ts';
import { plural } from '../plural.ts';

export const code = 'mt';
export const name = 'Malti';
export const dir = 'ltr';

const n = plural(code);

export const texts: Catalog = {
  cardNumber: 'Numru tal-karta',
  expiry: 'Data ta’ skadenza',
  expiryPlaceholder: 'XX/SS',
  securityCode: 'Kodiċi tas-sigurtà',
  cardholderName: 'Isem id-detentur tal-karta',
  brandDetected: (brand: string) => `Karta ${brand}`,
  numberInvalid: 'Daħħal numru tal-karta validu.',
  brandNotAccepted: 'Din it-tip ta’ karta mhijiex aċċettata hawn.',
  expiryInvalid: 'Daħħal data ta’ skadenza valida (XX/SS).',
  expiryPast: 'Il-karta skadiet.',
  codeInvalid: (length: number) => `Daħħal il-kodiċi tas-sigurtà ta’ ${length} ċifri.`,
  codeBack: (length: number) => `${length} ċifri fuq wara tal-karta`,
  codeFront: (length: number) => `${length} ċifri fuq quddiem tal-karta`,
  firstName: 'Isem',
  lastName: 'Kunjom',
  address: 'Indirizz',
  city: 'Belt',
  postalCode: 'Kodiċi postali',
  country: 'Pajjiż',
  state: 'Stat',
  choose: 'Agħżel…',
  required: 'Din il-kaxxa hija obbligatorja.',
  postalInvalid: 'Iċċekkja l-kodiċi postali.',
  zipCode: 'Kodiċi ZIP',
  postcode: 'Kodiċi postali',
  postalExample: (example: string) => `Pereżempju ${example}`,
  charactersLeft: (count: number) =>
    n(count, {
      one: 'Fadal # karattru',
      few: 'Fadal # karattri',
      many: 'Fadal # karattru',
      other: 'Fadal # karattru',
    }),
  lengthLimit: (max: number) =>
    n(max, {
      one: 'Mhux aktar minn # karattru',
      few: 'Mhux aktar minn # karattri',
      other: 'Mhux aktar minn # karattru',
    }),
  tooLong: (max: number) =>
    n(max, {
      one: 'Qassar dan għal mhux aktar minn # karattru.',
      few: 'Qassar dan għal mhux aktar minn # karattri.',
      other: 'Qassar dan għal mhux aktar minn # karattru.',
    }),
  consentOneClick: (merchant: string) =>
    `Issejvja l-karta tiegħi ma’ ${merchant} biex inħallas aktar malajr.`,
  consentAutomatic: (merchant: string) =>
    `Inħalli lil ${merchant} jissejvja l-karta tiegħi u jiddebitaha għall-pagamenti li napprova.`,
  consentRecurring: (merchant: string) =>
    `Inħalli lil ${merchant} jissejvja l-karta tiegħi u jiddebitaha għall-pagamenti rikorrenti.`,
  // gateway-checkout
  pay: 'Ħallas',
  payAmount: (amount: string) => `Ħallas ${amount}`,
  saveCard: 'Issejvja l-karta',
  loading: 'Qed jittella’ l-formola tal-ħlas…',
  processing: 'Il-ħlas qed jiġi pproċessat…',
  challenge: 'Qed nistennew li l-bank tiegħek jikkonferma l-ħlas…',
  challengeTitle: 'Ikkonferma l-ħlas mal-bank tiegħek',
  verifying: 'Il-ħlas qed jiġi kkonfermat…',
  cancel: 'Ikkanċella',
  paid: 'Il-ħlas sar b’suċċess. Grazzi!',
  authorized: 'Il-ħlas ġie awtorizzat. L-ammont huwa riżervat fuq il-karta tiegħek.',
  declineFunds: 'Il-ħlas ġie rrifjutat: m’hemmx biżżejjed fondi fil-karta. Ipprova karta oħra.',
  declineExpired: 'Il-ħlas ġie rrifjutat: il-karta skadiet.',
  declineAuthentication: 'Il-bank tiegħek ma setax jikkonferma l-ħlas. Ma nqabdux flus.',
  declineIssuer: 'Il-bank tiegħek irrifjuta l-ħlas. Ikkuntattja l-bank tiegħek jew ipprova karta oħra.',
  declineOther: (reason: string) => `Il-ħlas ġie rrifjutat: ${reason}`,
  newPayment: 'Ħlas ġdid',
  tryAgain: 'Erġa’ pprova',
  checkStatus: 'Iċċekkja l-istatus tal-ħlas',
  email: 'Posta elettronika',
  hostedTitle: 'Formola tal-ħlas sigura',
  cardFrameTitle: 'Dettalji tal-karta',
  fieldsUnavailable: 'Il-kaxxi tal-karta ma setgħux jittellgħu.',
  errorSession: 'Il-ħlas ma setax jinbeda. Iċċekkja d-dettalji u erġa’ pprova.',
  errorRejected: 'Is-servizz tal-ħlas ma aċċettax il-ħlas.',
  errorUnconfirmed: 'Għadna ma stajniex nikkonfermaw il-ħlas tiegħek. Terġax tħallas; qed niċċekkjaw.',
  errorCancelled:
    'Għalaqt il-verifika tal-bank qabel ma spiċċat, għalhekk il-ħlas mhuwiex komplut. Ma nqabad xejn.',
  errorAmount: 'Għad m’hemmx ammont x’tħallas. Daħħal l-ammont l-ewwel.',
  reopenChallenge: 'Erġa’ iftaħ il-verifika tal-bank',
  errorFields: 'Il-ħanut ma setax jaċċetta xi dettalji. Iċċekkja l-kaxxi mmarkati.',
  fieldInvalid: 'Iċċekkja din il-kaxxa.',
  errorRateLimited: (minutes: number) =>
    n(minutes, {
      one: 'Wisq tentattivi, erġa’ pprova fi żmien # minuta.',
      few: 'Wisq tentattivi, erġa’ pprova fi żmien # minuti.',
      other: 'Wisq tentattivi, erġa’ pprova fi żmien # minuta.',
    }),
  errorTooManyAttempts: 'Wisq tentattivi, erġa’ pprova aktar tard.',
  errorVerification: 'Il-verifika tas-sigurtà ma għaddietx. Ma nqabad xejn; erġa’ pprova.',
  errorUntrustedGateway: 'Il-ħlas ma setax jintbagħat b’mod sigur. Ma ntbagħat xejn.',
  errorRetry: 'Il-ħlas ma għaddiex. Ma nqabdux flus; tista’ terġa’ tipprova.',
  acceptedCards: 'Karti aċċettati',
  autoAdvance: 'Meta din il-kaxxa timtela, il-kursur jgħaddi għal dik ta’ wara.',
  emailRequired: 'Daħħal l-indirizz tal-posta elettronika tiegħek.',
  emailInvalid: 'Daħħal indirizz tal-posta elettronika validu, pereżempju isem@example.com.',
  attention: (count: number) =>
    n(count, {
      one: '# kaxxa teħtieġ l-attenzjoni tiegħek.',
      few: '# kaxxi jeħtieġu l-attenzjoni tiegħek.',
      other: '# kaxxa jeħtieġu l-attenzjoni tiegħek.',
    }),
  paidTitle: 'Il-ħlas sar b’suċċess',
  authorizedTitle: 'Ħlas awtorizzat',
  resultAmount: 'Ammont',
  resultOrder: 'Numru tal-ordni',
  cardSaved: 'Il-karta tiegħek hija ssejvjata għal ħlasijiet futuri.',
  savedTitle: 'Karta ssejvjata',
  verifiedTitle: 'Karta vverifikata',
  saved: 'Karta ssejvjata. Ma nqabad xejn.',
  verified: 'Karta vverifikata. Ma nqabad xejn.',
  nothingCharged: 'Ma nqabad xejn.',
};

export const page: PageWords = {
  payTo: 'Ħlas lil',
  order: 'Ordni',
  total: 'Total',
  zero: 'Ma jinqabad xejn: il-karta tiġi vverifikata u ssejvjata',
  testCard: (card: string) => `Ambjent tat-test: uża karta tat-test, pereżempju ${card}.`,
  bankTitle: 'Verifika 3-D Secure',
  confirmTitle: 'Ikkonferma l-ħlas tiegħek',
  confirmLead: 'Il-bank tiegħek qed jitolbok tikkonferma dan il-ħlas.',
  merchant: 'Negozjant',
  card: 'Karta',
  date: 'Data',
  approve: 'Approva',
  fail: 'Irrifjuta',
  bankNote:
    'Bank tat-test: ma jintbagħat l-ebda kodiċi. “Approva” jawtentika l-ħlas, “Irrifjuta” jirrifjutah.',
  doneTitle: 'Il-verifika 3-D Secure intemmet',
  confirmed: 'Il-ħlas ġie kkonfermat.',
  notConfirmed: 'Il-ħlas ma ġiex ikkonfermat.',
  orderStatus: 'L-istatus tal-ordni:',
  closeWindow: 'Tista’ tagħlaq din it-tieqa.',
  connecting: 'Qed nikkonnettjaw mal-bank tiegħek…',
  toBank: 'Kompli lejn il-bank tiegħek',
  returning: 'Qed nirritornaw lejn il-ħanut…',
  continue: 'Kompli',
  alreadyDoneTitle: 'Diġà lest',
  alreadyDone: 'Dan il-ħlas diġà ġie kkonfermat jew miċħud.',
};
