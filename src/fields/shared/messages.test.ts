import { describe, expect, it } from 'vitest';
import { parseToFrame } from '../frame/to-frame.ts';
import { parseFromFrame } from '../parent/from-frame.ts';
import { isPaymentAddress } from './checks.ts';
import { frameAddress, payButtonAddress, readFrameAddress } from './frame-address.ts';
import { isHello } from './handshake.ts';
import type { FieldsConfig, FieldsState } from './messages.ts';

const state: FieldsState = {
  brand: 'visa',
  complete: false,
  empty: false,
  valid: false,
  errors: [{ field: 'csc', code: 'short' }],
  message: 'Enter the 3-digit security code.',
};

const config: FieldsConfig = {
  language: 'lv',
  dir: 'rtl',
  scheme: 'dark',
  tokens: { '--gateway-color-border': 'rgb(200, 30, 120)', '--gateway-radius': '0' },
  lineHeight: '1.5',
  acceptedBrands: ['visa', 'mastercard'],
  requireName: true,
  autoAdvance: false,
  disabled: false,
};

describe('messages from the frame', () => {
  it('keep the state a merchant may know and drop every other key, card data included', () => {
    const sent = {
      type: 'state',
      user: true,
      state: {
        ...state,
        number: '4111111111111111',
        errors: [{ field: 'csc', code: 'short', value: '73' }],
      },
      card_number: '4111111111111111',
    };
    const parsed = parseFromFrame(sent);
    expect(parsed).toEqual({ type: 'state', user: true, state });
    expect(JSON.stringify(parsed)).not.toContain('4111');
    expect(JSON.stringify(parsed)).not.toContain('73');
  });

  it('drop a brand, field or error code that is not one of ours', () => {
    const bad = (change: object) =>
      parseFromFrame({ type: 'state', user: true, state: { ...state, ...change } });
    expect(bad({ brand: '4111 1111 1111 1111' })).toEqual({
      type: 'state',
      user: true,
      state: { ...state, brand: null },
    });
    expect(
      bad({
        errors: [
          { field: 'pan', code: 'invalid' },
          { field: 'csc', code: '737' },
        ],
      }),
    ).toEqual({
      type: 'state',
      user: true,
      state: { ...state, errors: [] },
    });
  });

  it('carry an outcome as the gateway gave it: status, the 3-D Secure address, or an error kind', () => {
    const url = 'http://127.0.0.1:8406/3ds/abc/';
    const answered = { ok: true, response: { status: 'in_progress', threed_check_url: url } };
    expect(parseFromFrame({ type: 'paid', id: 3, outcome: answered })).toEqual({
      type: 'paid',
      id: 3,
      outcome: answered,
    });
    // Nothing else of the gateway's answer crosses.
    expect(
      parseFromFrame({
        type: 'paid',
        id: 3,
        outcome: {
          ok: true,
          response: { status: 'paid', threed_check_url: null, card_masked_pan: '411111******1111' },
        },
      }),
    ).toEqual({
      type: 'paid',
      id: 3,
      outcome: { ok: true, response: { status: 'paid', threed_check_url: null } },
    });
    expect(parseFromFrame({ type: 'paid', id: 3, outcome: { ok: false, error: 'timeout' } })).toEqual({
      type: 'paid',
      id: 3,
      outcome: { ok: false, error: 'timeout', message: undefined },
    });
    expect(parseFromFrame({ type: 'paid', id: 3, outcome: { ok: false, error: 'stolen' } })).toBeNull();
    // Too many attempts carries the wait, within a day; a refused bot check is its own kind.
    const limited = { ok: false, error: 'rate_limited', retryAfter: 600 };
    expect(parseFromFrame({ type: 'paid', id: 3, outcome: limited })).toEqual({
      type: 'paid',
      id: 3,
      outcome: { ...limited, message: undefined },
    });
    const forever = { ok: false, error: 'rate_limited', retryAfter: 1e9 };
    expect(parseFromFrame({ type: 'paid', id: 3, outcome: forever })).toMatchObject({
      outcome: { ok: false, error: 'rate_limited' },
    });
    expect(
      (parseFromFrame({ type: 'paid', id: 3, outcome: forever }) as { outcome: object }).outcome,
    ).not.toHaveProperty('retryAfter');
    expect(
      parseFromFrame({ type: 'paid', id: 3, outcome: { ok: false, error: 'verification' } }),
    ).toMatchObject({ outcome: { ok: false, error: 'verification' } });
    const script = { ok: true, response: { threed_check_url: 'javascript:alert(1)' } };
    expect(parseFromFrame({ type: 'paid', id: 3, outcome: script })).toBeNull();
  });

  it('ignore anything that is not a message of ours', () => {
    for (const data of [
      null,
      'ready',
      42,
      [],
      { type: 'eval' },
      { type: 'resize', height: -1 },
      { type: 'resize' },
    ]) {
      expect(parseFromFrame(data)).toBeNull();
    }
  });
});

