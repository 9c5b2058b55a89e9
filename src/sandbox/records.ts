/** What the sandbox keeps per order: the request as validated, and what happened to it since. */
import type { OrderRequest } from '../protocol/index.ts';
import type { SandboxStatus } from './state-table.ts';

export interface TransactionError {
  on: number;
  description: string;
  code: string;
}

/** The card as the order shows it: never the full number, never the security code. */
export interface CardOnOrder {
  masked: string;
  holder: string | null;
  brand: string;
  expMonth: number;
  expYear: number;
  /** The issuer's country (ISO 3166 alpha-2), as `card_issuer_country` reads. */
  issuerCountry: string;
}

export interface Line {
  request: NonNullable<OrderRequest['products']>[number];
  id: string;
  totalMinor: number;
  taxPercent: number | null;
  taxMinor: number;
}

export interface OrderRecord {
  id: string;
  seq: number;
  /** The secret part of api_do_url and the hosted pages' addresses. */
  token: string;
  request: OrderRequest;
  number: string;
  status: SandboxStatus;
  statusChanges: { new_status: SandboxStatus; on: number }[];
  clientId: string | null;
  lines: Line[];
  subtotalMinor: number;
  taxMinor: number;
  /** What the order charges: the products' sum, then the captured amount after a capture. */
  totalMinor: number;
  authorizedMinor: number | null;
  releasedMinor: number;
  refundedMinor: number;
  reversedMinor: number;
  issuedAt: Date;
  modifiedAt: Date;
  paidAt: Date | null;
  heldAt: Date | null;
  capturedAt: Date | null;
  card: CardOnOrder | null;
  chargeback: boolean;
  errors: TransactionError[];
  processingStatus: string | null;
  threeDSStatus: string | null;
  avsResult: { code: string; description: string } | null;
  avsRequested: boolean;
  savedCardId: string | null;
  /** Keys requests to this order sent that the gateway ignored (see drf.ts), newest last. */
  ignored: IgnoredKeys[];
}

/** One request's ignored keys, by dotted path. */
export interface IgnoredKeys {
  /** `POST /orders/`, `POST api_do_url`, ... */
  request: string;
  keys: string[];
  /** Unix seconds. */
  on: number;
}
