import type { Catalog, PageWords } from '../language-file.ts';
import { plural } from '../plural.ts';

export const code = 'el';
export const name = 'Ελληνικά';
export const dir = 'ltr';

const n = plural(code);

export const texts: Catalog = {
  cardNumber: 'Αριθμός κάρτας',
  expiry: 'Ημερομηνία λήξης',
  expiryPlaceholder: 'ΜΜ/ΕΕ',
  securityCode: 'Κωδικός ασφαλείας',
  cardholderName: 'Όνομα κατόχου κάρτας',
  brandDetected: (brand: string) => `Κάρτα ${brand}`,
  numberInvalid: 'Εισαγάγετε έγκυρο αριθμό κάρτας.',
  brandNotAccepted: 'Κάρτες αυτού του δικτύου δεν γίνονται δεκτές εδώ.',
  expiryInvalid: 'Εισαγάγετε έγκυρη ημερομηνία λήξης (ΜΜ/ΕΕ).',
  expiryPast: 'Η κάρτα έχει λήξει.',
  codeInvalid: (length: number) => `Εισαγάγετε τον ${length}ψήφιο κωδικό ασφαλείας.`,
  codeBack: (length: number) => `${length} ψηφία στην πίσω όψη`,
  codeFront: (length: number) => `${length} ψηφία στην μπροστινή όψη`,
  firstName: 'Όνομα',
  lastName: 'Επώνυμο',
  address: 'Διεύθυνση',
  city: 'Πόλη',
  postalCode: 'Ταχυδρομικός κώδικας',
  country: 'Χώρα',
  state: 'Πολιτεία',
  choose: 'Επιλέξτε…',
  required: 'Αυτό το πεδίο είναι υποχρεωτικό.',
  postalInvalid: 'Ελέγξτε τον ταχυδρομικό κώδικα.',
  zipCode: 'Κωδικός ZIP',
  postcode: 'Ταχυδρομικός κώδικας',
  postalExample: (example: string) => `Π.χ. ${example}`,
  charactersLeft: (count: number) =>
    n(count, { one: 'Απομένει # χαρακτήρας', other: 'Απομένουν # χαρακτήρες' }),
  lengthLimit: (max: number) => n(max, { one: 'Έως # χαρακτήρας', other: 'Έως # χαρακτήρες' }),
  tooLong: (max: number) =>
    n(max, { one: 'Συντομεύστε σε # χαρακτήρα το πολύ.', other: 'Συντομεύστε σε # χαρακτήρες το πολύ.' }),
  consentOneClick: (merchant: string) => `Αποθήκευση της κάρτας μου στο ${merchant} για ταχύτερες πληρωμές.`,
  consentAutomatic: (merchant: string) =>
    `Επιτρέπω στο ${merchant} να αποθηκεύσει την κάρτα μου και να τη χρεώνει για πληρωμές που εγκρίνω.`,
  consentRecurring: (merchant: string) =>
    `Επιτρέπω στο ${merchant} να αποθηκεύσει την κάρτα μου και να τη χρεώνει για επαναλαμβανόμενες πληρωμές.`,
  // gateway-checkout
  pay: 'Πληρωμή',
  payAmount: (amount: string) => `Πληρωμή ${amount}`,
  saveCard: 'Αποθήκευση κάρτας',
  loading: 'Φόρτωση της φόρμας πληρωμής…',
  processing: 'Επεξεργασία της πληρωμής…',
  challenge: 'Αναμονή για επιβεβαίωση της πληρωμής από την τράπεζά σας…',
  challengeTitle: 'Επιβεβαιώστε την πληρωμή στην τράπεζά σας',
  verifying: 'Επιβεβαίωση της πληρωμής…',
  cancel: 'Ακύρωση',
  paid: 'Η πληρωμή ολοκληρώθηκε. Ευχαριστούμε!',
  authorized: 'Η πληρωμή εγκρίθηκε. Το ποσό έχει δεσμευτεί στην κάρτα σας.',
  declineFunds: 'Η πληρωμή απορρίφθηκε: ανεπαρκές υπόλοιπο στην κάρτα. Δοκιμάστε άλλη κάρτα.',
  declineExpired: 'Η πληρωμή απορρίφθηκε: η κάρτα έχει λήξει.',
  declineAuthentication: 'Η τράπεζά σας δεν μπόρεσε να επιβεβαιώσει την πληρωμή. Δεν χρεώθηκαν χρήματα.',
  declineIssuer: 'Η τράπεζά σας απέρριψε την πληρωμή. Επικοινωνήστε με την τράπεζα ή δοκιμάστε άλλη κάρτα.',
  declineOther: (reason: string) => `Η πληρωμή απορρίφθηκε: ${reason}`,
  newPayment: 'Νέα πληρωμή',
  tryAgain: 'Δοκιμάστε ξανά',
  checkStatus: 'Έλεγχος κατάστασης πληρωμής',
  email: 'Email',
  hostedTitle: 'Ασφαλής φόρμα πληρωμής',
  cardFrameTitle: 'Στοιχεία κάρτας',
  fieldsUnavailable: 'Δεν ήταν δυνατή η φόρτωση των πεδίων της κάρτας.',
  errorSession: 'Δεν ήταν δυνατή η έναρξη της πληρωμής. Ελέγξτε τα στοιχεία και δοκιμάστε ξανά.',
  errorRejected: 'Η υπηρεσία πληρωμών δεν αποδέχτηκε την πληρωμή.',
  errorUnconfirmed:
    'Δεν μπορέσαμε ακόμη να επιβεβαιώσουμε την πληρωμή σας. Μην πληρώσετε ξανά· το ελέγχουμε.',
  errorCancelled:
    'Κλείσατε τον έλεγχο της τράπεζας πριν ολοκληρωθεί, οπότε η πληρωμή δεν ολοκληρώθηκε. Δεν χρεώθηκε τίποτα.',
  errorAmount: 'Δεν υπάρχει ακόμη ποσό πληρωμής. Εισαγάγετε πρώτα το ποσό.',
  reopenChallenge: 'Άνοιγμα ξανά του ελέγχου της τράπεζας',
  errorFields: 'Το κατάστημα δεν μπόρεσε να δεχτεί ορισμένα στοιχεία. Ελέγξτε τα επισημασμένα πεδία.',
  fieldInvalid: 'Ελέγξτε αυτό το πεδίο.',
  errorRateLimited: (minutes: number) =>
    n(minutes, {
      one: 'Πάρα πολλές προσπάθειες, δοκιμάστε ξανά σε # λεπτό.',
      other: 'Πάρα πολλές προσπάθειες, δοκιμάστε ξανά σε # λεπτά.',
    }),
  errorTooManyAttempts: 'Πάρα πολλές προσπάθειες, δοκιμάστε ξανά αργότερα.',
  errorVerification: 'Ο έλεγχος ασφαλείας απέτυχε. Δεν χρεώθηκε τίποτα· δοκιμάστε ξανά.',
  errorUntrustedGateway: 'Δεν ήταν δυνατή η ασφαλής αποστολή της πληρωμής. Δεν στάλθηκε τίποτα.',
  errorRetry: 'Η πληρωμή δεν πραγματοποιήθηκε. Δεν χρεώθηκαν χρήματα· μπορείτε να δοκιμάσετε ξανά.',
  acceptedCards: 'Κάρτες που γίνονται δεκτές',
  autoAdvance: 'Όταν συμπληρωθεί αυτό το πεδίο, ο κέρσορας μεταβαίνει στο επόμενο.',
  emailRequired: 'Εισαγάγετε τη διεύθυνση email σας.',
  emailInvalid: 'Εισαγάγετε έγκυρη διεύθυνση email, π.χ. onoma@example.com.',
  attention: (count: number) =>
    n(count, { one: '# πεδίο χρειάζεται διόρθωση.', other: '# πεδία χρειάζονται διόρθωση.' }),
  paidTitle: 'Η πληρωμή ολοκληρώθηκε',
  authorizedTitle: 'Η πληρωμή εγκρίθηκε',
  resultAmount: 'Ποσό',
  resultOrder: 'Αριθμός παραγγελίας',
  cardSaved: 'Η κάρτα σας αποθηκεύτηκε για μελλοντικές πληρωμές.',
  savedTitle: 'Η κάρτα αποθηκεύτηκε',
  verifiedTitle: 'Η κάρτα επαληθεύτηκε',
  saved: 'Η κάρτα αποθηκεύτηκε. Δεν χρεώθηκε τίποτα.',
  verified: 'Η κάρτα επαληθεύτηκε. Δεν χρεώθηκε τίποτα.',
  nothingCharged: 'Δεν χρεώθηκε τίποτα.',
};

