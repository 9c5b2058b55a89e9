import { randomUUID } from 'node:crypto';
import { WEBHOOK_VERSION, type WebhookEvent, type WebhookSubscription } from '../protocol/index.ts';

export interface WebhookRetryOptions {
  /** Attempts per delivery, the first included. Default 5. */
  maxAttempts?: number;
  /** Delay before the second attempt; each later delay is multiplied by `factor`. Default 1000 ms. */
  baseDelayMs?: number;
  /** Default 4 (1 s, 4 s, 16 s, 64 s). */
  factor?: number;
  /** How long one attempt may take before it counts as failed. Default 10000 ms. */
  timeoutMs?: number;
}

export interface DeliveryAttempt {
  /** ISO time of the attempt (sandbox clock). */
  at: string;
  /** HTTP status of the answer, null when none came. */
  status: number | null;
  error: string | null;
  duration_ms: number;
  /** The start of the receiver's answer (its body as text, at most RESPONSE_EXCERPT characters). */
  response_body: string | null;
}

/** How much of a receiver's answer an attempt keeps: enough to read an error page's message. */
export const RESPONSE_EXCERPT = 2000;

export interface WebhookDelivery {
  id: string;
  subscription_id: string;
  url: string;
  event: WebhookEvent;
  order_id: string | null;
  /** pending: attempts left; delivered: a 2xx came; failed: every attempt failed. */
  state: 'pending' | 'delivered' | 'failed';
  created: string;
  /** The request headers every attempt sends. */
  headers: Record<string, string>;
  attempts: DeliveryAttempt[];
  body: unknown;
}

/**
 * Sends events to subscribed URLs in the background: an API answer never waits for a receiver.
 * Non-2xx answers and network errors are retried with exponential backoff, a bounded number of
 * times; every attempt is recorded.
 */
export class WebhookDispatcher {
  readonly deliveries: WebhookDelivery[] = [];
  readonly subscriptions: WebhookSubscription[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private closed = false;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly factor: number;
  private readonly timeoutMs: number;

  constructor(
    retry: WebhookRetryOptions,
    private readonly now: () => Date,
  ) {
    this.maxAttempts = Math.max(1, retry.maxAttempts ?? 5);
    this.baseDelayMs = retry.baseDelayMs ?? 1000;
    this.factor = retry.factor ?? 4;
    this.timeoutMs = retry.timeoutMs ?? 10_000;
  }

  emit(event: WebhookEvent, body: unknown, orderId: string | null): void {
    if (this.closed) return;
    for (const sub of this.subscriptions) {
      if (!sub.all_events && !sub.events?.includes(event)) continue;
      const delivery: WebhookDelivery = {
        id: randomUUID(),
        subscription_id: sub.id,
        url: sub.url,
        event,
        order_id: orderId,
        state: 'pending',
        created: this.now().toISOString(),
        headers: {},
        attempts: [],
        body,
      };
      delivery.headers = {
        'Content-Type': 'application/json',
        Accept: '*/*',
        'X-Webhook-Event': event,
        'X-Webhook-Version': WEBHOOK_VERSION,
        'X-Webhook-Delivery': delivery.id,
      };
      this.deliveries.push(delivery);
      void this.attempt(delivery);
    }
  }

  private async attempt(delivery: WebhookDelivery): Promise<void> {
    if (this.closed) return;
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timer = setTimeout(() => controller.abort(new Error('timed out')), this.timeoutMs);
    const started = Date.now();
    const record: DeliveryAttempt = {
      at: this.now().toISOString(),
      status: null,
      error: null,
      duration_ms: 0,
      response_body: null,
    };
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: delivery.headers,
        body: JSON.stringify(delivery.body),
        signal: controller.signal,
      });
      record.status = response.status;
      // Read the answer (which also releases the connection); keep its start for the control page.
      record.response_body = await excerpt(response);
      if (!response.ok) record.error = `HTTP ${response.status}`;
    } catch (error) {
      record.error = errorText(error);
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(controller);
    }
    record.duration_ms = Date.now() - started;
    delivery.attempts.push(record);
    if (record.error === null) {
      delivery.state = 'delivered';
      return;
    }
    if (this.closed || delivery.attempts.length >= this.maxAttempts) {
      delivery.state = 'failed';
      return;
    }
    const delay = this.baseDelayMs * this.factor ** (delivery.attempts.length - 1);
    const retry = setTimeout(() => {
      this.timers.delete(retry);
      void this.attempt(delivery);
    }, delay);
    this.timers.add(retry);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight) controller.abort(new Error('sandbox closed'));
    for (const d of this.deliveries) if (d.state === 'pending') d.state = 'failed';
  }
}

/** The start of an answer's body as text; the rest is read no further (a receiver may answer anything). */
async function excerpt(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.length > RESPONSE_EXCERPT) {
        await reader.cancel();
        return `${text.slice(0, RESPONSE_EXCERPT)}…`;
      }
    }
  } catch {
    // What arrived before the connection failed is still worth showing.
  }
  return text;
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    const code = cause && typeof cause === 'object' && 'code' in cause ? String(cause.code) : '';
    return code ? `${error.message} (${code})` : error.message;
  }
  return String(error);
}
