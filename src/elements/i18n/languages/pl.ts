import type { Catalog, PageWords } from '../language-file.ts';
import { plural } from '../plural.ts';

export const code = 'pl';
export const name = 'Polski';
export const dir = 'ltr';

const n = plural(code);

export const texts: Catalog = {
  cardNumber: 'Numer karty',
  expiry: 'Data ważności',
  expiryPlaceholder: 'MM/RR',
  securityCode: 'Kod zabezpieczający',
  cardholderName: 'Imię i nazwisko posiadacza karty',
  brandDetected: (brand: string) => `Karta ${brand}`,
  numberInvalid: 'Wpisz prawidłowy numer karty.',
  brandNotAccepted: 'Karty tej organizacji płatniczej nie są tu akceptowane.',
  expiryInvalid: 'Wpisz prawidłową datę ważności (MM/RR).',
  expiryPast: 'Karta straciła ważność.',
  codeInvalid: (length: number) => `Wpisz ${length}-cyfrowy kod zabezpieczający.`,
  codeBack: (length: number) =>
    n(length, {
      one: '# cyfra na odwrocie',
      few: '# cyfry na odwrocie',
      many: '# cyfr na odwrocie',
      other: '# cyfry na odwrocie',
    }),
  codeFront: (length: number) =>
    n(length, {
      one: '# cyfra z przodu karty',
      few: '# cyfry z przodu karty',
      many: '# cyfr z przodu karty',
      other: '# cyfry z przodu karty',
    }),
  firstName: 'Imię',
  lastName: 'Nazwisko',
  address: 'Adres',
  city: 'Miejscowość',
  postalCode: 'Kod pocztowy',
  country: 'Kraj',
  state: 'Stan',
  choose: 'Wybierz…',
  required: 'To pole jest wymagane.',
  postalInvalid: 'Sprawdź kod pocztowy.',
  zipCode: 'Kod ZIP',
  postcode: 'Kod pocztowy',
  postalExample: (example: string) => `Na przykład ${example}`,
  charactersLeft: (count: number) =>
    n(count, {
      one: 'Został # znak',
      few: 'Zostały # znaki',
      many: 'Zostało # znaków',
      other: 'Zostało # znaku',
    }),
  lengthLimit: (max: number) =>
    n(max, {
      one: 'Najwyżej # znak',
      few: 'Najwyżej # znaki',
      many: 'Najwyżej # znaków',
      other: 'Najwyżej # znaku',
    }),
  tooLong: (max: number) =>
    n(max, {
      one: 'Skróć do najwyżej # znaku.',
      few: 'Skróć do najwyżej # znaków.',
      many: 'Skróć do najwyżej # znaków.',
      other: 'Skróć do najwyżej # znaku.',
    }),
  consentOneClick: (merchant: string) => `Zapamiętaj moją kartę w ${merchant}, aby płacić szybciej.`,
  consentAutomatic: (merchant: string) =>
    `Zezwalam ${merchant} na zapisanie mojej karty i obciążanie jej płatnościami, które zatwierdzę.`,
  consentRecurring: (merchant: string) =>
    `Zezwalam ${merchant} na zapisanie mojej karty i obciążanie jej płatnościami cyklicznymi.`,
  // gateway-checkout
  pay: 'Zapłać',
  payAmount: (amount: string) => `Zapłać ${amount}`,
  saveCard: 'Zapisz kartę',
  loading: 'Wczytywanie formularza płatności…',
  processing: 'Przetwarzanie płatności…',
  challenge: 'Czekamy, aż Twój bank potwierdzi płatność…',
  challengeTitle: 'Potwierdź płatność w swoim banku',
  verifying: 'Potwierdzanie płatności…',
  cancel: 'Anuluj',
  paid: 'Płatność zakończona powodzeniem. Dziękujemy!',
  authorized: 'Płatność autoryzowana. Kwota została zablokowana na Twojej karcie.',
  declineFunds: 'Płatność odrzucona: brak wystarczających środków na karcie. Użyj innej karty.',
  declineExpired: 'Płatność odrzucona: karta straciła ważność.',
  declineAuthentication: 'Twój bank nie potwierdził płatności. Nie pobrano żadnych pieniędzy.',
  declineIssuer: 'Twój bank odrzucił płatność. Skontaktuj się z bankiem lub użyj innej karty.',
  declineOther: (reason: string) => `Płatność odrzucona: ${reason}`,
  newPayment: 'Nowa płatność',
  tryAgain: 'Spróbuj ponownie',
  checkStatus: 'Sprawdź status płatności',
  email: 'E-mail',
  hostedTitle: 'Bezpieczny formularz płatności',
  cardFrameTitle: 'Dane karty',
  fieldsUnavailable: 'Nie udało się wczytać pól karty.',
  errorSession: 'Nie udało się rozpocząć płatności. Sprawdź dane i spróbuj ponownie.',
  errorRejected: 'Operator płatności nie przyjął płatności.',
  errorUnconfirmed: 'Nie możemy jeszcze potwierdzić Twojej płatności. Nie płać ponownie – sprawdzamy ją.',
  errorCancelled:
    'Weryfikacja w banku została zamknięta przed jej zakończeniem, więc płatność nie została zrealizowana. Nic nie pobrano.',
  errorAmount: 'Nie podano jeszcze kwoty. Najpierw wpisz kwotę.',
  reopenChallenge: 'Otwórz ponownie weryfikację w banku',
  errorFields: 'Sklep nie przyjął niektórych danych. Sprawdź zaznaczone pola.',
  fieldInvalid: 'Sprawdź to pole.',
  errorRateLimited: (minutes: number) =>
    n(minutes, {
      one: 'Zbyt wiele prób. Spróbuj ponownie za # minutę.',
      few: 'Zbyt wiele prób. Spróbuj ponownie za # minuty.',
      many: 'Zbyt wiele prób. Spróbuj ponownie za # minut.',
      other: 'Zbyt wiele prób. Spróbuj ponownie za # minuty.',
    }),
  errorTooManyAttempts: 'Zbyt wiele prób. Spróbuj ponownie później.',
  errorVerification: 'Weryfikacja bezpieczeństwa nie powiodła się. Nic nie pobrano – spróbuj ponownie.',
  errorUntrustedGateway: 'Nie udało się bezpiecznie wysłać płatności. Nic nie zostało wysłane.',
  errorRetry: 'Płatność nie została zrealizowana. Nie pobrano pieniędzy – możesz spróbować ponownie.',
  acceptedCards: 'Akceptowane karty',
  autoAdvance: 'Gdy to pole zostanie wypełnione, kursor przejdzie do następnego.',
  emailRequired: 'Wpisz swój adres e-mail.',
  emailInvalid: 'Wpisz prawidłowy adres e-mail, np. nazwa@example.com.',
  attention: (count: number) =>
    n(count, {
      one: '# pole wymaga poprawienia.',
      few: '# pola wymagają poprawienia.',
      many: '# pól wymaga poprawienia.',
      other: '# pola wymaga poprawienia.',
    }),
  paidTitle: 'Płatność zakończona powodzeniem',
  authorizedTitle: 'Płatność autoryzowana',
  resultAmount: 'Kwota',
  resultOrder: 'Numer zamówienia',
  cardSaved: 'Twoja karta została zapisana do przyszłych płatności.',
  savedTitle: 'Karta zapisana',
  verifiedTitle: 'Karta zweryfikowana',
  saved: 'Karta zapisana. Nic nie pobrano.',
  verified: 'Karta zweryfikowana. Nic nie pobrano.',
  nothingCharged: 'Nic nie pobrano.',
};

