import type { ReactiveController, ReactiveElement } from 'lit';
import { openableChallenge } from '../../flow/gateway-origin.ts';
import type { ChallengeHandle } from '../../flow/payment-flow.ts';

/**
 * presentation="iframe", the framing side of the 3-D Secure relay: the gateway's hosted form runs
 * in a frame of 560 px or so, where a bank's page does not fit. Introduced by this checkout, a
 * hosted checkout in that frame (three-ds="parent") hands the challenge address here; this checkout
 * shows it in its own dialog over the whole page and tells the frame how it ended. Only messages
 * from that frame, from its origin, are heard, and only a web page on the gateway's own origin (the
 * frame's) is opened.
 */
export class HostedChallengeRelay implements ReactiveController {
  readonly #frame: () => HTMLIFrameElement | null;
  readonly #open: (url: string) => ChallengeHandle;
  #handle: ChallengeHandle | null = null;

  constructor(
    host: ReactiveElement,
    frame: () => HTMLIFrameElement | null,
    open: (url: string) => ChallengeHandle,
  ) {
    this.#frame = frame;
    this.#open = open;
    host.addController(this);
  }

  hostConnected(): void {
    addEventListener('message', this.#onMessage);
  }

  hostDisconnected(): void {
    removeEventListener('message', this.#onMessage);
    this.#close();
  }

  /** The frame loaded: offer it to show its challenges here. */
  readonly introduce = (): void => {
    const frame = this.#frame();
    const origin = frameOrigin(frame);
    if (origin) frame!.contentWindow?.postMessage({ type: 'gateway-3ds-host' }, origin);
  };

  #close(): void {
    this.#handle?.close();
    this.#handle = null;
  }

  readonly #onMessage = (event: MessageEvent): void => {
    const frame = this.#frame();
    const origin = frameOrigin(frame);
    if (!frame || !origin || event.source !== frame.contentWindow || event.origin !== origin) return;
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type === 'gateway-3ds-close') {
      this.#close();
      return;
    }
    if (data?.type !== 'gateway-3ds-open' || typeof data.url !== 'string') return;
    if (!openableChallenge(data.url, origin) || new URL(data.url, origin).origin !== origin) return;
    this.#close();
    const handle = this.#open(new URL(data.url, origin).href);
    this.#handle = handle;
    void handle.done.then((end) => {
      if (this.#handle !== handle) return;
      this.#close();
      frame.contentWindow?.postMessage({ type: 'gateway-3ds-end', end }, origin);
    });
  };
}

function frameOrigin(frame: HTMLIFrameElement | null): string | null {
  try {
    return frame?.src ? new URL(frame.src).origin : null;
  } catch {
    return null;
  }
}
