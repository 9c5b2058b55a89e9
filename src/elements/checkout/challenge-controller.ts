import { html, nothing, type ReactiveController, type ReactiveElement, type TemplateResult } from 'lit';
import type { ChallengeHandle } from '../../flow/payment-flow.ts';
import { THREE_DS_COMPLETE } from '../../protocol/three-ds-messages.ts';
import type { Catalog } from '../i18n/index.ts';
import { onDemand } from '../shared/on-demand.ts';
import type { ParentChallenge } from './hosted-challenge.ts';

export type ChallengeEnd = 'completed' | 'closed';
type End = ChallengeEnd;

/** How the checkout shows a challenge: its own dialog, the whole page, or the framing page's dialog. */
export type ChallengeMode = 'modal' | 'redirect' | 'parent';

/**
 * The 3-D Secure challenge of a checkout: a modal dialog with the gateway's page in a frame, which
 * hands it on to the bank's page on the bank's own domain (or a redirect of the whole page). A bank
 * sends no message to anyone: the challenge is over when the order's status says so (the payment
 * flow polls it, and asks again whenever the frame moves on to another page), or when the frame
 * lands on an address of the merchant's. Those, Escape and Cancel all end it through one path, so
 * the payment flow learns how it ended exactly once. The frame has the size of one of EMV 3-D
 * Secure's challenge windows (the styles pick it by viewport), so whatever bank answers fits it.
 *
 * `parent`: this checkout is the gateway's hosted form inside another checkout's frame
 * (presentation="iframe"); a dialog in here would be cut to the frame, so the framing checkout shows
 * the challenge over its whole page (`hosted-challenge.ts`, loaded on demand) and says how it
 * ended. Only once that checkout has introduced itself; until then, our own dialog.
 */
export class ChallengeController implements ReactiveController {
  readonly #host: ReactiveElement;
  readonly #mode: () => ChallengeMode;
  #url: string | null = null;
  #origin: string | null = null;
  #end: ((end: End) => void) | null = null;
  /** The frame moved on to another page (the bank's, the gateway's again): worth asking the status. */
  #moved: (() => void) | undefined;
  /** three-ds="parent": the framing checkout's side, once loaded. */
  #parent: ParentChallenge | null = null;

  constructor(host: ReactiveElement, mode: () => ChallengeMode) {
    this.#host = host;
    this.#mode = mode;
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('message', this.#onMessage);
    if (this.#mode() === 'parent')
      void onDemand.frames().then(
        (m) => (this.#parent ??= new m.ParentChallenge()),
        () => {},
      );
  }

  hostDisconnected(): void {
    window.removeEventListener('message', this.#onMessage);
    this.#end?.('closed');
  }

  /** Shows the bank's page; the handle tells when it is over and closes it. */
  open(url: string, moved?: () => void): ChallengeHandle {
    const mode = this.#mode();
    const inParent = mode === 'parent' && this.#parent?.open(url);
    if (inParent) return inParent;
    if (mode === 'redirect') {
      window.location.assign(url);
      // Back from the bank's page out of the back/forward cache (this page's only pageshow from now
      // on), it lives on where it stopped: the check counts as left, so the status is asked and the
      // check can be reopened.
      const done = new Promise<End>((resolve) => addEventListener('pageshow', () => resolve('closed')));
      return { done, close: () => {} };
    }
    this.#url = inDialog(url);
    this.#origin = URL.canParse(this.#url) ? new URL(this.#url).origin : null;
    this.#moved = moved;
    this.#host.requestUpdate();
    const done = new Promise<End>((resolve) => {
      this.#end = resolve;
    });
    void this.#host.updateComplete.then(() => {
      const dialog = this.#dialog();
      if (dialog && !dialog.open) dialog.showModal();
    });
    return {
      done,
      close: () => {
        this.#end = null;
        this.#dialog()?.close();
        this.#url = null;
        this.#host.requestUpdate();
      },
    };
  }

  render(t: Catalog): TemplateResult {
    return html`<dialog part="challenge" aria-label=${t.challengeTitle} @cancel=${this.#onCancel}>
      <div class="challenge-head">
        <h2>${t.challengeTitle}</h2>
        <button type="button" class="secondary" @click=${() => this.#end?.('closed')}>${t.cancel}</button>
      </div>
      ${this.#url ? html`<iframe part="challenge-frame" title=${t.challengeTitle} src=${this.#url} @load=${this.#onLoad}></iframe>` : nothing}
    </dialog>`;
  }

  #dialog(): HTMLDialogElement | null {
    return this.#host.renderRoot?.querySelector?.('dialog[part="challenge"]') ?? null;
  }

  readonly #onCancel = (event: Event): void => {
    // Escape: close through our own path so the flow learns the challenge was left.
    event.preventDefault();
    this.#end?.('closed');
  };

  /**
   * The frame loaded a page. On an address of the merchant's (the order's success_redirect and the
   * like: this page's origin, outside the challenge's own address) the flow is back: the challenge is
   * over, and the frame is hidden at once so nothing of the shop's page shows in the dialog. Any other
   * page (the bank's cannot be read) is a step on the way: the flow asks the status again.
   */
  readonly #onLoad = (event: Event): void => {
    const frame = event.target as HTMLIFrameElement;
    try {
      const href = frame.contentWindow!.location.href;
      if (href.startsWith(`${location.origin}/`) && !href.startsWith(this.#url!.split('?')[0]!)) {
        frame.style.visibility = 'hidden';
        this.#end?.('completed');
        return;
      }
    } catch {
      // Another origin's page: the bank's or the gateway's.
    }
    this.#moved?.();
  };

  readonly #onMessage = (event: MessageEvent): void => {
    // An early word from the gateway's own result page (its origin, this frame); the status decides
    // either way, and a bank never sends one.
    const frame = this.#host.renderRoot?.querySelector?.(
      'iframe[part="challenge-frame"]',
    ) as HTMLIFrameElement | null;
    if (
      frame &&
      event.source === frame.contentWindow &&
      event.origin === this.#origin &&
      (event.data as { type?: unknown } | null)?.type === THREE_DS_COMPLETE
    )
      this.#end?.('completed');
  };
}

/**
 * The challenge address for our dialog: `dialog=1` tells the gateway's challenge page that the
 * dialog around it offers Cancel, so it leaves out its own and a person sees one. A page that does
 * not know the parameter ignores it; the dialog's own Cancel and Escape end the challenge either way.
 */
function inDialog(url: string): string {
  try {
    const framed = new URL(url, location.href);
    if (framed.protocol !== 'https:' && framed.protocol !== 'http:') return url;
    framed.searchParams.set('dialog', '1');
    return framed.href;
  } catch {
    return url;
  }
}
