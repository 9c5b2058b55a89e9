import { PaymentFlow, type PaymentFlowOptions } from '../../flow/payment-flow.ts';

/** Where the checkout's orders come from, as its attributes say at the moment. */
export interface FlowSource {
  readonly sessionUrl?: string;
  readonly apiDoUrl?: string;
  readonly statusUrl?: string;
  readonly gatewayOrigins: readonly string[];
}

/** The payment flow for the checkout's current URLs, reporting to the checkout through `hooks`. */
export function checkoutFlow(
  source: FlowSource,
  hooks: Pick<PaymentFlowOptions, 'challenge' | 'onPhase' | 'onAttempt' | 'transport'>,
): PaymentFlow {
  return new PaymentFlow({
    sessionUrl: source.sessionUrl,
    apiDoUrl: source.apiDoUrl,
    statusUrl: source.statusUrl,
    // Read at pay time, so a list set after the element connected still applies.
    get gatewayOrigins() {
      return source.gatewayOrigins;
    },
    ...hooks,
  });
}
