// The Pay button of the isolated card fields: a page of the fields' origin, framed by the checkout
// where its own Pay button would be. A press on it is the customer's, as the browser reports it
// (`isTrusted`), observed here, in the fields' origin, where no script of the merchant's page runs:
// the card fields pay only for such a press (or Enter in one of their own fields). The merchant's
// page decides what the button says and when it is disabled, never when it is pressed.
import { isChannel } from '../shared/messages.ts';
import { type FromButton, isButtonState, payChannelName } from './pay-channel.ts';

/**
 * Room around the button for its focus ring: the parent lays this frame over the box its own
 * (hidden) Pay button takes, reaching this far beyond it, so the two are the same size.
 */
const INSET = 4;

const sheet = new CSSStyleSheet();
sheet.replaceSync(`
  html { color-scheme: light dark; background: transparent; block-size: 100%; }
  body { margin: 0; padding: ${INSET}px; background: transparent; overflow: hidden; block-size: 100%; box-sizing: border-box; }
  button {
    display: block; inline-size: 100%; block-size: 100%; box-sizing: border-box; margin: 0;
    font-family: var(--gateway-font-family, system-ui, sans-serif);
    font-size: var(--gateway-font-size, 1rem);
    font-weight: 600; cursor: pointer; border: none;
    border-radius: var(--gateway-radius, 0.375rem);
    padding-block: 0.75rem; padding-inline: 1rem;
    background: var(--gateway-accent, var(--gateway-color-focus, light-dark(#1f5fd6, #8ab4ff)));
    color: var(--gateway-accent-text, light-dark(#ffffff, #0b1d3a));
  }
  button:disabled { opacity: 0.6; cursor: progress; }
  button:focus-visible {
    outline: 2px solid var(--gateway-color-focus, light-dark(#1f5fd6, #8ab4ff)); outline-offset: 2px;
    box-shadow: inset 0 0 0 2px var(--gateway-accent-text, light-dark(#ffffff, #0b1d3a));
  }
`);
document.adoptedStyleSheets = [sheet];

const channel = new URLSearchParams(location.hash.slice(1)).get('channel');
// Framed by a checkout, with a channel: anything else shows nothing to press.
if (window.parent !== window && isChannel(channel)) {
  const button = document.createElement('button');
  button.type = 'button';
  // Until the fields say what it does, it does nothing.
  button.disabled = true;
  button.textContent = 'Pay';
  document.body.append(button);
  const fields = new BroadcastChannel(payChannelName(channel));
  const send = (message: FromButton) => fields.postMessage(message);

  fields.onmessage = (event: MessageEvent) => {
    if (!isButtonState(event.data)) return;
    const { button: state, look } = event.data;
    const root = document.documentElement;
    root.lang = look.language;
    root.dir = look.dir;
    root.style.colorScheme = look.scheme ?? 'light dark';
    for (const [name, value] of Object.entries(look.tokens)) root.style.setProperty(name, value);
    button.style.lineHeight = look.lineHeight;
    button.textContent = state.label;
    button.disabled = state.disabled;
    button.setAttribute('aria-busy', String(state.busy));
  };
  // A press here takes the focus out of the fields, whose field may then show its message and grow:
  // they keep their height until the press is over, so this button stays under the pointer.
  button.addEventListener('pointerdown', () => send({ type: 'pointer', down: true }));
  for (const type of ['pointerup', 'pointercancel', 'lostpointercapture'])
    button.addEventListener(type, () => send({ type: 'pointer', down: false }));
  button.addEventListener('click', (event) => {
    // A click the page dispatched, or a press on a disabled button, pays nothing.
    if (event.isTrusted && !button.disabled) send({ type: 'press' });
  });
  send({ type: 'hello' });
}
