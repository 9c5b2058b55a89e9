import { E2E_SHOP } from '../../support/ports.ts';
import { hostileParent } from '../hostile-parent.ts';
import { gateway, newestOrderId, setFault } from '../support.ts';
import {
  CARD_FRAME,
  field,
  orderOfLastResult,
  paymentAttempts,
  pressFramedPay,
  seeText,
  typeCard,
} from './checkout.ts';
import { expect, test } from './fixture.ts';
import { openHeld, refusals, send, type Win } from './hostile.ts';

// The hostile-script test of test/e2e/hostile-parent.spec.ts in every engine: a script on the
// shop's /isolated/ page holds the page's end of the channel to the card fields and tries to spend
// the customer's card on orders of its own; the fields refuse each try in Chromium, Firefox and
// WebKit alike, and pay only the customer's press, once.

const ATTACKER = 'mallory@attacker.example';
const CARD = { number: '4111111111111111', csc: '737' };

test.beforeEach(async () => {
  await setFault('none');
});

test('a script holding the fields’ channel cannot spend the card: each try is refused, the customer pays once', async ({
  driver,
}) => {
  test.setTimeout(90_000);
  await openHeld(driver, CARD);

  // The attacker's own orders at the same shop, made as anyone can make them.
  const other = await driver.evaluate(
    (email) => (window as unknown as Win).hostile.order('/checkout/session', { email }),
    ATTACKER,
  );
  const saving = await driver.evaluate(async (email) => {
    const { hostile } = window as unknown as Win;
    await hostile.scenario('zero-amount');
    const order = await hostile.order('/checkout/session', {
      email,
      save_consent: { scenario: 'recurring', text_version: 'v1', agreed: true },
    });
    await hostile.scenario('one-step');
    return order;
  }, ATTACKER);
  const before = (await refusals(driver)).length;

  // Paying before Pay; another order by its payment address and by its id; the zero-amount saving
  // order; a MOTO body; a non-gateway address.
  await send(driver, { type: 'pay', id: 901, apiDoUrl: other.api_do_url, options: {} });
  await send(driver, { type: 'session-data', id: 1, data: { email: ATTACKER } });
  await send(driver, {
    type: 'session-data',
    id: 1,
    data: { email: ATTACKER },
    api_do_url: other.api_do_url,
  });
  await send(driver, { type: 'session-data', id: 1, data: { email: ATTACKER, order_id: other.order_id } });
  await send(driver, {
    type: 'session-data',
    id: 1,
    data: { email: ATTACKER, save_consent: { scenario: 'recurring', text_version: 'v1', agreed: true } },
    apiDoUrl: saving.api_do_url,
  });
  await send(driver, { type: 'session-data', id: 1, data: { email: ATTACKER, options: { moto: true } } });
  await send(driver, { type: 'configure', config: { moto: true } });
  await send(driver, { type: 'pay', id: 903, apiDoUrl: `${E2E_SHOP}/steal`, options: { moto: true } });

  await expect.poll(async () => (await refusals(driver)).length - before).toBeGreaterThanOrEqual(8);
  const reasons = (await refusals(driver)).slice(before);
  expect(reasons.filter((r) => /starts only from the customer pressing Pay/.test(r))).toHaveLength(2);
  expect(reasons.filter((r) => /not pressed Pay/.test(r))).toHaveLength(1);
  expect(reasons.filter((r) => /may not name an order/.test(r))).toHaveLength(3);
  expect(reasons.filter((r) => /phone order \(MOTO\)/.test(r))).toHaveLength(2);
  // The customer sees nothing of it, and nothing typed was lost.
  expect(
    await driver.evaluate(() => {
      const root = document.querySelector('gateway-checkout')?.shadowRoot;
      return ['message', 'status'].map((part) =>
        root?.querySelector(`[part~="${part}"]`)?.textContent?.trim(),
      );
    }),
  ).toEqual(['', '']);
  expect(await driver.value(field('Card number', CARD_FRAME))).toBe('4111 1111 1111 1111');
  expect(await driver.value(field('Security code', CARD_FRAME))).toBe('737');

  // The customer presses Pay: their own order is paid, once.
  await pressFramedPay(driver);
  await seeText(driver, /Payment successful/);
  const paid = await orderOfLastResult(driver);
  expect(paid.status).toBe('paid');
  expect(paid.client?.email).toBe('anna@example.com');
  expect(paymentAttempts(paid)).toBe(1);
  expect((await gateway.orders.get(other.order_id)).status).toBe('issued');
  expect((await gateway.orders.get(saving.order_id)).status).toBe('issued');
  expect(await driver.errors()).toEqual([]);
});

test('a saving put in the cart by a script is shown in the frame and asks consent; a second Pay frame pays nothing', async ({
  driver,
}) => {
  test.setTimeout(120_000);
  await driver.runOnEveryPage(hostileParent, E2E_SHOP);
  await driver.goto('/isolated/');
  await driver.type(field('E-mail'), 'anna@example.com');
  await typeCard(driver, CARD, CARD_FRAME);
  const before = await newestOrderId();

  // The script puts a card-saving order in the visit's cart, as the shop's picker does.
  await driver.evaluate(async () => {
    const res = await fetch('/scenario', {
      method: 'POST',
      body: new URLSearchParams({ scenario: 'save-card' }),
    });
    return res.status;
  });
  await pressFramedPay(driver);
  // Nothing is paid: the fields say what the order now does, and ask.
  await seeText(driver, 'Your card will be saved for one-click payments at Baltic Pantry.', CARD_FRAME);
  await expect
    .poll(async () => (await refusals(driver)).some((r) => /does not do what the card fields showed/.test(r)))
    .toBe(true);
  expect(await newestOrderId()).toBe(before);

  // Without the consent ticked in the frame, nothing is made. The fields grew with the terms and
  // moved Pay: the customer presses once it stands where they see it.
  await driver.type(field('Security code', CARD_FRAME), CARD.csc);
  await pressFramedPay(driver);
  await seeText(driver, 'This field is required.', CARD_FRAME);
  expect(await newestOrderId()).toBe(before);

  // A second Pay frame of the script's own, on the fields' channel: no press pays while it is there.
  await driver.evaluate(() => (window as unknown as Win).hostile.framePayOfItsOwn());
  await expect
    .poll(async () => (await refusals(driver)).some((r) => /second Pay button/.test(r)), { timeout: 20_000 })
    .toBe(true);
  await driver.click({
    role: 'checkbox',
    name: 'Save my card with Baltic Pantry for faster checkout.',
    frames: CARD_FRAME,
  });
  await new Promise((resolve) => setTimeout(resolve, 700));
  await driver.click({ role: 'button', name: /^Pay\b/, frames: ['Own pay'] });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(await newestOrderId()).toBe(before);

  // Gone again: the checkout's own Pay pays, with the consent given in the frame, to the shop's customer.
  await driver.evaluate(() => document.getElementById('own-pay')?.remove());
  await new Promise((resolve) => setTimeout(resolve, 700));
  await pressFramedPay(driver);
  await seeText(driver, /Payment successful/);
  const paid = await orderOfLastResult(driver);
  expect(paid.setup_future_use).toBe('one-click');
  expect(paid.client?.email).toBe('guest@baltic-pantry.example');
  expect(paymentAttempts(paid)).toBe(1);
  expect(await driver.errors()).toEqual([]);
});
