/** Fetch-style plumbing every surface of the sandbox shares: answers, bodies and their limits. */
import { errorBody, jsonGuardProblem, MAX_JSON_DEPTH } from '../protocol/index.ts';
import { type ApiResult, failure } from './results.ts';

/** What one request's handler gets besides the Request. */
export interface Exchange {
  url: URL;
  /**
   * Loses the answer after the work was done, as a real network can: `reset` resets the
   * connection, `timeout` holds it unanswered, then drops it. Resolves once the connection is gone.
   */
  loseAnswer(how: 'reset' | 'timeout'): Promise<Response>;
}

export type SurfaceHandler = (request: Request, exchange: Exchange) => Promise<Response>;

/** The largest body any endpoint reads. */
export const MAX_BODY = 1024 * 1024;
/**
 * A body past MAX_BODY is still read (and thrown away) up to this size, so the 413 reaches the
 * client and its keep-alive connection stays usable; a larger one gets the 413 on a closing
 * connection instead.
 */
const MAX_DRAIN = 16 * 1024 * 1024;
/** How deep arrays and objects may nest in a JSON body: a gateway body needs four or five. */
export const MAX_DEPTH = MAX_JSON_DEPTH;

const BASE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...BASE_HEADERS, ...headers },
  });

export const answer = (result: ApiResult, headers: Record<string, string> = {}): Response =>
  json(
    result.status,
    result.body,
    result.ignored?.length ? { ...headers, ...ignoredHeader(result.ignored) } : headers,
  );

/** The header most servers and clients take without complaint stays under this many characters. */
const MAX_IGNORED_HEADER = 4096;

/**
 * X-Sandbox-Ignored: the ignored keys' dotted paths, comma-separated. A key is arbitrary text, so
 * anything but letters, digits, `_`, `-` and the path's dots is percent-encoded; past the size
 * limit the list ends with how many more there were.
 */
export function ignoredHeader(ignored: readonly string[]): Record<string, string> {
  const parts: string[] = [];
  let length = 0;
  for (const [i, path] of ignored.entries()) {
    const part = headerSafe(path);
    if (length + part.length + 2 > MAX_IGNORED_HEADER - 32) {
      parts.push(`(${ignored.length - i} more)`);
      break;
    }
    parts.push(part);
    length += part.length + 2;
  }
  return { 'X-Sandbox-Ignored': parts.join(', '), 'Access-Control-Expose-Headers': 'X-Sandbox-Ignored' };
}

const utf8 = new TextEncoder();

/** Percent-encodes (UTF-8; a lone surrogate as U+FFFD) all but letters, digits, `_`, `-` and `.`. */
function headerSafe(path: string): string {
  return path.replace(/[^\w.-]/gu, (char) =>
    [...utf8.encode(char)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}

export const html = (status: number, page: string, headers: Record<string, string> = {}): Response =>
  new Response(page, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...BASE_HEADERS, ...headers },
  });

/** A request refused before any work: its answer, and whether the connection must close after it. */
export class Refusal extends Error {
  constructor(
    readonly result: ApiResult,
    readonly closeConnection = false,
  ) {
    super(JSON.stringify(result.body));
  }

  response(headers: Record<string, string> = {}): Response {
    return answer(this.result, this.closeConnection ? { ...headers, Connection: 'close' } : headers);
  }
}

const tooLarge = (closeConnection: boolean) =>
  new Refusal(
    failure(413, `Request body too large (at most ${MAX_BODY} bytes)`, 'too_large'),
    closeConnection,
  );

/** Reads a body's bytes; past MAX_BODY it drains the rest and refuses with 413. */
export async function readBytes(request: Request): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > MAX_DRAIN) throw tooLarge(true);
  if (!request.body) return Buffer.alloc(0);
  const kept: Uint8Array[] = [];
  let received = 0;
  // Leaving the loop by throwing cancels the stream: only for a body past MAX_DRAIN.
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    received += chunk.byteLength;
    if (received > MAX_DRAIN) throw tooLarge(true);
    if (received <= MAX_BODY) kept.push(chunk);
  }
  if (received > MAX_BODY) throw tooLarge(false);
  return Buffer.concat(kept);
}

/** Reads a body as text; past MAX_BODY it drains the rest and refuses with 413. */
export async function readText(request: Request): Promise<string> {
  return (await readBytes(request)).toString('utf8');
}

// ignoreBOM keeps a byte-order mark in the text, where JSON.parse refuses it as Python's json does.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Reads a JSON body (undefined when empty). Refused with 400: bad JSON, nesting past MAX_DEPTH, and a
 * prototype key anywhere (named by its path).
 */
export async function readJson(request: Request): Promise<unknown> {
  return (await readJsonBody(request)).value;
}

/** readJson, with the body's text as sent (for an idempotency key's fingerprint). */
export async function readJsonBody(request: Request): Promise<{ text: string; value: unknown }> {
  const bytes = await readBytes(request);
  let text: string;
  let value: unknown;
  try {
    // Bytes that are not UTF-8 make no JSON (DRF's JSONParser answers a parse error), even where
    // a lenient decoder would turn them into a key that is then ignored.
    text = strictUtf8.decode(bytes);
    if (!text.trim()) return { text, value: undefined };
    value = JSON.parse(text);
  } catch {
    throw new Refusal(failure(400, 'The body is not valid JSON', 'parse_error'));
  }
  const problem = shapeProblem(value);
  if (problem) throw new Refusal(problem);
  return { text, value };
}

/** The guard every server here puts on a JSON body, answered the gateway's way. */
export function shapeProblem(value: unknown): ApiResult | null {
  const problem = jsonGuardProblem(value, MAX_DEPTH);
  if (!problem) return null;
  if (problem.code === 'too_deep')
    return failure(400, `The body nests deeper than ${MAX_DEPTH} levels`, 'too_deep');
  return {
    status: 400,
    body: errorBody([{ path: problem.path, message: 'is not an allowed key', code: 'forbidden_key' }]),
  };
}
