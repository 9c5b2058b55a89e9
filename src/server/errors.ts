import { describeIssues, type FieldIssue } from '../protocol/index.ts';

/**
 * Stable names of what went wrong, for `switch (err.type)`. Modelled on stripe-node's Error.ts: one
 * class per kind, all `instanceof GatewayError`, with the HTTP status where there is one.
 */
export type GatewayErrorType =
  | 'validation'
  | 'invalid_request'
  | 'authentication'
  | 'not_found'
  | 'conflict'
  | 'api_error'
  | 'server_error'
  | 'timeout'
  | 'network'
  | 'invalid_response';

export interface GatewayErrorInit {
  /** `POST /orders/`: what was being done, never the key or a body. */
  request?: string;
  status?: number;
  issues?: FieldIssue[];
  /** The gateway's parsed answer, when it sent one. */
  body?: unknown;
  cause?: unknown;
  /** How long the gateway asked to wait (its Retry-After on a 429 or 503), in milliseconds. */
  retryAfterMs?: number;
}

/**
 * Base of every error the helper throws. Enumerable fields are type, status, request, issues and body;
 * none of them ever holds the secret key (the key lives only in the client's private field and the
 * Authorization header of the outgoing request, which no error keeps).
 */
export class GatewayError extends Error {
  readonly type: GatewayErrorType = 'api_error';
  readonly status: number | undefined;
  readonly request: string | undefined;
  /** Broken rules with the dotted path of their field; empty when the error is not about fields. */
  readonly issues: FieldIssue[];
  readonly body: unknown;
  /** How long the gateway asked to wait before another try (Retry-After on a 429 or 503). */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, init: GatewayErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.request = init.request;
    this.issues = init.issues ?? [];
    this.body = init.body;
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** Rejected locally before anything was sent: the body broke a rule of the spec. */
export class GatewayValidationError extends GatewayError {
  override readonly type = 'validation';
}
/** HTTP 400: the gateway refused the body; `issues` come from its error body. */
export class GatewayInvalidRequestError extends GatewayError {
  override readonly type = 'invalid_request';
}
/** HTTP 403: the secret key is wrong (the gateway answers 403, not 401). */
export class GatewayAuthenticationError extends GatewayError {
  override readonly type = 'authentication';
}
/** HTTP 404: unknown order or path. */
export class GatewayNotFoundError extends GatewayError {
  override readonly type = 'not_found';
}
/** HTTP 409. */
export class GatewayConflictError extends GatewayError {
  override readonly type = 'conflict';
}
/** Any other 4xx (including 429 once retries are spent). */
export class GatewayApiError extends GatewayError {
  override readonly type = 'api_error';
}
/** HTTP 5xx. */
export class GatewayServerError extends GatewayError {
  override readonly type = 'server_error';
}
/** No complete answer (headers and body) within timeoutMs. */
export class GatewayTimeoutError extends GatewayError {
  override readonly type = 'timeout';
}
/** The connection failed: refused, reset, DNS. */
export class GatewayNetworkError extends GatewayError {
  override readonly type = 'network';
}
/** A 2xx answer that is not JSON or not the expected shape. */
export class GatewayInvalidResponseError extends GatewayError {
  override readonly type = 'invalid_response';
}

/** "POST /orders/ refused by the gateway (400): products.0.price: must be at least 0.01" */
export const withIssues = (lead: string, issues: readonly FieldIssue[]): string =>
  issues.length ? `${lead}: ${describeIssues(issues)}` : lead;

/** Maps an HTTP error status to its error class. */
export function errorForStatus(
  status: number,
  request: string,
  body: unknown,
  issues: FieldIssue[],
  retryAfterMs?: number,
) {
  const init = { status, request, body, issues, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
  if (status === 400)
    return new GatewayInvalidRequestError(
      withIssues(`${request} refused by the gateway (400)`, issues),
      init,
    );
  if (status === 401 || status === 403)
    return new GatewayAuthenticationError(
      `${request}: the gateway refused the secret key (${status}); check the key set in the dashboard`,
      init,
    );
  if (status === 404) return new GatewayNotFoundError(`${request}: not found (404)`, init);
  if (status === 409) return new GatewayConflictError(withIssues(`${request}: conflict (409)`, issues), init);
  if (status >= 500) return new GatewayServerError(`${request}: gateway error (${status})`, init);
  return new GatewayApiError(withIssues(`${request}: refused by the gateway (${status})`, issues), init);
}
