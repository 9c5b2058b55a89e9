import { describe, expect, it } from 'vitest';
import { fieldsTarget, renderedTarget, renderingFor } from './address.ts';

const PAGE = 'https://shop.example/checkout?scenario=one-step';
const SESSION = 'https://shop.example/checkout/session';

describe('the frame of the isolated fields', () => {
  it('names the page that frames it, the session and a channel of its own, and asks for the page language', () => {
    const target = renderingFor(PAGE, () => fieldsTarget('https://pay.shop.example', SESSION, 'de-AT'))!;
    const src = new URL(target.src);
    expect(src.origin + src.pathname + src.search).toBe('https://pay.shop.example/?lang=de');
    const address = new URLSearchParams(src.hash.slice(1));
    expect(address.get('parent')).toBe('https://shop.example');
    expect(address.get('session')).toBe(SESSION);
    expect(address.get('channel')).toBe(target.channel);
    expect(target.buttonSrc).toBe(`https://pay.shop.example/pay.html#channel=${target.channel}`);
    // English is the page as built: no language to ask for.
    const english = renderingFor(PAGE, () => fieldsTarget('https://pay.shop.example', SESSION, 'en-GB'))!;
    expect(new URL(english.src).search).toBe('');
  });

  it('takes the frame the server rendered into the page as its own: same channel, so it is not loaded again', () => {
    const served = renderingFor(PAGE, () => fieldsTarget('https://pay.shop.example', SESSION))!;
    const taken = renderingFor(PAGE, () => renderedTarget(served.src, 'https://pay.shop.example', SESSION));
    expect(taken).toEqual(served);
  });

  it('makes a frame anew when the rendered one names another page, fields page, session or no channel', () => {
    const served = renderingFor(PAGE, () => fieldsTarget('https://pay.shop.example', SESSION))!;
    const take = (src: string | null, page = PAGE, session = SESSION, fields = 'https://pay.shop.example') =>
      renderingFor(page, () => renderedTarget(src, fields, session));
    expect(take(served.src, 'https://other.example/checkout')).toBeNull();
    expect(take(served.src, PAGE, 'https://shop.example/other-session')).toBeNull();
    expect(take(served.src, PAGE, SESSION, 'https://fields.elsewhere.example')).toBeNull();
    expect(take(served.src.replace(/channel=[^&]+/, 'channel=no'))).toBeNull();
    expect(take('not an address')).toBeNull();
    expect(take(null)).toBeNull();
  });
});
