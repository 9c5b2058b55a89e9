import type { EngineDriver } from '../../support/engines/driver.ts';
import { E2E_SHOP } from '../../support/ports.ts';
import { type Hostile, hostileParent } from '../hostile-parent.ts';
import { CARD_FRAME, type Card, field, typeCard } from './checkout.ts';
import { expect } from './fixture.ts';

// The hostile script of test/e2e/hostile-parent.ts in any engine: on the shop's page, holding the
// page's end of the channel to the isolated card fields.

export type Win = { hostile: Hostile };

/** The refusals the page's code heard, as `gateway-error` events of type `fields`. */
export async function refusals(driver: EngineDriver): Promise<string[]> {
  return (await driver.events())
    .filter((e) => e.type === 'gateway-error' && e.detail?.type === 'fields')
    .map((e) => String(e.detail?.message));
}

/** Sends a message to the fields on the script's port; answers how many ports it holds. */
export function send(driver: EngineDriver, message: unknown): Promise<number> {
  return driver.evaluate((m) => (window as unknown as Win).hostile.send(m), message);
}

/**
 * Opens /isolated/ with the script on it, the customer's e-mail and card typed, the script holding
 * the checkout's channel. WebKit's driver installs the script once the page has loaded, after the
 * checkout opened its channel: the script then does what any script may, it mounts the checkout
 * again and holds the new channel, and the customer types again into the new checkout.
 */
export async function openHeld(driver: EngineDriver, card: Card): Promise<void> {
  await driver.runOnEveryPage(hostileParent, E2E_SHOP);
  await driver.goto('/isolated/');
  await driver.type(field('E-mail'), 'anna@example.com');
  await typeCard(driver, card, CARD_FRAME);
  if ((await send(driver, { type: 'noop' })) === 0) {
    await driver.evaluate(() => {
      const checkout = document.querySelector('gateway-checkout');
      checkout?.replaceWith(checkout.cloneNode(true));
    });
    await driver.type(field('E-mail'), 'anna@example.com');
    await typeCard(driver, card, CARD_FRAME);
    expect(await send(driver, { type: 'noop' })).toBeGreaterThan(0);
  }
}
