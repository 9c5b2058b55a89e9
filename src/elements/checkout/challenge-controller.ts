import { html, nothing, type ReactiveController, type ReactiveElement, type TemplateResult } from 'lit';
import type { ChallengeHandle } from '../../flow/payment-flow.ts';
import { THREE_DS_COMPLETE, THREE_DS_SIZE } from '../../protocol/three-ds-messages.ts';
import type { Catalog } from '../i18n/index.ts';
import { onDemand } from '../shared/on-demand.ts';
import type { ParentChallenge } from './hosted-challenge.ts';

export type ChallengeEnd = 'completed' | 'closed';
type End = ChallengeEnd;

/** How the checkout shows a challenge: its own dialog, the whole page, or the framing page's dialog. */
export type ChallengeMode = 'modal' | 'redirect' | 'parent';

/**
 * The 3-D Secure challenge of a checkout: a modal dialog with the bank's page in a frame (or a
 * redirect of the whole page). The bank page's completion message, Escape and Cancel all end it
 * through one path, so the payment flow learns how it ended exactly once.
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
      void onDemand.hosted().then(
        (m) => (this.#parent ??= new m.ParentChallenge()),
        () => {},
      );
  }

  hostDisconnected(): void {
    window.removeEventListener('message', this.#onMessage);
    this.#end?.('closed');
  }

  /** Shows the bank's page; the handle tells when it is over and closes it. */
  open(url: string): ChallengeHandle {
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
      ${this.#url ? html`<iframe part="challenge-frame" title=${t.challengeTitle} src=${this.#url}></iframe>` : nothing}
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

  readonly #onMessage = (event: MessageEvent): void => {
    const data = event.data as { type?: unknown; height?: unknown } | null;
    const frame = this.#host.renderRoot?.querySelector?.(
      'iframe[part="challenge-frame"]',
    ) as HTMLIFrameElement | null;
    if (!frame || event.source !== frame.contentWindow) return;
    if (data && data.type === THREE_DS_COMPLETE) this.#end?.('completed');
    // The bank's page says how tall its content is, so the frame shows all of it without a
    // scrollbar or a blank strip. Only the page at the challenge's own origin may size the frame,
    // and only within reason; a page that never says keeps the frame's default height.
    const height = data?.type === THREE_DS_SIZE && event.origin === this.#origin && data.height;
    if (typeof height === 'number' && height > 0 && height < 4e3) frame.style.blockSize = `${height}px`;
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
