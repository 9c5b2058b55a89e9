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
import { clearSecurityCode, readCard } from '../../elements/card-form/card-access.ts';
import { GatewayCardForm } from '../../elements/card-form/card-form.ts';
import { GatewaySaveConsent } from '../../elements/save-consent/save-consent.ts';
import { provideMasks } from '../../elements/shared/input-mask.ts';
import * as masks from '../../elements/shared/pattern-mask.ts';
import { readFrameAddress } from '../shared/frame-address.ts';
import {
  BUTTON,
  BUTTON_STATE,
  CANCEL,
  CLEAR,
  CONFIGURE,
  FOCUS,
  ORDER,
  PAID,
  PRESS,
  READY,
  REFUSED,
  RELAY,
  SESSION_DATA,
  VALIDATE,
  VALIDATED,
} from '../shared/message-names.ts';
import {
  type FieldsConfig,
  type PayButton,
  REFUSALS,
  type Refusal,
  type SessionData,
  type ToFrame,
} from '../shared/messages.ts';
import { isSessionEndpoint, sessionEndpointsOf } from '../shared/session-endpoint.ts';
import { ButtonLink } from './button-link.ts';
import { CardReport, fieldsState } from './card-report.ts';
import { RelayedPost } from './direct-post-send.ts';
import { connectToParent, type ParentLink } from './frame-bridge.ts';
import { FrameHeight } from './frame-height.ts';
import { type CardReader, FramePayment } from './frame-payment.ts';
import { takePageLanguage } from './page-language.ts';
import type { ButtonLook } from './pay-channel.ts';
import { payLabel, sameTerms, sessionAgrees, type Terms, termsOf } from './terms.ts';
import { TermsBox } from './terms-box.ts';
import type { Refused } from './to-frame.ts';

// The page's language first: its texts are here before the form renders or is taken over.
takePageLanguage();
// The masks are inside this page's one script, imported as the card form is: ready before it renders.
provideMasks(masks);
if (!customElements.get('gateway-card-form')) customElements.define('gateway-card-form', GatewayCardForm);
if (!customElements.get('gateway-save-consent'))
  customElements.define('gateway-save-consent', GatewaySaveConsent);

/** How long the page may take to answer a press (its own checks, a bot check) before it lapses. */
const PRESS_TTL_MS = 60_000;
const PAYMENT_TIMEOUT_MS = 45_000;

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

const termsBox = new TermsBox(form, card);
/** The Direct Post of an order paid so: the page names its frame for it. */
const relayed = new RelayedPost();

let link: ParentLink | null = null;
let configured = false;
let button: PayButton | null = null;
let look: ButtonLook | null = null;
/** The customer's press the page has yet to answer. */
let pressed: { id: number; at: number } | null = null;
let nextPress = 1;

const report = new CardReport();
const state = () => fieldsState(card);
const height = new FrameHeight(
  form,
  () => link,
  () => configured,
);
let buttons: ButtonLink | null = null;

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
  termsBox.configure(tokens, config.disabled);
  // In the page's language, as the fields are.
  if (termsBox.terms) showTerms(termsBox.terms);
  else showButton();
}

/** Says what the order does, in the fields' language, and words the Pay button so. */
function showTerms(next: Terms): void {
  termsBox.show(next, look?.language ?? (document.documentElement.lang || 'en'));
  showButton();
}

/** Asks the merchant's server what this visit's order does; null when it did not say. */
async function loadTerms(): Promise<Terms | null> {
  if (!payment) return null;
  try {
    const next = termsOf(await payment.loadConfig());
    // Shown again only when they changed: the consent box keeps its place, its tick and the focus.
    const terms = termsBox.terms;
    if (next && !(terms && sameTerms(terms, next))) showTerms(next);
    return next;
  } catch {
    return null;
  }
}

/**
 * The Pay button, in the page's look, says what a press does as the merchant's server said it
 * ("Pay €32.25", "Reserve €32.25", "Save card"); the page decides only when it is enabled or busy.
 */
function showButton(): void {
  if (!button || !look) return;
  const terms = termsBox.terms;
  const label = (terms && !button.busy && payLabel(terms, look.language)) || button.label;
  buttons?.show({ type: BUTTON_STATE, button: { ...button, label }, look });
}

