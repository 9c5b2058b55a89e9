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

test('the bank’s page fits its frame: no scrollbar and no blank strip below it', async ({ driver }) => {
  const fitOfFrame = () =>
    driver.evaluate(
      () => {
        const content = document.querySelector('main')!.getBoundingClientRect().bottom + scrollY;
        return {
          overflow: document.documentElement.scrollHeight - innerHeight,
          // What the frame shows below the content beyond the page's own bottom padding.
          blank: Math.round(
            innerHeight - content - parseFloat(getComputedStyle(document.body).paddingBottom),
          ),
        };
      },
      undefined,
      [CHALLENGE],
    );
  await expect.poll(fitOfFrame).toEqual({ overflow: 0, blank: expect.any(Number) });
  expect(Math.abs((await fitOfFrame()).blank)).toBeLessThanOrEqual(1);
  await driver.click(challengeButton('Approve'));
  await seeText(driver, /Payment successful/);
});
