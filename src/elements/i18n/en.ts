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
  numberInvalid: 'Enter a valid card number.',
  brandNotAccepted: 'This card brand is not accepted here.',
  expiryInvalid: 'Enter a valid expiry date (MM/YY).',
  expiryPast: 'The card has expired.',
  codeInvalid: 'Enter the {length}-digit security code.',
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
  consentOneClick: 'Save my card with {merchant} for faster checkout.',
  consentAutomatic: 'Let {merchant} save my card and charge it for payments I approve.',
  consentRecurring: 'Let {merchant} save my card and charge it for recurring payments.',
};

export type Catalog = { readonly [K in keyof typeof en]: string };
