import { E2E_FIELDS, E2E_SHOP } from '../../support/ports.ts';
import {
  CARD_FRAME,
  field,
  orderOfLastResult,
  paymentAttempts,
  pressFramedPay,
  seeText,
} from '../engines/checkout.ts';
import { expect, test } from '../engines/fixture.ts';
import { openHeld, refusals, type Win } from '../engines/hostile.ts';
import { gateway, newestOrderId, oneUntriedOrderSince, ordersMadeSince, setFault } from '../support.ts';

// The script of hostile-parent.spec.ts in every engine: on the shop's /isolated/ page, on the
// Direct Post transport, it holds the page's end of the channel to the card fields and, when the
// fields ask where to send the card form, answers first with frames of its own. The fields send
// only into the relay page the checkout opened: whatever it names, nothing reaches the gateway,
// and the customer then pays once. (Chromium also records every request, in that spec.)

const CARD = { number: '4111111111111111', csc: '737' };

test.beforeEach(async () => {
  await setFault('none');
});

test('a script naming its own frames for the fields frame’s Direct Post gets nothing sent; the customer then pays once', async ({
  driver,
}) => {
  test.setTimeout(180_000);
  const before = await newestOrderId();
  await openHeld(driver, CARD);
  // An empty frame, one of the shop's own pages, and two relay pages of the fields' origin under
  // one name (which one would the form go to?).
  await driver.evaluate(
    ({ shop, relay }) => {
      for (const [name, src] of [
        ['mallory-empty', null],
        ['mallory-shop', `${shop}/steal`],
        ['mallory-twice', relay],
        ['mallory-twice', relay],
      ] as const) {
        const frame = document.createElement('iframe');
        frame.name = name;
        if (src) frame.src = src;
        document.body.append(frame);
      }
    },
    { shop: E2E_SHOP, relay: `${E2E_FIELDS}/relay.html` },
  );

  for (const name of ['mallory-empty', 'mallory-shop', 'mallory-twice', 'mallory-nowhere']) {
    const refused = (await refusals(driver)).length;
    await driver.evaluate(
      (name) => (window as unknown as Win).hostile.answerFirst({ type: 'relay', name }, 'direct-post'),
      name,
    );
    await pressFramedPay(driver);
    await expect
      .poll(async () => (await refusals(driver)).slice(refused), { timeout: 30_000, message: name })
      .toContainEqual(expect.stringMatching(/not the fields' relay page: nothing was sent/));
    // The customer hears that it failed and keeps the card, without its code.
    await seeText(driver, /did not go through. No money was taken/);
    expect(await driver.value(field('Card number', CARD_FRAME))).toBe('4111 1111 1111 1111');
    await expect.poll(() => driver.value(field('Security code', CARD_FRAME))).toBe('');
    const [made] = await ordersMadeSince(before);
    expect(paymentAttempts(await gateway.orders.get(made!)), name).toBe(0);
    await driver.type(field('Security code', CARD_FRAME), CARD.csc);
  }
  // One order, never paid: each press tried it again, after its status said nothing reached it.
  const order = await oneUntriedOrderSince(before);

  // Left alone, the checkout's own frame takes the form: the same order, paid once.
  await pressFramedPay(driver);
  await seeText(driver, /Payment successful/);
  const paid = await orderOfLastResult(driver);
  expect(paid.id).toBe(order.id);
  expect(paid.status).toBe('paid');
  expect(paymentAttempts(paid)).toBe(1);
});
