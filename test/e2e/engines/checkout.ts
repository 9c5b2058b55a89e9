import type { Order } from '../../../src/server/index.ts';
import type { EngineDriver, Target } from '../../support/engines/driver.ts';
import { gateway } from '../support.ts';
import { expect } from './fixture.ts';

// The sandbox's view of orders, as the Playwright specs read it.
export { newestOrderId, paymentAttempts } from '../support.ts';

// The demo checkout as a person finds it, in any engine: fields by their labels, Pay by its name.

export const field = (name: string, frames?: readonly string[]): Target => ({
  role: 'textbox',
  name,
  frames,
});
// The checkout's Pay names its amount ("Pay €32.25"); the demo's scenario picker has buttons that start
// with "Pay" too ("Pay now"), without one.
export const payButton: Target = { role: 'button', name: /^Pay\b.*\d/ };

export const CHALLENGE = 'Confirm the payment with your bank';
export const challengeDialog: Target = { role: 'dialog', name: CHALLENGE };
export const challengeButton = (name: 'Approve' | 'Fail'): Target => ({
  role: 'button',
  name,
  frames: [CHALLENGE],
});

/** The isolated fields' frame on /isolated/. */
export const CARD_FRAME = ['Card details'] as const;
/** With isolated fields, Pay is a button of the fields' origin, in a frame titled "Pay" where ours would be. */
export const framedPayButton: Target = { role: 'button', name: /^Pay\b/, frames: ['Pay'] };
const pressAgainButton: Target = { role: 'button', name: 'Press again to pay', frames: ['Pay'] };

/**
 * Presses the isolated fields' Pay as a person does: brought into view, looked at, pressed. The
 * button counts no press within 500 ms of appearing or moving; one it could not count (a loaded
 * machine can deliver the browser's visibility report late) makes it ask for another press, and a
 * person presses again: so does this, once.
 */
export async function pressFramedPay(driver: EngineDriver): Promise<void> {
  const settle = async () => {
    await driver.evaluate(() =>
      document
        .querySelector('gateway-checkout')!
        .shadowRoot!.querySelector('iframe[part~="pay-frame"]')!
        .scrollIntoView({ block: 'center' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 700));
  };
  await settle();
  await driver.click(framedPayButton);
  await new Promise((resolve) => setTimeout(resolve, 300));
  if (await driver.isVisible(pressAgainButton)) {
    await settle();
    await driver.click(pressAgainButton);
  }
}

export interface Card {
  number: string;
  expiry?: string;
  csc?: string;
  name?: string;
}

export async function typeCard(driver: EngineDriver, card: Card, frames?: readonly string[]): Promise<void> {
  await driver.type(field('Card number', frames), card.number);
  await driver.type(field('Expiry date', frames), card.expiry ?? '12/34');
  await driver.type(field('Security code', frames), card.csc ?? '123');
  await driver.type(field('Cardholder name', frames), card.name ?? 'Anna Berzina');
}

/** Waits until a person could read the text on the page (or in the frame). */
export async function seeText(driver: EngineDriver, text: string | RegExp, frames?: readonly string[]) {
  await expect
    .poll(() => driver.hasText(text, frames), { message: `text ${text} on the page`, timeout: 20_000 })
    .toBe(true);
}

export async function seeElement(driver: EngineDriver, target: Target, visible = true) {
  await expect
    .poll(() => driver.isVisible(target), { message: `${target.role} ${target.name}`, timeout: 20_000 })
    .toBe(visible);
}

/** The order the page's last success or decline names, as the sandbox has it. */
export async function orderOfLastResult(driver: EngineDriver): Promise<Order> {
  const result = async () =>
    (await driver.events())
      .filter((e) => e.type === 'gateway-success' || e.type === 'gateway-decline')
      .at(-1);
  await expect.poll(result, { message: 'a success or decline event', timeout: 20_000 }).toBeTruthy();
  return gateway.orders.get(String((await result())!.detail!.orderId));
}

/** The orders the sandbox created after `since` (its list is newest first). */
export async function ordersSince(since: string | undefined): Promise<Order[]> {
  const { results } = await gateway.orders.list();
  const end = results.findIndex((o) => o.id === since);
  return end === -1 ? results : results.slice(0, end);
}
