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

export async function readText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge(limit);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge(limit);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
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
