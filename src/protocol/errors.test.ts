import { describe, expect, it } from 'vitest';
import { describeIssues, errorBody, issuesOfErrorBody } from './errors.ts';
import { validateOrderRequest } from './rules.ts';

describe('error body', () => {
  it('names every rule under __all__ and each field under its own path', () => {
    const result = validateOrderRequest({ client: { email: 'x' }, products: [{ title: 'Tea', price: 0 }] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const body = errorBody(result.issues);
    expect(body['products.0.price']).toEqual([{ message: 'must be at least 0.01', code: 'too_small' }]);
    expect(body['client.email']?.[0]?.message).toBe('must be an e-mail address');
    expect(body.__all__?.map((i) => i.message)).toEqual(
      expect.arrayContaining([
        'products.0.price: must be at least 0.01',
        'client.email: must be an e-mail address',
      ]),
    );
  });

  it('reads field issues back, keeping whole-request rules that no field names', () => {
    const body = errorBody([
      { path: 'total', message: 'must not exceed the order amount 5.00', code: 'invalid' },
      { path: '', message: 'capture is allowed once only', code: 'already_captured' },
    ]);
    expect(issuesOfErrorBody(body)).toEqual([
      { path: 'total', message: 'must not exceed the order amount 5.00', code: 'invalid' },
      { path: '', message: 'capture is allowed once only', code: 'already_captured' },
    ]);
    expect(issuesOfErrorBody({ __all__: [{ message: 'Decline' }] })).toEqual([
      { path: '', message: 'Decline', code: 'invalid' },
    ]);
    expect(issuesOfErrorBody('<html>')).toEqual([]);
  });

  it('describes issues for people', () => {
    expect(
      describeIssues([
        { path: 'products.0.price', message: 'must be at least 0.01', code: 'too_small' },
        { path: '', message: 'two-step cannot be combined with account-funding', code: 'invalid' },
      ]),
    ).toBe('products.0.price: must be at least 0.01; two-step cannot be combined with account-funding');
  });

  it('names a field called __proto__ like any other, without touching a prototype', () => {
    const body = errorBody([{ path: '__proto__', message: 'is not an allowed key', code: 'forbidden_key' }]);
    expect(Object.hasOwn(body, '__proto__')).toBe(true);
    expect(JSON.parse(JSON.stringify(body)).__all__[0].message).toBe('__proto__: is not an allowed key');
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).message).toBeUndefined();
  });
});
