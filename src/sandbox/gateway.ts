import { randomBytes, randomUUID } from 'node:crypto';
import { luhnValid } from '../card/luhn.ts';
import {
  CARD_CREATED,
  type Card,
  captureRules,
  clientCreateSchema,
  type DirectPaymentBody,
  directPaymentBodySchema,
  type ErrorBody,
  errorBody,
  type FieldIssue,
  type OrderRequest,
  orderRequestRules,
  refundRules,
  taxCreateSchema,
  toMajor,
  toMinor,
  validate,
  type WebhookSubscription,
  webhookSubscriptionRequestSchema,
} from '../protocol/index.ts';
import { behaviourOf, brandOf, EXPIRED_CARD, isExpired, maskPan } from './cards.ts';
import { type Clock, unix, utcDay } from './clock.ts';
import {
  type Action,
  allowedFrom,
  HOLD_DAYS,
  REFUND_YEARS,
  type SandboxStatus,
  transitionFor,
} from './state-table.ts';
import type { WebhookDispatcher } from './webhooks.ts';

export interface ApiResult {
  status: number;
  body: unknown;
}

const ok = (body: unknown, status = 200): ApiResult => ({ status, body });
const invalid = (issues: FieldIssue[]): ApiResult => ({ status: 400, body: errorBody(issues) });
const refuse = (message: string, code: string, path = ''): ApiResult => invalid([{ path, message, code }]);
/** The decline reason of a 3-D Secure challenge the customer cancelled (the hosted page reads it). */
export const THREE_DS_CANCELLED = '3-D Secure cancelled by the customer';

export const notFound = (what = 'Not found'): ApiResult => ({
  status: 404,
  body: { __all__: [{ message: what, code: 'not_found' }] } satisfies ErrorBody,
});

interface TransactionError {
  on: number;
  description: string;
  code: string;
}

interface CardOnOrder {
  masked: string;
  holder: string | null;
  brand: string;
  expMonth: number;
  expYear: number;
}

interface Line {
  request: NonNullable<OrderRequest['products']>[number];
  id: string;
  totalMinor: number;
  taxPercent: number | null;
  taxMinor: number;
}

interface Challenge {
  token: string;
  orderId: string;
  done: boolean;
  body: DirectPaymentBody;
}

export interface OrderRecord {
  id: string;
  seq: number;
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
}

interface ClientRecord {
  id: string;
  seq: number;
  created: Date;
  data: Record<string, unknown> & { email: string };
}

interface TaxRecord {
  type: 'tax';
  id: string;
  name: string;
  percent: number;
}

export interface GatewayOptions {
  secretKey: string;
  avsEnabled: boolean;
  clock: Clock;
  hooks: WebhookDispatcher;
  /** The sandbox's own origin (http://127.0.0.1:PORT), known once it listens. */
  origin: () => string;
}

/** What a direct payment or a finished challenge answers, and where the customer goes next. */
export interface PaymentOutcome {
  result: ApiResult;
  order: OrderRecord | null;
}

const AVS_MATCH = { code: 'Y', description: 'Address and postal code match' };
const AVS_NO_MATCH = { code: 'N', description: 'Neither address nor postal code matches' };
const AVS_UNAVAILABLE = { code: 'U', description: 'Address information unavailable' };

const DAY_MS = 86_400_000;
const token = () => randomBytes(24).toString('base64url');

/** The in-memory gateway behind one sandbox: orders, clients, taxes, cards and the rules. */
export class Gateway {
  readonly orders = new Map<string, OrderRecord>();
  private readonly byToken = new Map<string, OrderRecord>();
  private readonly challenges = new Map<string, Challenge>();
  readonly clients = new Map<string, ClientRecord>();
  readonly taxes = new Map<string, TaxRecord>();
  private readonly cardsByClient = new Map<string, Card[]>();
  readonly merchantId = `merchant_${randomUUID()}`;
  private seq = 0;

  constructor(private readonly opts: GatewayOptions) {}

  private now(): Date {
    return this.opts.clock.now();
  }

  // ---------------------------------------------------------------- orders

