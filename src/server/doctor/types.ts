import type { Resolver } from '../domains.ts';

/** `pass` ✔, `fail` ✘ (the doctor exits non-zero), `skip` – (not checked: what to give to check it). */
export type CheckStatus = 'pass' | 'fail' | 'skip';

/** One line of the doctor's report. */
export interface CheckResult {
  /** Stable name for CI: `key`, `key-set`, `order`, `transport`, `csp-scripts`, … */
  id: string;
  /** What was checked, in a few words. */
  title: string;
  status: CheckStatus;
  /** What was found. */
  detail: string;
  /** What to do, in words; on every failure. */
  fix?: string;
}

export interface DoctorReport {
  /** No check failed. */
  ok: boolean;
  checks: CheckResult[];
}

export interface DoctorOptions {
  /** The gateway's base address, e.g. `https://gateway.example` or `…/api/v0.6` (GATEWAY_BASE_URL). */
  baseUrl: string;
  /** The secret key of the key set this environment holds (GATEWAY_SECRET_KEY). */
  secretKey: string;
  /** The address of your checkout page, as customers open it. */
  page?: string | undefined;
  /** The origin serving the isolated card fields (`fields-origin` on the page), if you use them. */
  fieldsOrigin?: string | undefined;
  /** The address the gateway delivers webhooks to (your `createWebhookHandler`). */
  webhookUrl?: string | undefined;
  /** Which key set this environment must hold: `live` in production. Unset: either, said which. */
  expect?: 'live' | 'test' | undefined;
  /** The transport your `createCheckoutHandler` is given (default `api-do`). */
  transport?: 'api-do' | 'direct-post' | undefined;
  /** The status secret your server processes share (CHECKOUT_STATUS_SECRET). */
  statusSecret?: string | undefined;
  /**
   * Addresses a bank's 3-D Secure page may have, checked against the page's frame-src. Default: any
   * https origin (the issuers' own domains), or the sandbox's bank origin (its port + 1) on loopback.
   */
  bankUrls?: readonly string[] | undefined;
  /** Each request's time limit (default 15 s). */
  timeoutMs?: number | undefined;
  /** The probe order's client e-mail (default doctor@example.com; nothing is sent to it). */
  email?: string | undefined;
  fetch?: typeof fetch | undefined;
  /** DNS lookups (default: A records, then the system resolver). */
  resolve?: Resolver | undefined;
}
