/**
 * English, the reference language: its texts' shape is the `Catalog` type every other language file
 * must fill. To add a text: add the key here, then to each file of this folder (the type check lists
 * the files still missing it). A text with values is a function of them, so a translation can place
 * and inflect them as its grammar needs, and the type check catches a missing or misnamed value.
 *
 * A language is one file of this folder, named by its code (`pl.ts`), exporting what `Language`
 * (`../language-file.ts`) asks: its code, its name in itself, its direction, the elements' texts
 * and the words of the sandbox's pages. Everything else that lists languages (the on-demand parts,
 * the isolated fields' pages, the sandbox) is derived from the files here.
 */
export const code = 'en';
export const name = 'English';
export const dir = 'ltr';

export const texts = {
  cardNumber: 'Card number',
  expiry: 'Expiry date',
  expiryPlaceholder: 'MM/YY',
  securityCode: 'Security code',
  cardholderName: 'Cardholder name',
  brandDetected: (brand: string) => `${brand} card`,
  numberInvalid: 'Enter a valid card number.',
  brandNotAccepted: 'This card brand is not accepted here.',
  expiryInvalid: 'Enter a valid expiry date (MM/YY).',
  expiryPast: 'The card has expired.',
  codeInvalid: (length: number) => `Enter the ${length}-digit security code.`,
  // the security code's hint: where the code is printed (American Express: on the front)
  codeBack: (length: number) => `${length} digits on the back`,
  codeFront: (length: number) => `${length} digits on the front`,
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
  zipCode: 'ZIP code',
  postcode: 'Postcode',
  postalExample: (example: string) => `Like ${example}`,
  charactersLeft: (count: number) => (count === 1 ? '1 character left' : `${count} characters left`),
  lengthLimit: (max: number) => `${max} characters at most`,
  tooLong: (max: number) => `Shorten this to ${max} characters at most.`,
  consentOneClick: (merchant: string) => `Save my card with ${merchant} for faster checkout.`,
  consentAutomatic: (merchant: string) =>
    `Let ${merchant} save my card and charge it for payments I approve.`,
  consentRecurring: (merchant: string) =>
    `Let ${merchant} save my card and charge it for recurring payments.`,
  // gateway-checkout
  pay: 'Pay',
  payAmount: (amount: string) => `Pay ${amount}`,
  saveCard: 'Save card',
  loading: 'Loading the checkout…',
  processing: 'Processing the payment…',
  challenge: 'Waiting for your bank to confirm the payment…',
  challengeTitle: 'Confirm the payment with your bank',
  verifying: 'Confirming the payment…',
  cancel: 'Cancel',
  paid: 'Payment successful. Thank you!',
  authorized: 'Payment authorized. The amount is reserved on your card.',
  declineFunds: 'The payment was declined: the card has insufficient funds. Try another card.',
  declineExpired: 'The payment was declined: the card has expired.',
  declineAuthentication: 'Your bank could not confirm the payment. No money was taken.',
  declineIssuer: 'Your bank declined the payment. Contact your bank or try another card.',
  declineOther: (reason: string) => `The payment was declined: ${reason}`,
  newPayment: 'New payment',
  tryAgain: 'Try again',
  checkStatus: 'Check payment status',
  email: 'E-mail',
  hostedTitle: 'Secure payment form',
  cardFrameTitle: 'Card details',
  fieldsUnavailable: 'The card fields could not be loaded.',
  errorSession: 'The payment could not be started. Check the details and try again.',
  errorRejected: 'The payment service did not accept the payment.',
  errorUnconfirmed: 'We could not confirm your payment yet. Do not pay again; we are checking.',
  errorCancelled:
    'You closed your bank’s check before it finished, so the payment is not complete. Nothing has been charged.',
  errorAmount: 'There is no amount to pay yet. Enter the amount first.',
  reopenChallenge: 'Reopen the bank’s check',
  errorFields: 'The shop could not accept some details. Check the marked fields.',
  fieldInvalid: 'Check this field.',
  // the merchant server's defences: too many attempts (429), a bot check refused (403)
  errorRateLimited: (minutes: number) =>
    `Too many attempts, try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  errorTooManyAttempts: 'Too many attempts, try again later.',
  errorVerification: 'The security check did not pass. Nothing was charged; please try again.',
  errorUntrustedGateway: 'The payment could not be sent securely. Nothing was sent.',
  errorRetry: 'The payment did not go through. No money was taken; you can try again.',
  // card entry: brand row, e-mail field, a failed Pay, the result panel
  acceptedCards: 'Accepted cards',
  // said once, as the customer first reaches the card number, where fields move on by themselves
  autoAdvance: 'Focus moves on when a field is complete.',
  emailRequired: 'Enter your e-mail address.',
  emailInvalid: 'Enter a valid e-mail address, like name@example.com.',
  attention: (count: number) =>
    count === 1 ? '1 field needs your attention.' : `${count} fields need your attention.`,
  paidTitle: 'Payment successful',
  authorizedTitle: 'Payment authorized',
  resultAmount: 'Amount',
  resultOrder: 'Order number',
  cardSaved: 'Your card is saved for future payments.',
  savedTitle: 'Card saved',
  verifiedTitle: 'Card verified',
  saved: 'Card saved. Nothing was charged.',
  verified: 'Card verified. Nothing was charged.',
  nothingCharged: 'Nothing was charged.',
};

type English = typeof texts;

/** Every text of the elements in one language: a string, or a function of the values it shows. */
export type Catalog = {
  readonly [K in keyof English]: English[K] extends (...values: infer V) => string
    ? (...values: V) => string
    : string;
};

/** The words of the sandbox's own pages (hosted checkout, the bank's 3-D Secure page) in English. */
export const page = {
  payTo: 'Payment to',
  order: 'Order',
  total: 'Total',
  zero: 'Nothing is charged: the card is checked and saved',
  testCard: (card: string) => `Sandbox: use a test card, e.g. ${card}.`,
  bankTitle: '3-D Secure check',
  confirmTitle: 'Confirm your payment',
  confirmLead: 'Your bank asks you to confirm this payment.',
  merchant: 'Merchant',
  card: 'Card',
  date: 'Date',
  approve: 'Approve',
  fail: 'Fail',
  bankNote: 'Sandbox issuer: no code is sent. Approve authenticates the payment, Fail declines it.',
  doneTitle: '3-D Secure check complete',
  confirmed: 'Payment confirmed.',
  notConfirmed: 'Payment not confirmed.',
  orderStatus: 'Order status:',
  closeWindow: 'You can close this window.',
  // The hand-off pages: the gateway's page on the way to the bank, the bank's on the way back.
  connecting: 'Connecting to your bank…',
  toBank: 'Continue to your bank',
  returning: 'Returning to the shop…',
  continue: 'Continue',
  alreadyDoneTitle: 'Already done',
  alreadyDone: 'This payment was already confirmed or declined.',
};

/** The sandbox's page words in one language (see `page`). */
export type PageWords = {
  readonly [K in keyof typeof page]: (typeof page)[K] extends (...values: infer V) => string
    ? (...values: V) => string
    : string;
};
