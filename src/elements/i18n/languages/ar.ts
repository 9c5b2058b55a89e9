import type { Catalog, PageWords } from '../language-file.ts';
import { plural } from '../plural.ts';

// Modern Standard Arabic, right to left. A value from outside (a brand, an amount, a shop's name, a
// bank's reason) is set in first-strong isolates (U+2068 … U+2069), so its own direction never
// reorders the sentence around it.
export const code = 'ar';
export const name = 'العربية';
export const dir = 'rtl';

const n = plural(code);
const v = (value: string) => `\u2068${value}\u2069`;

export const texts: Catalog = {
  cardNumber: 'رقم البطاقة',
  expiry: 'تاريخ الانتهاء',
  expiryPlaceholder: 'شهر/سنة',
  securityCode: 'رمز الأمان',
  cardholderName: 'اسم حامل البطاقة',
  brandDetected: (brand: string) => `بطاقة ${v(brand)}`,
  numberInvalid: 'أدخل رقم بطاقة صالحًا.',
  brandNotAccepted: 'هذا النوع من البطاقات غير مقبول هنا.',
  expiryInvalid: 'أدخل تاريخ انتهاء صالحًا (شهر/سنة).',
  expiryPast: 'انتهت صلاحية البطاقة.',
  codeInvalid: (length: number) =>
    n(length, {
      few: 'أدخل رمز الأمان المكوّن من # أرقام.',
      other: 'أدخل رمز الأمان المكوّن من # رقمًا.',
    }),
  codeBack: (length: number) =>
    n(length, { few: '# أرقام على ظهر البطاقة', other: '# رقمًا على ظهر البطاقة' }),
  codeFront: (length: number) =>
    n(length, { few: '# أرقام على وجه البطاقة', other: '# رقمًا على وجه البطاقة' }),
  firstName: 'الاسم الأول',
  lastName: 'اسم العائلة',
  address: 'العنوان',
  city: 'المدينة',
  postalCode: 'الرمز البريدي',
  country: 'الدولة',
  state: 'الولاية',
  choose: 'اختر…',
  required: 'هذا الحقل مطلوب.',
  postalInvalid: 'تحقق من الرمز البريدي.',
  zipCode: 'الرمز البريدي (ZIP)',
  postcode: 'الرمز البريدي',
  postalExample: (example: string) => `مثل ${v(example)}`,
  charactersLeft: (count: number) =>
    n(count, {
      zero: 'لم يتبقَّ أي حرف (#)',
      one: 'تبقّى حرف واحد (#)',
      two: 'تبقّى حرفان (#)',
      few: 'تبقّت # أحرف',
      many: 'تبقّى # حرفًا',
      other: 'تبقّى # حرف',
    }),
  lengthLimit: (max: number) =>
    n(max, {
      zero: '# حرف كحدّ أقصى',
      one: 'حرف واحد (#) كحدّ أقصى',
      two: 'حرفان (#) كحدّ أقصى',
      few: '# أحرف كحدّ أقصى',
      many: '# حرفًا كحدّ أقصى',
      other: '# حرف كحدّ أقصى',
    }),
  tooLong: (max: number) =>
    n(max, {
      zero: 'اختصر النص إلى # حرف على الأكثر.',
      one: 'اختصر النص إلى حرف واحد (#) على الأكثر.',
      two: 'اختصر النص إلى حرفين (#) على الأكثر.',
      few: 'اختصر النص إلى # أحرف على الأكثر.',
      many: 'اختصر النص إلى # حرفًا على الأكثر.',
      other: 'اختصر النص إلى # حرف على الأكثر.',
    }),
  consentOneClick: (merchant: string) => `احفظ بطاقتي لدى ${v(merchant)} لدفع أسرع.`,
  consentAutomatic: (merchant: string) =>
    `أسمح لـ ${v(merchant)} بحفظ بطاقتي وتحصيل المدفوعات التي أوافق عليها منها.`,
  consentRecurring: (merchant: string) =>
    `أسمح لـ ${v(merchant)} بحفظ بطاقتي وتحصيل المدفوعات المتكررة منها.`,
  // gateway-checkout
  pay: 'ادفع',
  payAmount: (amount: string) => `ادفع ${v(amount)}`,
  saveCard: 'احفظ البطاقة',
  loading: 'جارٍ تحميل نموذج الدفع…',
  processing: 'جارٍ معالجة الدفع…',
  challenge: 'بانتظار تأكيد مصرفك للدفع…',
  challengeTitle: 'أكّد الدفع لدى مصرفك',
  verifying: 'جارٍ تأكيد الدفع…',
  cancel: 'إلغاء',
  paid: 'تمّ الدفع بنجاح. شكرًا لك!',
  authorized: 'تمّ تفويض الدفع. المبلغ محجوز على بطاقتك.',
  declineFunds: 'رُفض الدفع: الرصيد في البطاقة غير كافٍ. جرّب بطاقة أخرى.',
  declineExpired: 'رُفض الدفع: انتهت صلاحية البطاقة.',
  declineAuthentication: 'تعذّر على مصرفك تأكيد الدفع. لم يُخصم أي مبلغ.',
  declineIssuer: 'رفض مصرفك الدفع. تواصل مع مصرفك أو جرّب بطاقة أخرى.',
  declineOther: (reason: string) => `رُفض الدفع: ${v(reason)}`,
  newPayment: 'دفعة جديدة',
  tryAgain: 'حاول مرة أخرى',
  checkStatus: 'تحقّق من حالة الدفع',
  email: 'البريد الإلكتروني',
  hostedTitle: 'نموذج دفع آمن',
  cardFrameTitle: 'بيانات البطاقة',
  fieldsUnavailable: 'تعذّر تحميل حقول البطاقة.',
  errorSession: 'تعذّر بدء الدفع. تحقّق من البيانات وحاول مرة أخرى.',
  errorRejected: 'لم تقبل خدمة الدفع عملية الدفع.',
  errorUnconfirmed: 'لم نتمكّن من تأكيد دفعتك بعد. لا تدفع مرة أخرى؛ نحن نتحقّق من ذلك.',
  errorCancelled: 'أغلقت تحقّق مصرفك قبل أن ينتهي، لذا لم يكتمل الدفع. لم يُخصم أي مبلغ.',
  errorAmount: 'لا يوجد مبلغ للدفع بعد. أدخل المبلغ أولًا.',
  reopenChallenge: 'أعد فتح تحقّق المصرف',
  errorFields: 'تعذّر على المتجر قبول بعض البيانات. تحقّق من الحقول المحدّدة.',
  fieldInvalid: 'تحقّق من هذا الحقل.',
  errorRateLimited: (minutes: number) =>
    n(minutes, {
      zero: 'محاولات كثيرة جدًا، حاول مرة أخرى بعد # دقيقة.',
      one: 'محاولات كثيرة جدًا، حاول مرة أخرى بعد دقيقة واحدة (#).',
      two: 'محاولات كثيرة جدًا، حاول مرة أخرى بعد دقيقتين (#).',
      few: 'محاولات كثيرة جدًا، حاول مرة أخرى بعد # دقائق.',
      many: 'محاولات كثيرة جدًا، حاول مرة أخرى بعد # دقيقة.',
      other: 'محاولات كثيرة جدًا، حاول مرة أخرى بعد # دقيقة.',
    }),
  errorTooManyAttempts: 'محاولات كثيرة جدًا، حاول مرة أخرى لاحقًا.',
  errorVerification: 'لم ينجح التحقّق الأمني. لم يُخصم أي مبلغ؛ حاول مرة أخرى.',
  errorUntrustedGateway: 'تعذّر إرسال الدفع بأمان. لم يُرسل أي شيء.',
  errorRetry: 'لم يتمّ الدفع. لم يُخصم أي مبلغ؛ يمكنك المحاولة مرة أخرى.',
  acceptedCards: 'البطاقات المقبولة',
  autoAdvance: 'عند اكتمال هذا الحقل، ينتقل المؤشر إلى الحقل التالي.',
  emailRequired: 'أدخل عنوان بريدك الإلكتروني.',
  emailInvalid: 'أدخل عنوان بريد إلكتروني صالحًا، مثل name@example.com.',
  attention: (count: number) =>
    n(count, {
      zero: 'لا حقول تحتاج إلى انتباهك (#).',
      one: 'حقل واحد (#) يحتاج إلى انتباهك.',
      two: 'حقلان (#) يحتاجان إلى انتباهك.',
      few: '# حقول تحتاج إلى انتباهك.',
      many: '# حقلًا تحتاج إلى انتباهك.',
      other: '# حقل تحتاج إلى انتباهك.',
    }),
  paidTitle: 'تمّ الدفع بنجاح',
  authorizedTitle: 'تمّ تفويض الدفع',
  resultAmount: 'المبلغ',
  resultOrder: 'رقم الطلب',
  cardSaved: 'حُفظت بطاقتك للمدفوعات المستقبلية.',
  savedTitle: 'حُفظت البطاقة',
  verifiedTitle: 'تمّ التحقّق من البطاقة',
  saved: 'حُفظت البطاقة. لم يُخصم أي مبلغ.',
  verified: 'تمّ التحقّق من البطاقة. لم يُخصم أي مبلغ.',
  nothingCharged: 'لم يُخصم أي مبلغ.',
};

