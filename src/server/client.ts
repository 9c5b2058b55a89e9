import type { z } from 'zod';
import {
  type ClientResource,
  captureRequestSchema,
  captureRules,
  clientCreateSchema,
  clientResourceSchema,
  fieldIssues,
  type Order,
  type OrderRequest,
  type OrderRuleOptions,
  orderRequestRules,
  orderSchema,
  type Page,
  pageSchema,
  type RecipientClient,
  refundRequestSchema,
  refundRules,
  type SetupFutureUse,
  type Tax,
  type TaxCreate,
  type TravelData,
  taxCreateSchema,
  taxSchema,
  type WebhookSubscription,
  type WebhookSubscriptionRequest,
  webhookSubscriptionRequestSchema,
  webhookSubscriptionSchema,
} from '../protocol/index.ts';
import { GatewayValidationError, withIssues } from './errors.ts';
import { type HttpOptions, HttpSender } from './http.ts';

export interface GatewayClientOptions extends HttpOptions {
  /** What only the merchant knows (AVS enabled, account funding network); applied to every order. */
  orderRules?: OrderRuleOptions;
}

/** What capture, refund and reverse answer: the spec shows no body, so it is kept as sent. */
export type GatewayAck = Record<string, unknown>;

/**
 * An order request for a scenario helper. The helper sets the fields that define its scenario
 * (skip_capture, payment_system, ...) over whatever the base carries.
 */
export type OrderBase = OrderRequest;
/** A zero-amount order: no products (the rules refuse any). */
export type ZeroAmountOrder = OrderRequest & { products?: never };

export interface SaveMethodOptions {
  /** The later scenario the saved method is for. */
  setupFutureUse: SetupFutureUse;
  /** Required by some acquirers for recurring; allowed only with recurring. */
  recurringNumber?: string;
  /**
   * Gateway-side saving (spec rule 5): the method is stored under a gateway client, found by the
   * order's e-mail or created with POST /clients/ first, and sent as client.original_client.
   * Without it: merchant-side saving (rule 6), and the direct payment body must carry
   * saved_by_merchant true.
   */
  gatewayClient?: boolean;
  /** Save without the customer's consent (gateway-side only). */
  forceSaveMethod?: boolean;
}

/** Validates before anything is sent: a broken rule never costs a round trip or a partial effect. */
function check<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = fieldIssues(parsed.error);
  throw new GatewayValidationError(withIssues(`${what} not sent`, issues), { request: what, issues });
}

const idPath = (id: string, what: string): string => {
  if (typeof id !== 'string' || id.trim() === '') {
    const issues = [{ path: 'id', message: 'must not be empty', code: 'too_small' }];
    throw new GatewayValidationError(withIssues(`${what} not sent`, issues), { request: what, issues });
  }
  return encodeURIComponent(id);
};

/**
 * Typed client of the v0.6 gateway. The only holder of the secret key: keep it on the server.
 *
 * ```ts
 * const gateway = new GatewayClient({ baseUrl: 'http://127.0.0.1:8406', secretKey: process.env.GATEWAY_KEY! });
 * const order = await gateway.orders.createOneStep({ client: { email }, products: [{ title: 'Tea', price: 4.5 }] });
 * ```
 */
export class GatewayClient {
  readonly http: HttpSender;
  readonly orderRules: OrderRuleOptions;

  constructor(options: GatewayClientOptions) {
    this.http = new HttpSender(options);
    this.orderRules = options.orderRules ?? {};
  }

