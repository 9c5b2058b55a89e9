// The Pay button of the isolated card fields: a page of the fields' origin, framed by the checkout
// where its own Pay button would be. A press on it is the customer's, as the browser reports it
// (`isTrusted`), observed here, in the fields' origin, where no script of the merchant's page runs:
// the card fields pay only for such a press (or Enter in one of their own fields). The merchant's
// page decides when the button is disabled, never when it is pressed.
//
// A trusted click is not enough: the page can make this frame see-through and lay it over something
// else (a cookie banner's OK), or slide it under the pointer just before a click. So a press counts
// only on a button the customer could see: where the engine has IntersectionObserver v2
// (`trackVisibility`, Chromium), only while the browser reports the button visible (not covered,
// not see-through, not transformed or filtered) and has for 500 ms; in every engine, not within
// 500 ms of the button appearing, changing size or moving under the pointer (as browsers guard their
// permission prompts). A press refused so pays nothing, and the page's code hears of it; when the
// button was in plain sight and had only just moved or appeared, the customer is asked to press
// again (a second press, once it stands still, pays), as a press that does nothing reads as broken.
import { isChannel } from '../shared/checks.ts';
import { BUTTON_HELLO, BUTTON_PRESS, BYE, POINTER, UNSEEN_PRESS } from '../shared/message-names.ts';
import { type FromButton, isButtonState, isRollCall, payChannelName } from './pay-channel.ts';
import { pressAgain } from './pay-words.ts';

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
  .said { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  button:focus-visible {
    outline: 2px solid var(--gateway-color-focus, light-dark(#1f5fd6, #8ab4ff)); outline-offset: 2px;
    box-shadow: inset 0 0 0 2px var(--gateway-accent-text, light-dark(#ffffff, #0b1d3a));
  }
`);
document.adoptedStyleSheets = [sheet];

/** How long a button must have stood still, shown, before a press on it counts. */
const SETTLE_MS = 500;
/** How long the button asks for another press after one it could not count. */
const ASK_MS = 4000;

const channel = new URLSearchParams(location.hash.slice(1)).get('channel');
// Framed by a checkout, with a channel: anything else shows nothing to press.
if (window.parent !== window && isChannel(channel)) {
  const button = document.createElement('button');
  button.type = 'button';
  // Until the fields say what it does, it does nothing.
  button.disabled = true;
  button.textContent = 'Pay';
  // Read out when the button asks for another press: a changed label alone is not announced.
  const said = document.createElement('span');
  said.className = 'said';
  said.setAttribute('role', 'status');
  document.body.append(button, said);
  const fields = new BroadcastChannel(payChannelName(channel));
  // This load of the button's page: the fields count the buttons of their channel by it.
  const instance = crypto.randomUUID();
  const send = (message: FromButton) => fields.postMessage(message);

  /** Since when the button has stood where it is, shown; a press before `since + SETTLE_MS` is refused. */
  let since = performance.now();
  const moved = () => {
    since = performance.now();
  };
  /** IntersectionObserver v2's word (null where the engine has none, or until it spoke). */
  let visible: boolean | null = null;
  const tracksVisibility = 'isVisible' in IntersectionObserverEntry.prototype;
  new IntersectionObserver(
    (entries) => {
      const entry = entries.at(-1)!;
      const now = tracksVisibility
        ? (entry as IntersectionObserverEntry & { isVisible: boolean }).isVisible
        : entry.isIntersecting;
      // Shown anew (uncovered, made opaque, scrolled into view, displayed): it starts to count now.
      if (now && visible !== true) moved();
      visible = now;
    },
    // trackVisibility needs a delay of 100 ms at least; an engine without it ignores both.
    { threshold: [0, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit,
  ).observe(document.body);
  // Resized by the page: not the button the customer was looking at.
  addEventListener('resize', moved);
  document.addEventListener('visibilitychange', moved);
  // Where this frame is on the screen, as each pointer event tells it (screen minus frame position):
  // a change is the button moving under the pointer, not the pointer moving over the button.
  // Only a recent sample counts: the frame may have moved away long ago while the pointer was
  // elsewhere (the fields grew), and an engine may not have said that the pointer left.
  let offset: string | null = null;
  let sampled = 0;
  const watch = (event: PointerEvent) => {
    const now = `${Math.round(event.screenX - event.clientX)},${Math.round(event.screenY - event.clientY)}`;
    if (offset !== null && now !== offset && event.timeStamp - sampled < 2 * SETTLE_MS) moved();
    offset = now;
    sampled = event.timeStamp;
  };
  for (const type of ['pointerover', 'pointerenter', 'pointermove', 'pointerdown'] as const)
    addEventListener(type, watch, { capture: true, passive: true });
  // The pointer left: wherever the frame is when it comes back, it did not move under the pointer.
  document.documentElement.addEventListener('pointerleave', () => {
    offset = null;
  });
  /** When the pointer went down on the button, for the press it starts (keyboard presses have none). */
  let downAt: number | null = null;
  const inSight = () =>
    document.visibilityState === 'visible' && (tracksVisibility ? visible === true : visible !== false);
  const seen = (at: number) => inSight() && at - since >= SETTLE_MS;

  /** The button's words as the fields last said them, and until when it asks for another press. */
  let label = button.textContent;
  let askUntil = 0;
  let askTimer: ReturnType<typeof setTimeout> | undefined;
  const render = () => {
    const asking = performance.now() < askUntil;
    button.textContent = asking ? pressAgain(document.documentElement.lang || 'en') : label;
    said.textContent = asking ? button.textContent : '';
  };
  /** A real press on a button in plain sight that had just moved: ask for another, for a while. */
  const askAgain = () => {
    askUntil = performance.now() + ASK_MS;
    clearTimeout(askTimer);
    askTimer = setTimeout(render, ASK_MS);
    render();
  };

  fields.onmessage = (event: MessageEvent) => {
    if (isRollCall(event.data)) return send({ type: BUTTON_HELLO, instance });
    if (!isButtonState(event.data)) return;
    const { button: state, look } = event.data;
    const root = document.documentElement;
    root.lang = look.language;
    root.dir = look.dir;
    root.style.colorScheme = look.scheme ?? 'light dark';
    for (const [name, value] of Object.entries(look.tokens)) root.style.setProperty(name, value);
    button.style.lineHeight = look.lineHeight;
    label = state.label;
    button.disabled = state.disabled;
    // A press that starts the payment, or a button that cannot be pressed, ends the asking.
    if (state.busy || state.disabled) askUntil = 0;
    render();
    button.setAttribute('aria-busy', String(state.busy));
  };
  // A press here takes the focus out of the fields, whose field may then show its message and grow:
  // they keep their height until the press is over, so this button stays under the pointer.
  button.addEventListener('pointerdown', () => {
    downAt = performance.now();
    send({ type: POINTER, instance, down: true });
  });
  for (const type of ['pointerup', 'pointercancel', 'lostpointercapture'])
    button.addEventListener(type, () => send({ type: POINTER, instance, down: false }));
  button.addEventListener('click', (event) => {
    // A click the page dispatched, or a press on a disabled button, pays nothing.
    if (!event.isTrusted || button.disabled) return;
    const at = downAt ?? performance.now();
    downAt = null;
    if (seen(at)) {
      askUntil = 0;
      render();
      send({ type: BUTTON_PRESS, instance });
      return;
    }
    if (inSight()) askAgain();
    send({ type: UNSEEN_PRESS, instance });
  });
  addEventListener('pagehide', () => send({ type: BYE, instance }));
  send({ type: BUTTON_HELLO, instance });
}
