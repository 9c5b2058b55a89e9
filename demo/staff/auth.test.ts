import { describe, expect, it } from 'vitest';
import { Signer } from '../http/cookies.ts';
import { AGENT_COOKIE, createAgentAuth, safeNext } from './auth.ts';

const ORIGIN = 'http://shop.test';
let clock = Date.UTC(2026, 10, 24, 9);
const auth = () =>
  createAgentAuth({ signer: new Signer('k'), user: 'agent', password: 'secret-pw', now: () => clock });

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
    body: new URLSearchParams(fields),
  });
const withCookie = (setCookie: string, init: RequestInit = {}) =>
  new Request(`${ORIGIN}/orders/`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), cookie: setCookie.split(';')[0]! },
  });

describe('agent sign-in', () => {
  it('signs the agent in with a HttpOnly, SameSite=Strict cookie and knows the agent by it', async () => {
    const a = auth();
    const result = await a.signIn(form({ user: 'agent', password: 'secret-pw', next: '/moto/' }), '1.2.3.4');
    if (!result.ok) throw new Error(result.message);
    expect(result.next).toBe('/moto/');
    expect(result.cookie).toMatch(
      new RegExp(`^${AGENT_COOKIE}=.+; Path=/; HttpOnly; SameSite=Strict; Max-Age=28800`),
    );
    expect(a.agentOf(withCookie(result.cookie))?.name).toBe('agent');
    expect(a.agentOf(new Request(`${ORIGIN}/orders/`))).toBeNull();
  });

  it('refuses a wrong password or user, a sign-in posted by another site, and guessing past five tries', async () => {
    const a = auth();
    expect(await a.signIn(form({ user: 'agent', password: 'nope' }), 'x')).toMatchObject({
      ok: false,
      status: 401,
      user: 'agent',
    });
    expect(await a.signIn(form({ user: 'root', password: 'secret-pw' }), 'x')).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(
      await a.signIn(form({ user: 'agent', password: 'secret-pw' }, { origin: 'https://evil.example' }), 'y'),
    ).toMatchObject({ ok: false, status: 403 });
    for (let i = 0; i < 4; i++) await a.signIn(form({ user: 'agent', password: 'nope' }), 'x');
    // Five failures of this name from this address: even the right password waits now, told until
    // when; the same name from another address does not.
    const paused = await a.signIn(form({ user: 'agent', password: 'secret-pw' }), 'x');
    expect(paused).toMatchObject({ ok: false, status: 429, retryAfterSeconds: 15 * 60 });
    expect(!paused.ok && paused.message).toMatch(/paused until 09:15 UTC \(in 15 minutes\)/);
    expect((await a.signIn(form({ user: 'agent', password: 'secret-pw' }), 'z')).ok).toBe(true);
    clock += 16 * 60 * 1000;
    expect((await a.signIn(form({ user: 'agent', password: 'secret-pw' }), 'x')).ok).toBe(true);
  });

  it('pauses one user name at a shared address, never the other agents behind it, however fast the guesses', async () => {
    const a = createAgentAuth({
      signer: new Signer('k'),
      user: 'agent',
      password: 'secret-pw',
      now: () => clock,
    });
    // Thirty wrong passwords for someone else's name from the call centre's one address, at once.
    const guesses = await Promise.all(
      Array.from({ length: 30 }, () =>
        a.signIn(form({ user: 'mallory', password: 'guess' }), '198.51.100.1'),
      ),
    );
    expect(guesses.filter((r) => !r.ok && r.status === 401)).toHaveLength(5);
    expect(guesses.filter((r) => !r.ok && r.status === 429)).toHaveLength(25);
    // The agent behind the same address signs in.
    expect((await a.signIn(form({ user: 'agent', password: 'secret-pw' }), '198.51.100.1')).ok).toBe(true);
  });

  it('takes a change only with the session’s CSRF token from the shop’s own origin', async () => {
    const a = auth();
    const result = await a.signIn(form({ user: 'agent', password: 'secret-pw' }), 'x');
    if (!result.ok) throw new Error(result.message);
    const post = (headers: Record<string, string>) => withCookie(result.cookie, { method: 'POST', headers });
    expect(a.agentForChange(post({ 'x-csrf-token': result.agent.csrf, origin: ORIGIN }))?.name).toBe('agent');
    expect(a.agentForChange(post({ origin: ORIGIN }))).toBeNull();
    expect(a.agentForChange(post({ 'x-csrf-token': 'forged', origin: ORIGIN }))).toBeNull();
    expect(
      a.agentForChange(post({ 'x-csrf-token': result.agent.csrf, origin: 'https://evil.example' })),
    ).toBeNull();
    expect(
      a.agentForChange(post({ 'x-csrf-token': result.agent.csrf, 'sec-fetch-site': 'cross-site' })),
    ).toBeNull();
  });

  it('ends a session at sign-out and after its eight hours, whoever kept the cookie', async () => {
    const a = auth();
    const first = await a.signIn(form({ user: 'agent', password: 'secret-pw' }), 'x');
    const second = await a.signIn(form({ user: 'agent', password: 'secret-pw' }), 'x');
    if (!first.ok || !second.ok) throw new Error('sign-in failed');
    expect(a.signOut(first.agent)).toMatch(/Max-Age=0/);
    expect(a.agentOf(withCookie(first.cookie))).toBeNull();
    expect(a.agentOf(withCookie(second.cookie))).not.toBeNull();
    clock += 8 * 60 * 60 * 1000 + 1000;
    expect(a.agentOf(withCookie(second.cookie))).toBeNull();
  });

  it('sends the agent on only to the shop’s staff pages', () => {
    expect(safeNext('/moto/')).toBe('/moto/');
    expect(safeNext('//evil.example/')).toBe('/orders/');
    expect(safeNext('https://evil.example/moto/')).toBe('/orders/');
    expect(safeNext('/moto/\\evil')).toBe('/orders/');
    expect(safeNext(null)).toBe('/orders/');
  });
});
