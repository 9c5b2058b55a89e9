import { describe, expect, it } from 'vitest';
import { cardSecrets, secretsIn, securityCodeSecret } from '../support/card-secrets.ts';

// The leak checks of every suite go through these patterns: they must find a card value however a
// leak carries it, and never mistake a random id for one (a run once failed on a page id of
// 0.9160570643589907 that holds "907").
describe('card secrets', () => {
  const card = cardSecrets({ number: '4111111111111111', csc: '907', name: 'Ann Lee' });

  it.each([
    ['a Math.random() page id', '{"page":"0.9160570643589907","order":"ord_1"}'],
    ['a UUID', '{"id":"3f2a9070-1c2d-4907-8907-0a9b907c1d2e"}'],
    ['a base64url key', '{"idempotency_key":"Zk_907_aB-907-x907"}'],
    ['a timestamp', '{"at":"2026-11-24T15:09:07.907Z","ms":1795961347907}'],
    ['an amount', '{"amount":"1.907"}'],
  ])('ignore %s', (_what, text) => {
    expect(secretsIn(text, card)).toEqual([]);
  });

  it.each([
    ['a JSON string', '{"csc":"907"}', ['security code']],
    ['a JSON number', '{"cvv":907}', ['security code']],
    ['a query parameter', '/pay?csc=907&x=1', ['security code']],
    ['a line of text', 'code 907 typed', ['security code']],
    ['a grouped number', '"4111 1111 1111 1111"', ['card number']],
    ['a dashed number', 'pan=4111-1111-1111-1111', ['card number']],
    ['a bare number', '{"n":4111111111111111}', ['card number']],
    ['the holder name', '{"holder":"Ann Lee"}', ['cardholder name']],
  ])('find the card in %s', (_what, text, found) => {
    expect(secretsIn(text, card)).toEqual(found);
  });

  it('a 4-digit code is a token of its own too', () => {
    expect(secretsIn('{"csc":"1234"}', [securityCodeSecret('1234')])).toEqual(['security code']);
    expect(secretsIn('{"id":"a1b2c3d4-1234-4abc-9def-001234abcdef"}', [securityCodeSecret('1234')])).toEqual(
      [],
    );
  });
});