export const page: PageWords = {
  payTo: 'الدفع إلى',
  order: 'الطلب',
  total: 'الإجمالي',
  zero: 'لن يُخصم أي مبلغ: سيتم التحقّق من البطاقة وحفظها',
  testCard: (card: string) => `بيئة الاختبار: استخدم بطاقة اختبار، مثل ${v(card)}.`,
  bankTitle: 'تحقّق 3-D Secure',
  confirmTitle: 'أكّد دفعتك',
  confirmLead: 'يطلب منك مصرفك تأكيد هذه الدفعة.',
  merchant: 'التاجر',
  card: 'البطاقة',
  date: 'التاريخ',
  approve: 'موافقة',
  fail: 'رفض',
  bankNote: 'مصرف اختبار: لا يُرسل أي رمز. «موافقة» يوثّق الدفع، و«رفض» يرفضه.',
  doneTitle: 'اكتمل تحقّق 3-D Secure',
  confirmed: 'تمّ تأكيد الدفع.',
  notConfirmed: 'لم يتمّ تأكيد الدفع.',
  orderStatus: 'حالة الطلب:',
  closeWindow: 'يمكنك إغلاق هذه النافذة.',
  connecting: 'جارٍ الاتصال بمصرفك…',
  toBank: 'المتابعة إلى مصرفك',
  returning: 'جارٍ العودة إلى المتجر…',
  continue: 'متابعة',
  alreadyDoneTitle: 'تمّ بالفعل',
  alreadyDone: 'تمّ تأكيد هذا الدفع أو رفضه بالفعل.',
};
