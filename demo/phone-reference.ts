import type { Order } from '../src/server/index.ts';

/**
 * The phone-order agent's reference for a caller (`PHONE-1005`): where it lives on the gateway's
 * order (the product's title) and how the back office reads it back, in one place.
 */
const PREFIX = 'Phone order ';

/** Letters, digits, - and _, at most 32: what the agent's screen lets through. */
export const cleanReference = (text: string): string => text.replace(/[^\w-]/g, '').slice(0, 32);

export const phoneOrderTitle = (reference: string): string =>
  reference ? `${PREFIX}${reference}` : PREFIX.trim();

/** The reference a phone order carries, or ''. */
export function phoneReferenceOf(order: Pick<Order, 'is_moto' | 'products'>): string {
  if (order.is_moto !== true) return '';
  const title = order.products?.[0]?.title ?? '';
  return title.startsWith(PREFIX) ? title.slice(PREFIX.length) : '';
}
