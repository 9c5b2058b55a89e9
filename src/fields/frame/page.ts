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
import { type ConsentScenario, GatewaySaveConsent } from '../../elements/save-consent/save-consent.ts';
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
import { isSessionEndpoint, sessionEndpointsOf } from '../shared/session-endpoint.ts';
import { RelayedPost } from './direct-post-send.ts';
import { connectToParent, type ParentLink } from './frame-bridge.ts';
import { type CardReader, FramePayment } from './frame-payment.ts';
import { INSET } from './page.styles.ts';
import {
  type ButtonLook,
  type ButtonState,
  parseFromButton,
  payChannelName,
  type RollCall,
} from './pay-channel.ts';
import {
  consentAsked,
  payLabel,
  sameTerms,
  sessionAgrees,
  type Terms,
  termsNotes,
  termsOf,
} from './terms.ts';
import type { Refused } from './to-frame.ts';

// The masks are inside this page's one script, imported as the card form is: ready before it renders.
provideMasks(masks);
if (!customElements.get('gateway-card-form')) customElements.define('gateway-card-form', GatewayCardForm);
if (!customElements.get('gateway-save-consent'))
  customElements.define('gateway-save-consent', GatewaySaveConsent);

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
/**
 * The session address is the page's word: taken only when it is one the merchant's fields handler
 * named (exactly, no query). Otherwise these fields take no card at all, and the page's code hears why.
 */
const foreignSession =
  !!address?.session && !isSessionEndpoint(address.session, sessionEndpointsOf(document));
const payment =
  address?.session && !foreignSession
    ? new FramePayment({ sessionUrl: address.session, parentOrigin: address.parent })
    : null;
/** The Direct Post of an order paid so: the page names its frame for it. */
const relayed = new RelayedPost();
const buttonChannel = address ? new BroadcastChannel(payChannelName(address.channel)) : null;

/**
 * What the order does with the card, as the merchant's server says it for this visit, and where the
 * fields say it: under the card, with the consent box when the card is to be saved with the
 * customer's consent. Null until the server answered: the fields then pay nothing.
 */
let terms: Terms | null = null;
const termsBox = document.createElement('div');
termsBox.className = 'terms';
let consent: GatewaySaveConsent | null = null;
const termsSheet = new CSSStyleSheet();
termsSheet.replaceSync(
  '.terms{display:grid;gap:var(--gateway-gap,0.75rem);margin-block-start:var(--gateway-gap,0.75rem)}' +
    '.terms p{margin:0;font-family:var(--gateway-font-family,system-ui,sans-serif);font-size:var(--gateway-font-size,1rem);color:var(--gateway-color-text,CanvasText)}',
);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, termsSheet];

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
  // The brand once the number is typed to its length, not as it is typed: how it changes with each
  // digit would tell the page the leading digits, and when each was typed.
  const typing = s.errors.some((e) => e.field === 'number' && e.kind === 'short');
  return {
    brand: typing ? null : s.brand,
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
  for (const [name, value] of Object.entries(config.tokens)) termsBox.style.setProperty(name, value);
  const { language, dir, scheme, tokens, lineHeight } = config;
  look = { language, dir, scheme, tokens, lineHeight };
  if (consent) consent.disabled = config.disabled;
  // In the page's language, as the fields are.
  if (terms) showTerms(terms);
  else showButton();
}

/** Says what the order does, in the fields' language, and words the Pay button so. */
function showTerms(next: Terms): void {
  terms = next;
  card.moto = next.moto;
  const language = look?.language ?? (document.documentElement.lang || 'en');
  const notes = termsNotes(next, language).map((text) => {
    const p = document.createElement('p');
    p.textContent = text;
    return p;
  });
  termsBox.replaceChildren(...notes);
  if (consentAsked(next)) {
    consent ??= document.createElement('gateway-save-consent') as GatewaySaveConsent;
    consent.scenario = next.save!.method as ConsentScenario;
    consent.merchantName = next.merchant;
    consent.required = next.save!.consent_required;
    consent.language = language;
    consent.disabled = card.disabled;
    termsBox.append(consent);
  } else consent = null;
  if (termsBox.childElementCount && form.isConnected) form.append(termsBox);
  else if (!termsBox.childElementCount) termsBox.remove();
  showButton();
}

