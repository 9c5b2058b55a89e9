import type { CardInput } from '../card/direct-body.ts';
import type { FramedPayer } from '../fields/parent/framed-payer.ts';
import type { AvsMode, CheckoutSession, SaveMethod } from '../protocol/session.ts';
import type { FlowPhase } from './outcome.ts';
import type { DirectPayer, DirectTransport } from './post-payment.ts';
import type { SessionRequest } from './session-request.ts';

// What a payment flow is given: its options, what it pays with, and what it reports. The flow
// itself is payment-flow.ts.

export interface ChallengeHandle {
  /** Resolves when the challenge page reports it is over, or the customer closes it. */
  readonly done: Promise<'completed' | 'closed'>;
  close(): void;
}

export interface PaymentFlowOptions {
  /** POST here to create the order lazily at pay time (GET for the checkout's configuration). */
  readonly sessionUrl?: string;
  /** An order created beforehand by the merchant: pay it here and read its status there. */
  readonly apiDoUrl?: string;
  readonly statusUrl?: string;
  /** The only origins card data may be sent to; empty: any https origin but the page's own. */
  readonly gatewayOrigins?: readonly string[];
  readonly fetch?: typeof fetch;
  /**
   * Shows the 3-D Secure challenge; the element opens a dialog or redirects. `moved`: the challenge
   * moved on to another page (the bank's, the gateway's again), so the status is worth asking now.
   */
  readonly challenge: (url: string, moved: () => void) => ChallengeHandle;
  readonly onPhase?: (phase: FlowPhase) => void;
  /**
   * The payment of this order is about to reach the gateway (and, with a challenge, where the bank
   * waits): from here on a lost page must learn the result rather than pay again. No card data.
   */
  readonly onAttempt?: (attempt: AttemptRecord) => void;
  /** The element's `direct-post` transport, loaded on demand: for sessions that ask for it. */
  readonly transport?: () => Promise<DirectTransport>;
  /** How long the payment POST may take before we treat its answer as lost. */
  readonly paymentTimeoutMs?: number;
  /** How long we keep asking for a final status. */
  readonly statusTimeoutMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

export type PayInput = (
  | { readonly card: CardInput; readonly payer?: undefined; readonly framed?: undefined }
  /** The card is where this code cannot see it: the payer sends the payment. */
  | { readonly payer: DirectPayer; readonly card?: undefined; readonly framed?: undefined }
  /**
   * The isolated fields: they make the order with the merchant's server themselves and pay it;
   * this flow hears the order and follows it (3-D Secure, the status).
   */
  | { readonly framed: FramedPayer; readonly card?: undefined; readonly payer?: undefined }
) & {
  readonly request: SessionRequest;
  /**
   * For an order the merchant created beforehand (api-do-url), no session tells how to pay it: the
   * element's attributes do. A session from the merchant server always wins.
   */
  readonly preset?: { readonly avs: AvsMode; readonly moto: boolean; readonly saveMethod?: SaveMethod };
};

/** What a page needs to pick up an attempt after a reload: the order's addresses, never card data. */
export interface AttemptRecord {
  readonly session: CheckoutSession;
  readonly challengeUrl?: string;
}
