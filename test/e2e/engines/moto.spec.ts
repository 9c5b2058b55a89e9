import type { EngineDriver } from '../../support/engines/driver.ts';
import { AGENT, gateway, setFault } from '../support.ts';
import { field, newestOrderId, ordersSince, seeText } from './checkout.ts';
import { expect, test } from './fixture.ts';

// The call-centre agent's phone-order screen in every engine: the agent keys in what the caller
// says, the merchant's server decides that it is a MOTO payment.

/** Opens the phone-order screen as the demo agent, through the sign-in form in front of it. */
async function openMotoScreen(driver: EngineDriver): Promise<void> {
  await driver.goto('/moto/');
  await driver.type(field('User name'), AGENT.user);
  await driver.type({ role: 'textbox', name: 'Password' }, AGENT.password);
  await driver.click({ role: 'button', name: 'Sign in' });
  await expect.poll(() => driver.isVisible(field('Amount (EUR)')), { timeout: 20_000 }).toBe(true);
}

test.beforeEach(async () => {
  await setFault('none');
});

test('a phone order keyed in by the agent is paid as MOTO with the amount and reference typed', async ({
  driver,
}) => {
  const before = await newestOrderId();
  await openMotoScreen(driver);
  await driver.type(field('Amount (EUR)'), '12.50');
  await driver.type(field('Order reference'), 'CALL-ENGINE');
  await driver.type(field('Card number'), '4111111111111111');
  await driver.type(field('Expiry date'), '1234');
  // The agent pays from the keyboard, Enter in the last field.
  await driver.press('Enter');
  await seeText(driver, /Payment successful/);
  await expect.poll(() => driver.isFocused({ role: 'button', name: 'New payment' })).toBe(true);

  const orders = await ordersSince(before);
  expect(orders).toHaveLength(1);
  const order = await gateway.orders.get(orders[0]!.id);
  // The caller's reference is on the order; its number stays the shop's own.
  expect(order.products?.[0]?.title).toBe('Phone order CALL-ENGINE');
  expect(order.number).toMatch(/^BP-/);
  expect(order.total).toBe(12.5);
  expect(order.is_moto).toBe(true);
  expect(order.status).toBe('paid');
  expect(await driver.errors()).toEqual([]);
});
