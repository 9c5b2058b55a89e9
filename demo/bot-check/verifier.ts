import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The demo's own bot check, standing where a shop puts Turnstile, hCaptcha or reCAPTCHA: the page's
 * "I am human" box asks this server for a token, the checkout's `gateway-before-pay` handler
 * attaches it, and `createCheckoutHandler({ verify })` checks it here before any order is created.
 * A token is signed, lives two minutes and is spent on first use, as the providers' are.
 */
export interface BotCheck {
  /** A fresh token for a ticked box. */
  issue(): string;
  /** Whether the token is one of ours, unexpired and unspent; spends it. */
  verify(token: string | undefined): boolean;
  /** How many tokens were checked, and how many passed: what the end-to-end test reads. */
  readonly checked: { passed: number; refused: number };
}

const TTL_MS = 2 * 60_000;

export function createBotCheck(secret: Uint8Array = randomBytes(32), now: () => number = Date.now): BotCheck {
  const sign = (body: string) => createHmac('sha256', secret).update(`bot-check:${body}`).digest('base64url');
  // Spent tokens until they expire anyway: a map that never holds more than two minutes' worth.
  const spent = new Map<string, number>();
  const checked = { passed: 0, refused: 0 };
  const refuse = () => {
    checked.refused += 1;
    return false;
  };
  return {
    checked,
    issue() {
      const body = `${(now() + TTL_MS).toString(36)}.${randomBytes(12).toString('base64url')}`;
      return `${body}.${sign(body)}`;
    },
    verify(token) {
      const match = token && /^([0-9a-z]{1,12})\.([\w-]{16})\.([\w-]{43})$/.exec(token);
      if (!match) return refuse();
      const [, expires, nonce, mac] = match as unknown as [string, string, string, string];
      const expected = Buffer.from(sign(`${expires}.${nonce}`));
      if (!timingSafeEqual(Buffer.from(mac), expected)) return refuse();
      const at = now();
      if (Number.parseInt(expires, 36) <= at || spent.has(nonce)) return refuse();
      for (const [old, until] of spent) if (until <= at) spent.delete(old);
      spent.set(nonce, Number.parseInt(expires, 36));
      checked.passed += 1;
      return true;
    },
  };
}

/**
 * The widget's script, served at /bot-check.js: an "I am human" checkbox in the element with
 * `data-bot-check`, and the checkout's `gateway-before-pay` handler that waits for its token. An
 * unticked box sends no token, and the shop's server refuses the session.
 */
export const BOT_CHECK_SCRIPT = `(() => {
  const host = document.querySelector('[data-bot-check]');
  if (!host) return;
  host.innerHTML = '<label class="bot-check" style="display:block;margin-block:0.25rem 1rem"><input type="checkbox" id="bot-check-box"> I am human</label>';
  const box = host.querySelector('input');
  let token = null;
  box.addEventListener('change', () => { token = null; });
  const fetchToken = async () => {
    if (!box.checked) return undefined;
    const res = await fetch('/bot-check/token', { method: 'POST', credentials: 'same-origin' });
    if (!res.ok) throw new Error('the bot check failed');
    return (await res.json()).token;
  };
  document.addEventListener('gateway-before-pay', (event) => {
    // A token is spent on use: each payment asks for a fresh one.
    event.detail.waitFor(fetchToken());
  });
})();`;