  readonly orders = {
    /** POST /orders/, after every rule of the spec (scenario, AVS, account funding, compatibility). */
    create: async (request: OrderRequest, rules?: OrderRuleOptions): Promise<Order> => {
      const body = check(orderRequestRules({ ...this.orderRules, ...rules }), request, 'POST /orders/');
      return this.http.send({ method: 'POST', path: '/orders/', body, schema: orderSchema });
    },

    /**
     * One-step: the amount is written off at once. Also QCash and SDWO funding: their bodies are the
     * same, only the terminal of the key set differs.
     */
    createOneStep: (order: OrderBase, rules?: OrderRuleOptions) =>
      this.orders.create({ ...order, skip_capture: false }, rules),

    /** Two-step: funds are held (status hold); `capture` must follow within the hold period. */
    createTwoStep: (order: OrderBase, rules?: OrderRuleOptions) =>
      this.orders.create({ ...order, skip_capture: true }, rules),

    /**
     * Zero-amount (payment_system AUTH, no products): verifies the card and saves it. Needs
     * setup_future_use or force_save_method; the protocol rules reject anything else.
     */
    createZeroAmount: (order: ZeroAmountOrder, rules?: OrderRuleOptions) =>
      this.orders.create({ ...order, payment_system: 'AUTH' }, rules),

    /**
     * Account funding: one client funds another's account; one-step only. `cardNetworkA` turns on the
     * extra client and recipient fields that network requires.
     */
    createAccountFunding: (
      order: OrderBase & { recipient_client: RecipientClient },
      funding: { cardNetworkA: boolean; issuerCountry?: string },
      rules?: OrderRuleOptions,
    ) => this.orders.create({ ...order, skip_capture: false }, { ...rules, accountFunding: funding }),

    /** MOTO (mail or telephone order): no security code; cannot save a method. */
    createMoto: (order: OrderBase, options: { twoStep?: boolean } = {}, rules?: OrderRuleOptions) =>
      this.orders.create({ ...order, is_moto: true, skip_capture: options.twoStep ?? false }, rules),

    /** Travel data: exactly one travel type (airline addendum, lodging, car rental, cruise, ground). */
    createWithTravelData: (order: OrderBase, travelData: TravelData, rules?: OrderRuleOptions) =>
      this.orders.create({ ...order, travel_data: travelData }, rules),

    /**
     * AVS: client.address and client.zip_code are required (checked even if the client's orderRules
     * do not say AVS is enabled). For Custom AVS, also send `avs: true` in the direct payment body.
     */
    createWithAvs: (order: OrderBase, rules?: OrderRuleOptions) =>
      this.orders.create(order, { ...rules, avsEnabled: true }),

    /** SDWO purchase: card to the merchant's wallet for a purchase. */
    createSdwoPurchase: (order: OrderBase, sdwoMerchantId: string, rules?: OrderRuleOptions) =>
      this.orders.create({ ...order, sdwo_merchant_id: sdwoMerchantId }, rules),

    /** First payment of a series that saves the method (one-step, or two-step with skipCapture). */
    createSavingMethod: async (
      order: OrderBase & { skip_capture?: boolean },
      save: SaveMethodOptions,
      rules?: OrderRuleOptions,
    ): Promise<Order> => {
      const client = { ...order.client };
      if (save.gatewayClient && !client.original_client) {
        client.original_client = (await this.clients.findOrCreate(client.email)).id;
      }
      return this.orders.create(
        {
          ...order,
          client,
          setup_future_use: save.setupFutureUse,
          ...(save.recurringNumber === undefined ? {} : { recurring_number: save.recurringNumber }),
          ...(save.forceSaveMethod === undefined ? {} : { force_save_method: save.forceSaveMethod }),
        },
        rules,
      );
    },

    /** GET /orders/{id}/ (retried on network errors, timeouts, 5xx and 429). */
    get: async (id: string): Promise<Order> =>
      this.http.send({
        method: 'GET',
        path: `/orders/${idPath(id, 'GET /orders/{id}/')}/`,
        schema: orderSchema,
      }),

    /** GET /orders/: one page; follow `next` by passing it back as `url`. */
    list: async (options: { page?: number; url?: string } = {}): Promise<Page<Order>> => {
      const path =
        options.url ?? (options.page ? `/orders/?page=${encodeURIComponent(options.page)}` : '/orders/');
      return this.http.send({ method: 'GET', path, schema: pageSchema(orderSchema) });
    },

    /**
     * POST /orders/{id}/capture/. The total must lie between 0.01 and the held amount. Pass
     * `heldAmount` when you know it; otherwise the order is read first (a GET, safe to repeat) so the
     * rule is still checked before the capture is sent: a capture can be done only once.
     */
    capture: async (
      id: string,
      total: number,
      options: { heldAmount?: number } = {},
    ): Promise<GatewayAck> => {
      const path = `/orders/${idPath(id, 'POST /orders/{id}/capture/')}/capture/`;
      check(captureRequestSchema, { total }, `POST ${path}`);
      const held = options.heldAmount ?? (await this.orders.get(id)).total;
      const body = check(held == null ? captureRequestSchema : captureRules(held), { total }, `POST ${path}`);
      return this.http.send<GatewayAck>({ method: 'POST', path, body });
    },

    /**
     * POST /orders/{id}/refund/: without an amount a full refund (no body), with one a partial refund
     * (>= 0.01). Pass `refundable` (paid minus already refunded) to also check the upper bound locally.
     */
    refund: async (
      id: string,
      amount?: number,
      options: { refundable?: number } = {},
    ): Promise<GatewayAck> => {
      const path = `/orders/${idPath(id, 'POST /orders/{id}/refund/')}/refund/`;
      if (amount === undefined) return this.http.send<GatewayAck>({ method: 'POST', path });
      const schema = options.refundable == null ? refundRequestSchema : refundRules(options.refundable);
      const body = check(schema, { amount }, `POST ${path}`);
      return this.http.send<GatewayAck>({ method: 'POST', path, body });
    },

    /** POST /orders/{id}/reverse/: the whole amount, on the day of payment only. */
    reverse: async (id: string): Promise<GatewayAck> =>
      this.http.send<GatewayAck>({
        method: 'POST',
        path: `/orders/${idPath(id, 'POST /orders/{id}/reverse/')}/reverse/`,
      }),
  };

