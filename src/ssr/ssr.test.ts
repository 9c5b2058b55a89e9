import { describe, expect, it } from 'vitest';
import { renderCheckout } from './index.ts';

/** The card inputs a server-rendered checkout carries, by id, with their labels' text. */
function cardInputs(markup: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, id, label] of markup.matchAll(/<label part="label" for="(\w+)">(?:<!--[^>]*-->)*([^<]+)/g))
    found.set(id!, label!.trim());
  return found;
}

describe('renderCheckout', () => {
  it('renders the card fields into the page as declarative shadow DOM, Pay disabled until the script comes', async () => {
    const markup = await renderCheckout({ attributes: { 'session-url': '/checkout/session' } });
    expect(markup).toMatch(/^(<!--[^>]*-->)*<gateway-checkout [^>]*session-url="\/checkout\/session"/);
    // Two shadow roots: the checkout's, and the card form's inside it, each parsed by the browser.
    expect(markup.match(/<template shadowroot="open" shadowrootmode="open"/g)).toHaveLength(2);
    // The e-mail field holds its place before the session answers: nothing moves when it does.
    expect(Object.fromEntries(cardInputs(markup))).toEqual({
      email: 'E-mail',
      number: 'Card number',
      expiry: 'Expiry date',
      csc: 'Security code',
      name: 'Cardholder name',
    });
    for (const token of ['cc-number', 'cc-exp', 'cc-csc', 'cc-name'])
      expect(markup).toContain(`autocomplete="${token}"`);
    expect(markup).toMatch(/<button\s+part="pay-button"[^>]*\sdisabled[\s>]/);
    // The nested form waits for the checkout to take over before it does.
    expect(markup).toMatch(/<gateway-card-form[^>]*\sdefer-hydration[\s>]/);
  });

  it('carries its styles compacted, with no comment of the source', async () => {
    const markup = await renderCheckout({ attributes: { 'session-url': '/s' } });
    const styles = [...markup.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles.length).toBeGreaterThan(1);
    for (const css of styles) {
      expect(css).not.toMatch(/\/\*|\n|\s{2}/);
      expect(css).toContain('{');
    }
  });

  it('renders in the page language, and in English where we ship none', async () => {
    const de = cardInputs(await renderCheckout({ attributes: { 'session-url': '/s' }, language: 'de' }));
    expect(de.get('number')).toBe('Kartennummer');
    const pl = cardInputs(await renderCheckout({ attributes: { 'session-url': '/s' }, language: 'pl' }));
    expect(pl.get('number')).toBe('Numer karty');
    const ja = cardInputs(await renderCheckout({ attributes: { 'session-url': '/s' }, language: 'ja' }));
    expect(ja.get('number')).toBe('Card number');
  });

  it('leaves the security code out of a phone order, as the element does', async () => {
    const inputs = cardInputs(await renderCheckout({ attributes: { 'session-url': '/s', moto: true } }));
    expect([...inputs.keys()]).toEqual(['number', 'expiry', 'name']);
  });

  it('never puts a card input into the page for isolated fields: the bare tag, which the bundle renders', async () => {
    const markup = await renderCheckout({
      attributes: { 'session-url': '/s', 'fields-origin': 'https://fields.shop.example' },
    });
    expect(markup).toBe(
      '<gateway-checkout session-url="/s" fields-origin="https://fields.shop.example"></gateway-checkout>',
    );
  });

  it("with the page's address, renders the isolated fields' frame into the page: a frame, no input", async () => {
    const render = () =>
      renderCheckout({
        attributes: { 'session-url': '/checkout/session', 'fields-origin': 'https://fields.shop.example' },
        url: 'https://shop.example/checkout',
      });
    const markup = await render();
    // No card input: only the e-mail, which the page always holds, in its place from the first paint.
    expect(markup).not.toMatch(/autocomplete="cc-/);
    expect([...cardInputs(markup).keys()]).toEqual(['email']);
    const src = /<iframe\s+part="frame"[^>]*\ssrc="([^"]+)"/.exec(markup)?.[1]?.replaceAll('&amp;', '&');
    const address = new URLSearchParams(new URL(src!).hash.slice(1));
    expect(new URL(src!).origin).toBe('https://fields.shop.example');
    expect(address.get('parent')).toBe('https://shop.example');
    expect(address.get('session')).toBe('https://shop.example/checkout/session');
    // A nonce per render: no two page views share the frame's channel.
    const again = /channel=([\w-]+)/.exec(await render())?.[1];
    expect(address.get('channel')).toMatch(/^[\w-]{8,64}$/);
    expect(again).not.toBe(address.get('channel'));
  });

  it('escapes attribute values and refuses names that are not attribute names', async () => {
    const markup = await renderCheckout({
      attributes: {
        'session-url': '/s?a=1&b="><script>x()</script>',
        'fields-origin': undefined,
        moto: false,
      },
    });
    expect(markup).toContain('session-url="/s?a=1&amp;b=&quot;&gt;&lt;script&gt;x()&lt;/script&gt;"');
    expect(markup).not.toContain('<script');
    expect(markup).not.toMatch(/ moto[ >=]/);
    await expect(renderCheckout({ attributes: { 'onload="x()" a': '1' } })).rejects.toThrow(
      /"onload="x\(\)" a" is not an attribute name/,
    );
  });
});