  createOrder(input: unknown): ApiResult {
    const checked = validate(orderRequestRules({ avsEnabled: this.opts.avsEnabled }), input);
    if (!checked.ok) return invalid(checked.issues);
    const req = checked.value;
    const issues: FieldIssue[] = [];
    const original = req.client.original_client;
    if (original && !this.clients.has(original)) {
      issues.push({ path: 'client.original_client', message: 'is not a known client id', code: 'invalid' });
    }
    const lines: Line[] = [];
    (req.products ?? []).forEach((product, i) => {
      const taxPercent = this.taxPercentOf(product.tax);
      if (taxPercent === undefined) {
        issues.push({ path: `products.${i}.tax`, message: 'is not a known tax id', code: 'invalid' });
      }
      const totalMinor = Math.round(toMinor(product.price) * (product.quantity ?? 1));
      const percent = taxPercent ?? null;
      lines.push({
        request: product,
        id: randomUUID(),
        totalMinor,
        taxPercent: percent,
        taxMinor: percent === null ? 0 : Math.round((totalMinor * percent) / 100),
      });
    });
    if (issues.length) return invalid(issues);

    const now = this.now();
    const subtotalMinor = lines.reduce((s, l) => s + l.totalMinor, 0);
    const taxMinor = lines.reduce((s, l) => s + l.taxMinor, 0);
    const seq = ++this.seq;
    const order: OrderRecord = {
      id: randomUUID(),
      seq,
      token: token(),
      request: req,
      number: req.number ?? String(seq),
      status: 'issued',
      statusChanges: [],
      clientId: original ?? null,
      lines,
      subtotalMinor,
      taxMinor,
      totalMinor: subtotalMinor + taxMinor,
      authorizedMinor: null,
      releasedMinor: 0,
      refundedMinor: 0,
      reversedMinor: 0,
      issuedAt: now,
      modifiedAt: now,
      paidAt: null,
      heldAt: null,
      capturedAt: null,
      card: null,
      chargeback: false,
      errors: [],
      processingStatus: null,
      threeDSStatus: null,
      avsResult: null,
      avsRequested: false,
      savedCardId: null,
    };
    this.orders.set(order.id, order);
    this.byToken.set(order.token, order);
    this.move(order, 'create', null);
    return ok(this.orderJson(order));
  }

  private taxPercentOf(tax: unknown): number | null | undefined {
    if (tax == null) return null;
    if (typeof tax === 'string') return this.taxes.get(tax)?.percent;
    if (typeof tax === 'object') {
      const t = tax as { id?: unknown; percent?: unknown };
      if (typeof t.id === 'string') return this.taxes.get(t.id)?.percent;
      if (typeof t.percent === 'number' && t.percent >= 0 && t.percent <= 100) return t.percent;
    }
    return undefined;
  }

  listOrders(): OrderRecord[] {
    for (const order of this.orders.values()) this.settle(order);
    return [...this.orders.values()].sort((a, b) => b.seq - a.seq);
  }

  getOrder(id: string): OrderRecord | undefined {
    const order = this.orders.get(id);
    if (order) this.settle(order);
    return order;
  }

  orderByToken(payToken: string): OrderRecord | undefined {
    const order = this.byToken.get(payToken);
    if (order) this.settle(order);
    return order;
  }

  /** Applies what the clock alone changes: a hold older than 28 days expires. */
  private settle(order: OrderRecord): void {
    if (order.status === 'hold' && order.heldAt) {
      if (this.now().getTime() - order.heldAt.getTime() >= HOLD_DAYS * DAY_MS) {
        order.releasedMinor = order.totalMinor;
        this.move(order, 'expire');
      }
    }
  }

  /** Moves an order through the state table, recording the change and emitting its event. */
  private move(order: OrderRecord, action: Action, from: SandboxStatus | null = order.status): void {
    const t = transitionFor(from, action);
    if (!t) throw new Error(`state table has no ${action} from ${from}`);
    const now = this.now();
    if (from !== t.to) {
      order.status = t.to;
      order.statusChanges.push({ new_status: t.to, on: unix(now) });
    }
    order.modifiedAt = now;
    this.opts.hooks.emit(t.event, this.orderJson(order), order.id);
  }

