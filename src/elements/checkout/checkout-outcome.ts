import type { ReactiveElement } from 'lit';
import { type FlowInvalid, type FlowResult, isUnconfirmed } from '../../flow/outcome.ts';
import type { GatewayBillingAddress } from '../billing-address/billing-address.ts';
import { cardState, clearSecurityCode, reportCard } from '../card-form/card-access.ts';
import type { GatewayCardForm } from '../card-form/card-form.ts';
import type { Catalog } from '../i18n/index.ts';
import type { GatewaySaveConsent } from '../save-consent/save-consent.ts';
import { onDemand } from '../shared/on-demand.ts';
import { emit } from './checkout-events.ts';
import { resultText } from './checkout-messages.ts';
import type { CheckoutState } from './checkout-store.ts';
import type { EmailField } from './email-field.ts';
import { fieldTarget } from './field-errors.ts';
import type { UnconfirmedWatch } from './unconfirmed-watch.ts';

// What a checkout does with a payment's outcome, however it came (Pay, a hosted form, a reload's
// pick-up, a reopened 3-D Secure check, its own re-check): what stays in the fields, where the
// focus goes, whether a reload may pick the attempt up again, and what the page hears.

type FailedResult = Extract<FlowResult, { kind: 'failed' }>;
type ServerFieldIssues = NonNullable<FailedResult['error']['fields']>;

/** Once the result has rendered, the focus goes to what a person does next. */
function focusAfterRender(host: ReactiveElement, selector: string): void {
  void host.updateComplete.then(() => host.renderRoot.querySelector<HTMLElement>(selector)?.focus());
}

/**
 * Tells the page a payment's outcome through its event, and moves the focus to the way on from
 * it. `fieldErrors` places the merchant server's word on fields it named.
 */
function announceOutcome(
  host: ReactiveElement,
  result: FlowResult,
  t: Catalog,
  moto: boolean,
  fieldErrors: (fields: ServerFieldIssues) => Promise<void>,
): void {
  const newPayment = 'button[part="new-payment"]';
  if (result.kind === 'succeeded') {
    const { amount, currency } = result.status;
    emit(host, 'gateway-success', {
      orderId: result.orderId,
      status: result.status.status,
      amount,
      currency,
    });
    focusAfterRender(host, moto ? newPayment : '.result');
  } else if (result.kind === 'declined') {
    const { amount, currency } = result.status;
    emit(host, 'gateway-decline', { orderId: result.orderId, reason: result.reason, amount, currency });
  } else {
    // The way on after a check left unfinished is to reopen it: the focus waits there.
    if (result.reopenable) focusAfterRender(host, 'button[part="reopen-challenge"]');
    // An integration mistake, not the customer's: the developer's console names the address and the rule.
    if (result.error.type === 'untrusted_gateway') console.error(`gateway-checkout: ${result.error.message}`);
    const fields = result.error.fields;
    if (fields?.length) void fieldErrors(fields);
    emit(host, 'gateway-error', {
      type: result.error.type,
      message: resultText(t, result),
      ...(fields?.length ? { fields } : {}),
    });
  }
}

/** The parts of a checkout an outcome touches: the card form, and those that show a server's word. */
export interface OutcomeParts {
  readonly card?: GatewayCardForm;
  readonly email: EmailField;
  readonly address?: GatewayBillingAddress;
  readonly consent?: GatewaySaveConsent;
}

/** What the element plugs into the handling of its outcomes. */
export interface OutcomeSteps {
  t(): Catalog;
  moto(): boolean;
  parts(): OutcomeParts;
  /** The status region says how many fields need attention. */
  _announceAttention(count: number): void;
  /** The outcome is seen: neither a reload nor the next checkout on this address picks it up. */
  _forgetAttempt(): void;
}

/**
 * Shows the outcomes of a checkout's payments, and asks again for one it could not confirm.
 *
 * What it owns: what an outcome does to the fields (the security code goes, a paid card goes),
 * where the focus goes, the page's event for it, the server's word beside the fields it named,
 * and the checkout's own asking after an unconfirmed outcome.
 * What it does not own: the step and result (`CheckoutState`: it settles them), how a payment is
 * started (`PayPress`, `HostedPresentation`), the attempt kept for a reload (the element forgets it
 * through `_forgetAttempt`).
 */
