/**
 * Idempotency-Key on the API's POSTs, as stripe-node's clients send it: the same key with the same
 * request answers the first answer again and does nothing twice, also when that answer was lost on
 * the way (a reset or a timeout); the same key with another request is refused, so a key reused by
 * mistake never returns some other order.
 */
import { createHash } from 'node:crypto';
import type { Clock } from './clock.ts';
import { type ApiResult, failure } from './results.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** How long a key is remembered, in sandbox time. */
const KEEP_MS = 24 * 60 * 60 * 1000;
/** At most this many keys are remembered: the oldest go first. */
const MAX_KEYS = 10_000;
/** Stripe's limit on a key's length. */
const MAX_KEY_LENGTH = 255;

interface Remembered {
  fingerprint: string;
  request: string;
  result: ApiResult;
  at: number;
}

export class IdempotencyKeys {
  private readonly byKey = new Map<string, Remembered>();

  constructor(private readonly clock: Clock) {}

  /**
   * What a POST with this key gets: `replay` (the first answer again), `refused` (a bad or reused
   * key), or `fresh` (do the work, then `remember` its answer).
   */
  check(
    key: string,
    request: string,
    body: string,
  ): { kind: 'fresh'; fingerprint: string } | { kind: 'replay' | 'refused'; result: ApiResult } {
    if (key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
      const message = `${IDEMPOTENCY_HEADER} must be 1 to ${MAX_KEY_LENGTH} visible ASCII characters`;
      return { kind: 'refused', result: failure(400, message, 'invalid_idempotency_key') };
    }
    this.forgetOld();
    const fingerprint = createHash('sha256').update(request).update('\n').update(body).digest('hex');
    const known = this.byKey.get(key);
    if (!known) return { kind: 'fresh', fingerprint };
    if (known.fingerprint === fingerprint) return { kind: 'replay', result: known.result };
    const message =
      known.request === request
        ? `This ${IDEMPOTENCY_HEADER} was used for ${known.request} with another body; use a new key for a new request`
        : `This ${IDEMPOTENCY_HEADER} was used for ${known.request}, not ${request}; use a new key for a new request`;
    return { kind: 'refused', result: failure(409, message, 'idempotency_key_reused') };
  }

  /**
   * Keeps a success. A refusal is not kept (as Stripe keeps none for a request that failed
   * validation): the same request may succeed once the order has moved on.
   */
  remember(key: string, fingerprint: string, request: string, result: ApiResult): void {
    if (result.status >= 300) return;
    this.byKey.set(key, { fingerprint, request, result, at: this.clock.now().getTime() });
    if (this.byKey.size > MAX_KEYS) this.byKey.delete(this.byKey.keys().next().value!);
  }

  private forgetOld(): void {
    const now = this.clock.now().getTime();
    for (const [key, kept] of this.byKey) {
      if (now - kept.at < KEEP_MS && kept.at <= now) break;
      this.byKey.delete(key);
    }
  }
}
