/** Direct payments to api_do_url, and the 3-D Secure challenge some test cards ask for. */
import { randomUUID } from 'node:crypto';
import { luhnValid } from '../card/luhn.ts';
import {
  CARD_CREATED,
  type Card,
  type DirectPaymentBody,
  directPaymentBodySchema,
  type FieldIssue,
} from '../protocol/index.ts';
import {
  behaviourOf,
  cardTypeOf,
  EXPIRED_CARD,
  ISSUER_COUNTRIES,
  type IssuerCountry,
  inEurope,
  isExpired,
  issuerOf,
  maskPan,
  securityCodeDigits,
} from './cards.ts';
import type { Clock } from './clock.ts';
import { unix } from './clock.ts';
import { parseRequest } from './drf.ts';
import { type OrderBook, secretToken } from './orders.ts';
import type { CardOnOrder, OrderRecord } from './records.ts';
import type { Clients } from './resources.ts';
import { type ApiResult, invalid, notFound, ok, refuse } from './results.ts';
import { transitionFor } from './state-table.ts';
import type { WebhookDispatcher } from './webhooks.ts';

/** The decline reason of a 3-D Secure challenge the customer cancelled (the hosted page reads it). */
export const THREE_DS_CANCELLED = '3-D Secure cancelled by the customer';

/**
 * What an approval after the challenge still needs. Never the card number or security code: the
 * challenge outlives the request, and a sandbox keeps no more card data than a gateway may.
 */
interface PendingApproval {
  chargeback: boolean;
  saveCard: boolean;
}

export interface Challenge {
  token: string;
  orderId: string;
  /** Dropped as soon as the customer has chosen. */
  pending: PendingApproval | null;
  /** The 3-D Secure server's and the bank's ids of this authentication (EMV 3DS's transaction ids). */
  serverTransId: string;
  acsTransId: string;
  /** The bank runs its 3DS Method (a hidden frame on its origin) before the challenge. */
  method: boolean;
  /** How the 3DS Method ended: "Y" answered, "N" timed out; null before it ran. */
  methodCompleted: 'Y' | 'N' | null;
  /** The EMV challenge window the gateway asked the bank for ("01" to "05"), once it did. */
  window: string | null;
  /** The bank's answer, recorded when the person gave it (before the browser comes back). */
  result: 'approve' | 'fail' | 'cancel' | null;
}

/** What a direct payment answers, and the order it touched (null for an unknown address). */
export interface PaymentOutcome {
  result: ApiResult;
  order: OrderRecord | null;
}

export interface PaymentsOptions {
  clock: Clock;
  hooks: WebhookDispatcher;
  orders: OrderBook;
  clients: Clients;
  origin: () => string;
  /** The merchant's country (ISO 3166 alpha-2). */
  merchantCountry: string;
}

const AVS_MATCH = { code: 'Y', description: 'Address and postal code match' };
const AVS_NO_MATCH = { code: 'N', description: 'Neither address nor postal code matches' };
const AVS_UNAVAILABLE = { code: 'U', description: 'Address information unavailable' };
/** Standard AVS for an issuer outside the US, Canada and the UK: the issuer does not take part. */
const AVS_NOT_SUPPORTED = { code: 'G', description: "AVS not supported by the card's issuer" };

export class Payments {
  private readonly challenges = new Map<string, Challenge>();
  private readonly cardsByClient = new Map<string, Card[]>();
  readonly merchantId = `merchant_${randomUUID()}`;

  constructor(private readonly opts: PaymentsOptions) {}

  /** A card payment to the order's address: `via` names the address for the ignored-key notes. */
  pay(payToken: string, input: unknown, via = 'POST api_do_url'): PaymentOutcome {
    const order = this.opts.orders.byPayToken(payToken);
    if (!order) return { result: notFound('Unknown payment address'), order: null };
    const checked = parseRequest(directPaymentBodySchema, input);
    if (!checked.ok) return { result: checked.result, order };
    const { ignored } = checked;
    const body = checked.value;
    const issues = cardIssues(body, order.request.is_moto === true);
    if (issues.length) return { result: { ...invalid(issues), ignored }, order };

    if (!transitionFor(order.status, 'pay')) return { result: { ...notPayable(order), ignored }, order };
    this.opts.orders.noteIgnored(order, via, ignored);
    const outcome = this.charge(order, body);
    return { result: { ...outcome, ignored }, order };
  }

