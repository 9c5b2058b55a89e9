import { createHash, randomBytes } from 'node:crypto';

/**
 * Who is asking, as far as idempotency keys care: a random secret the handler keeps in an HttpOnly
 * cookie (or the merchant's own session id). A key is then bound to the visitor who used it first:
 * another visitor sending the same key and body gets 409, never that order and a fresh status
 * address. SameSite=Lax, not Strict: the isolated card fields post the session from a frame of
 * another origin of the same site, with credentials, and the cookie must go along there too.
 */
export const VISITOR_COOKIE = 'gateway_checkout_visitor';

const SECRET = /^[\w-]{22,128}$/;

export interface Visitor {
  /** What the idempotency fingerprint is bound to. */
  id: string;
  /** The Set-Cookie header to send, when the visitor had no cookie yet. */
  setCookie?: string;
}

export function cookieOf(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The visitor of a request. `merchant` (the merchant's own session or account id) wins; otherwise
 * the cookie, made up and set when absent. The cookie is scoped to the checkout routes' folder.
 */
export async function visitorOf(
  request: Request,
  maxAgeMs: number,
  merchant?: (request: Request) => string | null | undefined | Promise<string | null | undefined>,
): Promise<Visitor> {
  const own = await merchant?.(request);
  if (own) return { id: `merchant:${createHash('sha256').update(own).digest('base64url')}` };
  const cookie = cookieOf(request, VISITOR_COOKIE);
  if (cookie && SECRET.test(cookie)) return { id: `cookie:${cookie}` };
  const secret = randomBytes(24).toString('base64url');
  const url = new URL(request.url);
  const path = url.pathname.replace(/[^/]*$/, '') || '/';
  const attributes = [
    `${VISITOR_COOKIE}=${secret}`,
    `Path=${path}`,
    `Max-Age=${Math.ceil(maxAgeMs / 1000)}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(url.protocol === 'https:' ? ['Secure'] : []),
  ];
  return { id: `cookie:${secret}`, setCookie: attributes.join('; ') };
}