  private refuseAction(order: OrderRecord, action: Action, what: string): ApiResult | null {
    if (transitionFor(order.status, action)) return null;
    const allowed = allowedFrom(action).join(' or ');
    return refuse(
      `${what} is allowed only on an order that is ${allowed}; this order is ${order.status}`,
      'invalid_status',
    );
  }

  capture(id: string, body: unknown): ApiResult {
    const order = this.getOrder(id);
    if (!order) return notFound('Order not found');
    const refused = this.refuseAction(order, 'capture', 'Capture (once only)');
    if (refused) return refused;
    const checked = validate(captureRules(toMajor(order.totalMinor)), body ?? {});
    if (!checked.ok) return invalid(checked.issues);
    const captured = toMinor(checked.value.total);
    order.releasedMinor = order.totalMinor - captured;
    order.totalMinor = captured;
    order.capturedAt = this.now();
    order.paidAt = order.capturedAt;
    order.processingStatus = 'captured';
    this.move(order, 'capture');
    return ok(this.orderJson(order));
  }

  refund(id: string, body: unknown): ApiResult {
    const order = this.getOrder(id);
    if (!order) return notFound('Order not found');
    const refused = this.refuseAction(order, 'refund', 'A refund');
    if (refused) return refused;
    const left = order.totalMinor - order.refundedMinor - order.reversedMinor;
    const checked = validate(refundRules(toMajor(left)), body ?? {});
    if (!checked.ok) return invalid(checked.issues);
    if (left <= 0) return refuse('Nothing is left to refund on this order', 'nothing_to_refund');
    const paidAt = order.paidAt ?? order.issuedAt;
    const limit = new Date(paidAt);
    limit.setUTCFullYear(limit.getUTCFullYear() + REFUND_YEARS);
    if (this.now() >= limit) {
      return refuse(
        `Refunds are allowed only within ${REFUND_YEARS} years of payment (paid ${utcDay(paidAt)})`,
        'refund_too_late',
      );
    }
    if (order.chargeback) {
      const description =
        'Refund declined: a chargeback has already been received for this payment (RDR value present)';
      order.errors.push({ on: unix(this.now()), description, code: 'RDR' });
      this.move(order, 'refund_declined');
      return refuse(description, 'refund_declined');
    }
    const amount = checked.value.amount == null ? left : toMinor(checked.value.amount);
    order.refundedMinor += amount;
    this.move(order, amount === left ? 'refund' : 'partial_refund');
    return ok(this.orderJson(order));
  }

  reverse(id: string, body: unknown): ApiResult {
    const order = this.getOrder(id);
    if (!order) return notFound('Order not found');
    const refused = this.refuseAction(order, 'reverse', 'Reversal');
    if (refused) return refused;
    const extra = body && typeof body === 'object' ? Object.keys(body) : [];
    if (extra.length) {
      return invalid(
        extra.map((path) => ({
          path,
          message: 'must be absent: a reversal is always for the full amount',
          code: 'unrecognized_keys',
        })),
      );
    }
    if (order.status === 'hold') {
      order.releasedMinor = order.totalMinor;
      this.move(order, 'reverse');
      return ok(this.orderJson(order));
    }
    if (order.totalMinor === 0)
      return refuse('Nothing to reverse: the order has no amount', 'nothing_to_reverse');
    if (order.refundedMinor > 0) {
      return refuse(
        'A reversal returns the full amount only; this payment is already partly refunded',
        'reversal_not_full',
      );
    }
    const paidDay = utcDay(order.paidAt ?? order.issuedAt);
    const today = utcDay(this.now());
    if (paidDay !== today) {
      return refuse(
        `Reversal is allowed only on the day of payment (paid ${paidDay}, today ${today}, UTC)`,
        'reversal_too_late',
      );
    }
    order.reversedMinor = order.totalMinor;
    this.move(order, 'reverse');
    return ok(this.orderJson(order));
  }