  /** Runs one accepted card payment on an order that may be paid: decline, challenge or approval. */
  private charge(order: OrderRecord, body: DirectPaymentBody): ApiResult {
    order.card = cardOnOrder(body);
    order.avsRequested = body.avs === true;
    order.threeDSStatus = null;
    order.processingStatus = 'processing';
    this.runAvs(order, issuerOf(body.card_number));
    this.opts.orders.move(order, 'pay');

    if (isExpired(body.exp_month, body.exp_year, this.opts.clock.now())) {
      this.decline(order, EXPIRED_CARD.description, EXPIRED_CARD.code);
      return answer(order);
    }
    const behaviour = behaviourOf(body.card_number);
    if (behaviour.kind === 'decline') {
      this.decline(order, behaviour.description, behaviour.code);
      return answer(order);
    }
    const pending: PendingApproval = {
      chargeback: behaviour.kind === 'chargeback',
      saveCard: Boolean(
        body.saved_by_merchant || order.request.setup_future_use || order.request.force_save_method,
      ),
    };
    // No cardholder is there to authenticate a phone order: MOTO skips 3-D Secure.
    const moto = order.request.is_moto === true;
    const challenge = !moto && this.challengeOf(order, behaviour, issuerOf(body.card_number), pending);
    if (challenge) {
      this.challenges.set(challenge.token, challenge);
      order.threeDSStatus = 'challenge_required';
      return answer(order, `${this.opts.origin()}/3ds/${challenge.token}/`);
    }
    if (behaviour.kind === 'frictionless' && !moto) order.threeDSStatus = 'authenticated';
    this.authorize(order, pending);
    return answer(order);
  }

  /**
   * The challenge a payment needs, if any: the test card's own, or (rule 6) the bank's when a card
   * issued in the EU is saved for a merchant located in Europe, whatever the amount.
   */
  private challengeOf(
    order: OrderRecord,
    behaviour: ReturnType<typeof behaviourOf>,
    issuer: IssuerCountry,
    pending: PendingApproval,
  ): Challenge | null {
    const strongAuthForSaving =
      pending.saveCard && ISSUER_COUNTRIES[issuer].eu && inEurope(this.opts.merchantCountry);
    if (behaviour.kind !== 'threeds' && !strongAuthForSaving) return null;
    return {
      token: secretToken(),
      orderId: order.id,
      pending,
      serverTransId: randomUUID(),
      acsTransId: randomUUID(),
      method: behaviour.kind === 'threeds' && behaviour.method,
      methodCompleted: null,
      window: null,
      result: null,
    };
  }

  /** The challenge the bank knows by its own id (acsTransID). */
  challengeAtBank(acsTransId: string): { challenge: Challenge; order: OrderRecord } | undefined {
    for (const challenge of this.challenges.values())
      if (challenge.acsTransId === acsTransId) return this.challenge(challenge.token);
    return undefined;
  }

  challenge(challengeToken: string): { challenge: Challenge; order: OrderRecord } | undefined {
    const challenge = this.challenges.get(challengeToken);
    const order = challenge && this.opts.orders.get(challenge.orderId);
    if (!challenge || !order) return undefined;
    // An order cancelled while its challenge waited is unpaid and stays so: the challenge has ended,
    // and an answer to it afterwards is refused rather than charge a cancelled order.
    if (challenge.pending && order.status !== 'in_progress') challenge.pending = null;
    return { challenge, order };
  }

  /** The customer's choice on the challenge page. Undefined when the challenge is unknown or done. */
  completeChallenge(challengeToken: string, choice: 'approve' | 'fail' | 'cancel'): OrderRecord | undefined {
    const found = this.challenge(challengeToken);
    const pending = found?.challenge.pending;
    if (!found || !pending) return undefined;
    const { challenge, order } = found;
    challenge.pending = null;
    challenge.result = choice;
    if (choice === 'approve') {
      order.threeDSStatus = 'authenticated';
      this.authorize(order, pending);
    } else if (choice === 'fail') {
      order.threeDSStatus = 'failed';
      this.decline(order, '3-D Secure authentication failed', '3DS_FAILED');
    } else {
      order.threeDSStatus = 'cancelled';
      this.decline(order, THREE_DS_CANCELLED, '3DS_CANCELLED');
    }
    return order;
  }

