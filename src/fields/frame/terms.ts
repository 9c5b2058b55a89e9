// What the card is used for, as the merchant's server says it for this visit (its checkout config),
// and how the isolated fields say it to the customer: beside the card, and on the Pay button. Frame
// side only: the page's bundle never carries it. The page cannot word it: a script there that
// changes the visit's order gets fields that say what the order now does.
import type { CheckoutConfig, CheckoutSession, SaveOffer } from '../../protocol/session.ts';

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
    !(
      c.save === null ||
      (typeof c.save === 'object' && Object.hasOwn(WORDS.en!.save, String(c.save?.method)))
    )
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

interface Words {
  pay: (amount: string) => string;
  reserve: (amount: string) => string;
  saveCard: string;
  hold: (amount: string) => string;
  save: Record<SaveOffer['method'], (merchant: string) => string>;
  nothingNow: string;
}

// The languages the fields ship; any other tag reads English.
const WORDS: Record<string, Words> = {
  en: {
    pay: (a) => `Pay ${a}`,
    reserve: (a) => `Reserve ${a}`,
    saveCard: 'Save card',
    hold: (a) => `${a} will be reserved now and charged when your order ships.`,
    save: {
      'one-click': (m) => `Your card will be saved for one-click payments at ${m}.`,
      automatic: (m) => `Your card will be saved at ${m} for payments you approve.`,
      recurring: (m) => `Your card will be saved at ${m} for recurring payments.`,
      merchant: (m) => `Your card will be saved at ${m} for future payments.`,
    },
    nothingNow: 'Nothing is charged now.',
  },
  de: {
    pay: (a) => `${a} bezahlen`,
    reserve: (a) => `${a} reservieren`,
    saveCard: 'Karte speichern',
    hold: (a) => `${a} werden jetzt reserviert und beim Versand Ihrer Bestellung abgebucht.`,
    save: {
      'one-click': (m) => `Ihre Karte wird bei ${m} für Zahlungen mit einem Klick gespeichert.`,
      automatic: (m) => `Ihre Karte wird bei ${m} für Zahlungen gespeichert, die Sie genehmigen.`,
      recurring: (m) => `Ihre Karte wird bei ${m} für wiederkehrende Zahlungen gespeichert.`,
      merchant: (m) => `Ihre Karte wird bei ${m} für künftige Zahlungen gespeichert.`,
    },
    nothingNow: 'Jetzt wird nichts abgebucht.',
  },
  fr: {
    pay: (a) => `Payer ${a}`,
    reserve: (a) => `Réserver ${a}`,
    saveCard: 'Enregistrer la carte',
    hold: (a) => `${a} seront réservés maintenant et débités à l’expédition de votre commande.`,
    save: {
      'one-click': (m) => `Votre carte sera enregistrée chez ${m} pour les paiements en un clic.`,
      automatic: (m) => `Votre carte sera enregistrée chez ${m} pour les paiements que vous approuvez.`,
      recurring: (m) => `Votre carte sera enregistrée chez ${m} pour les paiements récurrents.`,
      merchant: (m) => `Votre carte sera enregistrée chez ${m} pour de futurs paiements.`,
    },
    nothingNow: 'Rien n’est débité maintenant.',
  },
  es: {
    pay: (a) => `Pagar ${a}`,
    reserve: (a) => `Reservar ${a}`,
    saveCard: 'Guardar tarjeta',
    hold: (a) => `Se reservarán ${a} ahora y se cobrarán cuando se envíe tu pedido.`,
    save: {
      'one-click': (m) => `Tu tarjeta se guardará en ${m} para pagos con un clic.`,
      automatic: (m) => `Tu tarjeta se guardará en ${m} para los pagos que apruebes.`,
      recurring: (m) => `Tu tarjeta se guardará en ${m} para pagos recurrentes.`,
      merchant: (m) => `Tu tarjeta se guardará en ${m} para pagos futuros.`,
    },
    nothingNow: 'Ahora no se cobra nada.',
  },
  lv: {
    pay: (a) => `Maksāt ${a}`,
    reserve: (a) => `Rezervēt ${a}`,
    saveCard: 'Saglabāt karti',
    hold: (a) => `${a} tiks rezervēti tagad un iekasēti, kad pasūtījums tiks nosūtīts.`,
    save: {
      'one-click': (m) => `Jūsu karte tiks saglabāta veikalā ${m} maksājumiem ar vienu klikšķi.`,
      automatic: (m) => `Jūsu karte tiks saglabāta veikalā ${m} jūsu apstiprinātiem maksājumiem.`,
      recurring: (m) => `Jūsu karte tiks saglabāta veikalā ${m} regulāriem maksājumiem.`,
      merchant: (m) => `Jūsu karte tiks saglabāta veikalā ${m} turpmākiem maksājumiem.`,
    },
    nothingNow: 'Tagad nekas netiek iekasēts.',
  },
  ru: {
    pay: (a) => `Оплатить ${a}`,
    reserve: (a) => `Зарезервировать ${a}`,
    saveCard: 'Сохранить карту',
    hold: (a) => `${a} будут зарезервированы сейчас и списаны при отправке заказа.`,
    save: {
      'one-click': (m) => `Ваша карта будет сохранена в ${m} для оплаты в один клик.`,
      automatic: (m) => `Ваша карта будет сохранена в ${m} для платежей, которые вы одобрите.`,
      recurring: (m) => `Ваша карта будет сохранена в ${m} для регулярных платежей.`,
      merchant: (m) => `Ваша карта будет сохранена в ${m} для будущих платежей.`,
    },
    nothingNow: 'Сейчас ничего не списывается.',
  },
};

const wordsFor = (language: string): Words => WORDS[language.slice(0, 2).toLowerCase()] ?? WORDS.en!;

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