/** Asks the merchant's server what this visit's order does; null when it did not say. */
async function loadTerms(): Promise<Terms | null> {
  if (!payment) return null;
  try {
    const next = termsOf(await payment.loadConfig());
    // Shown again only when they changed: the consent box keeps its place, its tick and the focus.
    if (next && !(terms && sameTerms(terms, next))) showTerms(next);
    return next;
  } catch {
    return null;
  }
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

/**
 * The Pay button, in the page's look, says what a press does as the merchant's server said it
 * ("Pay €32.25", "Reserve €32.25", "Save card"); the page decides only when it is enabled or busy.
 */
function showButton(): void {
  if (!button || !look) return;
  const label = (terms && !button.busy && payLabel(terms, look.language)) || button.label;
  buttonChannel?.postMessage({ type: 'button', button: { ...button, label }, look } satisfies ButtonState);
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
        if (!form.isConnected && !foreignSession) document.body.append(form);
        if (termsBox.childElementCount) form.append(termsBox);
        await card.updateComplete;
        lastHeight = height();
        const now = state();
        told = gist(now);
        parent.send({ type: 'ready', height: lastHeight, state: now });
        // Typed before the page and the fields met (the form is in the page's HTML): a person's
        // input, which the page hears of as of any other.
        if (!now.empty) tell(parent, now, true);
        new ResizeObserver(resized).observe(form);
      } else {
        await card.updateComplete;
        tell(parent, state(), false);
      }
      return;
    }
    case 'validate': {
      // The card first; a complete card with the consent box still unticked: that box.
      if (message.focus && consent?.required && !consent.value && card.checkValidity())
        consent.reportValidity();
      else if (message.focus) card.reportValidity();
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
    case 'relay':
      relayed.named(message.id, message.name);
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
      tell(parent, state(), false);
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
  // The terms the customer was shown, asked again now: a visit's order changed since (another
  // product in the cart, or a script of the page that changed it) is shown before anything is paid.
  const shown = terms;
  const now = await loadTerms();
  if (!now) {
    parent.send({ type: 'paid', id, outcome: { ok: false, error: 'network' } });
    return;
  }
  if (!shown || !sameTerms(shown, now)) {
    refuse('terms-changed');
    parent.send({ type: 'paid', id, outcome: { ok: false, error: 'refused' } });
    return;
  }
  // The consent is the one given here, in the fields, never one the page hands over.
  const { save_consent: _fromPage, ...rest } = data;
  if (consent?.required && !consent.value) {
    consent.reportValidity();
    parent.send({ type: 'paid', id, outcome: { ok: false, error: 'invalid' } });
    return;
  }
  const agreed = consent?.value;
  const request: SessionData = agreed ? { ...rest, save_consent: agreed } : rest;
  const read: CardReader = (moto) => {
    if (moto !== undefined && moto !== card.moto) {
      // The merchant's server says otherwise than the fields show (the security code): show it its way.
      card.moto = moto;
      return null;
    }
    return card.checkValidity() ? readCard(card) : null;
  };
  const outcome = await payment.pay(
    request,
    read,
    (order) => parent.send({ type: 'order', id, order }),
    PAYMENT_TIMEOUT_MS,
    (session) => sessionAgrees(shown, session),
    relayed.sender(id, parent),
  );
  if ('refused' in outcome) {
    refuse(outcome.refused);
    // The order does something else than was shown: the fields show what it does now.
    if (outcome.refused === 'terms-changed') await loadTerms();
    parent.send({ type: 'paid', id, outcome: { ok: false, error: 'refused' } });
    return;
  }
  if (!outcome.ok && outcome.error === 'invalid') {
    showAllErrors();
    await card.updateComplete;
    tell(parent, state(), false);
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
/**
 * What the page last heard of the card. A change is told only when the brand, the completeness,
 * the validity or a field's problem changed: not every key, so the page learns neither the timing
 * of each key nor how many digits were typed.
 */
let told = '';
const gist = (s: FieldsState) =>
  JSON.stringify([s.brand, s.complete, s.empty, s.valid, s.errors.map((e) => `${e.field}:${e.code}`)]);
card.addEventListener('gateway-card-change', () => {
  const now = state();
  if (!link || gist(now) === told) return;
  tell(link, now, true);
});

function tell(to: ParentLink, now: FieldsState, user: boolean): void {
  told = gist(now);
  to.send({ type: 'state', state: now, user });
}

/**
 * The Pay buttons on this channel, by the load of their page. One is the checkout's; a second can
 * only be a page that framed `pay.html` with this channel itself, to have the customer press it
 * where it chose: while there are two, no press pays, and the page's code hears why.
 */
const buttons = new Set<string>();
if (buttonChannel) {
  buttonChannel.onmessage = (event: MessageEvent) => {
    const message = parseFromButton(event.data);
    if (!message) return;
    const known = buttons.has(message.instance);
    if (message.type === 'bye') {
      buttons.delete(message.instance);
      return;
    }
    buttons.add(message.instance);
    if (!known && buttons.size > 1) refuse('second-button');
    if (message.type === 'press') {
      if (buttons.size > 1) refuse('second-button');
      else customerPressed();
    } else if (message.type === 'unseen-press') refuse('not-visible');
    else if (message.type === 'hello') showButton();
    else if (message.type === 'pointer') {
      buttonPressed = message.down;
      if (!buttonPressed && configured) resized();
    }
  };
  // A button that came before this page said its hello to nobody: each says it again.
  buttonChannel.postMessage({ type: 'roll-call' } satisfies RollCall);
}

const connected =
  address &&
  connectToParent(
    address,
    (message, parent) => void onMessage(message, parent),
    (parent) => {
      link = parent;
      if (foreignSession) refuse('session-address');
    },
  );
if (!connected || foreignSession) {
  // Opened on its own, framed by a page that did not name itself, or given a session address that
  // is not the shop's: a word instead of fields, so no card is typed where it cannot be paid.
  form.remove();
  const p = document.createElement('p');
  p.textContent = foreignSession
    ? 'These card fields cannot be used here: the checkout’s address is not the shop’s.'
    : 'These card fields work inside a checkout page only.';
  document.body.append(p);
} else if (payment) {
  // What the order does (a hold, saving, a phone order without security code) is the merchant's
  // server's to say, for this visit.
  void loadTerms();
}
