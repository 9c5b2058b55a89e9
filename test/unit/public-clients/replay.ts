/**
 * Plain HTTP as a public client of the gateway sends it: its own headers, its own bodies (loose
 * types and all), nothing of ours in between. Each replay file names the client it follows.
 */
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.ts';

// Replays read answers loosely and assert each field they touch.
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Json = Record<string, any>;

export interface Answer {
  status: number;
  body: Json;
  headers: Headers;
}

/** A sandbox whose key is long enough for clients that check the key's length. */
export const startReplaySandbox = (): Promise<Sandbox> =>
  startSandbox({ port: 0, secretKey: 'sk_replay_0123456789abcdef0123456789abcdef', distDir: null });

/** One request as the client sends it: `body` is sent verbatim (a string) or as JSON. */
export async function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers };
}
