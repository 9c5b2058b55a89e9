import type { ReactiveController, ReactiveElement } from 'lit';
import type { ChallengeHandle } from '../../flow/payment-flow.ts';
import { RELAY } from '../../protocol/three-ds-messages.ts';
import type { ChallengeEnd } from './challenge-controller.ts';

/**
 * presentation="iframe", the framing side of the 3-D Secure relay: the gateway's hosted form runs
 * in a frame of 560 px or so, where a bank's page does not fit. Introduced by this checkout, a
 * hosted checkout in that frame (three-ds="parent") hands the challenge address here; this checkout
 * shows it in its own dialog over the whole page and tells the frame how it ended. Only messages
 * from that frame, from its origin, are heard, and only a web page on the gateway's own origin (the
 * frame's) is opened.
 *
 * Loaded on demand (only an iframe presentation needs it): it imports nothing the first load holds,
 * so the checkout hands it the challenge opener and the address rule.
 */
export class HostedChallengeRelay implements ReactiveController {
  readonly #frame: () => HTMLIFrameElement | null;
  readonly #open: (url: string) => ChallengeHandle;
  readonly #openable: (url: string, base: string) => boolean;
  #handle: ChallengeHandle | null = null;

  constructor(
    host: ReactiveElement,
    frame: () => HTMLIFrameElement | null,
    open: (url: string) => ChallengeHandle,
    openable: (url: string, base: string) => boolean,
  ) {
    this.#frame = frame;
    this.#open = open;
    this.#openable = openable;
    host.addController(this);
  }

  hostConnected(): void {
    addEventListener('message', this.#onMessage);
    // The frame may have loaded before this part did: introduce now too.
    this.introduce();
  }

  hostDisconnected(): void {
    removeEventListener('message', this.#onMessage);
    this.#close();
  }

  /** The frame loaded: offer it to show its challenges here. */
  readonly introduce = (): void => {
    const frame = this.#frame();
    if (frame?.src) frame.contentWindow?.postMessage({ type: RELAY.host }, new URL(frame.src).origin);
  };

  #close(): void {
    this.#handle?.close();
    this.#handle = null;
  }

  readonly #onMessage = (event: MessageEvent): void => {
    const frame = this.#frame();
    const { origin, data } = event;
    if (!frame?.src || event.source !== frame.contentWindow || origin !== new URL(frame.src).origin) return;
    if (data?.type === RELAY.hello) this.introduce();
    if (data?.type === RELAY.close) this.#close();
    if (data?.type !== RELAY.open || !this.#openable(data.url, origin)) return;
    const url = new URL(data.url, origin);
    if (url.origin !== origin) return;
    this.#close();
    const handle = this.#open(url.href);
    this.#handle = handle;
    void handle.done.then((end) => {
      if (this.#handle !== handle) return;
      this.#close();
      frame.contentWindow?.postMessage({ type: RELAY.end, end }, origin);
    });
  };
}

/**
 * The framed side (three-ds="parent"): learns which framing checkout offered to show challenges
 * (asking once, in case the offer came before this part loaded), hands it the challenge address
 * and hears how it ended.
 */
export class ParentChallenge {
  #origin: string | null = null;
  #end: ((end: ChallengeEnd) => void) | null = null;

  constructor() {
    if (parent === window) return;
    addEventListener('message', this.#onMessage);
    // No secret in it: any page may hear it; only the framing page's answer is taken.
    parent.postMessage({ type: RELAY.hello }, '*');
  }

  /** Shows the challenge in the framing checkout's dialog, or null when none offered to. */
  open(url: string): ChallengeHandle | null {
    const origin = this.#origin;
    if (!origin) return null;
    const done = new Promise<ChallengeEnd>((resolve) => {
      this.#end = resolve;
    });
    parent.postMessage({ type: RELAY.open, url }, origin);
    return {
      done,
      close: () => {
        // Over here (the status said so): the framing checkout closes its dialog.
        if (this.#end) parent.postMessage({ type: RELAY.close }, origin);
        this.#end = null;
      },
    };
  }

  readonly #onMessage = (event: MessageEvent): void => {
    const data = event.data as { type?: unknown; end?: unknown } | null;
    if (event.source !== parent || !data) return;
    if (data.type === RELAY.host) this.#origin = event.origin;
    else if (data.type === RELAY.end && event.origin === this.#origin) {
      this.#end?.(data.end === 'completed' ? 'completed' : 'closed');
      this.#end = null;
    }
  };
}
