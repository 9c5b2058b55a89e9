/** The one-shot faults the control surface sets, and how each one spoils an answer. */
import { answer } from './http.ts';
import { failure } from './results.ts';

export const FAULTS = ['none', 'http_500', 'timeout', 'reset', 'malformed_json'] as const;
export type Fault = (typeof FAULTS)[number];

/** Where a fault applies: the next direct payment (api_do) or the next order creation (orders). */
export type FaultSurface = 'api_do' | 'orders';

export class Faults {
  readonly next: Record<FaultSurface, Fault> = { api_do: 'none', orders: 'none' };

  set(change: Partial<Record<FaultSurface, Fault>>): void {
    this.next.api_do = change.api_do ?? this.next.api_do;
    this.next.orders = change.orders ?? this.next.orders;
  }

  /** The fault for this request on `surface`; the surface behaves again afterwards. */
  take(surface: FaultSurface): Fault {
    const fault = this.next[surface];
    this.next[surface] = 'none';
    return fault;
  }
}

/** A 500 or a garbled answer, sent before anything was done. */
export function failEarly(fault: 'http_500' | 'malformed_json', headers: Record<string, string>): Response {
  if (fault === 'http_500') {
    return answer(failure(500, 'Internal server error (sandbox fault)', 'server_error'), headers);
  }
  return new Response('{"status": "paid", "order_id": ', {
    status: 200,
    headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
  });
}