export const page: PageWords = {
  payTo: 'Πληρωμή προς',
  order: 'Παραγγελία',
  total: 'Σύνολο',
  zero: 'Δεν χρεώνεται τίποτα: η κάρτα ελέγχεται και αποθηκεύεται',
  testCard: (card: string) => `Δοκιμαστικό περιβάλλον: χρησιμοποιήστε μια δοκιμαστική κάρτα, π.χ. ${card}.`,
  bankTitle: 'Έλεγχος 3-D Secure',
  confirmTitle: 'Επιβεβαιώστε την πληρωμή σας',
  confirmLead: 'Η τράπεζά σας σας ζητά να επιβεβαιώσετε αυτή την πληρωμή.',
  merchant: 'Έμπορος',
  card: 'Κάρτα',
  date: 'Ημερομηνία',
  approve: 'Έγκριση',
  fail: 'Απόρριψη',
  bankNote:
    'Δοκιμαστική τράπεζα: δεν αποστέλλεται κωδικός. Η «Έγκριση» ταυτοποιεί την πληρωμή, η «Απόρριψη» την απορρίπτει.',
  doneTitle: 'Ο έλεγχος 3-D Secure ολοκληρώθηκε',
  confirmed: 'Η πληρωμή επιβεβαιώθηκε.',
  notConfirmed: 'Η πληρωμή δεν επιβεβαιώθηκε.',
  orderStatus: 'Κατάσταση παραγγελίας:',
  closeWindow: 'Μπορείτε να κλείσετε αυτό το παράθυρο.',
};
