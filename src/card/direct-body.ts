import type { DirectPaymentBody } from '../protocol/direct-payment.ts';
import type { AvsMode } from '../protocol/session.ts';
import { onlyDigits } from './format.ts';

/** A complete, valid card as the card form hands it to the checkout element. Never serialised elsewhere. */
export interface CardInput {
  /** Digits only. */
  readonly number: string;
  /** 1 to 12. */
  readonly expMonth: number;
  /** Two digits, 0 to 99. */
  readonly expYear: number;
  /** Absent for MOTO. */
  readonly csc?: string;
  readonly cardholderName?: string;
}

export interface DirectBodyOptions {
  /** `custom` adds `avs: true`; the address itself travels on the order, not in this body. */
  readonly avs?: AvsMode;
  /** The merchant saves the method itself (`saved_by_merchant`). */
  readonly savedByMerchant?: boolean;
  /** Mail or telephone order: the body carries no security code. */
  readonly moto?: boolean;
}

/** The body for the order's api_do_url. */
export function buildDirectPaymentBody(card: CardInput, options: DirectBodyOptions = {}): DirectPaymentBody {
  const body: DirectPaymentBody = {
    card_number: onlyDigits(card.number),
    exp_month: Math.trunc(card.expMonth),
    exp_year: Math.trunc(card.expYear) % 100,
  };
  const name = card.cardholderName?.trim();
  if (name) body.cardholder_name = name;
  if (!options.moto && card.csc) body.csc = card.csc;
  if (options.savedByMerchant) body.saved_by_merchant = true;
  if (options.avs === 'custom') body.avs = true;
  return body;
}