  // ---------------------------------------------------------------- direct payment and 3-D Secure

  directPayment(payToken: string, input: unknown): PaymentOutcome {
    const order = this.orderByToken(payToken);
    if (!order) return { result: notFound('Unknown payment address'), order: null };
    const checked = validate(directPaymentBodySchema, input);
    if (!checked.ok) return { result: invalid(checked.issues), order };
    const body = checked.value;
    const issues: FieldIssue[] = [];
    if (!luhnValid(body.card_number)) {
      issues.push({
        path: 'card_number',
        message: 'is not a valid card number (Luhn check)',
        code: 'invalid',
      });
    }
    const brand = brandOf(body.card_number);
    if (order.request.is_moto) {
      if (body.csc != null) {
        issues.push({ path: 'csc', message: 'must be absent for a MOTO order', code: 'invalid' });
      }
    } else if (body.csc == null) {
      issues.push({ path: 'csc', message: 'is required (only MOTO orders take none)', code: 'required' });
    } else if (brand === 'AMEX' ? body.csc.length !== 4 : body.csc.length !== 3) {
      const digits = brand === 'AMEX' ? 4 : 3;
      issues.push({ path: 'csc', message: `must be ${digits} digits for this card`, code: 'invalid' });
    }
    if (issues.length) return { result: invalid(issues), order };

    if (!transitionFor(order.status, 'pay')) {
      const message =
        order.status === 'in_progress'
          ? 'A payment for this order is already in progress (3-D Secure challenge pending)'
          : ['hold', 'paid', 'refunded'].includes(order.status)
            ? `This order is already ${order.status}: a payment is never taken twice`
            : `An order that is ${order.status} cannot be paid`;
      return { result: refuse(message, 'order_not_payable'), order };
    }

    order.card = {
      masked: maskPan(body.card_number),
      holder: body.cardholder_name ?? null,
      brand,
      expMonth: body.exp_month,
      expYear: body.exp_year,
    };
    order.avsRequested = body.avs === true;
    order.threeDSStatus = null;
    order.processingStatus = 'processing';
    this.runAvs(order);
    this.move(order, 'pay');

    if (isExpired(body.exp_month, body.exp_year, this.now())) {
      this.decline(order, EXPIRED_CARD.description, EXPIRED_CARD.code);
      return { result: this.paymentAnswer(order), order };
    }
    const behaviour = behaviourOf(body.card_number);
    if (behaviour.kind === 'decline') {
      this.decline(order, behaviour.description, behaviour.code);
      return { result: this.paymentAnswer(order), order };
    }
    if (behaviour.kind === 'threeds' && !order.request.is_moto) {
      const challenge: Challenge = { token: token(), orderId: order.id, done: false, body };
      this.challenges.set(challenge.token, challenge);
      order.threeDSStatus = 'challenge_required';
      return { result: this.paymentAnswer(order, this.challengeUrl(challenge)), order };
    }
    this.authorize(order, body);
    return { result: this.paymentAnswer(order), order };
  }

  private challengeUrl(c: Challenge): string {
    return `${this.opts.origin()}/3ds/${c.token}/`;
  }

  challenge(challengeToken: string): { challenge: Challenge; order: OrderRecord } | undefined {
    const challenge = this.challenges.get(challengeToken);
    const order = challenge && this.getOrder(challenge.orderId);
    return challenge && order ? { challenge, order } : undefined;
  }

  /** The customer's choice on the challenge page. Undefined when the challenge is unknown or done. */
  completeChallenge(challengeToken: string, choice: 'approve' | 'fail' | 'cancel'): OrderRecord | undefined {
    const found = this.challenge(challengeToken);
    if (!found || found.challenge.done) return undefined;
    const { challenge, order } = found;
    challenge.done = true;
    if (choice === 'approve') {
      order.threeDSStatus = 'authenticated';
      this.authorize(order, challenge.body);
    } else if (choice === 'fail') {
      order.threeDSStatus = 'failed';
      this.decline(order, '3-D Secure authentication failed', '3DS_FAILED');
    } else {
      order.threeDSStatus = 'cancelled';
      this.decline(order, THREE_DS_CANCELLED, '3DS_CANCELLED');
    }
    return order;
  }

