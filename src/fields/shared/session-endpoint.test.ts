import { describe, expect, it } from 'vitest';
import { endpointProblem, endpointSource, isSessionEndpoint } from './session-endpoint.ts';

const SHOP = ['https://shop.example/checkout/session'];

describe('session endpoints the fields may call', () => {
  it('takes the merchant’s endpoint exactly, and nothing that carries a query, another path or origin', () => {
    expect(isSessionEndpoint('https://shop.example/checkout/session', SHOP)).toBe(true);
    expect(isSessionEndpoint('https://shop.example:443/checkout/session', SHOP)).toBe(true);
    for (const address of [
      'https://shop.example/checkout/session?scenario=merchant-save',
      'https://shop.example/checkout/session?',
      'https://shop.example/checkout/session#x',
      'https://shop.example/checkout/session/',
      'https://shop.example/checkout/other',
      'http://shop.example/checkout/session',
      'https://evil.example/checkout/session',
      'https://shop.example:8443/checkout/session',
      'https://user:pw@shop.example/checkout/session',
      'not an address',
    ])
      expect(isSessionEndpoint(address, SHOP), address).toBe(false);
    expect(isSessionEndpoint('https://shop.example/checkout/session', [])).toBe(false);
  });

  it('takes any port and any path below only where the list says so (development)', () => {
    const loopback = ['http://127.0.0.1:*/*'];
    expect(isSessionEndpoint('http://127.0.0.1:5173/checkout/session', loopback)).toBe(true);
    expect(isSessionEndpoint('http://127.0.0.1:5173/checkout/session?x=1', loopback)).toBe(false);
    expect(isSessionEndpoint('http://localhost:5173/checkout/session', loopback)).toBe(false);
    expect(
      isSessionEndpoint('http://127.0.0.1:8080/shop/checkout/session', ['http://127.0.0.1:8080/shop/*']),
    ).toBe(true);
    expect(isSessionEndpoint('http://127.0.0.1:8080/other/session', ['http://127.0.0.1:8080/shop/*'])).toBe(
      false,
    );
  });

  it('names what is wrong with an endpoint, and its origin as a CSP source', () => {
    expect(endpointProblem('https://shop.example/checkout/session')).toBeNull();
    expect(endpointProblem('https://shop.example/checkout/session?scenario=x')).toMatch(/no query/);
    expect(endpointProblem('https://shop.example')).toMatch(/with a path/);
    expect(endpointProblem('/checkout/session')).toMatch(/absolute/);
    expect(endpointProblem('https://shop.example/*/session')).toMatch(/last segment/);
    expect(endpointSource('http://127.0.0.1:*/*')).toBe('http://127.0.0.1:*');
    expect(endpointSource('https://Shop.example/checkout/session')).toBe('https://shop.example');
  });
});