describe('messages to the frame', () => {
  it('take the configuration, leaving out a theme value that could load something', () => {
    const parsed = parseToFrame({
      type: 'configure',
      config: {
        ...config,
        tokens: {
          ...config.tokens,
          '--gateway-color-background': 'url(https://evil.example/?)',
          '--gateway-font-family': 'x; } body { display: none',
          '--not-a-token': 'red',
        },
      },
    });
    expect(parsed).toEqual({ type: 'configure', config });
  });

  it('refuse "pay" from the page whatever it names: a payment starts only from the customer', () => {
    for (const apiDoUrl of ['http://127.0.0.1:8406/pay/tok/', 'javascript:alert(1)', 'https://evil.example/'])
      expect(parseToFrame({ type: 'pay', id: 1, apiDoUrl, options: { moto: true }, timeoutMs: 1 })).toEqual({
        type: 'refused',
        reason: 'pay-from-page',
      });
  });

  it('take the non-card session data exactly, and refuse anything that names an order, an amount, an address to pay or MOTO', () => {
    const data = {
      email: 'anna@example.com',
      billing_address: { address: 'Brivibas iela 1', zip_code: 'LV-1010', country: 'LV' },
      save_consent: { scenario: 'recurring', text_version: 'v1', agreed: true },
      verification: 'token-from-the-bot-check',
    };
    expect(parseToFrame({ type: 'session-data', id: 3, data })).toEqual({
      type: 'session-data',
      id: 3,
      data,
    });
    const refusal = (message: object) => (parseToFrame(message) as { reason?: string }).reason;
    for (const named of [
      { api_do_url: 'http://127.0.0.1:8406/pay/x/' },
      { apiDoUrl: 'http://127.0.0.1:8406/pay/x/' },
      { order_id: 'o-1' },
      { amount: 0 },
      { currency: 'EUR' },
      { status_url: '/checkout/status' },
      { idempotency_key: 'k'.repeat(20) },
    ]) {
      expect(
        refusal({ type: 'session-data', id: 3, data: { ...data, ...named } }),
        JSON.stringify(named),
      ).toBe('names-order');
      expect(refusal({ type: 'session-data', id: 3, data, ...named })).toBe('names-order');
    }
    expect(refusal({ type: 'session-data', id: 3, data: { ...data, options: { moto: true } } })).toBe(
      'names-moto',
    );
    expect(refusal({ type: 'configure', config: { ...config, moto: true } })).toBe('names-moto');
    expect(refusal({ type: 'session-data', id: 3, data: { ...data, is_moto: true } })).toBe('names-moto');
    // The shapes the merchant's server takes, nothing else.
    expect(refusal({ type: 'session-data', id: 3, data: { ...data, card_number: '4111111111111111' } })).toBe(
      'malformed',
    );
    expect(refusal({ type: 'session-data', id: 3, data: { billing_address: { street: 'x' } } })).toBe(
      'malformed',
    );
    expect(
      refusal({
        type: 'session-data',
        id: 3,
        data: { save_consent: { scenario: 'recurring', text_version: 'v1' } },
      }),
    ).toBe('malformed');
    expect(refusal({ type: 'session-data', data })).toBe('malformed');
  });

  it('take the Pay button’s words and state, a cancel, clear and focus, and refuse anything else', () => {
    const button = { label: 'Pay €32.25', busy: false, disabled: false };
    expect(parseToFrame({ type: 'button', button })).toEqual({ type: 'button', button });
    expect(parseToFrame({ type: 'cancel', id: 4 })).toEqual({ type: 'cancel', id: 4 });
    expect(parseToFrame({ type: 'clear', what: 'security-code' })).toEqual({
      type: 'clear',
      what: 'security-code',
    });
    expect(parseToFrame({ type: 'clear', what: 'cookies' })).toEqual({
      type: 'refused',
      reason: 'malformed',
    });
    expect(parseToFrame({ type: 'focus' })).toEqual({ type: 'focus' });
    expect(parseToFrame({ type: 'read-card' })).toEqual({ type: 'refused', reason: 'unknown' });
    expect(parseToFrame('pay')).toEqual({ type: 'refused', reason: 'unknown' });
  });
});

describe('the Direct Post frame', () => {
  it('the page names its frame by a plain name only: never a keyword target, an empty or an odd one', () => {
    const name = 'gateway-direct-post-2f1c0f7e-8f0a-4f4e-9d1e-6d8b0e0a1b2c';
    expect(parseToFrame({ type: 'relay', id: 3, name })).toEqual({ type: 'relay', id: 3, name });
    for (const bad of ['_top', '_blank', '_parent', '_self', '', 'short', 'a b c d e f', 'x'.repeat(81), 42])
      expect(parseToFrame({ type: 'relay', id: 3, name: bad })).toEqual({
        type: 'refused',
        reason: 'malformed',
      });
    expect(parseToFrame({ type: 'relay', name })).toEqual({ type: 'refused', reason: 'malformed' });
    // Naming an address to send to is naming an order's address: refused as such.
    expect(parseToFrame({ type: 'relay', id: 3, name, api_do_url: 'https://x.example/' })).toEqual({
      type: 'refused',
      reason: 'names-order',
    });
  });

  it('the frame asks for it by the press id alone', () => {
    expect(
      parseFromFrame({ type: 'direct-post', id: 7, direct_post: 'https://g.example/direct/1/' }),
    ).toEqual({
      type: 'direct-post',
      id: 7,
    });
    expect(parseFromFrame({ type: 'direct-post' })).toBeNull();
  });
});