  private paymentAnswer(order: OrderRecord, threedCheckUrl?: string): ApiResult {
    const body: Record<string, unknown> = { status: order.status, order_id: order.id };
    if (threedCheckUrl) body.threed_check_url = threedCheckUrl;
    if (order.status === 'rejected') body.errors = order.errors.slice(-1);
    return ok(body);
  }

  private runAvs(order: OrderRecord): void {
    const { address, zip_code } = order.request.client;
    const hasAddress = Boolean(address?.trim() && zip_code?.trim());
    if (!hasAddress && !order.avsRequested) {
      order.avsResult = null;
      return;
    }
    if (!hasAddress) order.avsResult = AVS_UNAVAILABLE;
    else order.avsResult = zip_code?.trim() === '99999' ? AVS_NO_MATCH : AVS_MATCH;
  }

  private decline(order: OrderRecord, description: string, code: string): void {
    order.errors.push({ on: unix(this.now()), description, code });
    order.processingStatus = 'declined';
    this.move(order, 'decline');
  }

  private authorize(order: OrderRecord, body: DirectPaymentBody): void {
    const now = this.now();
    order.authorizedMinor = order.totalMinor;
    order.chargeback = behaviourOf(body.card_number).kind === 'chargeback';
    const req = order.request;
    if (body.saved_by_merchant || req.setup_future_use || req.force_save_method) this.saveCard(order, body);
    if (req.skip_capture && req.payment_system !== 'AUTH') {
      order.heldAt = now;
      order.processingStatus = 'authorized';
      this.move(order, 'hold');
    } else {
      order.paidAt = now;
      order.processingStatus = req.payment_system === 'AUTH' ? 'verified' : 'captured';
      this.move(order, 'approve');
    }
  }

  private saveCard(order: OrderRecord, body: DirectPaymentBody): void {
    if (!order.clientId) order.clientId = this.clientFor(order.request.client.email).id;
    const cards = this.cardsByClient.get(order.clientId) ?? [];
    const card: Card = {
      id: randomUUID(),
      transaction_type: 'DEBIT',
      client: order.clientId,
      merchant: this.merchantId,
      masked_pan: maskPan(body.card_number),
      exp_month: body.exp_month,
      exp_year: body.exp_year,
      is_default: cards.length === 0,
      cardholder_name: body.cardholder_name ?? null,
      product_type: 'CREDIT',
      issuer_country: 'US',
      region_card_issuer: 'North America',
      card_type: brandOf(body.card_number),
    };
    cards.push(card);
    this.cardsByClient.set(order.clientId, cards);
    order.savedCardId = card.id;
    this.opts.hooks.emit(CARD_CREATED, card, order.id);
  }

  // ---------------------------------------------------------------- clients, taxes, webhooks

  private clientFor(email: string): ClientRecord {
    const known = [...this.clients.values()].find((c) => c.data.email.toLowerCase() === email.toLowerCase());
    return known ?? this.addClient({ email });
  }

  private addClient(data: ClientRecord['data']): ClientRecord {
    const client: ClientRecord = { id: randomUUID(), seq: ++this.seq, created: this.now(), data };
    this.clients.set(client.id, client);
    return client;
  }

  createClient(input: unknown): ApiResult {
    const checked = validate(clientCreateSchema, input);
    if (!checked.ok) return invalid(checked.issues);
    return ok(this.clientJson(this.addClient(checked.value)));
  }

  listClients(filterEmail: string | null): unknown[] {
    const wanted = filterEmail?.toLowerCase();
    return [...this.clients.values()]
      .filter((c) => wanted === undefined || c.data.email.toLowerCase() === wanted)
      .sort((a, b) => b.seq - a.seq)
      .map((c) => this.clientJson(c));
  }

  private clientJson(c: ClientRecord): unknown {
    return { ...c.data, id: c.id, created: unix(c.created) };
  }

