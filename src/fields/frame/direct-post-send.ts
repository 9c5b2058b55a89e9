import { DIRECT_POST } from '../shared/message-names.ts';
import type { Refusal } from '../shared/messages.ts';
import { relayChannel, type ToRelay } from '../shared/relay.ts';
import type { ParentLink } from './frame-bridge.ts';

/**
 * Sends a Direct Post form from the fields: the card form goes to `action` (checked by the caller:
 * the order's `direct_post`) through the fields' relay page in the checkout's frame the page names.
 * Null once the relay took it; `lost` when it was handed over but the relay never said it took it
 * (it may have been sent: the status tells); otherwise the refusal, and nothing was sent.
 */
export type DirectSender = (
  action: string,
  fields: readonly [string, string][],
) => Promise<Refusal | 'lost' | null>;

/** How long the page may take to open its frame on the relay page and name it. */
const NAME_TIMEOUT_MS = 30_000;
/** How long the relay page in the named frame may take to answer. */
const RELAY_TIMEOUT_MS = 5_000;
/** After the first relay answered, how long a second one (a frame of the same name) has to answer. */
const SECOND_MS = 250;

/**
 * The frame's side of the Direct Post: asks the page for its frame (`direct-post`), waits for the
 * page's `relay` naming it for that press, and hands the form to the one relay page of this origin
 * in the frame of that name (see ../shared/relay.ts).
 *
 * What a hostile page can do to it: name any frame, or none, at any time. A name for no press
 * waiting is ignored; a frame that is not the relay answers nothing, two relays of one name are
 * refused, and nothing is sent then. Whatever it names, the form goes to `action` alone, by POST:
 * the page chooses at most which of the fields' relays shows the gateway's answer, which holds no
 * card.
 */
export class RelayedPost {
  #waiting: { readonly id: number; readonly named: (name: string | null) => void } | null = null;

  /** The page named its frame for the press `id`. */
  named(id: number, name: string): void {
    if (this.#waiting?.id === id) this.#waiting.named(name);
  }

  /** The sender for the press `id`, whose page is at `link`. */
  sender(id: number, link: ParentLink): DirectSender {
    return async (action, fields) => {
      const name = await new Promise<string | null>((resolve) => {
        const timer = setTimeout(() => this.#waiting?.named(null), NAME_TIMEOUT_MS);
        this.#waiting = {
          id,
          named: (given) => {
            clearTimeout(timer);
            this.#waiting = null;
            resolve(given);
          },
        };
        link.send({ type: DIRECT_POST, id });
      });
      return name === null ? 'no-relay' : handOver(name, action, fields);
    };
  }
}

/** Hands the form to the one relay in the frame named `name`: null once it took it. */
function handOver(
  name: string,
  action: string,
  fields: readonly [string, string][],
): Promise<Refusal | 'lost' | null> {
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(relayChannel(name));
    let relay: string | null = null;
    let handed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const after = (ms: number, then: () => void) => {
      clearTimeout(timer);
      timer = setTimeout(then, ms);
    };
    const done = (refusal: Refusal | 'lost' | null) => {
      clearTimeout(timer);
      channel.close();
      resolve(refusal);
    };
    channel.onmessage = (event: MessageEvent) => {
      // Our own origin's pages only; still read as unknown.
      const { here, took } = (event.data ?? {}) as { here?: unknown; took?: unknown };
      if (handed) return took === relay && done(null);
      if (typeof here !== 'string') return;
      // A second relay answering for the name: nothing is sent.
      if (relay !== null && here !== relay) return done('relay-foreign');
      relay = here;
      // Its only answer, or a second relay's: a moment tells.
      after(SECOND_MS, () => {
        handed = true;
        channel.postMessage({ to: here, action, fields } satisfies ToRelay);
        after(RELAY_TIMEOUT_MS, () => done('lost'));
      });
    };
    after(RELAY_TIMEOUT_MS, () => done('relay-foreign'));
    channel.postMessage({ ask: true } satisfies ToRelay);
  });
}
