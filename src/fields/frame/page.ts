// The isolated card fields: the page the merchant serves from an origin of its own and frames in
// its checkout. It holds the card form and nothing else; card data is typed here, POSTed from here
// to the api_do_url of the order this page got from the merchant's server itself, and never handed
// to the framing page. A payment starts only from the customer: a press on the Pay button (a page
// of this origin, see pay-page.ts) or Enter in a field here.
//
// The built page carries the form rendered at build time (declarative shadow DOM, in the language
// the framing page asked for): the customer can type as soon as the page is parsed, before this
// script has run or the page has introduced itself; this script then takes the same nodes over.
// First, before Lit itself loads: the hook that lets Lit take over the rendered form.
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import { cardState, clearSecurityCode, readCard } from '../../elements/card-form/card-access.ts';
import { GatewayCardForm } from '../../elements/card-form/card-form.ts';
import { provideMasks } from '../../elements/shared/input-mask.ts';
import * as masks from '../../elements/shared/pattern-mask.ts';
import { readFrameAddress } from '../shared/frame-address.ts';
import {
  type FieldsConfig,
  type FieldsState,
  type PayButton,
  REFUSALS,
  type Refusal,
  type SessionData,
  type ToFrame,
} from '../shared/messages.ts';
import { connectToParent, type ParentLink } from './frame-bridge.ts';
import { type CardReader, FramePayment } from './frame-payment.ts';
import { INSET } from './page.styles.ts';
import { type ButtonLook, type ButtonState, parseFromButton, payChannelName } from './pay-channel.ts';
import type { Refused } from './to-frame.ts';

// The masks are inside this page's one script, imported as the card form is: ready before it renders.
provideMasks(masks);
if (!customElements.get('gateway-card-form')) customElements.define('gateway-card-form', GatewayCardForm);

/** How long the page may take to answer a press (its own checks, a bot check) before it lapses. */
const PRESS_TTL_MS = 60_000;
const PAYMENT_TIMEOUT_MS = 45_000;
/**
 * When the focus leaves this frame, the field left may show its message and grow the frame; if the
 * focus went to the Pay button, the button would move from under the pointer before its "pointer
 * down" word arrives here (another frame's message, late on a busy machine). The height waits this
 * long for that word; a focus that went anywhere else costs only this delay.
 */
const LEAVE_HOLD_MS = 300;

// The form the build rendered into the page; made here only where a page lacks it.
const form = document.querySelector('form') ?? document.createElement('form');
form.noValidate = true;
const card =
  form.querySelector('gateway-card-form') ?? form.appendChild(document.createElement('gateway-card-form'));

const address = readFrameAddress(location.hash);
const payment = address?.session
  ? new FramePayment({ sessionUrl: address.session, parentOrigin: address.parent })
  : null;
const buttonChannel = address ? new BroadcastChannel(payChannelName(address.channel)) : null;

let link: ParentLink | null = null;
let configured = false;
let lastHeight = -1;
let button: PayButton | null = null;
let look: ButtonLook | null = null;
/** The pointer is down on the Pay button: the frame keeps its height until it comes up. */
let buttonPressed = false;
/** The customer's press the page has yet to answer. */
let pressed: { id: number; at: number } | null = null;
let nextPress = 1;

function state(): FieldsState {
  const s = cardState(card);
  if (!s) return { brand: null, complete: false, empty: true, valid: false, errors: [], message: '' };
  return {
    brand: s.brand,
    complete: s.complete,
    empty: s.empty,
    valid: s.valid,
    errors: s.errors.map((e) => ({ field: e.field, code: e.kind })),
    message: s.errors[0]?.message ?? '',
  };
}

function height(): number {
  return Math.ceil(form.getBoundingClientRect().height) + 2 * INSET;
}

function configure(config: FieldsConfig): void {
  const root = document.documentElement;
  root.lang = config.language;
  root.dir = config.dir;
  // The same scheme as the parent's, so the frame stays transparent over the parent's background.
  root.style.colorScheme = config.scheme ?? 'light dark';
  for (const [name, value] of Object.entries(config.tokens)) card.style.setProperty(name, value);
  card.style.lineHeight = config.lineHeight;
  card.language = config.language;
  card.theme = config.scheme ?? undefined;
  card.acceptedBrands = [...config.acceptedBrands];
  card.requireName = config.requireName;
  card.autoAdvance = config.autoAdvance ? 'on' : 'off';
  card.disabled = config.disabled;
  const { language, dir, scheme, tokens, lineHeight } = config;
  look = { language, dir, scheme, tokens, lineHeight };
  showButton();
}

/** When the focus last left this frame (0: not since it came back). */
let leftAt = 0;
window.addEventListener('blur', () => {
  leftAt = performance.now();
  setTimeout(() => configured && resized(), LEAVE_HOLD_MS);
});
window.addEventListener('focus', () => {
  leftAt = 0;
});

/**
 * The frame's height follows the fields, except while the Pay button is held down, and for a moment
 * after the focus left the frame (the Pay button may be what took it).
 */
function resized(): void {
  const h = height();
  const leaving = leftAt > 0 && performance.now() - leftAt < LEAVE_HOLD_MS;
  if (buttonPressed || leaving || h === lastHeight) return;
  lastHeight = h;
  link?.send({ type: 'resize', height: h });
}

