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
}

export interface WebhookDelivery {
  id: string;
  subscription_id: string;
  url: string;
  event: WebhookEvent;
  order_id: string | null;
  /** pending: attempts left; delivered: a 2xx came; failed: every attempt failed. */
  state: 'pending' | 'delivered' | 'failed';
  created: string;
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
        attempts: [],
        body,
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
    };
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: '*/*',
          'X-Webhook-Event': delivery.event,
          'X-Webhook-Version': WEBHOOK_VERSION,
          'X-Webhook-Delivery': delivery.id,
        },
        body: JSON.stringify(delivery.body),
        signal: controller.signal,
      });
      record.status = response.status;
      // Drain the body so the connection is released.
      await response.arrayBuffer().catch(() => undefined);
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

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    const code = cause && typeof cause === 'object' && 'code' in cause ? String(cause.code) : '';
    return code ? `${error.message} (${code})` : error.message;
  }
  return String(error);
}
