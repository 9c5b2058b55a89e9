import { initialState } from '@lit/task';
import type { PaymentFlow } from '../../flow/payment-flow.ts';
import type { AvsMode, CheckoutConfig } from '../../protocol/session.ts';

/** The checkout's attributes that stand in for a configuration an order created beforehand lacks. */
export interface PresetConfig {
  readonly amount?: number | undefined;
  readonly currency?: string | undefined;
  readonly avs?: AvsMode | undefined;
  readonly moto: boolean;
}

/**
 * What the checkout shows and charges: the merchant server's configuration from `sessionUrl`, or
 * for an order created beforehand its status from `statusUrl` completed by the attributes.
 * `initialState` when neither URL is set yet (a page that sets session-url later).
 */
export async function loadCheckoutConfig(
  flow: PaymentFlow,
  urls: { readonly sessionUrl?: string | undefined; readonly statusUrl?: string | undefined },
  preset: PresetConfig,
  signal: AbortSignal,
): Promise<CheckoutConfig | typeof initialState> {
  if (urls.sessionUrl) return flow.loadConfig(signal);
  if (!urls.statusUrl) return initialState;
  const status = await flow.loadStatus(signal);
  return {
    amount: preset.amount ?? status.amount,
    currency: preset.currency ?? status.currency,
    // No language of its own: the page's, or the browser's.
    language: '',
    merchant_name: '',
    avs: preset.avs ?? 'off',
    save: null,
    moto: preset.moto,
    collect_email: false,
  };
}
