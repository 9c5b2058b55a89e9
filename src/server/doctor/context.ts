/** What the checks share: the options, the gateway client, and what earlier checks learnt. */
import type { Order, WebhookSubscription } from '../../protocol/index.ts';
import { GatewayClient } from '../client.ts';
import type { CheckoutPage } from './page.ts';
import type { CheckResult, DoctorOptions } from './types.ts';

export interface DoctorContext {
  options: DoctorOptions;
  client: GatewayClient;
  /** fetch with the doctor's time limit on each request (headers and body). */
  request(url: string, init?: RequestInit): Promise<{ response: Response; body: Uint8Array }>;
  /** The key was accepted (the subscriptions could be listed). */
  keyAccepted: boolean;
  subscriptions: WebhookSubscription[];
  /** The probe order (cancelled), when it could be made. */
  order: Order | null;
  page: CheckoutPage | null;
  /** The bundle as fetched, when the page names one and it came. */
  bundleText: string | null;
}

/** The most the doctor reads of any answer: a page or a bundle is far smaller. */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** A body read whole, or refused past MAX_ANSWER_BYTES (an endless answer never fills the memory). */
async function readCapped(response: Response): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    // Leaving the loop by throwing cancels the stream.
    if (size > MAX_ANSWER_BYTES) throw new Error(`answer larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB`);
    chunks.push(chunk);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

export function createContext(options: DoctorOptions): DoctorContext {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const fetcher = options.fetch ?? globalThis.fetch;
  return {
    options,
    client: new GatewayClient({
      baseUrl: options.baseUrl,
      secretKey: options.secretKey,
      timeoutMs,
      maxRetries: 0,
      fetch: fetcher,
    }),
    async request(url, init = {}) {
      const signal = AbortSignal.timeout(timeoutMs);
      const response = await fetcher(url, { redirect: 'manual', ...init, signal });
      return { response, body: await readCapped(response) };
    },
    keyAccepted: false,
    subscriptions: [],
    order: null,
    page: null,
    bundleText: null,
  };
}

export const pass = (id: string, title: string, detail: string): CheckResult => ({
  id,
  title,
  status: 'pass',
  detail,
});
export const fail = (id: string, title: string, detail: string, fix: string): CheckResult => ({
  id,
  title,
  status: 'fail',
  detail,
  fix,
});
export const skip = (id: string, title: string, detail: string): CheckResult => ({
  id,
  title,
  status: 'skip',
  detail,
});

/** A failed request's reason in one line: the deepest cause's code where Node gives one. */
export function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError' || (error as { type?: string }).type === 'timeout')
    return 'no answer in time';
  let cause: unknown = error;
  for (let depth = 0; cause instanceof Error && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return error.message;
}

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|localhost|\[?::1\]?)$/i;
export const isLoopback = (url: string): boolean => LOOPBACK.test(new URL(url).hostname);

/** A URL's origin for a report line (the text itself when it is no URL). */
export const origin = (url: string | null | undefined): string => {
  if (!url) return '(none)';
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};
