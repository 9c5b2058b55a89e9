import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { BodyTooLarge, readForm } from '../http/body.ts';
import { cookieValue, type Signer, sameOrigin, setCookie } from '../http/cookies.ts';

/**
 * The shop's staff sign-in, as small as a session-cookie login can be and still be safe to copy:
 * one agent, a password from the environment compared in constant time, a signed session cookie
 * (HttpOnly, SameSite=Strict, with an expiry inside the signature), sign-out that really ends the
 * session, a CSRF token per session for every change, and a brake on password guessing that pauses one
 * user name from one address and says until when.
 */
export interface Agent {
  readonly name: string;
  /** Identifies this sign-in; the CSRF token and the sign-out are bound to it. */
  readonly session: string;
  /** What the agent's pages send back in `X-CSRF-Token` (or a form's `csrf` field) with every change. */
  readonly csrf: string;
}

export interface AgentAuthOptions {
  signer: Signer;
  /** The one demo agent's name and password. */
  user: string;
  password: string;
  /** How long a sign-in lasts. Default 8 h, a shift. */
  ttlMs?: number;
  now?: () => number;
  secureCookie?: boolean;
}

export const AGENT_COOKIE = 'bp_agent';
/** Failed sign-ins of one user name from one address, within the window, before that pair pauses. */
const MAX_FAILURES = 5;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const PAUSE_MS = 15 * 60 * 1000;
/** A sign-in form is a few dozen bytes. */
export const FORM_LIMIT = 2 * 1024;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Where a sign-in may send the agent on: the shop's own staff pages, never another site. */
export function safeNext(next: string | null | undefined): string {
  return next && /^\/(moto|orders)\/[\w/-]*$/.test(next) ? next : '/orders/';
}

export type SignInResult =
  | { ok: true; agent: Agent; cookie: string; next: string }
  | {
      ok: false;
      status: number;
      message: string;
      user: string;
      next: string;
      /** A paused sign-in: when it may be tried again. */
      retryAfterSeconds?: number;
    };

export function createAgentAuth(options: AgentAuthOptions) {
  const { signer } = options;
  const now = options.now ?? Date.now;
  const ttl = options.ttlMs ?? 8 * 60 * 60 * 1000;
  const expected = digest(options.password);
  // Sessions signed out before they expired; bounded, since each entry is one sign-out.
  const ended = new Map<string, number>();
  const failures = new Map<string, { count: number; since: number; until: number }>();

  const agentFrom = (name: string, session: string): Agent => ({
    name,
    session,
    csrf: signer.mac('csrf', session),
  });

  /** The signed-in agent of a request, or null. */
  function agentOf(request: Request): Agent | null {
    const value = signer.verify('agent', cookieValue(request.headers.get('cookie'), AGENT_COOKIE));
    if (!value) return null;
    const [name, session, expires] = value.split(':');
    if (!name || !session || !expires) return null;
    if (Number.parseInt(expires, 36) * 1000 <= now()) return null;
    if (ended.has(session)) return null;
    return agentFrom(name, session);
  }

  /** A change (POST) by the signed-in agent from the shop's own page, with its CSRF token. */
  function agentForChange(request: Request, formToken?: string | null): Agent | null {
    const agent = agentOf(request);
    if (!agent || !sameOrigin(request)) return null;
    const token = formToken ?? request.headers.get('x-csrf-token') ?? '';
    return signer.equal(token, agent.csrf) ? agent : null;
  }

  // One agent's failures from one address: a wrong password typed behind a call centre's shared
  // address pauses that name from there, never the other agents there, nor that agent elsewhere.
  const failureKey = (user: string, address: string) => `${user.toLowerCase()}\n${address}`;

  /** Until when this name is paused from this address (ms since the epoch); 0 when it is not. */
  function pausedUntil(key: string): number {
    const entry = failures.get(key);
    if (!entry) return 0;
    if (now() - entry.since > FAILURE_WINDOW_MS && !(entry.until > now())) {
      failures.delete(key);
      return 0;
    }
    return entry.until > now() ? entry.until : 0;
  }

  function recordFailure(key: string): void {
    const entry = failures.get(key);
    if (entry && now() - entry.since <= FAILURE_WINDOW_MS) entry.count += 1;
    else failures.set(key, { count: 1, since: now(), until: 0 });
    const current = failures.get(key)!;
    if (current.count >= MAX_FAILURES && !(current.until > now())) current.until = now() + PAUSE_MS;
    if (failures.size > 10_000) failures.delete(failures.keys().next().value!);
  }

  /** POST /signin (a form: user, password, next). */
  async function signIn(request: Request, address: string): Promise<SignInResult> {
    let form: URLSearchParams;
    try {
      form = await readForm(request, FORM_LIMIT);
    } catch (error) {
      if (error instanceof BodyTooLarge)
        return { ok: false, status: 413, message: error.message, user: '', next: '/orders/' };
      throw error;
    }
    const user = (form.get('user') ?? '').trim().slice(0, 64);
    const next = safeNext(form.get('next'));
    // A sign-in planted by another site would make the agent work in the attacker's session.
    if (!sameOrigin(request))
      return { ok: false, status: 403, message: 'Sign in from the shop’s own page.', user, next };
    const key = failureKey(user, address);
    const until = pausedUntil(key);
    if (until) {
      const minutes = Math.ceil((until - now()) / 60_000);
      const at = new Date(until).toISOString().slice(11, 16);
      return {
        ok: false,
        status: 429,
        message: `Too many failed sign-ins as “${user}” from this address. Sign-in is paused until ${at} UTC (in ${minutes} minute${minutes === 1 ? '' : 's'}).`,
        user,
        next,
        retryAfterSeconds: Math.max(1, Math.ceil((until - now()) / 1000)),
      };
    }
    const given = digest(form.get('password') ?? '');
    const matches = timingSafeEqual(given, expected) && user === options.user;
    if (!matches) {
      recordFailure(key);
      return { ok: false, status: 401, message: 'The user name or password is not right.', user, next };
    }
    failures.delete(key);
    const session = randomBytes(16).toString('base64url');
    const expires = Math.floor((now() + ttl) / 1000).toString(36);
    const cookie = setCookie(AGENT_COOKIE, signer.sign('agent', `${user}:${session}:${expires}`), {
      sameSite: 'Strict',
      maxAgeSeconds: Math.floor(ttl / 1000),
      secure: options.secureCookie ?? false,
    });
    return { ok: true, agent: agentFrom(user, session), cookie, next };
  }

  /** Ends the agent's session for good (the cookie could have been copied), and clears the cookie. */
  function signOut(agent: Agent): string {
    ended.set(agent.session, now() + ttl);
    for (const [session, until] of ended) if (until <= now() || ended.size > 10_000) ended.delete(session);
    return setCookie(AGENT_COOKIE, '', {
      sameSite: 'Strict',
      maxAgeSeconds: 0,
      secure: options.secureCookie ?? false,
    });
  }

  return { agentOf, agentForChange, signIn, signOut };
}

export type AgentAuth = ReturnType<typeof createAgentAuth>;
