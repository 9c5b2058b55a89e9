import { html, nothing, type ReactiveController, type ReactiveElement } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { onDemand } from '../../elements/shared/on-demand.ts';
import { afterPress } from '../../elements/shared/pointer-press.ts';
import type { ValidityKind } from '../../elements/shared/validity.ts';
import type { FieldsState } from '../shared/messages.ts';
import { type FieldsTarget, fieldsTarget, framingPageHref, renderedTarget } from './address.ts';
import type { FieldsFrame } from './parent-bridge.ts';

/** What the frame needs to know of its host element, read at each update. */
export interface FramedHost extends ReactiveElement {
  readonly fieldsOrigin?: string;
  /** Where the fields ask the merchant's server for the order (inside gateway-checkout). */
  readonly sessionUrl?: string;
  readonly acceptedBrands: readonly string[];
  readonly requireName: boolean;
  readonly autoAdvance: 'on' | 'off';
  readonly theme?: 'light' | 'dark';
}

/**
 * The card form's isolated mode: renders a frame of the fields page from `fields-origin` instead of
 * inputs, keeps it configured like the element (language, direction, scheme, theme tokens, brands,
 * disabled), sizes it to its content and holds the state the frame reports. Never any card data.
 *
 * The frame is rendered at once; the parent's end of its messages (`parent-bridge.ts`) is loaded on
 * demand meanwhile, and hears what the frame said before it arrived. Should that part not load (a
 * file refused by its integrity check, a network down), the fields are unavailable, as when their
 * origin never answers: the page hears it, and the card is never asked for in this page instead.
 */
export interface FramedOptions {
  language(): string;
  disabled(): boolean;
  onState(state: FieldsState, user: boolean): void;
  /** The customer pressed Pay or Enter in the fields. */
  onPress(): void;
  /** The fields refused a message or a payment: one line for the page's code. */
  onRefused(message: string): void;
  onUnavailable(): void;
}

export class FramedFields implements ReactiveController {
  readonly #host: FramedHost;
  readonly #options: FramedOptions;
  #unavailable = false;
  /** The frame this element shows while `fields-origin` names a usable origin. */
  #target: FieldsTarget | null = null;
  /** Its bridge, once loaded. */
  #frame: FieldsFrame | null = null;
  /** Settles when the bridge of the current frame loaded or could not be. */
  #ready: Promise<void> = Promise.resolve();
  /** What the frame did before its bridge arrived: its last hello, whether it loaded. */
  #early = { hello: null as MessageEvent | null, loaded: false, rendered: false };
  #key: string | undefined;
  /** The language the current frame's page was asked in, and whether its fields hold anything typed. */
  #language: string | undefined;
  #typed: boolean | undefined;
  #height = 0;
  /** The page's colour scheme, watched while connected (made then: a server render has no media). */
  #dark: MediaQueryList | null = null;

