import { E2E_BANK } from '../../support/ports.ts';
import { setFault } from '../support.ts';
import {
  CHALLENGE,
  challengeButton,
  challengeDialog,
  field,
  orderOfLastResult,
  payButton,
  seeElement,
  seeText,
  typeCard,
} from './checkout.ts';
import { expect, test } from './fixture.ts';

// 3-D Secure in the checkout's dialog, in every engine: the bank's page in a frame from the
// sandbox's origin, answered as a person answers it.

test.beforeEach(async ({ driver }) => {
  await setFault('none');
  await driver.goto('/');
  await driver.type(field('E-mail'), 'anna@example.com');
  await typeCard(driver, { number: '4000000000003220' });
  await driver.click(payButton);
  await seeElement(driver, challengeDialog);
  await seeElement(driver, challengeButton('Approve'));
});

test('Approve at the bank pays the order', async ({ driver }) => {
  await driver.click(challengeButton('Approve'));
  await seeElement(driver, challengeDialog, false);
  await seeText(driver, /Payment successful/);
  expect((await orderOfLastResult(driver)).status).toBe('paid');
});

test('Fail at the bank rejects the order and says so', async ({ driver }) => {
  await driver.click(challengeButton('Fail'));
  await seeElement(driver, challengeDialog, false);
  await seeText(driver, /could not confirm the payment/);
  expect((await orderOfLastResult(driver)).status).toBe('rejected');
});

test('the bank’s page is on the bank’s origin, in an EMV challenge window that its frame is', async ({
  driver,
}) => {
  const inFrame = () =>
    driver.evaluate(
      () => {
        const root = document.documentElement;
        return {
          origin: location.origin,
          window: document.querySelector('main')?.dataset.window ?? null,
          size: [innerWidth, innerHeight],
          overflow: [root.scrollWidth - root.clientWidth, root.scrollHeight - root.clientHeight],
        };
      },
      undefined,
      [CHALLENGE],
    );
  await expect.poll(async () => (await inFrame()).origin).toBe(E2E_BANK);
  const seen = await inFrame();
  // The dialog gave the frame one of the windows (or the whole screen), and the gateway asked the
  // bank for exactly that one: the bank's page fills it, nothing cut and nothing to scroll.
  const windows: Record<string, number[]> = {
    '01': [250, 400],
    '02': [390, 400],
    '03': [500, 600],
    '04': [600, 400],
  };
  expect(seen.window).toMatch(/^0[1-5]$/);
  if (seen.window !== '05') expect(seen.size).toEqual(windows[seen.window!]);
  expect(seen.overflow).toEqual([0, 0]);
  await driver.click(challengeButton('Approve'));
  await seeElement(driver, challengeDialog, false);
  await seeText(driver, /Payment successful/);
});
