import { initialState, Task, TaskStatus } from '@lit/task';
import type { ReactiveControllerHost } from 'lit';
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
async function loadCheckoutConfig(
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

/** What a checkout lends the loading of its configuration. */
export interface ConfigSource {
  /** The payment flow of the moment: the configuration loads through it. */
  flow(): PaymentFlow;
  /** Where the configuration comes from: a change aborts the load under way and starts another. */
  urls(): readonly [sessionUrl: string | undefined, statusUrl: string | undefined];
  preset(): PresetConfig;
  loaded(config: CheckoutConfig): void;
  failed(error: unknown): void;
}

/**
 * A checkout's configuration, keyed on the URLs it comes from: a new URL aborts the load under way,
 * so an answer for an old URL can never land last. While a new one loads (a phone order's amount
 * just changed), the last one is kept: the fields stay as they were, and nothing typed is lost.
 */
export class CheckoutConfiguration {
  readonly #task: Task<readonly [string | undefined, string | undefined], CheckoutConfig>;

  constructor(host: ReactiveControllerHost, source: ConfigSource) {
    this.#task = new Task(host, {
      args: () => source.urls(),
      task: ([sessionUrl, statusUrl], { signal }) =>
        loadCheckoutConfig(source.flow(), { sessionUrl, statusUrl }, source.preset(), signal),
      onComplete: (config) => source.loaded(config),
      onError: (error) => source.failed(error),
    });
  }

  get pending(): boolean {
    return this.#task.status === TaskStatus.PENDING;
  }

  get failed(): boolean {
    return this.#task.status === TaskStatus.ERROR;
  }

  /** The loaded configuration, or null while loading, after a failure, or with nothing to load. */
  get loaded(): CheckoutConfig | null {
    return this.#task.status === TaskStatus.COMPLETE ? (this.#task.value ?? null) : null;
  }

  /** The last configuration, while a new one loads for a new session-url; else null. */
  get reloading(): CheckoutConfig | null {
    return this.pending ? (this.#task.value ?? null) : null;
  }

  /** What the fields show and the checkout charges: the loaded configuration, else the last one while a new one loads. */
  get current(): CheckoutConfig | null {
    return this.loaded ?? this.reloading;
  }

  /** Once no configuration is loading any more (whether it loaded or failed). */
  async settled(): Promise<void> {
    while (this.pending) await this.#task.taskComplete.catch(() => null);
  }
}
