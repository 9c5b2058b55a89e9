/** The orders of the gateway client: creation by scenario, reading, and what follows a payment. */
import {
  captureRequestSchema,
  captureRules,
  type Order,
  type OrderRequest,
  orderRequestRules,
  orderSchema,
  type Page,
  pageSchema,
  type RecipientClient,
  refundRequestSchema,
  refundRules,
  type SetupFutureUse,
  type TravelData,
} from '../protocol/index.ts';
import {
  type CreateOrderOptions,
  check,
  idempotencyKeyOf,
  idPath,
  type ListOptions,
  listPath,
  type RequestOptions,
  rulesOf,
} from './client-support.ts';
import type { HttpSender } from './http.ts';

/**
 * An order request for a scenario helper. The helper sets the fields that define its scenario
 * (skip_capture, payment_system, ...) over whatever the base carries.
 */
export type OrderBase = OrderRequest;
/** A zero-amount order: no products (the rules refuse any). */
export type ZeroAmountOrder = OrderRequest & { products?: never };
/** An account funding order: one client funds the account of `recipient_client`. */
export type AccountFundingOrder = OrderRequest & { recipient_client: RecipientClient };

/** What only the merchant knows of an account funding payment's card. */
export interface AccountFundingNetwork {
  /** "Card network A" of the spec: more client and recipient fields are required. */
  cardNetworkA: boolean;
  issuerCountry?: string;
}

export interface MotoOptions {
  /** Two-step: funds held, captured later. */
  twoStep?: boolean;
}

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

export interface CaptureOptions extends RequestOptions {
  /** The held amount, when known: the total is then checked against it without reading the order. */
  heldAmount?: number;
}

export interface RefundOptions extends RequestOptions {
  /** Paid minus already refunded, when known: the amount is then checked against it locally. */
  refundable?: number;
}

/** Finds (or creates) the gateway client of an e-mail, for gateway-side method saving. */
export type ClientIdOf = (email: string) => Promise<string>;

export class OrdersApi {
  constructor(
    private readonly http: HttpSender,
    private readonly defaults: CreateOrderOptions,
    private readonly clientIdOf: ClientIdOf,
  ) {}

  /** POST /orders/, after every rule of the spec (scenario, AVS, account funding, compatibility). */
  readonly create = async (request: OrderRequest, options?: CreateOrderOptions): Promise<Order> => {
    const what = 'POST /orders/';
    const rules = orderRequestRules({ ...rulesOf(this.defaults), ...rulesOf(options) });
    const body = check(rules, request, what);
    const key = idempotencyKeyOf(options, what);
    return this.http.send({ method: 'POST', path: '/orders/', body, schema: orderSchema, ...key });
  };

  /**
   * One-step: the amount is written off at once. Also QCash and SDWO funding: their bodies are the
   * same, only the terminal of the key set differs.
   */
  readonly createOneStep = async (order: OrderBase, options?: CreateOrderOptions): Promise<Order> =>
    this.create({ ...order, skip_capture: false }, options);

  /** Two-step: funds are held (status hold); `capture` must follow within the hold period. */
  readonly createTwoStep = async (order: OrderBase, options?: CreateOrderOptions): Promise<Order> =>
    this.create({ ...order, skip_capture: true }, options);

  /**
   * Zero-amount (payment_system AUTH, no products): verifies the card and saves it. Needs
   * setup_future_use or force_save_method; the protocol rules reject anything else.
   */
  readonly createZeroAmount = async (order: ZeroAmountOrder, options?: CreateOrderOptions): Promise<Order> =>
    this.create({ ...order, payment_system: 'AUTH' }, options);

  /**
   * Account funding: one client funds another's account; one-step only. `cardNetworkA` turns on the
   * extra client and recipient fields that network requires.
   */
  readonly createAccountFunding = async (
    order: AccountFundingOrder,
    funding: AccountFundingNetwork,
    options?: CreateOrderOptions,
  ): Promise<Order> =>
    this.create({ ...order, skip_capture: false }, { ...options, accountFunding: funding });

  /** MOTO (mail or telephone order): no security code; cannot save a method. */
  readonly createMoto = async (
    order: OrderBase,
    moto: MotoOptions = {},
    options?: CreateOrderOptions,
  ): Promise<Order> => this.create({ ...order, is_moto: true, skip_capture: moto.twoStep ?? false }, options);

  /** Travel data: exactly one travel type (airline addendum, lodging, car rental, cruise, ground). */
  readonly createWithTravelData = async (
    order: OrderBase,
    travelData: TravelData,
    options?: CreateOrderOptions,
  ): Promise<Order> => this.create({ ...order, travel_data: travelData }, options);

  /**
   * AVS: client.address and client.zip_code are required (checked even if the client's orderRules
   * do not say AVS is enabled). For Custom AVS, also send `avs: true` in the direct payment body.
   */
  readonly createWithAvs = async (order: OrderBase, options?: CreateOrderOptions): Promise<Order> =>
    this.create(order, { ...options, avsEnabled: true });

