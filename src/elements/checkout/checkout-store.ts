import type { ReactiveControllerHost } from 'lit';
import type { FlowPhase, FlowResult } from '../../flow/outcome.ts';
import type { PaymentFlow } from '../../flow/payment-flow.ts';

/**
 * The one state of a checkout's payment, shared by the element and its controllers (Pay, the
 * outcome, the hosted presentations, the configuration): each reads and changes it here, and the
 * element renders from it. Every change asks the element for an update.
 *
 * What it owns: the payment flow of the moment (the attempt: a new session-url makes a new one),
 * the step under way, the last payment's result, and whether the card is saved with it.
 * What it does not own: what the customer typed (the fields), the configuration (its controller),
 * the attempt kept across a reload (`AttemptResume`).
 *
 * Members are `_`-named: used only inside the bundle, and renamed by its minifier
 * (scripts/mangle.mjs).
 */
export class CheckoutState {
  readonly _host: ReactiveControllerHost;
  #flow: PaymentFlow | null = null;
  #phase: 'idle' | FlowPhase = 'idle';
  #result: FlowResult | null = null;
  /** The customer agreed to save the card for the payment under way. */
  _cardSaved = false;

  constructor(host: ReactiveControllerHost) {
    this._host = host;
  }

  /** The payment flow of the moment; null before the element's first update. */
  get _flow(): PaymentFlow | null {
    return this.#flow;
  }

  /** The step of a payment under way; `idle` when none is. */
  get _phase(): 'idle' | FlowPhase {
    return this.#phase;
  }

  set _phase(phase: 'idle' | FlowPhase) {
    this.#phase = phase;
    this._host.requestUpdate();
  }

  /** The last payment's result; its words are derived at render, in the language of the moment. */
  get _outcome(): FlowResult | null {
    return this.#result;
  }

  /** No payment step is under way. */
  get _idle(): boolean {
    return this.#phase === 'idle';
  }

  /** A new flow (new URLs): nothing of the last one's step or result stands. */
  _startFlow(flow: PaymentFlow): void {
    this.#flow = flow;
    this.#phase = 'idle';
    this.#result = null;
    this._host.requestUpdate();
  }

  /** The last outcome is forgotten (a new payment, a retry, a reopened check). */
  _forget(): void {
    this.#result = null;
    this._host.requestUpdate();
  }

  /** A payment step begins: the last outcome is forgotten. */
  _begin(phase: FlowPhase): void {
    this.#result = null;
    this._phase = phase;
  }

  /** No payment step is under way any more; with a result, that result is shown. */
  _settle(result?: FlowResult): void {
    if (result) this.#result = result;
    this._phase = 'idle';
  }
}
