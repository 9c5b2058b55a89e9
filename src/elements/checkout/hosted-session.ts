import type { ReactiveElement } from 'lit';
import { openableChallenge } from '../../flow/gateway-origin.ts';
import type { FlowResult } from '../../flow/outcome.ts';
import type { ChallengeHandle, PaymentFlow } from '../../flow/payment-flow.ts';
import { sessionRequest } from '../../flow/session-request.ts';
import { onDemand } from '../shared/on-demand.ts';
import type { CheckoutState } from './checkout-store.ts';
import type { HostedChallengeRelay } from './hosted-challenge.ts';

// The hosted presentations of a checkout: the gateway's full page (presentation="redirect") and its
// hosted form in a frame (presentation="iframe"). The card is typed at the gateway; the checkout
// makes the order, after the page's last word, and shows the outcome.

/** What the element plugs into its hosted presentations. */
export interface HostedSteps {
  busy(): boolean;
  /** The e-mail is asked for and not valid: its field says so (and takes the focus). */
  _emailMissing(): boolean;
  /** The e-mail typed, if any. */
  email(): string | undefined;
  /** The page's last word before an order: its bot check's token, or null when it stopped it. */
  _beforeOrder(): Promise<{ verification?: string } | null>;
  show(result: FlowResult): void;
  /** The checkout is about to navigate the page itself. */
  navigating(): void;
  /** Opens a 3-D Secure challenge in the checkout's own dialog. */
  _openChallenge(url: string): ChallengeHandle;
}

/**
 * A checkout's hosted presentations: the gateway's full page and its hosted form in a frame.
 *
 * What it owns: one hosted form at a time, its address for the checkout to frame, the 3-D Secure
 * relay for it (loaded on demand), and leaving for the full page.
 * What it does not own: the step and result (`CheckoutState`), the page's last word before an
 * order (`PayPress._beforeOrder`, plugged in), the outcome shown (`PaymentOutcome`, plugged in as
 * `show`), the challenge dialog (`ChallengeController`, plugged in as `_openChallenge`).
 */
export class HostedPresentation {
  readonly #host: ReactiveElement;
  readonly #state: CheckoutState;
  readonly #steps: HostedSteps;
  #url: string | null = null;
  /** presentation="iframe": the hosted form's challenge, shown over the whole page. */
  #relay: HostedChallengeRelay | null = null;
  /** The flow whose hosted form is being opened or is up, until its outcome. */
  #opening: PaymentFlow | null = null;

  constructor(host: ReactiveElement, state: CheckoutState, steps: HostedSteps) {
    this.#host = host;
    this.#state = state;
    this.#steps = steps;
  }

  /** The hosted form's address while it is shown (presentation="iframe"). */
  get url(): string | null {
    return this.#url;
  }

  #setUrl(url: string | null): void {
    this.#url = url;
    this.#host.requestUpdate();
  }

  /** presentation="redirect", on Pay: the order, then the gateway's page. */
  async redirect(): Promise<void> {
    const steps = this.#steps;
    if (steps._emailMissing()) return;
    this.#state._begin('creating');
    const gate = await steps._beforeOrder();
    if (!gate) return;
    const failed = await leaveForHostedPage(this.#state._flow!, steps.email(), gate.verification, () =>
      steps.navigating(),
    );
    if (failed) steps.show(failed);
  }

  /** presentation="iframe", after a decline or failure: a new order, in a new hosted form, here. */
  readonly retry = (): void => {
    if (this.#steps.busy()) return;
    this.#state._flow!.reset();
    this.#state._forget();
    this.#setUrl(null);
    void this.open();
  };

  /** The hosted form loaded: the challenge relay introduces itself to it. */
  readonly loaded = (): void => this.#relay?.introduce();

  /**
   * presentation="iframe": opens the hosted form. One at a time for a checkout: a "Try again" and a
   * call of pay() never open a second beside it. A new session-url (a new flow) opens its own.
   */
  async open(): Promise<void> {
    const flow = this.#state._flow!;
    if (this.#opening === flow) return;
    this.#opening = flow;
    try {
      await this.#run(flow);
    } finally {
      if (this.#opening === flow) this.#opening = null;
    }
  }

  async #run(flow: PaymentFlow): Promise<void> {
    const steps = this.#steps;
    // Before the frame loads, so it is introduced; without it the frame shows its own dialog.
    this.#relay ??= await onDemand.frames().then(
      (m) =>
        new m.HostedChallengeRelay(
          this.#host,
          () => this.#host.renderRoot.querySelector<HTMLIFrameElement>('iframe[part="hosted-frame"]'),
          (url) => steps._openChallenge(url),
          openableChallenge,
        ),
      () => null,
    );
    // The hosted form's order is asked for here: the page's last word (its bot check) comes first.
    const gate = await steps._beforeOrder();
    if (!gate) return;
    steps.show(await runHostedFrame(flow, gate.verification, (url) => this.#setUrl(url)));
  }
}

/** A session that could not be opened, as the result the checkout shows and announces. */
function sessionFailed(error: unknown, canRetry: boolean): FlowResult {
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'failed', orderId: null, error: { type: 'session', message }, canRetry };
}

/**
 * presentation="redirect": opens the order and leaves for the gateway's full page. Resolves to a
 * result only when it could not leave (the order may be opened again).
 */
async function leaveForHostedPage(
  flow: PaymentFlow,
  email: string | undefined,
  verification: string | undefined,
  navigating: () => void,
): Promise<FlowResult | null> {
  try {
    const session = await flow.openSession(sessionRequest({ presentation: 'redirect', email, verification }));
    if (!session.full_page_checkout) throw new Error('The order has no full-page checkout.');
    navigating();
    window.location.assign(session.full_page_checkout);
    return null;
  } catch (error) {
    return sessionFailed(error, true);
  }
}

/**
 * presentation="iframe": opens the order, hands the hosted form's address to `show`, and resolves
 * to the result its status tells once the customer is done there.
 */
async function runHostedFrame(
  flow: PaymentFlow,
  verification: string | undefined,
  show: (url: string) => void,
): Promise<FlowResult> {
  try {
    const session = await flow.openSession(sessionRequest({ presentation: 'iframe', verification }));
    if (!session.iframe_checkout) throw new Error('The order has no iframe checkout.');
    show(session.iframe_checkout);
    return await flow.waitForResult(session.status_url, session.order_id);
  } catch (error) {
    return sessionFailed(error, false);
  }
}
