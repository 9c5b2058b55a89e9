import { field } from './checkout.ts';
import { expect, test } from './fixture.ts';

// The card number as a person types and corrects it, with the engine's own key events: the
// grouping of the brand, and the caret where the person left it after a correction.

const number = field('Card number');

test('American Express groups 4-6-5 and takes a four-digit security code', async ({ driver }) => {
  await driver.goto('/');
  await driver.type(number, '378282246310005');
  expect(await driver.value(number)).toBe('3782 822463 10005');
  await driver.type(field('Security code'), '1234');
  expect(await driver.value(field('Security code'))).toBe('1234');
});

test('a Backspace in the middle of the number leaves the caret where it was', async ({ driver }) => {
  await driver.goto('/');
  await driver.type(number, '4111222233334444');
  expect(await driver.value(number)).toBe('4111 2222 3333 4444');
  // Back into the number (a complete number moves the focus on), caret after "4111 22" by arrows.
  await driver.click(number);
  await driver.press('End');
  for (let i = 0; i < 12; i++) await driver.press('ArrowLeft');
  expect(await driver.caret(number)).toBe(7);
  await driver.press('Backspace');
  await expect.poll(() => driver.value(number)).toBe('4111 2223 3334 444');
  expect(await driver.caret(number)).toBe(6);
  await driver.keys('9');
  await expect.poll(() => driver.value(number)).toBe('4111 2922 3333 4444');
  expect(await driver.caret(number)).toBe(7);
});

test("the engine inserts a group's space with the digit typed, as one edit of its own", async ({
  driver,
}) => {
  // What the number field heard, as a page's listener hears it (input events cross shadow roots).
  await driver.runOnEveryPage(() => {
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    window.addEventListener(
      'input',
      (event) => {
        const input = event.composedPath()[0] as HTMLInputElement;
        if (input.id === 'number')
          heard.push(`${(event as InputEvent).inputType}:${(event as InputEvent).data}`);
      },
      true,
    );
  }, undefined);
  await driver.goto('/');
  await driver.type(number, '411111');
  expect(await driver.value(number)).toBe('4111 11');
  expect(await driver.evaluate(() => (window as unknown as { heard: string[] }).heard)).toEqual([
    'insertText:4',
    'insertText:1',
    'insertText:1',
    'insertText:1',
    'insertText: 1',
    'insertText:1',
  ]);
  expect(await driver.caret(number)).toBe(7);
});
