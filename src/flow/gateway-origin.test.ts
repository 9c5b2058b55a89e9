import { describe, expect, it } from 'vitest';
import { gatewayAddressProblem, normaliseOrigin, openableChallenge } from './gateway-origin.ts';

const SHOP = 'https://shop.example';

describe('where card data may go', () => {
  it('allows another https origin, and loopback over http for the sandbox', () => {
    expect(gatewayAddressProblem('https://gw.example/pay/abc/', [], SHOP)).toBeNull();
    expect(gatewayAddressProblem('http://127.0.0.1:8406/pay/abc/', [], 'http://127.0.0.1:5173')).toBeNull();
    expect(gatewayAddressProblem('http://localhost:8406/pay/abc/', [], SHOP)).toBeNull();
    expect(gatewayAddressProblem('http://[::1]:8406/pay/abc/', [], SHOP)).toBeNull();
  });

  it("refuses the page's own origin, however the address is written", () => {
    for (const address of ['/steal', 'steal', '//shop.example/steal', 'https://SHOP.example:443/x', '?x']) {
      expect(gatewayAddressProblem(address, [], SHOP)).toMatch(/this page's own origin/);
    }
    expect(gatewayAddressProblem('/steal', [], 'http://127.0.0.1:5173')).toMatch(/own origin/);
  });

  it('refuses plain http off loopback and what is no web address', () => {
    expect(gatewayAddressProblem('http://gw.example/pay/', [], SHOP)).toMatch(/not https/);
    expect(gatewayAddressProblem('http://127.0.0.1.evil.example/pay/', [], SHOP)).toMatch(/not https/);
    expect(gatewayAddressProblem('javascript:alert(1)', [], SHOP)).toMatch(/not https/);
    expect(gatewayAddressProblem('data:text/plain,x', [], SHOP)).toMatch(/not https/);
    expect(gatewayAddressProblem('http://[', [], SHOP)).toMatch(/is no URL/);
  });

  it('with gateway-origins, only a listed origin, the page itself included when listed', () => {
    const list = ['https://gw.example', 'https://gw2.example:8443/'];
    expect(gatewayAddressProblem('https://gw.example/pay/1/', list, SHOP)).toBeNull();
    expect(gatewayAddressProblem('https://gw2.example:8443/pay/1/', list, SHOP)).toBeNull();
    expect(gatewayAddressProblem('https://gw.example.evil.example/pay/1/', list, SHOP)).toMatch(
      /not in gateway-origins/,
    );
    expect(gatewayAddressProblem('https://gw2.example/pay/1/', list, SHOP)).toMatch(/not in gateway-origins/);
    // The gateway's own hosted page lists itself.
    expect(gatewayAddressProblem('/pay/1/', ['http://127.0.0.1:8406'], 'http://127.0.0.1:8406')).toBeNull();
    expect(gatewayAddressProblem('/pay/1/', ['self'], 'http://localhost:8406')).toBeNull();
    expect(gatewayAddressProblem('/pay/1/', ["'self'"], 'https://gw.example')).toBeNull();
    expect(gatewayAddressProblem('https://gw.example/pay/1/', ['self'], SHOP)).toMatch(
      /not in gateway-origins/,
    );
  });

  it('ignores list entries that are not https or loopback origins', () => {
    expect(normaliseOrigin('http://gw.example')).toBeNull();
    expect(normaliseOrigin('*')).toBeNull();
    expect(normaliseOrigin(' https://GW.example:443/path ')).toBe('https://gw.example');
    expect(gatewayAddressProblem('http://gw.example/pay/', ['http://gw.example'], SHOP)).toMatch(/not https/);
  });
});

describe('which 3-D Secure address may be opened', () => {
  it('opens web pages, relative ones against the page', () => {
    expect(openableChallenge('https://acs.bank.example/challenge?id=1')).toBe(true);
    expect(openableChallenge('http://127.0.0.1:8406/3ds/abc/')).toBe(true);
    expect(openableChallenge('#bank-check', SHOP)).toBe(true);
    expect(openableChallenge('about:blank')).toBe(true);
  });
  it('never a script or a document made up in the answer', () => {
    for (const address of [
      'javascript:alert(document.cookie)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'blob:https://shop.example/1234',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
    ]) {
      expect(openableChallenge(address, SHOP), address).toBe(false);
    }
    expect(openableChallenge('no address')).toBe(false);
  });
});
