import { cardState } from '../../elements/card-form/card-access.ts';
import type { GatewayCardForm } from '../../elements/card-form/card-form.ts';
import { STATE } from '../shared/message-names.ts';
import type { FieldsState } from '../shared/messages.ts';
import type { ParentLink } from './frame-bridge.ts';

// What the merchant's page hears of the card typed in the fields: its state, never a digit of it,
// and only when something it may know changed.

/** The card's state as the page may know it. */
export function fieldsState(card: GatewayCardForm): FieldsState {
  const s = cardState(card);
  if (!s) return { brand: null, complete: false, empty: true, valid: false, errors: [], message: '' };
  // The brand once the number is typed to its length, not as it is typed: how it changes with each
  // digit would tell the page the leading digits, and when each was typed.
  const typing = s.errors.some((e) => e.field === 'number' && e.kind === 'short');
  return {
    brand: typing ? null : s.brand,
    complete: s.complete,
    empty: s.empty,
    valid: s.valid,
    errors: s.errors.map((e) => ({ field: e.field, code: e.kind })),
    message: s.errors[0]?.message ?? '',
  };
}

const gist = (s: FieldsState) =>
  JSON.stringify([s.brand, s.complete, s.empty, s.valid, s.errors.map((e) => `${e.field}:${e.code}`)]);

/**
 * What the page last heard of the card. A change is told only when the brand, the completeness,
 * the validity or a field's problem changed: not every key, so the page learns neither the timing
 * of each key nor how many digits were typed.
 */
export class CardReport {
  #told = '';

  /** The page heard of this state (with the fields' first word, `ready`). */
  heard(now: FieldsState): void {
    this.#told = gist(now);
  }

  /** Tells the page the state; `user`: after a person's edit. */
  tell(to: ParentLink, now: FieldsState, user: boolean): void {
    this.#told = gist(now);
    to.send({ type: STATE, state: now, user });
  }

  /** After a person's edit: told only when the page would learn something new. */
  changed(to: ParentLink, now: FieldsState): void {
    if (gist(now) !== this.#told) this.tell(to, now, true);
  }
}