/** The Pay button shows what the page says it does, in the page's look. */
function showButton(): void {
  if (button && look) buttonChannel?.postMessage({ type: 'button', button, look } satisfies ButtonState);
}

/** What the frame refuses, the page's code hears; the customer sees nothing of it. */
function refuse(reason: Refusal): void {
  link?.send({ type: 'refused', reason, message: REFUSALS[reason] });
}

/** The customer asked to pay: the page checks its own fields and answers with their data. */
function customerPressed(): void {
  if (!link || !configured || card.disabled) return;
  // A second press while the first is answered or paid (a double click) joins it.
  if (payment?.busy || (pressed && Date.now() - pressed.at < PRESS_TTL_MS)) return;
  pressed = { id: nextPress++, at: Date.now() };
  link.send({ type: 'press', id: pressed.id });
}

async function onMessage(message: ToFrame | Refused, parent: ParentLink): Promise<void> {
  switch (message.type) {
    case 'refused':
      refuse(message.reason);
      return;
    case 'configure': {
      configure(message.config);
      if (!configured) {
        configured = true;
        // In the page already (rendered at build time): moving it would reconnect the fields.
        if (!form.isConnected) document.body.append(form);
        await card.updateComplete;
        lastHeight = height();
        const now = state();
        parent.send({ type: 'ready', height: lastHeight, state: now });
        // Typed before the page and the fields met (the form is in the page's HTML): a person's
        // input, which the page hears of as of any other.
        if (!now.empty) parent.send({ type: 'state', state: now, user: true });
        new ResizeObserver(resized).observe(form);
      } else {
        await card.updateComplete;
        parent.send({ type: 'state', state: state(), user: false });
      }
      return;
    }
    case 'validate': {
      if (message.focus) card.reportValidity();
      else showAllErrors();
      await card.updateComplete;
      parent.send({ type: 'validated', id: message.id, state: state() });
      return;
    }
    case 'session-data':
      return pay(message.id, message.data, parent);
    case 'cancel':
      if (pressed?.id === message.id) pressed = null;
      return;
    case 'button':
      button = message.button;
      showButton();
      return;
    case 'focus':
      card.focus();
      return;
    case 'clear':
      if (message.what === 'all') card.clear();
      else clearSecurityCode(card, message.focus === true);
      await card.updateComplete;
      parent.send({ type: 'state', state: state(), user: false });
      return;
  }
}

/** Pays the order the merchant's server makes for this checkout, for the press the page answered. */
async function pay(id: number, data: SessionData, parent: ParentLink): Promise<void> {
  if (payment?.busy) return refuse('under-way');
  // Data for no press of the customer's (or for an old one): the page cannot start a payment.
  if (!payment || !pressed || pressed.id !== id || Date.now() - pressed.at > PRESS_TTL_MS) {
    return refuse(payment ? 'not-pressed' : 'pay-from-page');
  }
  pressed = null;
  const read: CardReader = (moto) => {
    if (moto !== undefined && moto !== card.moto) {
      // The merchant's server says otherwise than the fields show (the security code): show it its way.
      card.moto = moto;
      return null;
    }
    return card.checkValidity() ? readCard(card) : null;
  };
  const outcome = await payment.pay(
    data,
    read,
    (order) => parent.send({ type: 'order', id, order }),
    PAYMENT_TIMEOUT_MS,
  );
  if ('refused' in outcome) {
    refuse(outcome.refused);
    parent.send({ type: 'paid', id, outcome: { ok: false, error: 'refused' } });
    return;
  }
  if (!outcome.ok && outcome.error === 'invalid') {
    showAllErrors();
    await card.updateComplete;
    parent.send({ type: 'state', state: state(), user: false });
  }
  parent.send({ type: 'paid', id, outcome });
}

/** Every error shows, as after a tried submit, without moving the focus. */
function showAllErrors(): void {
  card.dispatchEvent(new Event('invalid'));
}

// Enter in a field is the customer's own press (a key the browser reports as a person's); the card
// form then submits this form too, which does nothing more.
form.addEventListener(
  'keydown',
  (event) => {
    const target = event.composedPath()[0];
    if (
      event.isTrusted &&
      event.key === 'Enter' &&
      !event.isComposing &&
      !(event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) &&
      target instanceof HTMLInputElement
    )
      customerPressed();
  },
  true,
);
form.addEventListener('submit', (event) => event.preventDefault());
card.addEventListener('gateway-card-change', () => link?.send({ type: 'state', state: state(), user: true }));

if (buttonChannel) {
  buttonChannel.onmessage = (event: MessageEvent) => {
    const message = parseFromButton(event.data);
    if (message?.type === 'press') customerPressed();
    else if (message?.type === 'hello') showButton();
    else if (message?.type === 'pointer') {
      buttonPressed = message.down;
      if (!buttonPressed && configured) resized();
    }
  };
}

const connected =
  address &&
  connectToParent(
    address,
    (message, parent) => void onMessage(message, parent),
    (parent) => {
      link = parent;
    },
  );
if (!connected) {
  // Opened on its own, or framed by a page that did not name itself: a word instead of fields.
  form.remove();
  const p = document.createElement('p');
  p.textContent = 'These card fields work inside a checkout page only.';
  document.body.append(p);
} else if (payment) {
  // A phone order asks no security code: the merchant's server says which this checkout is.
  payment.loadMoto().then(
    (moto) => {
      card.moto = moto;
    },
    () => undefined,
  );
}
