import { describe, expect, it } from 'vitest';
import { createBotCheck, solve, solves } from './verifier.ts';

describe('the demo’s bot check: a token only for a solved challenge', () => {
  it('issues a token for a solved challenge, once, and the token passes once', () => {
    const check = createBotCheck();
    const puzzle = check.challenge();
    expect(puzzle.bits).toBeGreaterThanOrEqual(8);
    const nonce = solve(puzzle);
    expect(solves(puzzle.challenge, nonce, puzzle.bits)).toBe(true);
    const token = check.issue(puzzle.challenge, nonce);
    expect(token).toMatch(/^[0-9a-z]+\.[\w-]{16}\.[\w-]{43}$/);
    // The challenge is spent: its answer buys no second token.
    expect(check.issue(puzzle.challenge, nonce)).toBeNull();
    expect(check.verify(token!)).toBe(true);
    expect(check.verify(token!)).toBe(false);
    expect(check.checked).toEqual({ passed: 1, refused: 1 });
  });

  it('gives nothing for asking, a wrong answer, a made-up challenge, or a token passed off as a challenge', () => {
    const check = createBotCheck();
    const puzzle = check.challenge();
    const right = solve(puzzle);
    let wrong = 0;
    while (solves(puzzle.challenge, String(wrong), puzzle.bits)) wrong++;
    expect(check.issue(undefined, undefined)).toBeNull();
    expect(check.issue(puzzle.challenge, String(wrong))).toBeNull();
    // A wrong answer does not use the challenge up.
    const token = check.issue(puzzle.challenge, right);
    expect(token).not.toBeNull();
    const forged = `zzzz.${'a'.repeat(16)}.${'b'.repeat(43)}`;
    expect(check.issue(forged, solve({ challenge: forged, bits: puzzle.bits }))).toBeNull();
    // Signed for another use: a token is no challenge, a challenge no token.
    expect(check.issue(token, solve({ challenge: token!, bits: puzzle.bits }))).toBeNull();
    const other = check.challenge().challenge;
    expect(check.verify(other)).toBe(false);
    // Another shop's (another secret's) tokens are not ours.
    const elsewhere = createBotCheck();
    const theirs = elsewhere.challenge();
    expect(check.verify(elsewhere.issue(theirs.challenge, solve(theirs))!)).toBe(false);
  });

  it('lets challenges and tokens expire after two minutes', () => {
    let now = 1_000_000;
    const check = createBotCheck(undefined, () => now);
    const late = check.challenge();
    const puzzle = check.challenge();
    const token = check.issue(puzzle.challenge, solve(puzzle))!;
    now += 2 * 60_000 + 1;
    expect(check.issue(late.challenge, solve(late))).toBeNull();
    expect(check.verify(token)).toBe(false);
  });
});