describe('what the frame reports of a payment', () => {
  it('carries the order the merchant server made (not its payment address) and the server’s refusal with its fields', () => {
    const order = {
      order_id: 'o-1',
      status_url: 'http://127.0.0.1:5173/checkout/status?o=1',
      amount: 32.25,
      currency: 'EUR',
    };
    expect(
      parseFromFrame({ type: 'order', id: 2, order: { ...order, api_do_url: 'http://x/pay/' } }),
    ).toEqual({
      type: 'order',
      id: 2,
      order,
    });
    expect(
      parseFromFrame({ type: 'order', id: 2, order: { ...order, status_url: 'javascript:x' } }),
    ).toBeNull();
    const refused = {
      ok: false,
      error: 'session',
      message: 'email: is required',
      fields: [{ path: 'email', message: 'is required', code: 'required' }],
    };
    expect(parseFromFrame({ type: 'paid', id: 2, outcome: refused })).toEqual({
      type: 'paid',
      id: 2,
      outcome: refused,
    });
    expect(parseFromFrame({ type: 'press', id: 5 })).toEqual({ type: 'press', id: 5 });
    expect(parseFromFrame({ type: 'refused', reason: 'pay-from-page', message: 'one line' })).toEqual({
      type: 'refused',
      reason: 'pay-from-page',
      message: 'one line',
    });
    expect(parseFromFrame({ type: 'refused', reason: 'x'.repeat(40), message: 'one line' })).toBeNull();
  });
});

describe('the frame address and the handshake', () => {
  it('name the parent origin, the channel and the session endpoint after #, so none reaches a server or its logs', () => {
    const address = {
      parent: 'https://shop.example',
      channel: 'abcdefghijkl',
      session: 'https://shop.example/checkout/session?cart=1',
    };
    const url = new URL(frameAddress('https://pay.shop.example/fields/', address));
    expect(url.origin + url.pathname + url.search).toBe('https://pay.shop.example/fields/');
    expect(readFrameAddress(url.hash)).toEqual(address);
    expect(
      readFrameAddress(url.hash.replace('https%3A%2F%2Fshop.example%2Fcheckout', 'javascript%3A')),
    ).toBeNull();
    // The Pay button's page sits beside the fields page and names the same channel.
    expect(payButtonAddress('https://pay.shop.example/fields/', 'abcdefghijkl')).toBe(
      'https://pay.shop.example/fields/pay.html#channel=abcdefghijkl',
    );
    expect(payButtonAddress('https://pay.shop.example/', 'abcdefghijkl')).toBe(
      'https://pay.shop.example/pay.html#channel=abcdefghijkl',
    );
  });

  it('refuse a parent that is not a bare origin, and a channel that is not ours', () => {
    expect(readFrameAddress('#parent=https%3A%2F%2Fshop.example%2Fcheckout&channel=abcdefghijkl')).toBeNull();
    expect(readFrameAddress('#parent=null&channel=abcdefghijkl')).toBeNull();
    expect(readFrameAddress('#parent=https%3A%2F%2Fshop.example&channel=x')).toBeNull();
    expect(readFrameAddress('')).toBeNull();
  });

  it('a hello counts only with our version and the channel the parent gave', () => {
    const instance = 'a1b2c3d4-e5f6';
    expect(isHello({ gatewayFields: 'hello', v: 1, channel: 'abcdefghijkl', instance }, 'abcdefghijkl')).toBe(
      true,
    );
    expect(isHello({ gatewayFields: 'hello', v: 1, channel: 'abcdefghijkm', instance }, 'abcdefghijkl')).toBe(
      false,
    );
    expect(isHello({ gatewayFields: 'hello', v: 2, channel: 'abcdefghijkl', instance }, 'abcdefghijkl')).toBe(
      false,
    );
    // Which load of the fields page says it: without one, a hello said again could not be told apart.
    expect(isHello({ gatewayFields: 'hello', v: 1, channel: 'abcdefghijkl' }, 'abcdefghijkl')).toBe(false);
  });

  it('a payment address is http(s) without credentials', () => {
    expect(isPaymentAddress('https://gateway.example/pay/x/')).toBe(true);
    expect(isPaymentAddress('data:text/html,x')).toBe(false);
    expect(isPaymentAddress('not a url')).toBe(false);
  });
});
