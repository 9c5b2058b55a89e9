/** What every resource of the gateway client shares: local validation, ids in paths, request options. */
import type { z } from 'zod';
import { fieldIssues, type OrderRuleOptions } from '../protocol/index.ts';
import { GatewayValidationError, withIssues } from './errors.ts';

/** Options of any POST, as stripe-node takes them. */
export interface RequestOptions {
  /**
   * Sent as the `Idempotency-Key` header (1 to 255 visible ASCII characters): a gateway that honours
   * it, as the sandbox does, answers the same request with the same key once, and refuses the key
   * with another request (409). Use one key per logical operation (e.g. per cart checkout).
   */
  idempotencyKey?: string;
}

/** What an order creation takes besides the order: the merchant's rules and the request options. */
export interface CreateOrderOptions extends OrderRuleOptions, RequestOptions {}

/** Validates before anything is sent: a broken rule never costs a round trip or a partial effect. */
export function check<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = fieldIssues(parsed.error);
  throw new GatewayValidationError(withIssues(`${what} not sent`, issues), { request: what, issues });
}

/** An id, encoded for a path; an empty one is refused before anything is sent. */
export function idPath(id: string, what: string): string {
  if (typeof id !== 'string' || id.trim() === '') {
    const issues = [{ path: 'id', message: 'must not be empty', code: 'too_small' }];
    throw new GatewayValidationError(withIssues(`${what} not sent`, issues), { request: what, issues });
  }
  return encodeURIComponent(id);
}

/** The idempotency key of `options`, checked: a header must carry it unchanged. */
export function idempotencyKeyOf(
  options: RequestOptions | undefined,
  what: string,
): { idempotencyKey?: string } {
  const key = options?.idempotencyKey;
  if (key === undefined) return {};
  if (typeof key !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(key)) {
    const issues = [
      { path: 'idempotencyKey', message: 'must be 1 to 255 visible ASCII characters', code: 'invalid' },
    ];
    throw new GatewayValidationError(withIssues(`${what} not sent`, issues), { request: what, issues });
  }
  return { idempotencyKey: key };
}

/** The merchant's rules out of a create call's options (the request options go to the header). */
export function rulesOf(options: CreateOrderOptions | undefined): OrderRuleOptions {
  const { idempotencyKey: _key, ...rules } = options ?? {};
  return rules;
}

/** Where a list is read: a page number, or a `next` / `previous` link of an earlier page. */
export interface ListOptions {
  page?: number;
  url?: string;
}

export const listPath = (base: string, options: ListOptions = {}, query = ''): string => {
  if (options.url) return options.url;
  const params = new URLSearchParams(query);
  if (options.page) params.set('page', String(options.page));
  const text = params.toString();
  return text ? `${base}?${text}` : base;
};
