import { describe, expect, it } from 'vitest';
import { allows, parsePolicies, parsePolicy } from './csp-policy.ts';

const PAGE = 'https://shop.example/checkout';
const under = (policy: string, kind: Parameters<typeof allows>[1], url: string, script = {}) =>
  allows(parsePolicies(policy), kind, url, PAGE, script).allowed;

describe('CSP as a browser applies it', () => {
  it('falls back from frame-src to child-src to default-src, and connect-src to default-src', () => {
    expect(under("default-src 'self'", 'frame', 'https://gateway.example/3ds')).toBe(false);
    expect(
      under("default-src 'self'; child-src https://gateway.example", 'frame', 'https://gateway.example/3ds'),
    ).toBe(true);
    expect(
      under("default-src https://gateway.example; frame-src 'self'", 'frame', 'https://gateway.example/'),
    ).toBe(false);
    expect(under("default-src 'self'", 'connect', '/checkout/session')).toBe(true);
    expect(under("script-src 'self'", 'connect', 'https://anything.example')).toBe(true);
    // form-action has no fallback
    expect(under("default-src 'none'", 'form', 'https://gateway.example/direct/1')).toBe(true);
  });

  it('matches scheme, host, wildcard, port and path sources', () => {
    expect(under('frame-src https:', 'frame', 'https://acs.bank.example/x')).toBe(true);
    expect(under('frame-src https:', 'frame', 'http://acs.bank.example/x')).toBe(false);
    expect(under('frame-src http:', 'frame', 'https://acs.bank.example/x')).toBe(true);
    expect(under('frame-src *.gateway.example', 'frame', 'https://pay.gateway.example/')).toBe(true);
    expect(under('frame-src *.gateway.example', 'frame', 'https://gateway.example/')).toBe(false);
    expect(under('frame-src gateway.example', 'frame', 'http://gateway.example/')).toBe(false); // an https page
    expect(under('connect-src http://127.0.0.1:*', 'connect', 'http://127.0.0.1:8406/pay/1/')).toBe(true);
    expect(under('connect-src http://127.0.0.1:8406', 'connect', 'http://127.0.0.1:8407/')).toBe(false);
    expect(
      under(
        'script-src https://cdn.example/gc/',
        'script',
        'https://cdn.example/gc/gateway-checkout.iife.js',
      ),
    ).toBe(true);
    expect(under('script-src https://cdn.example/gc/', 'script', 'https://cdn.example/other/x.js')).toBe(
      false,
    );
    expect(under("frame-src 'none'", 'frame', 'https://gateway.example/')).toBe(false);
  });

  it("'self' is the page's origin, and its secure upgrade from an http page", () => {
    expect(under("script-src 'self'", 'script', '/assets/gateway-checkout.iife.js')).toBe(true);
    expect(
      allows(
        parsePolicies("script-src 'self'"),
        'script',
        'https://127.0.0.1:5173/a.js',
        'http://127.0.0.1:5173/',
      ).allowed,
    ).toBe(true);
  });

  it("nonces pass a script; with 'strict-dynamic' only nonced or inserted scripts do", () => {
    expect(under("script-src 'nonce-abc'", 'script', 'https://cdn.example/b.js', { nonce: 'abc' })).toBe(
      true,
    );
    expect(under("script-src 'nonce-abc'", 'script', 'https://cdn.example/b.js', { nonce: 'xyz' })).toBe(
      false,
    );
    expect(
      under("script-src 'nonce-abc' 'strict-dynamic' https:", 'script', 'https://cdn.example/b.js'),
    ).toBe(false);
    expect(
      under("script-src 'nonce-abc' 'strict-dynamic'", 'script', 'https://cdn.example/s.js', {
        inserted: true,
      }),
    ).toBe(true);
  });

  it('every policy applies: a URL must pass each', () => {
    expect(under("connect-src *, connect-src 'self'", 'connect', 'https://gateway.example/')).toBe(false);
    expect(parsePolicy('frame-src a.example; frame-src b.example').get('frame-src')).toEqual(['a.example']);
  });
});
