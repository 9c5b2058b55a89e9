/**
 * What the card fields' frame and the Pay button's frame say to each other. Both are pages of the
 * fields' origin, side by side in the merchant's page; they meet on a BroadcastChannel named after
 * the checkout's channel nonce. A BroadcastChannel reaches only documents of the same origin (and,
 * where the browser partitions storage, under the same top-level site): the merchant's page cannot
 * post on it, so a `press` here can only come from the Pay button's own page, and that page sends it
 * only for a click the browser marks as the person's own (`isTrusted`).
 */
import {
  BUTTON_HELLO,
  BUTTON_PRESS,
  BUTTON_STATE,
  BYE,
  POINTER,
  ROLL_CALL,
  UNSEEN_PRESS,
} from '../shared/message-names.ts';
import type { FieldsConfig, PayButton } from '../shared/messages.ts';

export const payChannelName = (channel: string) => `gateway-checkout-pay:${channel}`;

/** How the button looks: what of the fields' configuration applies to a button. */
export type ButtonLook = Pick<FieldsConfig, 'language' | 'dir' | 'scheme' | 'tokens' | 'lineHeight'>;

/** Fields → button. */
export interface ButtonState {
  readonly type: typeof BUTTON_STATE;
  readonly button: PayButton;
  readonly look: ButtonLook;
}

/** Fields → buttons: "every Pay button of this channel, say hello" (the fields page loaded after one). */
export interface RollCall {
  readonly type: typeof ROLL_CALL;
}

/**
 * Button → fields, each naming the load of the button's page it comes from (`instance`): a person's
 * press on a button shown to them; a press refused because the button could not be shown to be
 * visible; the pointer went down on the button or came up (the fields keep their height meanwhile,
 * so the button stays under the pointer); a button's page came ("what do I show?") or went.
 */
export type FromButton =
  | { readonly type: typeof BUTTON_PRESS; readonly instance: string }
  | { readonly type: typeof UNSEEN_PRESS; readonly instance: string }
  | { readonly type: typeof POINTER; readonly instance: string; readonly down: boolean }
  | { readonly type: typeof BUTTON_HELLO; readonly instance: string }
  | { readonly type: typeof BYE; readonly instance: string };

export function isButtonState(data: unknown): data is ButtonState {
  const d = data as Partial<ButtonState> | null;
  return typeof d === 'object' && d !== null && d.type === BUTTON_STATE && !!d.button && !!d.look;
}

export const isRollCall = (data: unknown): data is RollCall =>
  (data as Partial<RollCall> | null)?.type === ROLL_CALL;

const INSTANCE = /^[\w-]{8,64}$/;

export function parseFromButton(data: unknown): FromButton | null {
  const d = data as { type?: unknown; down?: unknown; instance?: unknown } | null;
  const instance = d?.instance;
  if (typeof instance !== 'string' || !INSTANCE.test(instance)) return null;
  if (d?.type === POINTER)
    return typeof d.down === 'boolean' ? { type: POINTER, instance, down: d.down } : null;
  return d?.type === BUTTON_PRESS || d?.type === UNSEEN_PRESS || d?.type === BUTTON_HELLO || d?.type === BYE
    ? { type: d.type, instance }
    : null;
}
