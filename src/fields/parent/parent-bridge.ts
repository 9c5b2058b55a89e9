import type { PayerResult } from '../../flow/post-payment.ts';
import { again, connect, isHello } from '../shared/handshake.ts';
import {
  BUTTON,
  CANCEL,
  CLEAR,
  CONFIGURE,
  DIRECT_POST,
  FOCUS,
  ORDER,
  PAID,
  PRESS,
  READY,
  REFUSED,
  RELAY,
  SESSION_DATA,
  STATE,
  VALIDATE,
  VALIDATED,
} from '../shared/message-names.ts';
import {
  type FieldsConfig,
  type FieldsState,
  type FramedOrder,
  type FromFrame,
  type PayButton,
  type PayOutcome,
  type SessionData,
  THEME_TOKENS,
  type ThemeToken,
  type ToFrame,
} from '../shared/messages.ts';
import { RELAY_PAGE } from '../shared/relay.ts';
import type { FieldsTarget } from './address.ts';
import type { FramedFollow } from './framed-payer.ts';
import { parseFromFrame } from './from-frame.ts';

export interface FieldsFrameEvents {
  resize(height: number): void;
  /** The fields reported their state: when they rendered (`user` false), and after each edit. */
  state(state: FieldsState, user: boolean): void;
  /** The customer pressed Pay or Enter in the fields: answer with `answer()` or `cancel()`. */
  press(): void;
  /** The fields refused something, and say why in one line: for the page's code, not the customer. */
  refused(message: string): void;
  /** The frame loaded but no fields page answered: the origin is down, or refuses this page. */
  unavailable(): void;
}

/** How long a loaded frame may take to say hello before the fields count as unavailable. */
const HELLO_TIMEOUT_MS = 5000;

/** A payment whose answer is lost with the frame's old page: the checkout then asks the status. */
const LOST: PayOutcome = { ok: false, error: 'network' };

/** A press answered, waiting for its order and outcome, and the Direct Post it may be paid by. */
interface Paying {
  readonly order: (order: FramedOrder) => void;
  readonly done: (outcome: PayOutcome | PayerResult) => void;
  readonly follow?: FramedFollow;
  ordered: boolean;
  /** The checkout's frame following the form the fields send through it (opened when they asked). */
  followed: Promise<PayerResult> | null;
  /** Tells the frame's follower whether the fields sent the form; null once told. */
  sent: ((ok: boolean) => void) | null;
}

/**
 * The parent's end of the isolated fields: the frame's address, the handshake (a hello from that
 * frame's window and the fields' origin, answered with a MessagePort sent to that origin only),
 * then requests and answers over the port. Nothing here ever holds card data: the frame has it.
 *
 * A frame that reloads says hello again and gets a new channel; a payment asked of the old one
 * is answered as lost (its answer may never come), so the checkout asks the order's status.
 *
 * An order paid by Direct Post: the fields ask for a frame (`direct-post`), the checkout opens
 * its frame on the fields' relay page and, once that loaded, names it to them (`relay`); they send
 * the form through it themselves, and the checkout follows that frame as its own in-page form's.
 * Its answer is the payment's; the fields' `paid` says only whether they sent the form.
 */
export class FieldsFrame {
  readonly origin: string;
  /** The last state the fields reported; null until they rendered. */
  state: FieldsState | null = null;
  readonly #events: FieldsFrameEvents;
  readonly #channel: string;
  /** The fields page's address: their relay page, for the checkout's Direct Post frame, is beside it. */
  readonly #page: string;
  #frame: HTMLIFrameElement | null = null;
  #port: MessagePort | null = null;
  /** The load of the fields page the port was given to (its hello's `instance`). */
  #instance = '';
  #config: FieldsConfig | null = null;
  #sentConfig = '';
  #queue: ToFrame[] = [];
  /** Requests waiting for their answer, by id; each keeps how to answer it when the frame is lost. */
  #pending = new Map<number, { answer: (message: FromFrame) => void; lost: () => void }>();
  #nextId = 1;
  #helloTimer: ReturnType<typeof setTimeout> | undefined;
  /** The customer's press the page has not answered yet (the fields' own id). */
  #press: number | null = null;
  /**
   * What the fields said of the press before this page answered it: another holder of the port
   * (a script of the page) answered it first, and its order and outcome may come before this page
   * asks. They are this press's: kept for the answer, which then sends nothing more.
   */
  #spent: { id: number; order?: FramedOrder; outcome?: PayOutcome; direct?: boolean } | null = null;
  /** Presses answered, waiting for their order and outcome. */
  #paying = new Map<number, Paying>();
  #sentButton = '';

  constructor(target: FieldsTarget, events: FieldsFrameEvents) {
    this.origin = target.origin;
    this.#channel = target.channel;
    this.#page = target.src;
    this.#events = events;
  }

