/** Orders: creation, reading, and what the merchant does afterwards (capture, refund, reverse). */
import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  captureRequestSchema,
  captureRules,
  type FieldIssue,
  type OrderWire,
  orderRequestRules,
  orderRequestSchema,
  refundRules,
  reverseRequestSchema,
  toMajor,
  toMinor,
} from '../protocol/index.ts';
import { type Clock, unix, utcDay } from './clock.ts';
import { parseRequest } from './drf.ts';
import { orderJson, type TransactionDetailsShape } from './order-json.ts';
import type { Products } from './products.ts';
import type { Line, OrderRecord } from './records.ts';
import type { Clients, Taxes } from './resources.ts';
import { type ApiResult, invalid, noContent, notFound, ok, refuse } from './results.ts';
import {
  type Action,
  allowedFrom,
  DELETABLE,
  HOLD_DAYS,
  REFUND_YEARS,
  type SandboxStatus,
  transitionFor,
} from './state-table.ts';
import type { WebhookDispatcher } from './webhooks.ts';

export interface OrderBookOptions {
  avsEnabled: boolean;
  clock: Clock;
  hooks: WebhookDispatcher;
  clients: Clients;
  taxes: Taxes;
  products: Products;
  /** The sandbox's own origin (http://127.0.0.1:PORT), known once it listens. */
  origin: () => string;
  transactionDetails: TransactionDetailsShape;
}

const DAY_MS = 86_400_000;
/** How many ignored-key notes (and keys per note) an order keeps. */
const MAX_IGNORED_KEPT = 50;
/** Capture takes no body, or a body without `total`, as the whole hold (public clients send none). */
const wholeHoldCapture = captureRequestSchema.partial();
/** A request whose body the gateway reads nothing from (cancel): every key is ignored. */
const nothingDeclared = z.looseObject({});

/** An unguessable token for the addresses that need no key (api_do_url, challenges). */
export const secretToken = () => randomBytes(24).toString('base64url');

export class OrderBook {
  private readonly byId = new Map<string, OrderRecord>();
  private readonly byToken = new Map<string, OrderRecord>();
  private seq = 0;

  constructor(private readonly opts: OrderBookOptions) {}

  private now(): Date {
    return this.opts.clock.now();
  }

  json(order: OrderRecord): OrderWire {
    return orderJson(order, {
      origin: this.opts.origin(),
      avsEnabled: this.opts.avsEnabled,
      transactionDetails: this.opts.transactionDetails,
    });
  }

