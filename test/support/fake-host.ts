import type { ReactiveController, ReactiveElement } from 'lit';
import { CheckoutState } from '../../src/elements/checkout/checkout-store.ts';
import type { FlowResult } from '../../src/flow/outcome.ts';
import type { PaymentFlow } from '../../src/flow/payment-flow.ts';

/**
 * A small stand-in for the checkout element, for testing its controllers one at a time: it keeps
 * the controllers it is given, counts the updates asked of it, runs `hostUpdate` on `update()`,
 * and hears the events dispatched on it. Its render root is an empty element of its own.
 */
export class FakeHost extends EventTarget {
  readonly controllers: ReactiveController[] = [];
  updatesRequested = 0;
  isConnected = true;
  hasUpdated = true;
  readonly renderRoot = document.createElement('div');
  readonly events: CustomEvent[] = [];
  updateComplete: Promise<boolean> = Promise.resolve(true);

  constructor() {
    super();
    for (const type of ['gateway-success', 'gateway-decline', 'gateway-error', 'gateway-before-pay'])
      this.addEventListener(type, (e) => this.events.push(e as CustomEvent));
  }

  addController(controller: ReactiveController): void {
    this.controllers.push(controller);
  }

  removeController(): void {}

  requestUpdate(): void {
    this.updatesRequested++;
  }

  /** One update of the host: each controller's `hostUpdate`. */
  update(): void {
    for (const c of this.controllers) c.hostUpdate?.();
  }

  get element(): ReactiveElement {
    return this as unknown as ReactiveElement;
  }
}

/** The checkout state of a fake host, with `flow` as its flow of the moment. */
export function stateWith(host: FakeHost, flow: Partial<PaymentFlow>): CheckoutState {
  const state = new CheckoutState(host);
  state._startFlow(flow as PaymentFlow);
  return state;
}

export const PAID: FlowResult = {
  kind: 'succeeded',
  orderId: 'ord_1',
  status: {
    order_id: 'ord_1',
    status: 'paid',
    outcome: 'succeeded',
    reason: null,
    amount: 12.5,
    currency: 'EUR',
  },
};