  readonly clients = {
    /** POST /clients/: a gateway client, whose id goes into client.original_client. */
    create: async (request: { email: string }): Promise<ClientResource> => {
      const body = check(clientCreateSchema, request, 'POST /clients/');
      return this.http.send({ method: 'POST', path: '/clients/', body, schema: clientResourceSchema });
    },

    /** GET /clients/?filter_email=: the gateway's matches (first page), possibly none. */
    findByEmail: async (email: string): Promise<ClientResource[]> => {
      check(clientCreateSchema, { email }, 'GET /clients/');
      const page = await this.http.send({
        method: 'GET',
        path: `/clients/?filter_email=${encodeURIComponent(email)}`,
        schema: pageSchema(clientResourceSchema),
      });
      return page.results;
    },

    /** The client with this e-mail, created when there is none. Not atomic across processes. */
    findOrCreate: async (email: string): Promise<ClientResource> => {
      const found = await this.clients.findByEmail(email);
      const exact = found.find((c) => c.email?.toLowerCase() === email.toLowerCase()) ?? found[0];
      return exact ?? this.clients.create({ email });
    },
  };

  readonly taxes = {
    /** POST /taxes/: a reusable tax template; apply it through a product's `tax`. */
    create: async (request: TaxCreate): Promise<Tax> => {
      const body = check(taxCreateSchema, request, 'POST /taxes/');
      return this.http.send({ method: 'POST', path: '/taxes/', body, schema: taxSchema });
    },
  };

  readonly webhooks = {
    /** POST /webhooks/: subscribes `url` to `events` (or `all_events`), version v0.6. */
    create: async (request: WebhookSubscriptionRequest): Promise<WebhookSubscription> => {
      const body = check(webhookSubscriptionRequestSchema, request, 'POST /webhooks/');
      return this.http.send({ method: 'POST', path: '/webhooks/', body, schema: webhookSubscriptionSchema });
    },
  };
}
