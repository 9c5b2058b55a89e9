import { gateway, setFault } from '../support.ts';
import {
  field,
  newestOrderId,
  orderOfLastResult,
  ordersSince,
  payButton,
  paymentAttempts,
  seeText,
  typeCard,
} from './checkout.ts';
import { expect, test } from './fixture.ts';

// A customer paying on each of the demo shop's pages, in every engine: the script-tag page, the
// React app, the Vue page; real key events, the demo merchant server and the sandbox over HTTP.

test.beforeEach(async () => {
  await setFault('none');
});

for (const [path, shop, paid] of [
  ['/', 'the script-tag page', /Payment successful/],
  // The framework apps go on to their own thank-you page, which names the card.
  ['/app/checkout', 'the React app', /€32\.25 paid with the card ending 1111/],
  ['/vue/', 'the Vue page', /€32\.25 paid with the card ending 1111/],
] as const) {
  test(`${shop}: a Visa card pays the order at the gateway`, async ({ driver }) => {
    const before = await newestOrderId();
    await driver.goto(path);
    await driver.type(field('E-mail'), 'anna@example.com');
    await typeCard(driver, { number: '4111111111111111' });
    await driver.click(payButton);
    await seeText(driver, paid);
    const orders = await ordersSince(before);
    expect(orders).toHaveLength(1);
    const order = await gateway.orders.get(orders[0]!.id);
    expect(order.status).toBe('paid');
    expect(order.total).toBe(32.25);
    expect(order.transaction_details?.card_masked_pan).toMatch(/1111$/);
    expect(paymentAttempts(order)).toBe(1);
    expect(await driver.errors()).toEqual([]);
  });
}

test('a card declined by the issuer keeps the number, drops the security code, and says why', async ({
  driver,
}) => {
  await driver.goto('/');
  await driver.type(field('E-mail'), 'anna@example.com');
  await typeCard(driver, { number: '4000000000000002' });
  await driver.click(payButton);
  await seeText(driver, /Your bank declined the payment/);
  const order = await orderOfLastResult(driver);
  expect(order.status).toBe('rejected');
  expect(await driver.value(field('Card number'))).toBe('4000 0000 0000 0002');
  expect(await driver.value(field('Security code'))).toBe('');
  const decline = (await driver.events()).find((e) => e.type === 'gateway-decline');
  expect(decline?.detail?.reason).toBe('Decline, refer to card issuer');
});

test('the script-tag page asks for its bundle once, as its headers arrive: the tag takes that response', async ({
  driver,
}) => {
  await driver.goto('/');
  // The card fields take input: the bundle ran.
  await driver.type(field('Card number'), '4111');
  expect(await driver.value(field('Card number'))).toBe('4111');
  const fetched = await driver.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === '/assets/gateway-checkout.iife.js')
      .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
  );
  // One request, the Link header's: a second one (the tag's own) would mean the preload was not
  // taken (another CORS mode or hash) and the bundle came down twice.
  expect(fetched).toEqual(['link']);
});
