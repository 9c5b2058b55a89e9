// What the card is used for, as the merchant's server says it for this visit (its checkout config),
// and how the isolated fields say it to the customer: beside the card, and on the Pay button. Frame
// side only: the page's bundle never carries it. The page cannot word it: a script there that
// changes the visit's order gets fields that say what the order now does.
import type { CheckoutConfig, CheckoutSession, SaveOffer } from '../../protocol/session.ts';
import { terms as en } from './languages/en.ts';

/** What the order does with the card beyond charging the amount shown. */
export interface Terms {
  /** Null while the merchant's server names no amount yet. */
  readonly amount: number | null;
  readonly currency: string;
  readonly merchant: string;
  readonly twoStep: boolean;
  readonly save: SaveOffer | null;
  readonly moto: boolean;
}

/** The terms of a config as the session endpoint answered it; null for an answer of another shape. */
export function termsOf(config: CheckoutConfig): Terms | null {
  const c = config as Partial<CheckoutConfig> | null;
  if (
    typeof c !== 'object' ||
    c === null ||
    !(c.amount === null || (typeof c.amount === 'number' && c.amount >= 0)) ||
    typeof c.currency !== 'string' ||
    !/^[A-Za-z]{3}$/.test(c.currency) ||
    typeof c.merchant_name !== 'string' ||
    typeof c.moto !== 'boolean' ||
    !(c.save === null || (typeof c.save === 'object' && Object.hasOwn(en.save, String(c.save?.method))))
  )
    return null;
  return {
    amount: config.amount,
    currency: config.currency,
    merchant: config.save?.merchant_name || config.merchant_name,
    twoStep: config.two_step === true,
    save: config.save,
    moto: config.moto,
  };
}

/**
 * Whether the order the merchant's server made is the use of the card the fields showed: the same
 * amount and currency, hold, saving and MOTO. Otherwise the fields pay nothing and show the new terms.
 */
export function sessionAgrees(terms: Terms, session: CheckoutSession): boolean {
  return (
    (terms.amount === null || Math.round(terms.amount * 100) === Math.round(session.amount * 100)) &&
    terms.currency.toUpperCase() === session.currency.toUpperCase() &&
    terms.twoStep === (session.two_step === true) &&
    (terms.save?.method ?? null) === (session.save?.method ?? null) &&
    terms.moto === session.moto
  );
}

/** Whether two readings of the terms say the same to the customer. */
export function sameTerms(a: Terms, b: Terms): boolean {
  return (
    a.amount === b.amount &&
    a.currency === b.currency &&
    a.merchant === b.merchant &&
    a.twoStep === b.twoStep &&
    a.moto === b.moto &&
    JSON.stringify(a.save) === JSON.stringify(b.save)
  );
}

/** The consent box the fields show: for a saving the customer agrees to (not the merchant's own). */
export const consentAsked = (terms: Terms): boolean => !!terms.save && terms.save.method !== 'merchant';

/** The fields' own texts in one language: one file each in ./languages/, named by its code. */
export interface TermsWords {
  pay: (amount: string) => string;
  reserve: (amount: string) => string;
  saveCard: string;
  hold: (amount: string) => string;
  save: Record<SaveOffer['method'], (merchant: string) => string>;
  nothingNow: string;
}

// English is always here. A fields page is built per language (scripts/build.mjs): it brings that
// language's texts in a script of its own, which registers them before the fields show (see
// page-language.ts); a language not registered reads English.
const words = new Map<string, TermsWords>([['en', en]]);

/** A tag's language: "pl-PL" → "pl"; Norwegian ("no") is written in our Bokmål ("nb"), as the elements'. */
const languageOf = (tag: string): string => {
  const code = tag.slice(0, 2).toLowerCase();
  return code === 'no' ? 'nb' : code;
};

/** Adds the terms' texts of a language (two letters, e.g. "pl"). */
export function registerTermsWords(language: string, texts: TermsWords): void {
  words.set(languageOf(language), texts);
}

const wordsFor = (language: string): TermsWords => words.get(languageOf(language)) ?? en;

const money = (terms: Terms, language: string): string =>
  new Intl.NumberFormat(language, { style: 'currency', currency: terms.currency }).format(terms.amount ?? 0);

/** Zero amount: the card is only checked (and saved); nothing is charged. */
const nothingCharged = (terms: Terms): boolean => terms.amount === 0;

/** What a press on Pay does, as its label says: "Pay €32.25", "Reserve €32.25", "Save card". */
export function payLabel(terms: Terms, language: string): string | null {
  const w = wordsFor(language);
  if (nothingCharged(terms)) return w.saveCard;
  // No amount yet (a phone order before it is keyed): the page's own word stands.
  if (terms.amount === null) return null;
  return (terms.twoStep ? w.reserve : w.pay)(money(terms, language));
}

/** Everything the order does beyond charging the amount, in sentences; empty when it does nothing more. */
export function termsNotes(terms: Terms, language: string): string[] {
  const w = wordsFor(language);
  const notes: string[] = [];
  if (terms.twoStep && terms.amount !== null && !nothingCharged(terms))
    notes.push(w.hold(money(terms, language)));
  if (terms.save) notes.push(w.save[terms.save.method](terms.merchant));
  if (nothingCharged(terms)) notes.push(w.nothingNow);
  return notes;
}
