/**
 * English: the reference catalog. Its shape is the `Catalog` type every other language file must
 * fill. To add a text: add the key here, then to each language file (the type check lists the
 * files still missing it). `{name}` placeholders are filled by `format()`.
 */
export const en = {
  cardNumber: 'Card number',
  expiry: 'Expiry date',
  expiryPlaceholder: 'MM/YY',
  securityCode: 'Security code',
  cardholderName: 'Cardholder name',
  brandDetected: '{brand} card',
  numberRequired: 'Enter the card number.',
  numberIncomplete: 'The card number is incomplete.',
  numberInvalid: 'The card number is not valid.',
  brandNotAccepted: 'This card brand is not accepted here.',
  expiryRequired: 'Enter the expiry date.',
  expiryInvalid: 'Enter the expiry date as MM/YY.',
  expiryPast: 'The card has expired.',
  expiryTooFar: 'The expiry date is too far ahead.',
  codeRequired: 'Enter the {length}-digit security code.',
  nameRequired: 'Enter the name on the card.',
  firstName: 'First name',
  lastName: 'Last name',
  address: 'Address',
  city: 'City',
  postalCode: 'Postal code',
  country: 'Country',
  state: 'State',
  choose: 'Choose…',
  required: 'This field is required.',
  postalInvalid: 'Check the postal code.',
  consentOneClick: 'Save my card with {merchant} for faster payments later.',
  consentAutomatic: 'Let {merchant} save my card and charge it for future payments when I agree to them.',
  consentRecurring: 'Let {merchant} save my card and charge it automatically for recurring payments.',
  consentRequired: 'Tick the box to continue.',
};

export type Catalog = { readonly [K in keyof typeof en]: string };
