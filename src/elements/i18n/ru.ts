import type { Catalog } from './en.ts';

export const ru: Catalog = {
  cardNumber: 'Номер карты',
  expiry: 'Срок действия',
  expiryPlaceholder: 'ММ/ГГ',
  securityCode: 'Код безопасности',
  cardholderName: 'Имя владельца карты',
  brandDetected: 'Карта {brand}',
  numberInvalid: 'Введите верный номер карты.',
  brandNotAccepted: 'Карты этой платёжной системы здесь не принимаются.',
  expiryInvalid: 'Введите верный срок (ММ/ГГ).',
  expiryPast: 'Срок действия карты истёк.',
  codeInvalid: 'Введите {length}-значный код безопасности.',
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
  consentOneClick: 'Сохранить карту у {merchant} для быстрой оплаты.',
  consentAutomatic:
    'Разрешить {merchant} сохранить мою карту и списывать с неё платежи, на которые я соглашусь.',
  consentRecurring: 'Разрешить {merchant} сохранить карту для регулярных платежей.',
};