  constructor(host: FramedHost, options: FramedOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /** Whether the fields are in a frame (whether or not its bridge arrived). */
  get active(): boolean {
    return this.#target !== null;
  }

  /** The Pay button's page paired with the frame, while there is one. */
  get buttonSrc(): string | null {
    return this.#target?.buttonSrc ?? null;
  }

  /** The bridge, once loaded, while `fields-origin` names a usable origin. */
  get frame(): FieldsFrame | null {
    return this.#frame;
  }

  /** Settles once the current frame's bridge loaded (then `frame` is set) or failed to. */
  get ready(): Promise<void> {
    return this.#ready;
  }

  hostConnected(): void {
    this.#dark ??= matchMedia('(prefers-color-scheme: dark)');
    this.#dark.addEventListener('change', this.#onScheme);
    addEventListener('message', this.#onEarlyMessage);
  }

  hostDisconnected(): void {
    this.#dark?.removeEventListener('change', this.#onScheme);
    removeEventListener('message', this.#onEarlyMessage);
    this.#frame?.detach();
  }

  /**
   * Called from the host's willUpdate: a new origin, or a new session endpoint, is a new frame (the
   * fields keep the endpoint they were made with, whatever the page says later).
   */
  sync(): void {
    const origin = this.#host.fieldsOrigin || undefined;
    const session =
      origin && this.#host.sessionUrl ? new URL(this.#host.sessionUrl, framingPageHref()).href : undefined;
    // A fields page speaks its own language and English: another language is another page, so a
    // new frame, while nothing is typed in the fields (a new frame would lose it; once the customer
    // has typed, the frame stays, and speaks English if its page lacks the new language).
    if (!this.#typed) this.#language = this.#options.language();
    const key = origin && `${origin} ${session ?? ''} ${this.#language}`;
    if (key === this.#key) return;
    this.#key = key;
    this.#typed = false;
    this.#frame?.detach();
    this.#frame = null;
    this.#height = 0;
    this.#unavailable = false;
    // Rendered on the merchant's server, the frame is in the page already, loading since the HTML
    // came: taken as it is (a new address would load it again, and lose what was typed).
    const rendered =
      origin && !this.#host.hasUpdated
        ? renderedTarget(this.#iframe()?.getAttribute('src') ?? null, origin, session)
        : null;
    this.#early = { hello: null, loaded: false, rendered: rendered !== null };
    const target = rendered ?? (origin ? fieldsTarget(origin, session, this.#options.language()) : null);
    this.#target = target;
    if (target)
      this.#ready = onDemand.bridge().then(
        (m) => this.#bridged(target, m),
        () => this.#failed(target),
      );
  }

  #bridged(target: FieldsTarget, m: typeof import('./parent-bridge.ts')): void {
    if (this.#target !== target) return;
    this.#frame = new m.FieldsFrame(target, {
      // A press on this page (Pay) takes the focus out of the frame, whose field then shows its
      // message and grows: the frame keeps its height until the press is over, so the button
      // pressed stays under the pointer (see pointer-press.ts).
      resize: (height) =>
        afterPress(() => {
          this.#height = height;
          this.#host.requestUpdate();
        }),
      state: (state, user) => {
        this.#typed = !state.empty;
        this.#options.onState(state, user);
      },
      press: () => this.#options.onPress(),
      refused: (reason) => this.#options.onRefused(reason),
      unavailable: () => this.#failed(target),
    });
    // At once: from here on the bridge hears the frame itself, and nothing it says falls in between.
    this.#attach();
    this.#host.requestUpdate();
  }

  /** The bridge hears the frame; the first time, with what the frame did before it arrived. */
  #attach(): void {
    const iframe = this.#iframe();
    if (!iframe || !this.#frame) return;
    this.#frame.attach(iframe, this.#early);
    // Said once: a frame attached again (the element moved) says hello anew.
    this.#early = { hello: null, loaded: false, rendered: false };
  }

  /** The frame never answered, or its bridge could not load. */
  #failed(target: FieldsTarget): void {
    if (this.#target !== target) return;
    this.#unavailable = true;
    this.#host.requestUpdate();
    this.#options.onUnavailable();
  }

  #iframe(): HTMLIFrameElement | null {
    return this.#host.renderRoot?.querySelector<HTMLIFrameElement>('iframe[part~="frame"]') ?? null;
  }

  /** Before the bridge arrived: the frame's hello (from that frame and origin only) waits for it. */
  readonly #onEarlyMessage = (event: MessageEvent): void => {
    const source = this.#iframe()?.contentWindow;
    if (!this.#frame && source && event.source === source && event.origin === this.#target?.origin)
      this.#early.hello = event;
  };

  readonly #onLoad = (): void => {
    this.#early.loaded = true;
  };

  hostUpdated(): void {
    if (!this.#target) return;
    this.#attach();
    const iframe = this.#iframe();
    if (iframe) {
      // Through the CSSOM: a page whose CSP forbids inline styles still sizes the frame.
      iframe.style.blockSize = this.#height ? `${this.#height}px` : '';
      iframe.style.colorScheme = this.#scheme();
    }
    this.#configure();
  }

  #scheme(): 'light' | 'dark' {
    return this.#host.theme ?? (this.#dark?.matches ? 'dark' : 'light');
  }

  readonly #onScheme = (): void => this.#host.requestUpdate();

  #configure(): void {
    const host = this.#host;
    if (!this.#frame || !host.isConnected) return;
    // The page's look, as the element computes it, is read by the bridge (it knows the tokens).
    this.#frame.configureFrom(host, {
      language: this.#options.language(),
      scheme: this.#scheme(),
      acceptedBrands: [...host.acceptedBrands],
      requireName: host.requireName,
      autoAdvance: host.autoAdvance !== 'off',
      disabled: this.#options.disabled(),
    });
  }

  /**
   * The frame, titled for screen readers, as tall as its content; a message when it never answered.
   * `strict-origin`: the fields learn the page's origin (every engine then reports it in
   * `ancestorOrigins` too), never its path.
   */
  render(title: string, unavailable: string) {
    // A frame of its own per channel: a new address differs from the last after `#` only, which
    // would not load the fields page again (a new session-url would be a frame that never answers).
    return html`${this.#unavailable ? html`<p class="error" part="error" role="alert">${unavailable}</p>` : nothing}${keyed(
      this.#target!.channel,
      html`<iframe
        part="frame"
        title=${title}
        src=${this.#target!.src}
        @load=${this.#onLoad}
        sandbox="allow-scripts allow-same-origin allow-forms"
        referrerpolicy="strict-origin"
        ?hidden=${this.#unavailable}
      ></iframe>`,
    )}`;
  }

  /** Field errors as the card form's own `errors()` reports them, from the frame's last state. */
  errors(fallback: string, unavailable: string): Map<string, { kind: ValidityKind; message: string }> {
    const state = this.#frame?.state;
    const errors = new Map<string, { kind: ValidityKind; message: string }>();
    // Not answered yet (or never): nothing typed, nothing to pay with.
    if (!state)
      errors.set('number', { kind: 'missing', message: this.#unavailable ? unavailable : fallback });
    // The frame words its first problem; a host form shows that one, as it would of native inputs.
    for (const e of state?.errors ?? []) {
      errors.set(e.field, { kind: e.code, message: state!.message || fallback });
    }
    return errors;
  }
}

/** The card fields' frame a server-rendered checkout holds under `root` (its shadow root), if any. */
export function renderedFieldsFrame(root: ShadowRoot | null): HTMLIFrameElement | null {
  return (
    root
      ?.querySelector('gateway-card-form')
      ?.shadowRoot?.querySelector<HTMLIFrameElement>('iframe[part~="frame"]') ?? null
  );
}

/**
 * Settles once `frame` has loaded: at once without a frame or when it has loaded already (the
 * page's resource timing lists a frame from its load on, by its address: with its fragment in
 * Chromium and Firefox, without it in WebKit), and after `limitMs` at most.
 */
export function frameLoaded(frame: HTMLIFrameElement | null, limitMs: number): Promise<void> {
  const address = frame?.src.split('#')[0];
  if (
    !frame ||
    !address ||
    performance
      .getEntriesByType('resource')
      .some(
        (entry) =>
          (entry as PerformanceResourceTiming).initiatorType === 'iframe' &&
          entry.name.split('#')[0] === address,
      )
  )
    return Promise.resolve();
  return new Promise((loaded) => {
    frame.addEventListener('load', () => loaded(), { once: true });
    setTimeout(loaded, limitMs);
  });
}
