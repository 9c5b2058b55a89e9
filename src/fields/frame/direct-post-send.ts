import { postForm } from '../../elements/shared/form-post.ts';
import type { Refusal } from '../shared/messages.ts';
import { RELAY_CHANNEL, type RelayAsk } from '../shared/relay.ts';
import type { ParentLink } from './frame-bridge.ts';

/**
 * Sends a Direct Post form from the fields' frame: the card form goes to `action` (checked by the
 * caller: the order's `direct_post`), into the checkout's frame the page names, and only when that
 * frame shows the fields' relay page. Null once sent; otherwise the refusal, and nothing was sent.
 */
export type DirectSender = (action: string, fields: readonly [string, string][]) => Promise<Refusal | null>;

/** How long the page may take to open its frame on the relay page and name it. */
const NAME_TIMEOUT_MS = 30_000;
/** How long a relay page in the named frame may take to answer. */
const RELAY_TIMEOUT_MS = 5_000;

/**
 * The frame's side of the Direct Post: asks the page for its frame (`direct-post`), waits for the
 * page's `relay` for that press, makes sure a relay page of this origin is in the frame of that
 * name, and submits the form there.
 *
 * What a hostile page can do to it: name any frame, or none, at any time. A name for no press
 * waiting is ignored; a frame that is not the relay answers nothing, and nothing is sent. Whatever
 * it names, the form goes to `action` alone, by POST: the page chooses at most which frame shows the
 * gateway's answer, and the card is not in that answer.
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
      this.#waiting?.named(null);
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
        link.send({ type: 'direct-post', id });
      });
      if (name === null) return 'no-relay';
      if (!(await relayIn(name))) return 'relay-foreign';
      postForm((form) => document.body.append(form), action, name, fields);
      return null;
    };
  }
}

/** Whether a relay page of this origin answers for the frame named `name`. */
function relayIn(name: string): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(RELAY_CHANNEL);
    const done = (found: boolean) => {
      clearTimeout(timer);
      channel.close();
      resolve(found);
    };
    const timer = setTimeout(() => done(false), RELAY_TIMEOUT_MS);
    channel.onmessage = (event: MessageEvent) => {
      if ((event.data as { here?: unknown } | null)?.here === name) done(true);
    };
    channel.postMessage({ ask: name } satisfies RelayAsk);
  });
}
