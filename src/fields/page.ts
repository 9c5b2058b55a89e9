// The isolated card fields: the page the merchant serves from an origin of its own and frames in
// its checkout. It holds the card form and nothing else; card data is typed here, POSTed from here
// to the order's api_do_url, and never handed to the framing page.
import { buildDirectPaymentBody } from '../card/direct-body.ts';
import { cardState, clearSecurityCode, readCard } from '../elements/card-form/card-access.ts';
import { GatewayCardForm } from '../elements/card-form/card-form.ts';
import { postDirectPayment } from '../flow/post-payment.ts';
import { connectToParent, type ParentLink } from './frame-bridge.ts';
import {
  type FieldsConfig,
  type FieldsState,
  type PayOutcome,
  readFrameAddress,
  type ToFrame,
} from './messages.ts';
import { pageStyles } from './page.styles.ts';

if (!customElements.get('gateway-card-form')) customElements.define('gateway-card-form', GatewayCardForm);

/** Space around the form so focus rings are not cut by the frame's edge; the parent offsets it. */
const INSET = 4;

document.adoptedStyleSheets = [pageStyles(INSET)];
const form = document.createElement('form');
form.noValidate = true;
const card = document.createElement('gateway-card-form');
form.append(card);

let link: ParentLink | null = null;
let configured = false;
let lastHeight = -1;
const attempts = new Map<number, Promise<PayOutcome>>();
let paying: Promise<PayOutcome> | null = null;

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
  card.moto = config.moto;
  card.requireName = config.requireName;
  card.disabled = config.disabled;
}

async function onMessage(message: ToFrame, parent: ParentLink): Promise<void> {
  switch (message.type) {
    case 'configure': {
      configure(message.config);
      if (!configured) {
        configured = true;
        document.body.append(form);
        await card.updateComplete;
        lastHeight = height();
        parent.send({ type: 'ready', height: lastHeight, state: state() });
        new ResizeObserver(() => {
          const h = height();
          if (h === lastHeight) return;
          lastHeight = h;
          parent.send({ type: 'resize', height: h });
        }).observe(form);
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
    case 'pay': {
      let outcome = attempts.get(message.id);
      if (!outcome) {
        // One POST per attempt: the same id again gets the first answer, and a second attempt
        // while one is under way joins it rather than paying twice.
        outcome = paying ?? pay(message);
        attempts.set(message.id, outcome);
      }
      parent.send({ type: 'paid', id: message.id, outcome: await outcome });
      return;
    }
    case 'focus':
      card.focus();
      return;
    case 'clear':
      if (message.what === 'all') card.clear();
      else clearSecurityCode(card);
      await card.updateComplete;
      parent.send({ type: 'state', state: state(), user: false });
      return;
  }
}

function pay(message: Extract<ToFrame, { type: 'pay' }>): Promise<PayOutcome> {
  paying = (async (): Promise<PayOutcome> => {
    const input = card.checkValidity() ? readCard(card) : null;
    if (!input) {
      showAllErrors();
      await card.updateComplete;
      link?.send({ type: 'state', state: state(), user: false });
      return { ok: false, error: 'invalid' };
    }
    const body = buildDirectPaymentBody(input, message.options);
    const result = await postDirectPayment(message.apiDoUrl, body, { timeoutMs: message.timeoutMs });
    // Whatever the gateway says goes to the parent; a gateway that echoed the card would not.
    const echoes = (text: string | null | undefined) =>
      !!text && (text.includes(body.card_number) || (!!body.csc && text.includes(`"${body.csc}"`)));
    if (!result.ok) {
      return { ok: false, error: result.error, message: echoes(result.message) ? undefined : result.message };
    }
    const url = result.response.threed_check_url ?? null;
    if (echoes(url)) return { ok: false, error: 'server' };
    const status =
      typeof result.response.status === 'string' ? result.response.status.slice(0, 64) : undefined;
    // Only these two of the answer cross: the rest stays here, whatever the gateway put in it.
    return { ok: true, response: { status, threed_check_url: url } };
  })().finally(() => {
    paying = null;
  });
  return paying;
}

/** Every error shows, as after a tried submit, without moving the focus. */
function showAllErrors(): void {
  card.dispatchEvent(new Event('invalid'));
}

// Enter in a field submits this form (the card form does what a native input would): the parent pays.
form.addEventListener('submit', (event) => {
  event.preventDefault();
  link?.send({ type: 'submit' });
});
card.addEventListener('gateway-card-change', () => link?.send({ type: 'state', state: state(), user: true }));

const address = readFrameAddress(location.hash);
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
  const p = document.createElement('p');
  p.textContent = 'These card fields work inside a checkout page only.';
  document.body.append(p);
}