  create(input: unknown): ApiResult {
    const rules = orderRequestRules({ avsEnabled: this.opts.avsEnabled });
    const checked = parseRequest(rules, input, orderRequestSchema);
    if (!checked.ok) return checked.result;
    const { ignored } = checked;
    const req = checked.value;
    const issues: FieldIssue[] = [];
    const original = req.client.original_client;
    if (original && !this.opts.clients.has(original)) {
      issues.push({ path: 'client.original_client', message: 'is not a known client id', code: 'invalid' });
    }
    const lines: Line[] = [];
    (req.products ?? []).forEach((given, i) => {
      // A line naming a catalogue product takes that product's tax when it brings none of its own.
      const catalogueTax = given.tax == null ? this.opts.products.taxOf(given.id) : null;
      const product = catalogueTax ? { ...given, tax: catalogueTax } : given;
      const taxPercent = this.opts.taxes.percentOf(product.tax);
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
    if (issues.length) return { ...invalid(issues), ignored };

    const now = this.now();
    const subtotalMinor = lines.reduce((s, l) => s + l.totalMinor, 0);
    const taxMinor = lines.reduce((s, l) => s + l.taxMinor, 0);
    const seq = ++this.seq;
    const order: OrderRecord = {
      id: randomUUID(),
      seq,
      token: secretToken(),
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
      ignored: [],
    };
    this.noteIgnored(order, 'POST /orders/', ignored, now);
    this.byId.set(order.id, order);
    this.byToken.set(order.token, order);
    // The creation's own instant, so `issued` and the first status change never straddle a second.
    this.move(order, 'create', null, now);
    return { ...ok(this.json(order)), ignored };
  }

  /** Keeps what a request to this order sent and the gateway ignored, for the control surface. */
  noteIgnored(order: OrderRecord, request: string, keys: readonly string[], now: Date = this.now()): void {
    if (!keys.length) return;
    order.ignored.push({ request, keys: keys.slice(0, MAX_IGNORED_KEPT), on: unix(now) });
    // A client that sends the same stray key on every call must not grow the order without end.
    if (order.ignored.length > MAX_IGNORED_KEPT)
      order.ignored.splice(0, order.ignored.length - MAX_IGNORED_KEPT);
  }

  /** Newest first. */
  list(): OrderRecord[] {
    for (const order of this.byId.values()) this.settle(order);
    return [...this.byId.values()].sort((a, b) => b.seq - a.seq);
  }

  get(id: string): OrderRecord | undefined {
    const order = this.byId.get(id);
    if (order) this.settle(order);
    return order;
  }

  byPayToken(payToken: string): OrderRecord | undefined {
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
  move(
    order: OrderRecord,
    action: Action,
    from: SandboxStatus | null = order.status,
    now: Date = this.now(),
  ): void {
    const t = transitionFor(from, action);
    if (!t) throw new Error(`state table has no ${action} from ${from}`);
    if (from !== t.to) {
      order.status = t.to;
      order.statusChanges.push({ new_status: t.to, on: unix(now) });
    }
    order.modifiedAt = now;
    this.opts.hooks.emit(t.event, this.json(order), order.id);
  }

  /** The order an action applies to, or the 404 / 400 saying why the action cannot run on it. */
  private target(id: string, action: Action, what: string): { order: OrderRecord } | { refused: ApiResult } {
    const order = this.get(id);
    if (!order) return { refused: notFound('Order not found') };
    if (transitionFor(order.status, action)) return { order };
    const from = allowedFrom(action);
    // "issued or hold", "issued, rejected or hold"
    const allowed = from.length > 1 ? `${from.slice(0, -1).join(', ')} or ${from.at(-1)}` : from.join('');
    const message = `${what} is allowed only on an order that is ${allowed}; this order is ${order.status}`;
    return { refused: refuse(message, 'invalid_status') };
  }

  capture(id: string, body: unknown): ApiResult {
    const found = this.target(id, 'capture', 'Capture (once only)');
    if ('refused' in found) return found.refused;
    const { order } = found;
    const held = toMajor(order.totalMinor);
    const parsed = parseRequest(wholeHoldCapture, body);
    if (!parsed.ok) return parsed.result;
    const { ignored } = parsed;
    const checked = parseRequest(captureRules(held), { total: parsed.value.total ?? held });
    if (!checked.ok) return { ...checked.result, ignored };
    this.noteIgnored(order, 'POST /orders/{id}/capture/', ignored);
    const captured = toMinor(checked.value.total);
    order.releasedMinor = order.totalMinor - captured;
    order.totalMinor = captured;
    order.capturedAt = this.now();
    order.paidAt = order.capturedAt;
    order.processingStatus = 'captured';
    this.move(order, 'capture');
    return { ...ok(this.json(order)), ignored };
  }

  refund(id: string, body: unknown): ApiResult {
    const found = this.target(id, 'refund', 'A refund');
    if ('refused' in found) return found.refused;
    const { order } = found;
    const left = order.totalMinor - order.refundedMinor - order.reversedMinor;
    const checked = parseRequest(refundRules(toMajor(left)), body);
    if (!checked.ok) return checked.result;
    const { ignored } = checked;
    this.noteIgnored(order, 'POST /orders/{id}/refund/', ignored);
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
    return { ...ok(this.json(order)), ignored };
  }

  /** POST /orders/{id}/cancel/: an unpaid order (also one waiting on 3-D Secure) is cancelled, a hold released. */
  cancel(id: string, body: unknown): ApiResult {
    const found = this.target(id, 'cancel', 'Cancelling');
    if ('refused' in found) return found.refused;
    const { order } = found;
    const parsed = parseRequest(nothingDeclared, body);
    if (!parsed.ok) return parsed.result;
    this.noteIgnored(order, 'POST /orders/{id}/cancel/', parsed.ignored);
    if (order.status === 'hold') {
      order.releasedMinor = order.totalMinor;
      order.processingStatus = 'released';
    }
    // Waiting on 3-D Secure: nothing was authorized, so the payment simply stops (the challenge
    // learns it from the status when it is next shown or answered).
    if (order.status === 'in_progress') order.processingStatus = 'cancelled';
    this.move(order, 'cancel');
    return { ...ok(this.json(order)), ignored: parsed.ignored };
  }

  /** DELETE /orders/{id}/: only an order no money was taken for (state table: DELETABLE). */
  delete(id: string): ApiResult {
    const order = this.get(id);
    if (!order) return notFound('Order not found');
    if (!DELETABLE.includes(order.status)) {
      return refuse(
        `Only an unpaid order can be deleted (${DELETABLE.join(', ')}); this order is ${order.status}`,
        'invalid_status',
      );
    }
    this.byId.delete(order.id);
    this.byToken.delete(order.token);
    return noContent();
  }

  /** Whether any order names this gateway client. */
  hasOrdersOf(clientId: string): boolean {
    for (const order of this.byId.values()) if (order.clientId === clientId) return true;
    return false;
  }

  reverse(id: string, body: unknown): ApiResult {
    const found = this.target(id, 'reverse', 'Reversal');
    if ('refused' in found) return found.refused;
    const { order } = found;
    // The gateway declares nothing on a reversal and ignores what comes, except an amount: a
    // reversal is always for the full amount, and a partial one asked for is refused, not ignored.
    const parsed = parseRequest(reverseRequestSchema, body);
    if (!parsed.ok) return parsed.result;
    const ignored = parsed.ignored;
    if (parsed.value.amount !== undefined) {
      return {
        ...invalid([
          {
            path: 'amount',
            message: 'must be absent: a reversal is always for the full amount',
            code: 'invalid',
          },
        ]),
        ignored,
      };
    }
    this.noteIgnored(order, 'POST /orders/{id}/reverse/', ignored);
    if (order.status === 'hold') {
      order.releasedMinor = order.totalMinor;
      this.move(order, 'reverse');
      return { ...ok(this.json(order)), ignored };
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
    return { ...ok(this.json(order)), ignored };
  }
}