  /** SDWO purchase: card to the merchant's wallet for a purchase. */
  readonly createSdwoPurchase = async (
    order: OrderBase,
    sdwoMerchantId: string,
    options?: CreateOrderOptions,
  ): Promise<Order> => this.create({ ...order, sdwo_merchant_id: sdwoMerchantId }, options);

  /** First payment of a series that saves the method (one-step, or two-step with skip_capture). */
  readonly createSavingMethod = async (
    order: OrderBase,
    save: SaveMethodOptions,
    options?: CreateOrderOptions,
  ): Promise<Order> => {
    const client = { ...order.client };
    if (save.gatewayClient && !client.original_client)
      client.original_client = await this.clientIdOf(client.email);
    return this.create(
      {
        ...order,
        client,
        setup_future_use: save.setupFutureUse,
        ...(save.recurringNumber === undefined ? {} : { recurring_number: save.recurringNumber }),
        ...(save.forceSaveMethod === undefined ? {} : { force_save_method: save.forceSaveMethod }),
      },
      options,
    );
  };

  /** GET /orders/{id}/ (retried on network errors, timeouts, 5xx and 429). */
  readonly get = async (id: string): Promise<Order> =>
    this.http.send({
      method: 'GET',
      path: `/orders/${idPath(id, 'GET /orders/{id}/')}/`,
      schema: orderSchema,
    });

  /** GET /orders/: one page, newest first; follow `next` by passing it back as `url`. */
  readonly list = async (options: ListOptions = {}): Promise<Page<Order>> =>
    this.http.send({ method: 'GET', path: listPath('/orders/', options), schema: pageSchema(orderSchema) });

  /**
   * POST /orders/{id}/capture/: `total` between 0.01 and the held amount, or no total for the whole
   * hold (no body is sent). Pass `heldAmount` when you know it; otherwise the order is read first (a
   * GET, safe to repeat) so the rule is still checked before the capture is sent: a capture can be
   * done only once.
   */
  readonly capture = async (id: string, total?: number, options: CaptureOptions = {}): Promise<Order> => {
    const path = `/orders/${idPath(id, 'POST /orders/{id}/capture/')}/capture/`;
    const what = `POST ${path}`;
    const key = idempotencyKeyOf(options, what);
    if (total === undefined) return this.http.send({ method: 'POST', path, schema: orderSchema, ...key });
    check(captureRequestSchema, { total }, what);
    const held = options.heldAmount ?? (await this.get(id)).total;
    const body = check(held == null ? captureRequestSchema : captureRules(held), { total }, what);
    return this.http.send({ method: 'POST', path, body, schema: orderSchema, ...key });
  };

  /**
   * POST /orders/{id}/refund/: without an amount a full refund (no body), with one a partial refund
   * (>= 0.01). Pass `refundable` (paid minus already refunded) to also check the upper bound locally.
   */
  readonly refund = async (id: string, amount?: number, options: RefundOptions = {}): Promise<Order> => {
    const path = `/orders/${idPath(id, 'POST /orders/{id}/refund/')}/refund/`;
    const key = idempotencyKeyOf(options, `POST ${path}`);
    if (amount === undefined) return this.http.send({ method: 'POST', path, schema: orderSchema, ...key });
    const schema = options.refundable == null ? refundRequestSchema : refundRules(options.refundable);
    const body = check(schema, { amount }, `POST ${path}`);
    return this.http.send({ method: 'POST', path, body, schema: orderSchema, ...key });
  };

  /** POST /orders/{id}/reverse/: the whole amount, on the day of payment only (or a hold released). */
  readonly reverse = async (id: string, options: RequestOptions = {}): Promise<Order> => {
    const path = `/orders/${idPath(id, 'POST /orders/{id}/reverse/')}/reverse/`;
    const key = idempotencyKeyOf(options, `POST ${path}`);
    return this.http.send({ method: 'POST', path, schema: orderSchema, ...key });
  };

  /** POST /orders/{id}/cancel/: an unpaid order is cancelled; a hold is released and cancelled. */
  readonly cancel = async (id: string, options: RequestOptions = {}): Promise<Order> => {
    const path = `/orders/${idPath(id, 'POST /orders/{id}/cancel/')}/cancel/`;
    const key = idempotencyKeyOf(options, `POST ${path}`);
    return this.http.send({ method: 'POST', path, schema: orderSchema, ...key });
  };

  /** DELETE /orders/{id}/: only an unpaid order (the gateway refuses a paid or held one). */
  readonly delete = async (id: string): Promise<void> => {
    await this.http.send({ method: 'DELETE', path: `/orders/${idPath(id, 'DELETE /orders/{id}/')}/` });
  };
}
