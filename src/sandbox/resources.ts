/** The resources besides orders: clients, taxes and webhook subscriptions. */
import { randomUUID } from 'node:crypto';
import {
  clientCreateSchema,
  type Tax,
  taxCreateSchema,
  WEBHOOK_VERSION,
  type WebhookSubscription,
  webhookSubscriptionRequestSchema,
} from '../protocol/index.ts';
import { type Clock, unix } from './clock.ts';
import { parseRequest } from './drf.ts';
import { type ApiResult, noContent, notFound, ok, refuse } from './results.ts';

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

interface ClientRecord {
  id: string;
  seq: number;
  created: Date;
  data: Record<string, unknown> & { email: string };
}

export class Clients {
  private readonly byId = new Map<string, ClientRecord>();
  private seq = 0;

  constructor(private readonly clock: Clock) {}

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** The client with this e-mail (case-insensitive), created when there is none. */
  forEmail(email: string): string {
    const wanted = email.toLowerCase();
    const known = [...this.byId.values()].find((c) => c.data.email.toLowerCase() === wanted);
    return (known ?? this.add({ email })).id;
  }

  create(input: unknown): ApiResult {
    const checked = parseRequest(clientCreateSchema, input);
    if (!checked.ok) return checked.result;
    return { ...ok(this.json(this.add(checked.value))), ignored: checked.ignored };
  }

  /**
   * Newest first. `filter_email` matches the whole address, case-insensitively; `filter_phone` the
   * digits of the phone, whatever separates them. An empty filter is no filter, as django-filter
   * skips empty values (shop modules send `filter_phone=` for a customer without a phone).
   */
  list(filters: { email: string | null; phone: string | null }): unknown[] {
    const email = filters.email ? filters.email.toLowerCase() : undefined;
    const phone = filters.phone ? digitsOf(filters.phone) : undefined;
    return [...this.byId.values()]
      .filter((c) => email === undefined || c.data.email.toLowerCase() === email)
      .filter(
        (c) => phone === undefined || (typeof c.data.phone === 'string' && digitsOf(c.data.phone) === phone),
      )
      .sort((a, b) => b.seq - a.seq)
      .map((c) => this.json(c));
  }

  get(id: string): unknown {
    const client = this.byId.get(id);
    return client && this.json(client);
  }

  /** DELETE /clients/{id}/: only a client no order names (`inUse`), as the gateway keeps its history. */
  delete(id: string, inUse: boolean): ApiResult {
    if (!this.byId.has(id)) return notFound('Client not found');
    if (inUse) return refuse('A client with orders cannot be deleted', 'client_has_orders');
    this.byId.delete(id);
    return noContent();
  }

  private add(data: ClientRecord['data']): ClientRecord {
    const client: ClientRecord = { id: randomUUID(), seq: ++this.seq, created: this.clock.now(), data };
    this.byId.set(client.id, client);
    return client;
  }

  private json(c: ClientRecord): unknown {
    return { ...c.data, id: c.id, created: unix(c.created) };
  }
}

export class Taxes {
  private readonly byId = new Map<string, Tax>();

  create(input: unknown): ApiResult {
    const checked = parseRequest(taxCreateSchema, input);
    if (!checked.ok) return checked.result;
    const tax: Tax = {
      type: 'tax',
      id: randomUUID(),
      name: checked.value.name,
      percent: checked.value.percent,
    };
    this.byId.set(tax.id, tax);
    return { ...ok(tax), ignored: checked.ignored };
  }

  list(): Tax[] {
    return [...this.byId.values()];
  }

  /**
   * The percent a product's `tax` names: a tax id, `{id}` or `{percent}`. null for no tax,
   * undefined for a tax that does not exist.
   */
  percentOf(tax: unknown): number | null | undefined {
    if (tax == null) return null;
    if (typeof tax === 'string') return this.byId.get(tax)?.percent;
    if (typeof tax === 'object') {
      const t = tax as { id?: unknown; percent?: unknown };
      if (typeof t.id === 'string') return this.byId.get(t.id)?.percent;
      if (typeof t.percent === 'number' && t.percent >= 0 && t.percent <= 100) return t.percent;
    }
    return undefined;
  }
}

/** DELETE /webhooks/{id}/: no more deliveries to it; those made stay in the log. */
export function deleteWebhookSubscription(subscriptions: WebhookSubscription[], id: string): ApiResult {
  const at = subscriptions.findIndex((sub) => sub.id === id);
  if (at < 0) return notFound('Webhook subscription not found');
  subscriptions.splice(at, 1);
  return noContent();
}

/**
 * What the gateway takes on POST /webhooks/: the operator's own SDK sends only `{url, events,
 * is_active}`, so `title` and `version` are optional there (the helper still sends both).
 */
const subscriptionSerializer = webhookSubscriptionRequestSchema.extend({
  title: webhookSubscriptionRequestSchema.shape.title.optional(),
  version: webhookSubscriptionRequestSchema.shape.version.optional(),
});

/** POST /webhooks/: the subscriptions live with the dispatcher that delivers to them. */
export function createWebhookSubscription(subscriptions: WebhookSubscription[], input: unknown): ApiResult {
  const checked = parseRequest(subscriptionSerializer, input);
  if (!checked.ok) return checked.result;
  const { ignored } = checked;
  if (!checked.value.all_events && !checked.value.events?.length) {
    return { ...refuse('choose at least one event, or set all_events', 'required', 'events'), ignored };
  }
  // Left out: titled by its address (what a list of them then shows), on the API's version.
  const sub: WebhookSubscription = {
    ...checked.value,
    title: checked.value.title ?? checked.value.url,
    version: checked.value.version ?? WEBHOOK_VERSION,
    id: randomUUID(),
  };
  subscriptions.push(sub);
  return { ...ok(sub), ignored };
}
