import { describe, expect, it } from 'vitest';
import { BASE, IDEM, read, SHOPPER, setup } from '../../test/support/checkout-handler.ts';
import { findCardDataInOrder, findCardDataInRequest } from './card-data-request.ts';

const body = JSON.stringify({ idempotency_key: IDEM, email: 'buyer@example.com' });
const json = { 'Content-Type': 'application/json', Cookie: SHOPPER };
const postTo = (address: string, headers: Record<string, string> = json) =>
  new Request(address, { method: 'POST', headers, body });

describe('findCardDataInRequest: the address and the named headers', () => {
  it.each([
    ['a query value', '?moto=1&ref=4111111111111111', 'query.ref'],
    ['dashes', '?ref=4111-1111-1111-1111', 'query.ref'],
    ['underscores', '?ref=4111_1111_1111_1111', 'query.ref'],
    ['percent-encoded spaces', '?ref=4111%201111%201111%201111', 'query.ref'],
    ['a repeated name', '?ref=A1&ref=5555555555554444', 'query.ref.1'],
    ['a card field as a name', '?card_number=x', 'query.card_number'],
    ['a name that is a number', '?4111111111111111=1', 'query.(key)'],
    ['two parameters', '?a=4111+1111&b=1111+1111', 'query.a + query.b'],
  ])('refuses %s', (_name, search, where) => {
    expect(findCardDataInRequest(new Request(`${BASE}/session${search}`))).toBe(where);
  });

  it('refuses the path, decoded segment by segment', () => {
    expect(findCardDataInRequest(new Request(`${BASE}/4111%201111%201111%201111/session`))).toBe('path');
    expect(findCardDataInRequest(new Request(`${BASE}/%E0%A4/5555555555554444/session`))).toBe('path');
  });

  it('reads the headers the merchant names, and only those', () => {
    const request = new Request(`${BASE}/session`, {
      headers: { 'X-Cart-Note': 'card 4111 1111 1111 1111', 'X-Other': '4111111111111111' },
    });
    expect(findCardDataInRequest(request, ['X-Cart-Note'])).toBe('headers.x-cart-note');
    expect(findCardDataInRequest(request)).toBeUndefined();
  });

  it('reads a shop’s own parameter named like a body’s card field by its value', () => {
    expect(findCardDataInRequest(new Request(`${BASE}/session?number=BP-1042&expiry=2026`))).toBeUndefined();
    expect(findCardDataInRequest(new Request(`${BASE}/session?number=4111111111111111`))).toBe(
      'query.number',
    );
  });

  it('lets an ordinary address through', () => {
    const request = new Request(`${BASE}/session?moto=1&amount=32.25&ref=PHONE-1005&scenario=three-ds`);
    expect(findCardDataInRequest(request, ['x-cart-note'])).toBeUndefined();
  });
});

describe('findCardDataInOrder: the order the merchant built', () => {
  it('names the value that carries a number, never the number', () => {
    const order = {
      number: 'BP-1042',
      products: [
        { title: 'Tea', price: 12.5 },
        { title: 'Phone order 4111111111111111', price: 1 },
      ],
      client: { email: 'a@example.com' },
    };
    expect(findCardDataInOrder(order)).toBe('order.products.1.title');
  });

  it('refuses a card field by its name', () => {
    expect(findCardDataInOrder({ client: { card_number: '' } })).toBe('order.client.card_number');
  });

  it('lets an ordinary order through: its number, amounts, a phone number, redirects', () => {
    const order = {
      number: 'BP-MIFG3K01-4F2A',
      products: [{ title: 'Rye bread × 2', price: 32.25, quantity: 2 }],
      client: { email: 'a@example.com', phone: '+371 2000 0000', zip_code: 'LV-1050' },
      success_redirect: 'https://shop.example/return?number=BP-MIFG3K01-4F2A',
    };
    expect(findCardDataInOrder(order)).toBeUndefined();
  });
});

describe('checkout session: card data outside the body', () => {
  it('refuses a card number in the query with a 400 naming it, and creates nothing', async () => {
    const { handler, calls } = setup();
    const { status, body: answer } = await read(
      await handler(postTo(`${BASE}/session?ref=4111111111111111`)),
    );
    expect(status).toBe(400);
    expect(answer.error!.type).toBe('card_data_refused');
    expect(answer.error!.message).toContain('query.ref');
    expect(answer.error!.message).not.toContain('4111');
    expect(calls).toHaveLength(0);
  });

  it('refuses it on the GET of the configuration too', async () => {
    const { handler } = setup();
    const { status, body: answer } = await read(
      await handler(new Request(`${BASE}/session?ref=4111-1111-1111-1111`)),
    );
    expect(status).toBe(400);
    expect(answer.error!.type).toBe('card_data_refused');
  });

  it('refuses a named header', async () => {
    const { handler, calls } = setup({}, { cardDataHeaders: ['x-cart-note'] });
    const { status, body: answer } = await read(
      await handler(postTo(`${BASE}/session`, { ...json, 'X-Cart-Note': '5555 5555 5555 4444' })),
    );
    expect(status).toBe(400);
    expect(answer.error!.message).toContain('headers.x-cart-note');
    expect(calls).toHaveLength(0);
  });

  it('refuses the order buildOrder returns before anything is sent to the gateway', async () => {
    const { handler, calls } = setup(
      {},
      {
        // A merchant that copies a header the browser chose into the product's title.
        buildOrder: ({ request }) => ({
          products: [{ title: `Order ${request.headers.get('x-ref')}`, price: 12.5 }],
        }),
      },
    );
    const { status, body: answer } = await read(
      await handler(postTo(`${BASE}/session`, { ...json, 'X-Ref': '4111 1111 1111 1111' })),
    );
    expect(status).toBe(400);
    expect(answer.error!.type).toBe('card_data_refused');
    expect(answer.error!.message).toContain('order.products.0.title');
    expect(answer.error!.message).not.toContain('4111');
    expect(calls).toHaveLength(0);
  });
});
