import { type FieldIssue, jsonGuardProblem, jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../protocol/index.ts';

/** The error shape every handler answers the browser or the gateway with. */
export interface HandlerErrorBody {
  error: { type: string; message: string; fields?: FieldIssue[] };
}

const BASE_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  // Answers carry order ids and status tokens: never cache them anywhere.
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { ...BASE_HEADERS, ...headers } });

export const fail = (
  status: number,
  type: string,
  message: string,
  fields?: FieldIssue[],
  headers?: Record<string, string>,
): Response => json(status, { error: { type, message, ...(fields?.length ? { fields } : {}) } }, headers);

/** Thrown by readBody; the handler turns it into its status. */
export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413,
    readonly type: 'invalid_body' | 'body_too_large',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reads a request body as UTF-8 text, refusing it as soon as it passes `limit` bytes (checked on the
 * declared Content-Length first, then while streaming, since the header can lie or be absent).
 */
export async function readBody(request: Request, limit: number): Promise<string> {
  const tooLarge = () => new BodyError(413, 'body_too_large', `the body must not exceed ${limit} bytes`);
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BodyError(400, 'invalid_body', 'the body is not valid UTF-8');
  }
}

/**
 * Parses JSON or throws a BodyError that never echoes the body. Nesting past `maxDepth` is refused
 * before parsing: a deep body costs the parser, and every later walk, far more than its size says.
 */
export function parseJsonBody(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  if (jsonNestsDeeperThan(text, maxDepth))
    throw new BodyError(400, 'invalid_body', `the body must not nest more than ${maxDepth} levels deep`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BodyError(400, 'invalid_body', 'the body is not valid JSON');
  }
  const problem = jsonGuardProblem(value, maxDepth);
  if (problem?.code === 'forbidden_key')
    throw new BodyError(400, 'invalid_body', `the body must not use the key "${problem.key}" anywhere`);
  return value;
}
