/** The gateway client's resources besides orders: clients, taxes, products, webhook subscriptions. */
import { z } from 'zod';
import {
  type ClientCreate,
  type ClientResource,
  clientCreateSchema,
  clientResourceSchema,
  type Page,
  type ProductCreate,
  type ProductResource,
  pageSchema,
  productCreateSchema,
  productResourceSchema,
  type Tax,
  type TaxCreate,
  taxCreateSchema,
  taxSchema,
  type WebhookSubscription,
  type WebhookSubscriptionRequest,
  webhookSubscriptionRequestSchema,
  webhookSubscriptionSchema,
} from '../protocol/index.ts';
import {
  check,
  idempotencyKeyOf,
  idPath,
  type ListOptions,
  listPath,
  type RequestOptions,
} from './client-support.ts';
import type { HttpSender } from './http.ts';

/** What GET /clients/ filters on; the gateway's `filter_email` and `filter_phone`. */
export interface ClientFilters {
  email?: string;
  phone?: string;
}

/** Any part of a product: what PATCH /products/{id}/ changes. */
export type ProductUpdate = Partial<ProductCreate>;

const clientFilterSchema = z.strictObject({
  email: z.email({ error: 'must be an e-mail address' }).optional(),
  phone: z.string().trim().min(1, { error: 'must not be empty' }).optional(),
});
const productUpdateSchema = productCreateSchema.partial();

export class ClientsApi {
  constructor(private readonly http: HttpSender) {}

  /** POST /clients/: a gateway client, whose id goes into client.original_client. */
  readonly create = async (request: ClientCreate, options?: RequestOptions): Promise<ClientResource> => {
    const body = check(clientCreateSchema, request, 'POST /clients/');
    const key = idempotencyKeyOf(options, 'POST /clients/');
    return this.http.send({ method: 'POST', path: '/clients/', body, schema: clientResourceSchema, ...key });
  };

  /** GET /clients/{id}/. */
  readonly get = async (id: string): Promise<ClientResource> =>
    this.http.send({
      method: 'GET',
      path: `/clients/${idPath(id, 'GET /clients/{id}/')}/`,
      schema: clientResourceSchema,
    });

  /** DELETE /clients/{id}/: only a client without orders (the gateway refuses one with orders). */
  readonly delete = async (id: string): Promise<void> => {
    await this.http.send({ method: 'DELETE', path: `/clients/${idPath(id, 'DELETE /clients/{id}/')}/` });
  };

  /** GET /clients/?filter_email=&filter_phone=: one page of the gateway's matches, possibly none. */
  readonly find = async (
    filters: ClientFilters,
    options: ListOptions = {},
  ): Promise<Page<ClientResource>> => {
    const wanted = check(clientFilterSchema, filters, 'GET /clients/');
    const query = new URLSearchParams();
    if (wanted.email !== undefined) query.set('filter_email', wanted.email);
    if (wanted.phone !== undefined) query.set('filter_phone', wanted.phone);
    return this.http.send({
      method: 'GET',
      path: listPath('/clients/', options, query.toString()),
      schema: pageSchema(clientResourceSchema),
    });
  };

  /** GET /clients/?filter_email=: the gateway's matches (first page), possibly none. */
  readonly findByEmail = async (email: string): Promise<ClientResource[]> =>
    (await this.find({ email })).results;

  /** The client with this e-mail, created when there is none. Not atomic across processes. */
  readonly findOrCreate = async (email: string, options?: RequestOptions): Promise<ClientResource> => {
    const found = await this.findByEmail(email);
    const exact = found.find((c) => c.email?.toLowerCase() === email.toLowerCase()) ?? found[0];
    return exact ?? this.create({ email }, options);
  };
}

export class TaxesApi {
  constructor(private readonly http: HttpSender) {}

  /** POST /taxes/: a reusable tax template; apply it through a product's `tax`. */
  readonly create = async (request: TaxCreate, options?: RequestOptions): Promise<Tax> => {
    const body = check(taxCreateSchema, request, 'POST /taxes/');
    const key = idempotencyKeyOf(options, 'POST /taxes/');
    return this.http.send({ method: 'POST', path: '/taxes/', body, schema: taxSchema, ...key });
  };

  /** GET /taxes/: one page. */
  readonly list = async (options: ListOptions = {}): Promise<Page<Tax>> =>
    this.http.send({ method: 'GET', path: listPath('/taxes/', options), schema: pageSchema(taxSchema) });
}

export class ProductsApi {
  constructor(private readonly http: HttpSender) {}