  createTax(input: unknown): ApiResult {
    const checked = validate(taxCreateSchema, input);
    if (!checked.ok) return invalid(checked.issues);
    const tax: TaxRecord = {
      type: 'tax',
      id: randomUUID(),
      name: checked.value.name,
      percent: checked.value.percent,
    };
    this.taxes.set(tax.id, tax);
    return ok(tax);
  }

  createWebhook(input: unknown): ApiResult {
    const checked = validate(webhookSubscriptionRequestSchema, input);
    if (!checked.ok) return invalid(checked.issues);
    if (!checked.value.all_events && !checked.value.events?.length) {
      return refuse('choose at least one event, or set all_events', 'required', 'events');
    }
    const sub: WebhookSubscription = { ...checked.value, id: randomUUID() };
    this.opts.hooks.subscriptions.push(sub);
    return ok(sub);
  }

  // ---------------------------------------------------------------- the order object

  orderJson(o: OrderRecord): Record<string, unknown> {
    const { client, products: _products, ...rest } = o.request;
    const origin = this.opts.origin();
    const currency = rest.currency ?? 'EUR';
    const major = toMajor;
    const ts = (d: Date | null) => (d ? unix(d) : null);
    return {
      ...rest,
      id: o.id,
      number: o.number,
      status: o.status,
      currency,
      language: rest.language ?? 'en',
      skip_capture: rest.skip_capture ?? false,
      is_moto: rest.is_moto ?? false,
      is_test: true,
      payment_system: rest.payment_system ?? null,
      dynamic_descriptor: rest.dynamic_descriptor ?? null,
      sdwo_merchant_id: rest.sdwo_merchant_id ?? null,
      setup_future_use: rest.setup_future_use ?? null,
      force_save_method: rest.force_save_method ?? false,
      enable_avs: this.opts.avsEnabled || o.avsResult !== null,
      client: { ...client, id: o.clientId },
      products: o.lines.map((l) => ({
        ...l.request,
        id: l.id,
        quantity: l.request.quantity ?? 1,
        description: l.request.description ?? null,
        tax: l.request.tax ?? null,
        tax_percent: l.taxPercent,
        total: major(l.totalMinor),
        tax_amount: major(l.taxMinor),
        currency,
      })),
      api_do_url: `${origin}/pay/${o.token}/`,
      full_page_checkout: `${origin}/checkout/${o.token}/`,
      iframe_checkout: `${origin}/checkout/${o.token}/iframe/`,
      direct_post: null,
      success_redirect: rest.success_redirect ?? null,
      failure_redirect: rest.failure_redirect ?? null,
      cancel_redirect: rest.cancel_redirect ?? null,
      in_progress_redirect: rest.in_progress_redirect ?? null,
      subtotal: major(o.subtotalMinor),
      total_tax: major(o.taxMinor),
      total_discount: 0,
      total: major(o.totalMinor),
      amount_refunded: major(o.refundedMinor),
      issued: ts(o.issuedAt),
      modified: ts(o.modifiedAt),
      paid: ts(o.paidAt),
      captured: ts(o.capturedAt),
      status_changes: o.statusChanges.map((c) => ({ ...c })),
      transaction_details: {
        card_masked_pan: o.card?.masked ?? null,
        cardholder_name: o.card?.holder ?? null,
        card_issuer_country: o.card ? 'US' : null,
        card_type: o.card?.brand ?? null,
        errors: o.errors.map((e) => ({ ...e })),
        processing_status: o.processingStatus,
        three_d_secure_status: o.threeDSStatus,
        amount_authorized: o.authorizedMinor === null ? null : major(o.authorizedMinor),
        amount_released: major(o.releasedMinor),
        amount_refunded: major(o.refundedMinor),
        amount_reversed: major(o.reversedMinor),
        chargebacks: o.chargeback
          ? [
              {
                amount: major(o.authorizedMinor ?? o.totalMinor),
                reason: 'sandbox test card',
                on: ts(o.paidAt),
              },
            ]
          : [],
        avs_result: o.avsResult ? { ...o.avsResult } : null,
        saved_card_id: o.savedCardId,
      },
    };
  }
}
