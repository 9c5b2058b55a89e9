import { describe, expect, it } from 'vitest';
import { Signer } from '../http/cookies.ts';
import { COOKIE, VisitStore } from './cart-store.ts';

const request = (cookie?: string) =>
  new Request('http://shop.test/shop/cart', cookie ? { headers: { cookie } } : {});
const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;

describe('VisitStore', () => {
  it('gives a new visitor a signed cookie and finds the visit by it', () => {
    const store = new VisitStore(new Signer('k'));
    const first = store.visitOf(request());
    expect(first.cookie).toMatch(new RegExp(`^${COOKIE}=[\\w-]+\\.[\\w-]+; Path=/; HttpOnly; SameSite=Lax`));
    first.visit.version = 7;
    const again = store.visitOf(request(cookieOf(first.cookie!)));
    expect(again.cookie).toBeUndefined();
    expect(again.visit.version).toBe(7);
  });

  it('takes no cookie it did not sign: a made-up or altered key is a new visit', () => {
    const store = new VisitStore(new Signer('k'));
    const first = store.visitOf(request());
    first.visit.version = 7;
    const [name, value] = cookieOf(first.cookie!).split('=') as [string, string];
    const altered = `${name}=${value.slice(0, -2)}xx`;
    expect(store.visitOf(request(altered)).visit.version).toBe(1);
    expect(store.visitOf(request(`${COOKIE}=made-up`)).visit.version).toBe(1);
    expect(new VisitStore(new Signer('other')).visitOf(request(cookieOf(first.cookie!))).visit.version).toBe(
      1,
    );
  });

  it('five thousand requests without a cookie evict no visit that came back', () => {
    const store = new VisitStore(new Signer('k'));
    const customer = store.visitOf(request());
    const cookie = cookieOf(customer.cookie!);
    store.visitOf(request(cookie)).visit.lines = [{ sku: 'birch-sap', quantity: 3 }];
    for (let i = 0; i < 5_000; i++) store.visitOf(request());
    expect(store.size.new).toBeLessThanOrEqual(2_000);
    expect(store.visitOf(request(cookie)).visit.lines).toEqual([{ sku: 'birch-sap', quantity: 3 }]);
  });

  it('finds only its own orders by number, and keeps the newest fifty', () => {
    const store = new VisitStore(new Signer('k'));
    const { visit } = store.visitOf(request());
    for (let i = 0; i < 60; i++) VisitStore.addOrder(visit, `id-${i}`, `BP-${i}`);
    expect(VisitStore.orderByNumber(visit, 'BP-59')).toBe('id-59');
    expect(VisitStore.orderByNumber(visit, 'BP-5')).toBeUndefined();
    expect(VisitStore.orderByNumber(store.visitOf(request()).visit, 'BP-59')).toBeUndefined();
  });
});
