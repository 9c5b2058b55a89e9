// The demo shop's bot check, passed from a test that calls the shop directly, as the page's script
// passes it: a challenge asked for, solved, and traded for a token (spent on its first order).
import { type Puzzle, solve } from '../../demo/bot-check/verifier.ts';

export async function botToken(shopUrl: string): Promise<string> {
  const puzzle = (await (await fetch(new URL('/bot-check/challenge', shopUrl))).json()) as Puzzle;
  const res = await fetch(new URL('/bot-check/token', shopUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ challenge: puzzle.challenge, nonce: solve(puzzle) }),
  });
  if (!res.ok) throw new Error(`the bot check refused a solved challenge: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}
