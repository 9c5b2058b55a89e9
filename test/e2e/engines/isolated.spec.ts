import type { EngineDriver } from '../../support/engines/driver.ts';
import { E2E_SHOP } from '../../support/ports.ts';
import { leaks, type Skimmed, skimmer } from '../skimmer.ts';
import { setFault } from '../support.ts';
import {
  CARD_FRAME,
  CHALLENGE,
  challengeButton,
  field,
  orderOfLastResult,
  payButton,
  paymentAttempts,
  pressFramedPay,
  seeElement,
  seeText,
  typeCard,
} from './checkout.ts';
import { expect, test } from './fixture.ts';

// The isolated card fields in every engine: /isolated/ frames the fields from a second origin
// (another port), and the payment goes from that frame to the sandbox.

test.beforeEach(async () => {
  await setFault('none');
});

test('a Visa card typed into the fields frame pays the order', async ({ driver }) => {
  await driver.goto('/isolated/');
  await driver.type(field('E-mail'), 'anna@example.com');
  await typeCard(driver, { number: '4111111111111111' }, CARD_FRAME);
  expect(await driver.value(field('Card number', CARD_FRAME))).toBe('4111 1111 1111 1111');
  await pressFramedPay(driver);
  await seeText(driver, /Payment successful/);
  const order = await orderOfLastResult(driver);
  expect(order.status).toBe('paid');
  expect(order.total).toBe(32.25);
  expect(order.transaction_details?.card_masked_pan).toMatch(/1111$/);
  expect(paymentAttempts(order)).toBe(1);
  expect(await driver.errors()).toEqual([]);
});

test('3-D Secure from the fields frame: the page shows the bank, Approve pays', async ({ driver }) => {
  await driver.goto('/isolated/');
  await driver.type(field('E-mail'), 'anna@example.com');
  await typeCard(driver, { number: '4000000000003220' }, CARD_FRAME);
  await pressFramedPay(driver);
  await seeElement(driver, { role: 'dialog', name: CHALLENGE });
  await driver.click(challengeButton('Approve'));
  await seeText(driver, /Payment successful/);
  expect((await orderOfLastResult(driver)).status).toBe('paid');
});

test('3-D Secure from the fields frame: Fail at the bank rejects the order and says so', async ({
  driver,
}) => {
  await driver.goto('/isolated/');
  await driver.type(field('E-mail'), 'anna@example.com');
  await typeCard(driver, { number: '4000000000003220' }, CARD_FRAME);
  await pressFramedPay(driver);
  await seeElement(driver, { role: 'dialog', name: CHALLENGE });
  await driver.click(challengeButton('Fail'));
  await seeElement(driver, { role: 'dialog', name: CHALLENGE }, false);
  await seeText(driver, /could not confirm the payment/);
  const order = await orderOfLastResult(driver);
  expect(order.status).toBe('rejected');
  expect(paymentAttempts(order)).toBe(1);
});

test('a card declined in the fields frame keeps the number there, drops the code, and another card pays', async ({
  driver,
}) => {
  await driver.goto('/isolated/');
  await driver.type(field('E-mail'), 'anna@example.com');
  await typeCard(driver, { number: '4000000000000002' }, CARD_FRAME);
  await pressFramedPay(driver);
  await seeText(driver, /Your bank declined the payment/);
  const declined = await orderOfLastResult(driver);
  expect(declined.status).toBe('rejected');
  expect(await driver.value(field('Card number', CARD_FRAME))).toBe('4000 0000 0000 0002');
  expect(await driver.value(field('Security code', CARD_FRAME))).toBe('');
  const number = field('Card number', CARD_FRAME);
  await driver.type(number, '');
  for (let i = 0; i < 19; i++) await driver.press('Backspace');
  expect(await driver.value(number)).toBe('');
  await driver.type(number, '4111111111111111');
  await driver.type(field('Security code', CARD_FRAME), '123');
  await pressFramedPay(driver);
  await seeText(driver, /Payment successful/);
  const paid = await orderOfLastResult(driver);
  expect(paid.id).not.toBe(declined.id);
  expect(paid.status).toBe('paid');
  expect(paymentAttempts(paid)).toBe(1);
});

// A skimmer on the shop's page (test/e2e/skimmer.ts: capture listeners, a MutationObserver over
// every open shadow root, wrapped fetch, XMLHttpRequest, postMessage and MessagePort) through a
// whole payment, in each engine: in the page it reads the card, framed it gets nothing.
const CARD = { number: '4111111111111111', csc: '737' };

/** Opens a checkout page with the skimmer on it, from the moment the test starts typing. */
async function openSkimmed(driver: EngineDriver, path: string): Promise<void> {
  await driver.runOnEveryPage(skimmer, E2E_SHOP);
  await driver.goto(path);
  await seeElement(driver, field('Card number', path.startsWith('/isolated/') ? CARD_FRAME : undefined));
  // The demo page lists the test cards in its own text: dropped, so only the checkout counts.
  await driver.evaluate(() => {
    document.querySelector('.cards')?.remove();
    (window as unknown as { skimFromHere: () => void }).skimFromHere();
  });
}

async function skimmed(driver: EngineDriver): Promise<Skimmed[]> {
  const seen = await driver.evaluate(() => (window as unknown as { skimmed: Skimmed[] }).skimmed);
  // It was watching: it heard the e-mail typed on the page.
  expect(seen.some((s) => s.channel === 'keyboard' && s.text.includes('anna@example'))).toBe(true);
  return seen;
}

test('in the page, the skimmer reads the card: what the isolated fields must prevent', async ({ driver }) => {
  await openSkimmed(driver, '/');
  await driver.type(field('E-mail'), 'anna@example.com');
  await typeCard(driver, CARD);
  await driver.click(payButton);
  await seeText(driver, /Payment successful/);
  const leaked = leaks(await skimmed(driver), CARD);
  expect(leaked.some((s) => s.channel === 'keyboard')).toBe(true);
  expect(leaked.some((s) => s.channel === 'dom-value')).toBe(true);
  expect(leaked.some((s) => s.channel === 'network' && s.text.includes(CARD.number))).toBe(true);
});

test('framed, the skimmer sees no digit of the card through a whole payment', async ({ driver }) => {
  await openSkimmed(driver, '/isolated/');
  await driver.type(field('E-mail'), 'anna@example.com');
  await typeCard(driver, CARD, CARD_FRAME);
  await pressFramedPay(driver);
  await seeText(driver, /Payment successful/);
  const order = await orderOfLastResult(driver);
  expect(order.status).toBe('paid');
  expect(order.transaction_details?.card_masked_pan).toMatch(/1111$/);
  const seen = await skimmed(driver);
  // It tried the frame and was refused: another origin's document.
  expect(seen.some((s) => s.channel === 'frame-refused')).toBe(true);
  expect(leaks(seen, CARD)).toEqual([]);
});
