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
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...BASE_HEADERS, ...headers },
  });

export const answer = (result: ApiResult, headers: Record<string, string> = {}): Response =>
  json(result.status, result.body, headers);

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

/** Reads a body as text; past MAX_BODY it drains the rest and refuses with 413. */
export async function readText(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > MAX_DRAIN) throw tooLarge(true);
  if (!request.body) return '';
  const kept: Uint8Array[] = [];
  let received = 0;
  // Leaving the loop by throwing cancels the stream: only for a body past MAX_DRAIN.
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    received += chunk.byteLength;
    if (received > MAX_DRAIN) throw tooLarge(true);
    if (received <= MAX_BODY) kept.push(chunk);
  }
  if (received > MAX_BODY) throw tooLarge(false);
  return Buffer.concat(kept).toString('utf8');
}

/**
 * Reads a JSON body (undefined when empty). Refused with 400: bad JSON, nesting past MAX_DEPTH, and a
 * prototype key anywhere (named by its path).
 */
export async function readJson(request: Request): Promise<unknown> {
  const raw = await readText(request);
  if (!raw.trim()) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Refusal(failure(400, 'The body is not valid JSON', 'parse_error'));
  }
  const problem = shapeProblem(value);
  if (problem) throw new Refusal(problem);
  return value;
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