export class PaymentOutcome {
  readonly #host: ReactiveElement;
  readonly #state: CheckoutState;
  readonly #steps: OutcomeSteps;
  /**
   * Asks again, of the checkout's own accord, for an outcome it could not confirm: loaded with the
   * first such outcome (most pages never have one). Not loaded, it does not ask: "Check again" stays.
   */
  #recheck?: Promise<UnconfirmedWatch | undefined>;

  constructor(host: ReactiveElement, state: CheckoutState, steps: OutcomeSteps) {
    this.#host = host;
    this.#state = state;
    this.#steps = steps;
  }

  /** Starts or stops the checkout's own asking, in the order asked, once its part has loaded. */
  #watch(on: boolean): void {
    if (!on && !this.#recheck) return;
    void this._prepare().then((watch) => (on ? watch?.start() : watch?.stop()));
  }

  /**
   * Fetches the part as a payment starts, while the network is there: an outcome it cannot confirm
   * is most often the network lost mid-payment, when the part could no longer be fetched.
   */
  _prepare(): Promise<UnconfirmedWatch | undefined> {
    this.#recheck ??= onDemand.outcomes().then(
      (part) => new part.UnconfirmedWatch(this.#host, () => this.#checkQuietly()),
      () => undefined,
    );
    return this.#recheck;
  }

  /** A new flow, or a person asking themselves: the checkout's own asking stops. */
  _stopChecking(): void {
    this.#watch(false);
  }

  show(result: FlowResult | FlowInvalid): void {
    const steps = this.#steps;
    const parts = steps.parts();
    const form = parts.card;
    if (result.kind === 'invalid') {
      this.#state._settle();
      // The isolated fields refused to send an incomplete card and show why; nothing was paid.
      // They reported their state first, so the count is of the fields the customer sees in red.
      if (form) reportCard(form, true);
      steps._announceAttention((form && cardState(form)?.errors.length) || 1);
      return;
    }
    this.#state._settle(result);
    const moto = steps.moto();
    // Whatever was sent, the security code is not kept: a retry asks for it again. The rest of the
    // card stays for a retry, and goes too once the order is paid. Refused before any order was
    // made (too many attempts, a bot check), nothing was sent: every field stays as typed.
    // After a decline (a failed 3-D Secure check is one) the focus waits in that field, not on the
    // page: the Pay button it was on is busy while paying. An agent asks the caller for another
    // card: the declined one goes, and the focus waits on the card number (the order stays).
    const refocus = result.kind === 'declined';
    if (form && !nothingSent(result)) {
      clearSecurityCode(form);
      // Once this render has unlocked the fields (a locked field cannot take the focus).
      if (refocus)
        void this.#host.updateComplete.then(() => {
          if (!moto) return clearSecurityCode(form, true);
          form.clear();
          form.focus();
        });
    }
    // Kept while the outcome is unknown or the bank's check waits to be reopened, and while the
    // checkout is out of the page (a single-page app's other route): nobody saw it.
    const unconfirmed = isUnconfirmed(result);
    const open = unconfirmed || (result.kind === 'failed' && result.reopenable === true);
    if (!open && this.#host.isConnected) steps._forgetAttempt();
    // The card is spent: nothing of it stays in the fields behind the result.
    if (result.kind === 'succeeded') form?.clear();
    // Never left to the person to find out: the checkout keeps asking and shows the outcome itself.
    this.#watch(unconfirmed);
    const t = steps.t();
    announceOutcome(this.#host, result, t, moto, (fields) =>
      onDemand
        .outcomes()
        .then((part) => part.showServerFieldErrors(this.#host, t, fields, parts, fieldTarget)),
    );
  }

  /**
   * One check of an unconfirmed outcome, of the checkout's own accord: nothing on screen changes
   * while it asks, and an outcome still unconfirmed is not announced again. True while unconfirmed.
   */
  async #checkQuietly(): Promise<boolean> {
    const state = this.#state;
    const flow = state._flow;
    const from = state._outcome;
    if (!flow || !state._idle || !isUnconfirmed(from)) return false;
    const result = await flow.verify({ quiet: true });
    // A person pressed "Check payment status" meanwhile, or the checkout moved on: theirs shows.
    if (state._flow !== flow || state._outcome !== from || !state._idle) return false;
    if (isUnconfirmed(result)) return true;
    this.show(result);
    return false;
  }
}

/** The merchant server refused before creating anything: no card was sent anywhere. */
const nothingSent = (result: FlowResult): boolean =>
  result.kind === 'failed' && (result.error.type === 'rate_limited' || result.error.type === 'verification');