  /**
   * From now on, hears `frame`. The frame starts loading before this part arrives: what it did
   * meanwhile comes along (`early`), its hello (checked here as any other) and whether it loaded.
   */
  attach(
    frame: HTMLIFrameElement,
    early?: {
      readonly hello: MessageEvent | null;
      readonly loaded: boolean;
      /** The frame came in the page's HTML: it may have loaded and said hello before anyone listened. */
      readonly rendered?: boolean;
    },
  ): void {
    if (this.#frame === frame) return;
    this.detach();
    this.#frame = frame;
    addEventListener('message', this.#onWindowMessage);
    frame.addEventListener('load', this.#onLoad);
    if (early?.loaded || early?.rendered) this.#onLoad();
    if (early?.hello) this.#onWindowMessage(early.hello);
    // Asked of the fields page only (by origin): one still loading says hello by itself.
    else if (early?.rendered) frame.contentWindow?.postMessage(again(this.#channel), this.origin);
  }

  detach(): void {
    removeEventListener('message', this.#onWindowMessage);
    this.#frame?.removeEventListener('load', this.#onLoad);
    clearTimeout(this.#helloTimer);
    this.#frame = null;
    this.#closePort();
  }

  /** Sends the configuration when it changed (and again to a frame that reloaded). */
  configure(config: FieldsConfig): void {
    const text = JSON.stringify(config);
    this.#config = config;
    if (text === this.#sentConfig) return;
    this.#sentConfig = this.#port ? text : '';
    this.#port?.postMessage({ type: CONFIGURE, config } satisfies ToFrame);
  }

  /**
   * Configures the fields like `el` as the page shows it: its direction, line height and the theme
   * tokens set on it or above it, with the element's own options.
   */
  configureFrom(el: Element, options: Omit<FieldsConfig, 'dir' | 'tokens' | 'lineHeight'>): void {
    const style = getComputedStyle(el);
    const tokens: Partial<Record<ThemeToken, string>> = {};
    for (const name of THEME_TOKENS) {
      const value = style.getPropertyValue(name).trim();
      if (value) tokens[name] = value;
    }
    this.configure({
      ...options,
      dir: style.direction === 'rtl' ? 'rtl' : 'ltr',
      tokens,
      lineHeight: lineHeightOf(style),
    });
  }

  /** Shows every error in the fields; with `focus`, the first invalid one takes the focus. */
  validate(focus: boolean): void {
    // Into the frame now, so the page sees where the focus went; the frame picks the field.
    if (focus) this.#frame?.focus();
    this.#post({ type: VALIDATE, id: this.#nextId++, focus });
  }

  /** Whether the customer pressed Pay in the fields and the page has not answered yet. */
  get pressed(): boolean {
    return this.#press !== null;
  }

  /**
   * Answers the customer's press with the page's non-card data: the fields make the order with
   * the merchant's server and pay it. Without a press there is nothing to answer.
   */
  answer(
    data: SessionData,
    onOrder: (order: FramedOrder) => void,
    follow?: FramedFollow,
  ): Promise<PayOutcome | PayerResult> | null {
    const id = this.#press;
    if (id === null) return null;
    this.#press = null;
    const spent = this.#spent?.id === id ? this.#spent : null;
    this.#spent = null;
    return new Promise((resolve) => {
      if (spent?.order) onOrder(spent.order);
      if (spent?.outcome) return resolve(spent.outcome);
      this.#paying.set(id, {
        order: onOrder,
        done: resolve,
        ...(follow ? { follow } : {}),
        ordered: Boolean(spent?.order),
        followed: null,
        sent: null,
      });
      // The fields act once per press: a press already acted on waits for its outcome only.
      if (!spent) this.#post({ type: SESSION_DATA, id, data });
      // They asked for the frame already: it opens now.
      else if (spent.direct) this.#follow(id);
    });
  }

  /** The page does not go on with the press (its own fields need attention, or it checked a status). */
  cancel(): void {
    if (this.#press !== null) this.#post({ type: CANCEL, id: this.#press });
    this.#press = null;
    this.#spent = null;
  }

  /** What the Pay button in the fields' origin says, and whether it can be pressed. */
  button(button: PayButton): void {
    const text = JSON.stringify(button);
    if (text === this.#sentButton) return;
    this.#sentButton = text;
    this.#post({ type: BUTTON, button });
  }

  /** Moves the focus to the card number. */
  focus(): void {
    this.#frame?.focus();
    this.#post({ type: FOCUS });
  }

  /** Empties fields; with `focus`, the security code takes the focus (the frame first, so the page sees it go). */
  clear(what: 'all' | 'security-code', focus = false): void {
    if (focus) this.#frame?.focus();
    this.#post({ type: CLEAR, what, ...(focus ? { focus } : {}) });
  }

  #post(message: ToFrame): void {
    if (this.#port) this.#port.postMessage(message);
    else this.#queue.push(message);
  }

  /** A page that fails to load (an error page, a refused frame) fires load too, but never says hello. */
  readonly #onLoad = (): void => {
    clearTimeout(this.#helloTimer);
    if (!this.#port)
      this.#helloTimer = setTimeout(() => this.#port || this.#events.unavailable(), HELLO_TIMEOUT_MS);
  };

  readonly #onWindowMessage = (event: MessageEvent): void => {
    const frame = this.#frame;
    if (!frame || event.source !== frame.contentWindow || event.origin !== this.origin) return;
    if (!isHello(event.data, this.#channel)) return;
    // Said again by the page already answered (asked with `again` while its first hello was on
    // its way): its port stands.
    if (this.#port && event.data.instance === this.#instance) return;
    clearTimeout(this.#helloTimer);
    // A hello on a live channel: the frame reloaded. What it was asked is lost with its old page.
    this.#closePort();
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = (e: MessageEvent) => {
      const message = parseFromFrame(e.data);
      if (message) this.#onMessage(message);
    };
    frame.contentWindow!.postMessage(connect(this.#channel), this.origin, [port2]);
    this.#port = port1;
    this.#instance = event.data.instance;
    if (this.#config) this.configure(this.#config);
    if (this.#sentButton) this.#post({ type: BUTTON, button: JSON.parse(this.#sentButton) as PayButton });
    for (const message of this.#queue.splice(0)) port1.postMessage(message);
  };

  #onMessage(message: FromFrame): void {
    if ('state' in message) this.state = message.state;
    if ('height' in message) this.#events.resize(message.height);
    if (message.type === PRESS) {
      this.#press = message.id;
      this.#spent = null;
      this.#events.press();
    } else if (message.type === REFUSED) this.#events.refused(message.message);
    else if (message.type === READY || message.type === STATE) {
      this.#events.state(message.state, message.type === STATE && message.user);
    } else if (message.type === ORDER || message.type === PAID || message.type === DIRECT_POST) {
      const paying = this.#paying.get(message.id);
      if (!paying) {
        if (message.id !== this.#press) return;
        this.#spent ??= { id: message.id };
        if (message.type === ORDER) this.#spent.order = message.order;
        else if (message.type === DIRECT_POST) this.#spent.direct = true;
        else this.#spent.outcome = message.outcome;
      } else if (message.type === ORDER) {
        paying.ordered = true;
        paying.order(message.order);
      } else if (message.type === DIRECT_POST) this.#follow(message.id);
      else {
        this.#paying.delete(message.id);
        const { outcome } = message;
        this.#sent(paying, outcome.ok);
        // Sent: the frame tells what became of it. Not sent: the fields' word, and the frame closes.
        if (paying.followed && outcome.ok) void paying.followed.then(paying.done);
        else paying.done(outcome);
      }
    } else if (message.type === VALIDATED) {
      this.#pending.get(message.id)?.answer(message);
      this.#pending.delete(message.id);
    }
  }

  /** The fields pay the press's order by Direct Post: open the frame, name it to them once it loaded. */
  #follow(id: number): void {
    const paying = this.#paying.get(id);
    // Only for the order the fields reported, and once: the fields wait for one name.
    if (!paying?.follow || !paying.ordered || paying.followed) return;
    paying.followed = paying.follow({
      src: new URL(RELAY_PAGE, this.#page).href,
      submit: (name) =>
        new Promise<boolean>((resolve) => {
          paying.sent = resolve;
          this.#post({ type: RELAY, id, name });
        }),
    });
  }

  #sent(paying: Paying, ok: boolean): void {
    paying.sent?.(ok);
    paying.sent = null;
  }

  #closePort(): void {
    this.#port?.close();
    this.#port = null;
    this.#sentConfig = '';
    this.state = null;
    for (const pending of this.#pending.values()) pending.lost();
    this.#pending.clear();
    for (const paying of this.#paying.values()) {
      // Its frame closes too: the status tells whether a form went.
      this.#sent(paying, false);
      paying.done(LOST);
    }
    this.#paying.clear();
    this.#press = null;
    this.#spent = null;
  }
}

/** The line height as a ratio (what pages set and children inherit), not the px it computes to here. */
function lineHeightOf(style: CSSStyleDeclaration): string {
  const px = Number.parseFloat(style.lineHeight);
  const size = Number.parseFloat(style.fontSize);
  return px > 0 && size > 0 ? String(Math.round((px / size) * 1000) / 1000) : 'normal';
}
