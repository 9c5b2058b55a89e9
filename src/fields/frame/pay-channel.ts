/**
 * What the card fields' frame and the Pay button's frame say to each other. Both are pages of the
 * fields' origin, side by side in the merchant's page; they meet on a BroadcastChannel named after
 * the checkout's channel nonce. A BroadcastChannel reaches only documents of the same origin (and,
 * where the browser partitions storage, under the same top-level site): the merchant's page cannot
 * post on it, so a `press` here can only come from the Pay button's own page, and that page sends it
 * only for a click the browser marks as the person's own (`isTrusted`).
 */
import type { FieldsConfig, PayButton } from '../shared/messages.ts';

export const payChannelName = (channel: string) => `gateway-checkout-pay:${channel}`;

/** How the button looks: what of the fields' configuration applies to a button. */
export type ButtonLook = Pick<FieldsConfig, 'language' | 'dir' | 'scheme' | 'tokens' | 'lineHeight'>;

/** Fields → button. */
export interface ButtonState {
  readonly type: 'button';
  readonly button: PayButton;
  readonly look: ButtonLook;
}

/**
 * Button → fields: a person's press; the pointer went down on the button or came up (the fields
 * keep their height meanwhile, so the button stays under the pointer); or "what do I show?".
 */
export type FromButton =
  | { readonly type: 'press' }
  | { readonly type: 'pointer'; readonly down: boolean }
  | { readonly type: 'hello' };

export function isButtonState(data: unknown): data is ButtonState {
  const d = data as Partial<ButtonState> | null;
  return typeof d === 'object' && d !== null && d.type === 'button' && !!d.button && !!d.look;
}

export function parseFromButton(data: unknown): FromButton | null {
  const d = data as { type?: unknown; down?: unknown } | null;
  if (d?.type === 'pointer') return typeof d.down === 'boolean' ? { type: 'pointer', down: d.down } : null;
  return d?.type === 'press' || d?.type === 'hello' ? { type: d.type } : null;
}