/** What the frame refuses, the page's code hears; the customer sees nothing of it. */
function refuse(reason: Refusal): void {
  link?.send({ type: REFUSED, reason, message: REFUSALS[reason] });
}

/** The customer asked to pay: the page checks its own fields and answers with their data. */
function customerPressed(): void {
  if (!link || !configured || card.disabled) return;
  // A second press while the first is answered or paid (a double click) joins it.
  if (payment?.busy || (pressed && Date.now() - pressed.at < PRESS_TTL_MS)) return;
  pressed = { id: nextPress++, at: Date.now() };
  link.send({ type: PRESS, id: pressed.id });
}

async function onMessage(message: ToFrame | Refused, parent: ParentLink): Promise<void> {
  switch (message.type) {
    case REFUSED:
      refuse(message.reason);
      return;
    case CONFIGURE: {
      configure(message.config);
      if (!configured) {
        configured = true;
        // In the page already (rendered at build time): moving it would reconnect the fields.
        if (!form.isConnected && !foreignSession) document.body.append(form);
        termsBox.place();
        await card.updateComplete;
        const now = state();
        report.heard(now);
        parent.send({ type: READY, height: height.told(), state: now });
        // Typed before the page and the fields met (the form is in the page's HTML): a person's
        // input, which the page hears of as of any other.
        if (!now.empty) report.tell(parent, now, true);
        height.observe();
      } else {
        await card.updateComplete;
        report.tell(parent, state(), false);
      }
      return;
    }
    case VALIDATE: {
      // The card first; a complete card with the consent box still unticked: that box.
      const consent = termsBox.consent;
      if (message.focus && consent?.required && !consent.value && card.checkValidity())
        consent.reportValidity();
      else if (message.focus) card.reportValidity();
      else showAllErrors();
      await card.updateComplete;
      parent.send({ type: VALIDATED, id: message.id, state: state() });
      return;
    }
    case SESSION_DATA:
      return pay(message.id, message.data, parent);
    case CANCEL:
      if (pressed?.id === message.id) pressed = null;
      return;
    case RELAY:
      relayed.named(message.id, message.name);
      return;
    case BUTTON:
      button = message.button;
      showButton();
      return;
    case FOCUS:
      card.focus();
      return;
    case CLEAR:
      if (message.what === 'all') card.clear();
      else clearSecurityCode(card, message.focus === true);
      await card.updateComplete;
      report.tell(parent, state(), false);
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
  const shown = termsBox.terms;
  const now = await loadTerms();
  if (!now) {
    parent.send({ type: PAID, id, outcome: { ok: false, error: 'network' } });
    return;
  }
  if (!shown || !sameTerms(shown, now)) {
    refuse('terms-changed');
    parent.send({ type: PAID, id, outcome: { ok: false, error: 'refused' } });
    return;
  }
  // The consent is the one given here, in the fields, never one the page hands over.
  const { save_consent: _fromPage, ...rest } = data;
  const consent = termsBox.consent;
  if (consent?.required && !consent.value) {
    consent.reportValidity();
    parent.send({ type: PAID, id, outcome: { ok: false, error: 'invalid' } });
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
    (order) => parent.send({ type: ORDER, id, order }),
    PAYMENT_TIMEOUT_MS,
    (session) => sessionAgrees(shown, session),
    relayed.sender(id, parent),
  );
  if ('refused' in outcome) {
    refuse(outcome.refused);
    // The order does something else than was shown: the fields show what it does now.
    if (outcome.refused === 'terms-changed') await loadTerms();
    parent.send({ type: PAID, id, outcome: { ok: false, error: 'refused' } });
    return;
  }
  if (!outcome.ok && outcome.error === 'invalid') {
    showAllErrors();
    await card.updateComplete;
    report.tell(parent, state(), false);
  }
  parent.send({ type: PAID, id, outcome });
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
card.addEventListener('gateway-card-change', () => {
  if (link) report.changed(link, state());
});

if (address)
  buttons = new ButtonLink(address.channel, {
    press: customerPressed,
    refuse,
    hello: showButton,
    pointer: (down) => height.hold(down),
  });

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
