import { buildDirectPaymentBody, type CardInput } from '../../card/direct-body.ts';
import { formFields } from '../../card/direct-form.ts';
import { gatewayAddressProblem } from '../../flow/gateway-origin.ts';
import { MerchantServer, newIdempotencyKey } from '../../flow/merchant-server.ts';
import type { FlowError } from '../../flow/outcome.ts';
import { postDirectPayment } from '../../flow/post-payment.ts';
import type { CheckoutConfig, CheckoutSession, CheckoutSessionRequest } from '../../protocol/session.ts';
import { isPaymentAddress } from '../shared/checks.ts';
import type { FramedOrder, PayOutcome, Refusal, SessionData } from '../shared/messages.ts';
import type { DirectSender } from './direct-post-send.ts';

export interface FramePaymentOptions {
  /** The merchant's session endpoint, absolute, as the frame's address named it. */
  readonly sessionUrl: string;
  /** The merchant's page: no payment address may point there. */
  readonly parentOrigin: string;
  readonly fetch?: typeof fetch;
  readonly sleep?: (ms: number) => Promise<void>;
}

/**
 * The card as the fields hold it, for a payment in the given mode (unset: as the fields show it now);
 * null when it is not complete and valid, and the fields then show why.
 */
export type CardReader = (moto?: boolean) => CardInput | null;

/** Outcomes the frame reports as a refusal of its own rather than a payment's outcome. */
const PAID = new Set(['succeeded', 'held', 'refunded']);

/**
 * The isolated fields' side of a payment: the frame asks the merchant's server for this checkout's
 * order itself (credentialed, from the fields' origin), and pays exactly that order, in the mode
 * that order's session says (MOTO, AVS, saving). The page only hands over non-card data; it never
 * names the order, its payment address, its amount or its mode.
 *
 * Exactly once: one idempotency key per attempt, made here and never shown to the page. Pressing
 * Pay again pays the same order while the merchant's server reports it `issued` (a lost answer, a
 * gateway fault); a new order only once the last one ended without being paid (declined, a 3-D
 * Secure check left), and never after it was paid.
 */
export class FramePayment {
  readonly #o: FramePaymentOptions;
  readonly #server: MerchantServer;
  readonly #fetch: typeof fetch;
  #key: string | null = null;
  #session: CheckoutSession | null = null;
  #running = false;

