import type { Catalog, PageWords } from '../language-file.ts';

export const code = 'ru';
export const name = 'Русский';
export const dir = 'ltr';

export const texts: Catalog = {
  cardNumber: 'Номер карты',
  expiry: 'Срок действия',
  expiryPlaceholder: 'ММ/ГГ',
  securityCode: 'Код безопасности',
  cardholderName: 'Имя владельца карты',
  brandDetected: (brand: string) => `Карта ${brand}`,
  numberInvalid: 'Введите верный номер карты.',
  brandNotAccepted: 'Карты этой платёжной системы здесь не принимаются.',
  expiryInvalid: 'Введите верный срок (ММ/ГГ).',
  expiryPast: 'Срок действия карты истёк.',
  codeInvalid: (length: number) => `Введите ${length}-значный код безопасности.`,
  codeBack: (length: number) => `${length} цифры на обороте`,
  codeFront: (length: number) => `${length} цифры на лицевой стороне`,
  firstName: 'Имя',
  lastName: 'Фамилия',
  address: 'Адрес',
  city: 'Город',
  postalCode: 'Почтовый индекс',
  country: 'Страна',
  state: 'Штат',
  choose: 'Выберите…',
  required: 'Это обязательное поле.',
  postalInvalid: 'Проверьте почтовый индекс.',
  zipCode: 'Индекс ZIP',
  postcode: 'Почтовый индекс',
  postalExample: (example: string) => `Например, ${example}`,
  charactersLeft: (count: number) => `Осталось символов: ${count}`,
  lengthLimit: (max: number) => `Не более ${max} символов`,
  tooLong: (max: number) => `Сократите до ${max} символов.`,
  consentOneClick: (merchant: string) => `Сохранить карту у ${merchant} для быстрой оплаты.`,
  consentAutomatic: (merchant: string) =>
    `Разрешить ${merchant} сохранить мою карту и списывать с неё платежи, на которые я соглашусь.`,
  consentRecurring: (merchant: string) => `Разрешить ${merchant} сохранить карту для регулярных платежей.`,
  // gateway-checkout
  pay: 'Оплатить',
  payAmount: (amount: string) => `Оплатить ${amount}`,
  saveCard: 'Сохранить карту',
  loading: 'Загрузка формы оплаты…',
  processing: 'Обработка платежа…',
  challenge: 'Ожидаем подтверждения платежа вашим банком…',
  challengeTitle: 'Подтвердите платёж в своём банке',
  verifying: 'Проверяем платёж…',
  cancel: 'Отмена',
  paid: 'Оплата прошла успешно. Спасибо!',
  authorized: 'Платёж авторизован. Сумма заблокирована на карте.',
  declineFunds: 'Платёж отклонён: на карте недостаточно средств. Попробуйте другую карту.',
  declineExpired: 'Платёж отклонён: срок действия карты истёк.',
  declineAuthentication: 'Банк не подтвердил платёж. Деньги не списаны.',
  declineIssuer: 'Банк отклонил платёж. Обратитесь в банк или попробуйте другую карту.',
  declineOther: (reason: string) => `Платёж отклонён: ${reason}`,
  newPayment: 'Новый платёж',
  tryAgain: 'Попробовать снова',
  checkStatus: 'Проверить статус платежа',
  email: 'Эл. почта',
  hostedTitle: 'Защищённая форма оплаты',
  cardFrameTitle: 'Данные карты',
  fieldsUnavailable: 'Не удалось загрузить поля карты.',
  errorSession: 'Не удалось начать оплату. Проверьте данные и попробуйте ещё раз.',
  errorRejected: 'Платёжный сервис не принял платёж.',
  errorUnconfirmed: 'Мы пока не смогли подтвердить ваш платёж. Не платите повторно: мы проверяем.',
  errorCancelled:
    'Вы закрыли проверку банка до её завершения, поэтому платёж не завершён. Деньги не списаны.',
  errorAmount: 'Сумма ещё не указана. Сначала введите сумму.',
  reopenChallenge: 'Снова открыть проверку банка',
  errorFields: 'Магазин не смог принять некоторые данные. Проверьте отмеченные поля.',
  fieldInvalid: 'Проверьте это поле.',
  // "через" takes the accusative: 1 минуту, 2–4 минуты, 5–20 минут; 21 минуту, …
  errorRateLimited: (minutes: number) => {
    const [ten, hundred] = [minutes % 10, minutes % 100];
    const word =
      ten === 1 && hundred !== 11
        ? 'минуту'
        : ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14)
          ? 'минуты'
          : 'минут';
    return `Слишком много попыток, попробуйте снова через ${minutes} ${word}.`;
  },
  errorTooManyAttempts: 'Слишком много попыток, попробуйте позже.',
  errorVerification: 'Проверка безопасности не пройдена. Деньги не списаны; попробуйте ещё раз.',
  errorUntrustedGateway: 'Платёж нельзя отправить безопасно. Ничего не отправлено.',
  errorRetry: 'Платёж не прошёл. Деньги не списаны; можно попробовать ещё раз.',
  acceptedCards: 'Принимаемые карты',
  autoAdvance: 'Когда это поле заполнено, фокус переходит к следующему.',
  emailRequired: 'Введите адрес электронной почты.',
  emailInvalid: 'Введите правильный адрес электронной почты, например name@example.com.',
  // Russian: 1 поле, 2–4 поля, 5–20 полей; 21 поле, 22 поля, …
  attention: (count: number) => {
    const [ten, hundred] = [count % 10, count % 100];
    const word =
      ten === 1 && hundred !== 11
        ? 'поле'
        : ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14)
          ? 'поля'
          : 'полей';
    return `Проверьте ${count} ${word}.`;
  },
  paidTitle: 'Оплата прошла',
  authorizedTitle: 'Платёж авторизован',
  resultAmount: 'Сумма',
  resultOrder: 'Номер заказа',
  cardSaved: 'Карта сохранена для следующих платежей.',
  savedTitle: 'Карта сохранена',
  verifiedTitle: 'Карта проверена',
  saved: 'Карта сохранена. Деньги не списаны.',
  verified: 'Карта проверена. Деньги не списаны.',
  nothingCharged: 'Деньги не списаны.',
};

export const page: PageWords = {
  payTo: 'Получатель платежа',
  order: 'Заказ',
  total: 'Итого',
  zero: 'Деньги не списываются: карта проверяется и сохраняется',
  testCard: (card: string) => `Песочница: используйте тестовую карту, например ${card}.`,
  bankTitle: 'Проверка 3-D Secure',
  confirmTitle: 'Подтвердите платёж',
  confirmLead: 'Ваш банк просит подтвердить этот платёж.',
  merchant: 'Продавец',
  card: 'Карта',
  date: 'Дата',
  approve: 'Подтвердить',
  fail: 'Отклонить',
  bankNote:
    'Тестовый банк: код не отправляется. «Подтвердить» подтверждает платёж, «Отклонить» отклоняет его.',
  doneTitle: 'Проверка 3-D Secure завершена',
  confirmed: 'Платёж подтверждён.',
  notConfirmed: 'Платёж не подтверждён.',
  orderStatus: 'Статус заказа:',
  closeWindow: 'Это окно можно закрыть.',
  connecting: 'Подключение к вашему банку…',
  toBank: 'Перейти в ваш банк',
  returning: 'Возвращаемся в магазин…',
  continue: 'Продолжить',
  alreadyDoneTitle: 'Уже выполнено',
  alreadyDone: 'Этот платёж уже подтверждён или отклонён.',
};
