/**
 * What the isolated Pay button says when it took a real press it could not count: the button had
 * just appeared, changed size or moved under the pointer (an attack looks the same). The customer
 * is asked to press again; the page's code is not asked for the words, so a page cannot put others
 * on a button of the fields' origin. Every language of the elements has its line.
 */
const PRESS_AGAIN: Readonly<Record<string, string>> = {
  en: 'Press again to pay',
  ar: 'اضغط مرة أخرى للدفع',
  bg: 'Натиснете отново, за да платите',
  cs: 'Pro zaplacení stiskněte znovu',
  da: 'Tryk igen for at betale',
  de: 'Zum Bezahlen erneut drücken',
  el: 'Πατήστε ξανά για πληρωμή',
  es: 'Pulse de nuevo para pagar',
  et: 'Maksmiseks vajutage uuesti',
  fi: 'Maksa painamalla uudelleen',
  fr: 'Appuyez à nouveau pour payer',
  ga: 'Brúigh arís chun íoc',
  he: 'לחצו שוב כדי לשלם',
  hr: 'Pritisnite ponovno za plaćanje',
  hu: 'A fizetéshez nyomja meg újra',
  it: 'Premi di nuovo per pagare',
  lt: 'Paspauskite dar kartą, kad sumokėtumėte',
  lv: 'Nospiediet vēlreiz, lai samaksātu',
  mt: 'Agħfas mill-ġdid biex tħallas',
  nb: 'Trykk igjen for å betale',
  nl: 'Druk nogmaals om te betalen',
  pl: 'Naciśnij ponownie, aby zapłacić',
  pt: 'Clique novamente para pagar',
  ro: 'Apăsați din nou pentru a plăti',
  ru: 'Нажмите ещё раз, чтобы оплатить',
  sk: 'Na zaplatenie stlačte znova',
  sl: 'Za plačilo pritisnite znova',
  sv: 'Tryck igen för att betala',
  tr: 'Ödemek için tekrar basın',
  uk: 'Натисніть ще раз, щоб оплатити',
};

/** The line in `language` (a BCP 47 tag: its first subtag counts), English where there is none. */
export const pressAgain = (language: string): string =>
  PRESS_AGAIN[language.split('-')[0]!.toLowerCase()] ?? PRESS_AGAIN.en!;

/** The languages that have a line, for the test that every language of the elements has one. */
export const pressAgainLanguages = (): string[] => Object.keys(PRESS_AGAIN);
