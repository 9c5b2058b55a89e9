import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { PaymentFlow } from '../../flow/payment-flow.ts';
import type { AvsMode, CheckoutConfig } from '../../protocol/session.ts';
import type { CheckoutState } from './checkout-store.ts';

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
 * Null when neither URL is set yet (a page that sets session-url later).
 */
async function loadCheckoutConfig(
  flow: PaymentFlow,
  urls: { readonly sessionUrl?: string | undefined; readonly statusUrl?: string | undefined },
  preset: PresetConfig,
  signal: AbortSignal,
): Promise<CheckoutConfig | null> {
  if (urls.sessionUrl) return flow.loadConfig(signal);
  if (!urls.statusUrl) return null;
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

/** What the element plugs into the loading of its configuration. */
export interface ConfigSource {
  /** Where the configuration comes from: a change aborts the load under way and starts another. */
  urls(): readonly [sessionUrl: string | undefined, statusUrl: string | undefined];
  preset(): PresetConfig;
  loaded(config: CheckoutConfig): void;
  failed(error: unknown): void;
}

type Urls = readonly [sessionUrl: string | undefined, statusUrl: string | undefined];
type Status = 'none' | 'pending' | 'loaded' | 'failed';

/**
 * A checkout's configuration, keyed on the URLs it comes from: a new URL aborts the load under way,
 * so an answer for an old URL can never land last. While a new one loads (a phone order's amount
 * just changed), the last one is kept: the fields stay as they were, and nothing typed is lost.
 *
 * Loaded in the host's update when its URLs differ from the last ones, as @lit/task's `Task` does;
 * this is the part of it the checkout uses, without the 0.6 kB gzip that the whole took of the
 * bundle's 42 kB.
 *
 * What it owns: the configuration, its load and its status. What it does not own: the flow it
 * loads through (`CheckoutState`'s), the URLs and the attributes standing in for a configuration
 * (the element's, read through `ConfigSource`), what a loaded or failed configuration tells the
 * page (`loaded` and `failed`, plugged in).
 */
export class CheckoutConfiguration implements ReactiveController {
  #urls: Urls | null = null;
  /** `none` while no URL is set. */
  #status: Status = 'none';
  #value: CheckoutConfig | null = null;
  /** The load under way; a newer one aborts it, and its answer then changes nothing. */
  #load: AbortController | null = null;
  /** Settles (never rejects) when the load under way has answered. */
  #answered: Promise<void> = Promise.resolve();
  readonly #host: ReactiveControllerHost;
  readonly #state: CheckoutState;
  readonly #source: ConfigSource;

  constructor(host: ReactiveControllerHost, state: CheckoutState, source: ConfigSource) {
    this.#host = host;
    this.#state = state;
    this.#source = source;
    host.addController(this);
  }

  hostUpdate(): void {
    const urls = this.#source.urls();
    const last = this.#urls;
    if (last && urls[0] === last[0] && urls[1] === last[1]) return;
    this.#urls = urls;
    // Only a load still under way: one that answered is done with its signal.
    if (this.#status === 'pending') this.#load?.abort();
    const load = new AbortController();
    this.#load = load;
    this.#status = 'pending';
    const source = this.#source;
    const [sessionUrl, statusUrl] = urls;
    const answer = (status: Status, value: CheckoutConfig | null) => {
      this.#status = status;
      this.#value = value;
      this.#host.requestUpdate();
    };
    this.#answered = loadCheckoutConfig(
      this.#state._flow!,
      { sessionUrl, statusUrl },
      source.preset(),
      load.signal,
    ).then(
      (config) => {
        if (load !== this.#load) return;
        if (config) source.loaded(config);
        answer(config ? 'loaded' : 'none', config ?? this.#value);
      },
      (error: unknown) => {
        if (load !== this.#load) return;
        source.failed(error);
        answer('failed', null);
      },
    );
  }

  get pending(): boolean {
    return this.#status === 'pending';
  }

  get failed(): boolean {
    return this.#status === 'failed';
  }

  /** The loaded configuration, or null while loading, after a failure, or with nothing to load. */
  get loaded(): CheckoutConfig | null {
    return this.#status === 'loaded' ? this.#value : null;
  }

  /** The last configuration, while a new one loads for a new session-url; else null. */
  get _reloading(): CheckoutConfig | null {
    return this.pending ? this.#value : null;
  }

  /** What the fields show and the checkout charges: the loaded configuration, else the last one while a new one loads. */
  get current(): CheckoutConfig | null {
    return this.loaded ?? this._reloading;
  }

  /** Once no configuration is loading any more (whether it loaded or failed). */
  async settled(): Promise<void> {
    while (this.pending) await this.#answered;
  }
}
