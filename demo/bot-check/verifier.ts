import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The demo's own bot check, standing where a shop puts Turnstile, hCaptcha or reCAPTCHA: a small
 * proof of work, as ALTCHA and Friendly Captcha make it. The page asks for a challenge, finds a
 * number whose hash with it starts with `bits` zero bits (a few thousand hashes: nothing for one
 * customer, a cost on every order for a bot), and trades the answer for a token; the checkout's
 * `gateway-before-pay` handler attaches the token, and `createCheckoutHandler({ verify })` checks
 * it before any order is created. Challenges and tokens are signed, live two minutes and are spent
 * on first use, as the providers' are; no token is issued for a challenge that was not solved.
 */
export interface BotCheck {
  /** A fresh challenge for the page to solve. */
  challenge(): Puzzle;
  /** A token for a solved challenge of ours (unexpired, unspent); null for anything else. */
  issue(challenge: unknown, nonce: unknown): string | null;
  /** Whether the token is one of ours, unexpired and unspent; spends it. */
  verify(token: string | undefined): boolean;
  /** How many tokens were checked, and how many passed: what the end-to-end test reads. */
  readonly checked: { passed: number; refused: number };
}

export interface Puzzle {
  challenge: string;
  /** Leading zero bits the SHA-256 of `<challenge>:<nonce>` must have. */
  bits: number;
}

const TTL_MS = 2 * 60_000;
/** About 4 000 hashes on average: a few tens of milliseconds in a browser. */
export const BOT_CHECK_BITS = 12;
const SIGNED = /^([0-9a-z]{1,12})\.([\w-]{16})\.([\w-]{43})$/;

/** Whether `<challenge>:<nonce>` hashes to `bits` leading zero bits. */
export function solves(challenge: string, nonce: string, bits: number): boolean {
  const hash = createHash('sha256').update(`${challenge}:${nonce}`).digest();
  for (let i = 0; i < bits; i++) if (hash[i >> 3]! & (128 >> (i & 7))) return false;
  return true;
}

/** The answer to a challenge, as the page's script finds it (tests that call the shop directly). */
export function solve(puzzle: Puzzle): string {
  for (let n = 0; ; n++) if (solves(puzzle.challenge, String(n), puzzle.bits)) return String(n);
}

export function createBotCheck(
  secret: Uint8Array = randomBytes(32),
  now: () => number = Date.now,
  bits = BOT_CHECK_BITS,
): BotCheck {
  const sign = (kind: string, body: string) =>
    createHmac('sha256', secret).update(`bot-check:${kind}:${body}`).digest('base64url');
  const mint = (kind: string) => {
    const body = `${(now() + TTL_MS).toString(36)}.${randomBytes(12).toString('base64url')}`;
    return `${body}.${sign(kind, body)}`;
  };
  // Spent challenges and tokens until they expire anyway: never more than two minutes' worth.
  const spent = new Map<string, number>();
  /** Spends a signed value of the kind when it is ours, unexpired and unspent. */
  const spend = (kind: string, value: unknown): boolean => {
    const match = typeof value === 'string' ? SIGNED.exec(value) : null;
    if (!match) return false;
    const [, expires, nonce, mac] = match as unknown as [string, string, string, string];
    const expected = Buffer.from(sign(kind, `${expires}.${nonce}`));
    if (!timingSafeEqual(Buffer.from(mac), expected)) return false;
    const at = now();
    const key = `${kind}:${nonce}`;
    if (Number.parseInt(expires, 36) <= at || spent.has(key)) return false;
    for (const [old, until] of spent) if (until <= at) spent.delete(old);
    spent.set(key, Number.parseInt(expires, 36));
    return true;
  };
  const checked = { passed: 0, refused: 0 };
  return {
    checked,
    challenge: () => ({ challenge: mint('challenge'), bits }),
    issue(challenge, nonce) {
      if (typeof nonce !== 'string' || !/^\d{1,12}$/.test(nonce) || typeof challenge !== 'string')
        return null;
      // Checked before it is spent: a wrong answer does not use the challenge up, a right one does.
      if (!SIGNED.test(challenge) || !solves(challenge, nonce, bits)) return null;
      return spend('challenge', challenge) ? mint('token') : null;
    },
    verify(token) {
      if (spend('token', token)) {
        checked.passed += 1;
        return true;
      }
      checked.refused += 1;
      return false;
    },
  };
}

/**
 * The widget's script, served at /bot-check.js on every checkout page: the checkout's
 * `gateway-before-pay` handler asks for a challenge, solves it and attaches the token. With
 * `data-ask` on the element with `data-bot-check` (the bot-check scenario) it shows an "I am human"
 * checkbox first, as an interactive check does: unticked, no token is sent and the shop's server
 * refuses the session. Without `crypto.subtle` (a page not served over https or from loopback) it
 * sends none either, and says so in the console.
 */
export const BOT_CHECK_SCRIPT = `(() => {
  const host = document.querySelector('[data-bot-check]');
  if (!host) return;
  let box = null;
  if (host.hasAttribute('data-ask')) {
    const label = document.createElement('label');
    label.className = 'bot-check';
    label.style.cssText = 'display:block;margin-block:0.25rem 1rem';
    box = document.createElement('input');
    box.type = 'checkbox';
    box.id = 'bot-check-box';
    label.append(box, ' I am human');
    host.append(label);
  }
  const zeros = (hash, bits) => {
    for (let i = 0; i < bits; i++) if (hash[i >> 3] & (128 >> (i & 7))) return false;
    return true;
  };
  const solve = async ({ challenge, bits }) => {
    const text = new TextEncoder();
    for (let n = 0; ; n++) {
      const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', text.encode(challenge + ':' + n)));
      if (zeros(hash, bits)) return String(n);
    }
  };
  const fetchToken = async () => {
    if (box && !box.checked) return undefined;
    if (!globalThis.crypto || !crypto.subtle) {
      console.error('bot check: this page has no crypto.subtle (serve it over https or from loopback)');
      return undefined;
    }
    const puzzle = await (await fetch('/bot-check/challenge', { cache: 'no-store', credentials: 'same-origin' })).json();
    const res = await fetch('/bot-check/token', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ challenge: puzzle.challenge, nonce: await solve(puzzle) }),
    });
    if (!res.ok) throw new Error('the bot check failed');
    return (await res.json()).token;
  };
  document.addEventListener('gateway-before-pay', (event) => {
    // A token is spent on use: each payment solves a fresh challenge.
    event.detail.waitFor(fetchToken());
  });
})();`;
