import { describe, expect, it } from 'vitest';
import {
  type FieldsConfig,
  type FieldsState,
  frameAddress,
  isHello,
  isPaymentAddress,
  parseFromFrame,
  parseToFrame,
  readFrameAddress,
} from './messages.ts';

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
  moto: false,
  requireName: true,
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

  it('take "pay this order" only to an http(s) address, with the body options and a bounded timeout', () => {
    const pay = {
      type: 'pay',
      id: 1,
      apiDoUrl: 'http://127.0.0.1:8406/pay/tok/',
      options: { avs: 'custom' },
      timeoutMs: 1e9,
    };
    expect(parseToFrame(pay)).toEqual({
      type: 'pay',
      id: 1,
      apiDoUrl: 'http://127.0.0.1:8406/pay/tok/',
      options: { avs: 'custom', moto: false, savedByMerchant: false },
      timeoutMs: 120_000,
    });
    expect(parseToFrame({ ...pay, apiDoUrl: 'javascript:alert(1)' })).toBeNull();
    expect(parseToFrame({ ...pay, apiDoUrl: 'https://user:pw@gateway.example/pay/' })).toBeNull();
    expect(parseToFrame({ ...pay, options: { avs: 'always' } })).toBeNull();
  });

  it('know clear and focus, and nothing else', () => {
    expect(parseToFrame({ type: 'clear', what: 'security-code' })).toEqual({
      type: 'clear',
      what: 'security-code',
    });
    expect(parseToFrame({ type: 'clear', what: 'cookies' })).toBeNull();
    expect(parseToFrame({ type: 'focus' })).toEqual({ type: 'focus' });
    expect(parseToFrame({ type: 'read-card' })).toBeNull();
  });
});

describe('the frame address and the handshake', () => {
  it('name the parent origin and the channel after #, so neither reaches a server or its logs', () => {
    const src = frameAddress('https://pay.shop.example/fields/', {
      parent: 'https://shop.example',
      channel: 'abcdefghijkl',
    });
    const url = new URL(src);
    expect(url.origin + url.pathname + url.search).toBe('https://pay.shop.example/fields/');
    expect(readFrameAddress(url.hash)).toEqual({ parent: 'https://shop.example', channel: 'abcdefghijkl' });
  });

  it('refuse a parent that is not a bare origin, and a channel that is not ours', () => {
    expect(readFrameAddress('#parent=https%3A%2F%2Fshop.example%2Fcheckout&channel=abcdefghijkl')).toBeNull();
    expect(readFrameAddress('#parent=null&channel=abcdefghijkl')).toBeNull();
    expect(readFrameAddress('#parent=https%3A%2F%2Fshop.example&channel=x')).toBeNull();
    expect(readFrameAddress('')).toBeNull();
  });

  it('a hello counts only with our version and the channel the parent gave', () => {
    expect(isHello({ gatewayFields: 'hello', v: 1, channel: 'abcdefghijkl' }, 'abcdefghijkl')).toBe(true);
    expect(isHello({ gatewayFields: 'hello', v: 1, channel: 'abcdefghijkm' }, 'abcdefghijkl')).toBe(false);
    expect(isHello({ gatewayFields: 'hello', v: 2, channel: 'abcdefghijkl' }, 'abcdefghijkl')).toBe(false);
  });

  it('a payment address is http(s) without credentials', () => {
    expect(isPaymentAddress('https://gateway.example/pay/x/')).toBe(true);
    expect(isPaymentAddress('data:text/html,x')).toBe(false);
    expect(isPaymentAddress('not a url')).toBe(false);
  });
});
