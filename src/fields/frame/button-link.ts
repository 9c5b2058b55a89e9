import {
  BUTTON_HELLO,
  BUTTON_PRESS,
  BYE,
  POINTER,
  ROLL_CALL,
  UNSEEN_PRESS,
} from '../shared/message-names.ts';
import type { Refusal } from '../shared/messages.ts';
import { type ButtonState, parseFromButton, payChannelName, type RollCall } from './pay-channel.ts';

export interface ButtonEvents {
  /** A person pressed the one Pay button of this checkout. */
  press(): void;
  /** A press or a button this page refuses, for the page's code. */
  refuse(reason: Refusal): void;
  /** A button came and asks what to show. */
  hello(): void;
  /** The pointer went down on the button, or came up. */
  pointer(down: boolean): void;
}

/**
 * The fields' end of their Pay button (pay-page.ts), on the checkout's channel: what the button
 * shows, and the presses it reports.
 *
 * The Pay buttons on this channel are counted by the load of their page. One is the checkout's; a
 * second can only be a page that framed `pay.html` with this channel itself, to have the customer
 * press it where it chose: while there are two, no press pays, and the page's code hears why.
 */
export class ButtonLink {
  readonly #channel: BroadcastChannel;
  readonly #buttons = new Set<string>();

  constructor(channel: string, events: ButtonEvents) {
    this.#channel = new BroadcastChannel(payChannelName(channel));
    const buttons = this.#buttons;
    this.#channel.onmessage = (event: MessageEvent) => {
      const message = parseFromButton(event.data);
      if (!message) return;
      const known = buttons.has(message.instance);
      if (message.type === BYE) {
        buttons.delete(message.instance);
        return;
      }
      buttons.add(message.instance);
      if (!known && buttons.size > 1) events.refuse('second-button');
      if (message.type === BUTTON_PRESS) {
        if (buttons.size > 1) events.refuse('second-button');
        else events.press();
      } else if (message.type === UNSEEN_PRESS) events.refuse('not-visible');
      else if (message.type === BUTTON_HELLO) events.hello();
      else if (message.type === POINTER) events.pointer(message.down);
    };
    // A button that came before this page said its hello to nobody: each says it again.
    this.#channel.postMessage({ type: ROLL_CALL } satisfies RollCall);
  }

  /** What the button says, whether it can be pressed, and how it looks. */
  show(state: ButtonState): void {
    this.#channel.postMessage(state);
  }
}