  /** POST /products/: a catalogue product; a `tax` id (POST /taxes/) applies that tax to it. */
  readonly create = async (request: ProductCreate, options?: RequestOptions): Promise<ProductResource> => {
    const body = check(productCreateSchema, request, 'POST /products/');
    const key = idempotencyKeyOf(options, 'POST /products/');
    return this.http.send({
      method: 'POST',
      path: '/products/',
      body,
      schema: productResourceSchema,
      ...key,
    });
  };

  /** GET /products/: one page, newest first. */
  readonly list = async (options: ListOptions = {}): Promise<Page<ProductResource>> =>
    this.http.send({
      method: 'GET',
      path: listPath('/products/', options),
      schema: pageSchema(productResourceSchema),
    });

  /** GET /products/{id}/. */
  readonly get = async (id: string): Promise<ProductResource> =>
    this.http.send({
      method: 'GET',
      path: `/products/${idPath(id, 'GET /products/{id}/')}/`,
      schema: productResourceSchema,
    });

  /** PATCH /products/{id}/: changes the fields given, leaves the rest. */
  readonly update = async (id: string, changes: ProductUpdate): Promise<ProductResource> => {
    const path = `/products/${idPath(id, 'PATCH /products/{id}/')}/`;
    const body = check(productUpdateSchema, changes, `PATCH ${path}`);
    return this.http.send({ method: 'PATCH', path, body, schema: productResourceSchema });
  };

  /** PUT /products/{id}/: the whole product; fields left out are cleared. */
  readonly replace = async (id: string, product: ProductCreate): Promise<ProductResource> => {
    const path = `/products/${idPath(id, 'PUT /products/{id}/')}/`;
    const body = check(productCreateSchema, product, `PUT ${path}`);
    return this.http.send({ method: 'PUT', path, body, schema: productResourceSchema });
  };
}

/** How many pages `webhooks.ensure` reads at most before deciding a subscription is missing. */
const ENSURE_MAX_PAGES = 20;

type EventChoice = Pick<WebhookSubscription, 'all_events' | 'events'>;

const sameEvents = (a: EventChoice, b: EventChoice): boolean => {
  if (Boolean(a.all_events) !== Boolean(b.all_events)) return false;
  if (a.all_events) return true;
  const left = new Set(a.events ?? []);
  const right = new Set(b.events ?? []);
  return left.size === right.size && [...left].every((e) => right.has(e));
};

export class WebhooksApi {
  constructor(private readonly http: HttpSender) {}

  /** POST /webhooks/: subscribes `url` to `events` (or `all_events`), version v0.6. */
  readonly create = async (
    request: WebhookSubscriptionRequest,
    options?: RequestOptions,
  ): Promise<WebhookSubscription> => {
    const body = check(webhookSubscriptionRequestSchema, request, 'POST /webhooks/');
    const key = idempotencyKeyOf(options, 'POST /webhooks/');
    return this.http.send({
      method: 'POST',
      path: '/webhooks/',
      body,
      schema: webhookSubscriptionSchema,
      ...key,
    });
  };

  /** GET /webhooks/: one page of the subscriptions. */
  readonly list = async (options: ListOptions = {}): Promise<Page<WebhookSubscription>> =>
    this.http.send({
      method: 'GET',
      path: listPath('/webhooks/', options),
      schema: pageSchema(webhookSubscriptionSchema),
    });

  /** DELETE /webhooks/{id}/: no more deliveries to that subscription. */
  readonly delete = async (id: string): Promise<void> => {
    await this.http.send({ method: 'DELETE', path: `/webhooks/${idPath(id, 'DELETE /webhooks/{id}/')}/` });
  };

  /**
   * Boot-time registration that never duplicates a subscription: the one for this `url` is kept when
   * it already takes these events (and `is_test`), else a new one is created and only then the old
   * ones for the `url` deleted, so no event is missed while the server starts. Two processes
   * starting at once can still race; run it from one place (a deploy step, or the first instance).
   */
  readonly ensure = async (request: WebhookSubscriptionRequest): Promise<WebhookSubscription> => {
    const wanted = check(webhookSubscriptionRequestSchema, request, 'POST /webhooks/');
    const sameUrl: WebhookSubscription[] = [];
    let page = await this.list();
    for (let pages = 1; ; pages++) {
      sameUrl.push(...page.results.filter((sub) => sub.url === wanted.url));
      if (!page.next || pages >= ENSURE_MAX_PAGES) break;
      page = await this.list({ url: page.next });
    }
    const fits = sameUrl.find(
      (sub) =>
        sub.version === wanted.version &&
        Boolean(sub.is_test) === Boolean(wanted.is_test) &&
        sameEvents(sub, wanted),
    );
    const kept = fits ?? (await this.create(wanted));
    for (const sub of sameUrl) if (sub.id !== kept.id) await this.delete(sub.id);
    return kept;
  };
}