  constructor(options: FramePaymentOptions) {
    this.#o = options;
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.#server = new MerchantServer({
      sessionUrl: options.sessionUrl,
      fetch: this.#fetch,
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      credentials: 'include',
    });
  }

  /** A payment is under way: another is refused. */
  get busy(): boolean {
    return this.#running;
  }

  /** Whether the merchant's server makes this checkout a phone order (no security code asked). */
  async loadMoto(signal?: AbortSignal): Promise<boolean> {
    return (await this.loadConfig(signal)).moto === true;
  }

  /** This visit's checkout as the merchant's server says it: the terms the fields show. */
  loadConfig(signal?: AbortSignal): Promise<CheckoutConfig> {
    return this.#server.loadConfig(signal);
  }

  /**
   * Pays this checkout's order with the card, once. `onOrder` hears the order before the payment
   * goes out (the page follows it from there: 3-D Secure, the status). A refusal is returned as its
   * reason; nothing was sent then. `agrees` says whether the order is the use of the card the
   * fields showed (amount, hold, saving, MOTO): one that is not is refused, unpaid. An order the
   * merchant's server pays by Direct Post goes as a form through `send`, to its `direct_post` only,
   * and never to `api_do_url`; its outcome says only that the form went (the page follows it).
   */
  async pay(
    data: SessionData,
    read: CardReader,
    onOrder: (order: FramedOrder) => void,
    timeoutMs: number,
    agrees: (session: CheckoutSession) => boolean = () => true,
    send?: DirectSender,
  ): Promise<PayOutcome | { refused: Refusal }> {
    if (this.#running) return { refused: 'under-way' };
    this.#running = true;
    try {
      return await this.#pay(data, read, onOrder, timeoutMs, agrees, send);
    } finally {
      this.#running = false;
    }
  }

  async #pay(
    data: SessionData,
    read: CardReader,
    onOrder: (order: FramedOrder) => void,
    timeoutMs: number,
    agrees: (session: CheckoutSession) => boolean,
    send: DirectSender | undefined,
  ): Promise<PayOutcome | { refused: Refusal }> {
    // No order for a card that cannot pay it.
    if (!read()) return { ok: false, error: 'invalid' };
    if (this.#session) {
      // The last order of this checkout: paid again only while it is still waiting for a payment.
      const status = await this.#server.readStatus(this.#session.status_url);
      if (!status) return { ok: false, error: 'network' };
      if (PAID.has(status.outcome)) return { refused: 'order-paid' };
      if (status.status !== 'issued') this.#session = this.#key = null;
    }
    let session = this.#session;
    if (!session) {
      this.#key ??= newIdempotencyKey();
      const key = this.#key;
      try {
        // The merchant's server checks every field of it exactly; the frame only made sure of its shape.
        session = await this.#server.createSession(
          key,
          data as Omit<CheckoutSessionRequest, 'idempotency_key'>,
        );
      } catch (error) {
        const e = error as Partial<FlowError>;
        // Refused outright: no order was made for this key. A lost answer may have made one: the
        // same key finds it again.
        if (e.type === 'session') this.#key = null;
        if (e.type === 'session')
          return {
            ok: false,
            error: 'session',
            message: e.message,
            ...(e.fields ? { fields: e.fields } : {}),
          };
        // Refused before any order: the customer is told why, as the in-page checkout tells them.
        if (e.type === 'rate_limited' || e.type === 'verification') {
          this.#key = null;
          return { ok: false, error: e.type, ...(e.retryAfter ? { retryAfter: e.retryAfter } : {}) };
        }
        return { ok: false, error: 'network' };
      }
      this.#session = session;
    }
    const direct = session.transport === 'direct-post';
    // Direct Post: the card goes to the order's direct_post as a form, and never to api_do_url.
    const address = direct ? session.direct_post : session.api_do_url;
    if (!isPaymentAddress(address)) return { refused: 'not-gateway' };
    const refusedAddress =
      gatewayAddressProblem(address, [], this.#o.parentOrigin) ??
      gatewayAddressProblem(address, [], new URL(this.#o.sessionUrl).origin) ??
      gatewayAddressProblem(address, [], globalThis.location?.origin);
    if (refusedAddress) return { refused: 'not-gateway' };
    // The visit's order changed since the fields said what it does: the customer is told first.
    if (!agrees(session)) return { refused: 'terms-changed' };
    onOrder({
      order_id: session.order_id,
      status_url: session.status_url,
      amount: session.amount,
      currency: session.currency,
    });
    const card = read(session.moto);
    if (!card) return { ok: false, error: 'invalid' };
    const body = buildDirectPaymentBody(card, {
      avs: session.avs,
      moto: session.moto,
      savedByMerchant: session.save?.method === 'merchant',
    });
    if (direct) {
      // No page of this frame's to send it from: nothing is sent.
      const refused = send ? await send(address, formFields(body)) : 'no-relay';
      // Handed over, never confirmed: as a lost answer, the status says whether it went.
      if (refused === 'lost') return { ok: false, error: 'timeout' };
      if (refused) return { refused };
      return { ok: true, response: { status: 'posted', threed_check_url: null } };
    }
    const result = await postDirectPayment(address, body, { timeoutMs, fetch: this.#fetch });
    // Whatever the gateway says goes to the parent; a gateway that echoed the card would not.
    const echoes = (text: string | null | undefined) =>
      !!text && (text.includes(body.card_number) || (!!body.csc && text.includes(`"${body.csc}"`)));
    if (!result.ok) {
      return { ok: false, error: result.error, message: echoes(result.message) ? undefined : result.message };
    }
    const url = result.response.threed_check_url ?? null;
    if (echoes(url)) return { ok: false, error: 'server' };
    const status =
      typeof result.response.status === 'string' ? result.response.status.slice(0, 64) : undefined;
    // Only these two of the answer cross: the rest stays here, whatever the gateway put in it.
    return { ok: true, response: { status, threed_check_url: url } };
  }
}
