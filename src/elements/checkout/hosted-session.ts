import type { FlowResult } from '../../flow/outcome.ts';
import type { PaymentFlow } from '../../flow/payment-flow.ts';

/** A session that could not be opened, as the result the checkout shows and announces. */
function sessionFailed(error: unknown, canRetry: boolean): FlowResult {
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'failed', orderId: null, error: { type: 'session', message }, canRetry };
}

/**
 * presentation="redirect": opens the order and leaves for the gateway's full page. Resolves to a
 * result only when it could not leave (the order may be opened again).
 */
export async function leaveForHostedPage(
  flow: PaymentFlow,
  email: string | undefined,
  verification: string | undefined,
  navigating: () => void,
): Promise<FlowResult | null> {
  try {
    const session = await flow.openSession({ email, options: { presentation: 'redirect' }, verification });
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
export async function runHostedFrame(
  flow: PaymentFlow,
  verification: string | undefined,
  show: (url: string) => void,
): Promise<FlowResult> {
  try {
    const session = await flow.openSession({ options: { presentation: 'iframe' }, verification });
    if (!session.iframe_checkout) throw new Error('The order has no iframe checkout.');
    show(session.iframe_checkout);
    return await flow.waitForResult(session.status_url, session.order_id);
  } catch (error) {
    return sessionFailed(error, false);
  }
}