export const page: PageWords = {
  payTo: 'Płatność dla',
  order: 'Zamówienie',
  total: 'Razem',
  zero: 'Nic nie zostanie pobrane: karta zostanie zweryfikowana i zapisana',
  testCard: (card: string) => `Piaskownica: użyj karty testowej, np. ${card}.`,
  bankTitle: 'Weryfikacja 3-D Secure',
  confirmTitle: 'Potwierdź płatność',
  confirmLead: 'Twój bank prosi o potwierdzenie tej płatności.',
  merchant: 'Sprzedawca',
  card: 'Karta',
  date: 'Data',
  approve: 'Zatwierdź',
  fail: 'Odrzuć',
  bankNote:
    'Bank testowy: żaden kod nie jest wysyłany. „Zatwierdź” uwierzytelnia płatność, „Odrzuć” ją odrzuca.',
  doneTitle: 'Weryfikacja 3-D Secure zakończona',
  confirmed: 'Płatność potwierdzona.',
  notConfirmed: 'Płatność niepotwierdzona.',
  orderStatus: 'Status zamówienia:',
  closeWindow: 'Możesz zamknąć to okno.',
  connecting: 'Łączenie z Twoim bankiem…',
  toBank: 'Przejdź do swojego banku',
  returning: 'Powrót do sklepu…',
  continue: 'Dalej',
  alreadyDoneTitle: 'Już zakończono',
  alreadyDone: 'Ta płatność została już potwierdzona lub odrzucona.',
};
