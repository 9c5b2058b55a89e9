import { BodyError, readBody } from '../../src/server/respond.ts';

/**
 * Request bodies with a ceiling: the shop reads no body it has not bounded. A declared length over
 * the limit is refused before a byte is read; a chunked body is cut off as soon as it passes it.
 */
export class BodyTooLarge extends Error {
  override readonly name = 'BodyTooLarge';
  constructor(readonly limit: number) {
    super(`the body must not exceed ${limit} bytes`);
  }
}

/** The body as text; too large throws BodyTooLarge. The library's own bounded reader does the reading. */
export async function readText(request: Request, limit: number): Promise<string> {
  try {
    return await readBody(request, limit);
  } catch (error) {
    if (error instanceof BodyError && error.status === 413) throw new BodyTooLarge(limit);
    throw error;
  }
}

/** The JSON body, or undefined when it is not JSON; too large throws BodyTooLarge. */
export async function readJson(request: Request, limit: number): Promise<unknown> {
  const text = await readText(request, limit);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A form post (application/x-www-form-urlencoded), bounded like any body. */
export async function readForm(request: Request, limit: number): Promise<URLSearchParams> {
  return new URLSearchParams(await readText(request, limit));
}
