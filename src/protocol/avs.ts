import type { Order } from './order.ts';

/**
 * What an AVS result means for a person: the gateway answers a code (mapped from the card network's
 * raw code) and its own description; the code table is not public, so these are the codes the card
 * networks share. Any other code is `unknown`, said with its description.
 */
export type AvsVerdict = 'match' | 'partial' | 'no_match' | 'not_supported' | 'not_checked' | 'unknown';

const VERDICTS: Readonly<Record<string, AvsVerdict>> = {
  Y: 'match',
  X: 'match',
  D: 'match',
  F: 'match',
  M: 'match',
  A: 'partial',
  B: 'partial',
  P: 'partial',
  W: 'partial',
  Z: 'partial',
  N: 'no_match',
  // The issuer does not take part in AVS (outside the US, Canada and the UK), or not for this card.
  G: 'not_supported',
  S: 'not_supported',
  I: 'not_supported',
  // Nothing to compare, or the issuer's system could not answer.
  U: 'not_checked',
  R: 'not_checked',
  E: 'not_checked',
};

/** The verdict in words, as the back office and the phone-order screen say it. */
export const AVS_WORDS: Readonly<Record<AvsVerdict, string>> = {
  match: 'Address checked: matches',
  partial: 'Address checked: matches in part',
  no_match: 'Address checked: does not match',
  not_supported: "Address not checked: this card's bank does not support it",
  not_checked: 'Address not checked: no address could be compared',
  unknown: 'Address check: result not known',
};

export interface AvsOutcome {
  verdict: AvsVerdict;
  /** `AVS_WORDS` of the verdict; for an unknown code, the gateway's own description after it. */
  words: string;
  /** The gateway's code and description, as they came. */
  code: string;
  description: string;
}

/** The order's AVS result in words; null when no AVS ran. */
export function avsOutcomeOf(order: Pick<Order, 'transaction_details'>): AvsOutcome | null {
  const result = order.transaction_details?.avs_result;
  if (!result) return null;
  const verdict = VERDICTS[result.code.trim().toUpperCase()] ?? 'unknown';
  const words = verdict === 'unknown' ? `${AVS_WORDS.unknown} (${result.description})` : AVS_WORDS[verdict];
  return { verdict, words, code: result.code, description: result.description };
}
