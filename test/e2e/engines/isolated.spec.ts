import { setFault } from '../support.ts';
import {
  CARD_FRAME,
  CHALLENGE,
  challengeButton,
  field,
  orderOfLastResult,
  payButton,
  paymentAttempts,
  seeElement,
  seeText,
  typeCard,
} from './checkout.ts';
import { expect, test } from './fixture.ts';

// The isolated card fields in every engine: /isolated/ frames the fields from a second origin
// (another port), and the payment goes from that frame to the sandbox.

test.beforeEach(async ({ driver }) => {
  await setFault('none');
  await driver.goto('/isolated/');
});

test('a Visa card typed into the fields frame pays the order', async ({ driver }) => {
  await driver.type(field('E-mail'), 'anna@example.com');
  await typeCard(driver, { number: '4111111111111111' }, CARD_FRAME);
  expect(await driver.value(field('Card number', CARD_FRAME))).toBe('4111 1111 1111 1111');
  await driver.click(payButton);
  await seeText(driver, /Payment successful/);
  const order = await orderOfLastResult(driver);
  expect(order.status).toBe('paid');
  expect(order.total).toBe(32.25);
  expect(order.transaction_details?.card_masked_pan).toMatch(/1111$/);
  expect(paymentAttempts(order)).toBe(1);
  expect(await driver.errors()).toEqual([]);
});

test('3-D Secure from the fields frame: the page shows the bank, Approve pays', async ({ driver }) => {
  await driver.type(field('E-mail'), 'anna@example.com');
  await typeCard(driver, { number: '4000000000003220' }, CARD_FRAME);
  await driver.click(payButton);
  await seeElement(driver, { role: 'dialog', name: CHALLENGE });
  await driver.click(challengeButton('Approve'));
  await seeText(driver, /Payment successful/);
  expect((await orderOfLastResult(driver)).status).toBe('paid');
});