  /**
   * Rule 8: standard AVS (the order carries an address) runs for cards issued in the US, Canada and
   * the UK; any other issuer answers that it does not take part, never a mismatch. Custom AVS (`avs`
   * in the payment) runs for every issuer, 3-D Secure or not.
   */
  private runAvs(order: OrderRecord, issuer: IssuerCountry): void {
    const { address, zip_code } = order.request.client;
    const hasAddress = Boolean(address?.trim() && zip_code?.trim());
    if (!hasAddress && !order.avsRequested) {
      order.avsResult = null;
      return;
    }
    if (!hasAddress) order.avsResult = AVS_UNAVAILABLE;
    else if (!order.avsRequested && !ISSUER_COUNTRIES[issuer].standardAvs)
      order.avsResult = AVS_NOT_SUPPORTED;
    else order.avsResult = zip_code?.trim() === '99999' ? AVS_NO_MATCH : AVS_MATCH;
  }

  private decline(order: OrderRecord, description: string, code: string): void {
    order.errors.push({ on: unix(this.opts.clock.now()), description, code });
    order.processingStatus = 'declined';
    this.opts.orders.move(order, 'decline');
  }

  private authorize(order: OrderRecord, pending: PendingApproval): void {
    const now = this.opts.clock.now();
    order.authorizedMinor = order.totalMinor;
    order.chargeback = pending.chargeback;
    const req = order.request;
    if (pending.saveCard && order.card) this.saveCard(order, order.card);
    if (req.skip_capture && req.payment_system !== 'AUTH') {
      order.heldAt = now;
      order.processingStatus = 'authorized';
      this.opts.orders.move(order, 'hold');
    } else {
      order.paidAt = now;
      order.processingStatus = req.payment_system === 'AUTH' ? 'verified' : 'captured';
      this.opts.orders.move(order, 'approve');
    }
  }

  private saveCard(order: OrderRecord, onOrder: CardOnOrder): void {
    if (!order.clientId) order.clientId = this.opts.clients.forEmail(order.request.client.email);
    const cards = this.cardsByClient.get(order.clientId) ?? [];
    const card: Card = {
      id: randomUUID(),
      transaction_type: 'DEBIT',
      client: order.clientId,
      merchant: this.merchantId,
      masked_pan: onOrder.masked,
      exp_month: onOrder.expMonth,
      exp_year: onOrder.expYear,
      is_default: cards.length === 0,
      cardholder_name: onOrder.holder,
      product_type: 'CREDIT',
      issuer_country: onOrder.issuerCountry,
      region_card_issuer: ISSUER_COUNTRIES[onOrder.issuerCountry as IssuerCountry]?.region ?? 'North America',
      card_type: onOrder.brand,
    };
    cards.push(card);
    this.cardsByClient.set(order.clientId, cards);
    order.savedCardId = card.id;
    this.opts.hooks.emit(CARD_CREATED, card, order.id);
  }
}

function cardIssues(body: DirectPaymentBody, moto: boolean): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (!luhnValid(body.card_number)) {
    issues.push({ path: 'card_number', message: 'is not a valid card number (Luhn check)', code: 'invalid' });
  }
  if (moto) {
    if (body.csc != null)
      issues.push({ path: 'csc', message: 'must be absent for a MOTO order', code: 'invalid' });
    return issues;
  }
  const digits = securityCodeDigits(body.card_number);
  if (body.csc == null) {
    issues.push({ path: 'csc', message: 'is required (only MOTO orders take none)', code: 'required' });
  } else if (body.csc.length !== digits) {
    issues.push({ path: 'csc', message: `must be ${digits} digits for this card`, code: 'invalid' });
  }
  return issues;
}

function notPayable(order: OrderRecord): ApiResult {
  const message =
    order.status === 'in_progress'
      ? 'A payment for this order is already in progress (3-D Secure challenge pending)'
      : ['hold', 'paid', 'refunded'].includes(order.status)
        ? `This order is already ${order.status}: a payment is never taken twice`
        : `An order that is ${order.status} cannot be paid`;
  return refuse(message, 'order_not_payable');
}

const cardOnOrder = (body: DirectPaymentBody): CardOnOrder => ({
  masked: maskPan(body.card_number),
  holder: body.cardholder_name ?? null,
  brand: cardTypeOf(body.card_number),
  expMonth: body.exp_month,
  expYear: body.exp_year,
  issuerCountry: issuerOf(body.card_number),
});

/** {status, order_id}, plus threed_check_url for a challenge and errors for a decline. */
function answer(order: OrderRecord, threedCheckUrl?: string): ApiResult {
  const body: Record<string, unknown> = { status: order.status, order_id: order.id };
  if (threedCheckUrl) body.threed_check_url = threedCheckUrl;
  if (order.status === 'rejected') body.errors = order.errors.slice(-1);
  return ok(body);
}
