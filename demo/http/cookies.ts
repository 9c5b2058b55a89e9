import { createHmac, timingSafeEqual } from 'node:crypto';

/** One cookie's value from a Cookie header, or undefined. */
export function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * Values the shop hands to the browser and must get back unchanged: `<value>.<HMAC>`. The browser
 * may keep and return them; it cannot make one up or alter one.
 */
export class Signer {
  readonly #secret: Uint8Array | string;
  constructor(secret: Uint8Array | string) {
    this.#secret = secret;
  }

  mac(purpose: string, value: string): string {
    return createHmac('sha256', this.#secret).update(`${purpose}\0${value}`).digest('base64url');
  }

  sign(purpose: string, value: string): string {
    return `${value}.${this.mac(purpose, value)}`;
  }

  /** The value when the signature is the shop's for this purpose; undefined otherwise. */
  verify(purpose: string, signed: string | undefined): string | undefined {
    if (!signed) return undefined;
    const dot = signed.lastIndexOf('.');
    if (dot <= 0) return undefined;
    const value = signed.slice(0, dot);
    return this.equal(signed.slice(dot + 1), this.mac(purpose, value)) ? value : undefined;
  }

  equal(a: string, b: string): boolean {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  }
}

/** A Set-Cookie for the shop's own cookies: never readable by script, never sent cross-site on a POST. */
export function setCookie(
  name: string,
  value: string,
  options: { maxAgeSeconds?: number; sameSite?: 'Strict' | 'Lax'; secure?: boolean } = {},
): string {
  return [
    `${name}=${value}`,
    'Path=/',
    'HttpOnly',
    `SameSite=${options.sameSite ?? 'Lax'}`,
    ...(options.maxAgeSeconds === undefined ? [] : [`Max-Age=${options.maxAgeSeconds}`]),
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * Whether a state-changing request comes from the shop's own pages: the browser's Sec-Fetch-Site
 * and Origin say so (a cross-site form or script cannot forge either). Tools outside a browser send
 * neither and still need the session and the CSRF token that only the shop's pages carry.
 */
export function sameOrigin(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.get('origin');
  return origin === null || origin === new URL(request.url).origin;
}
