import type { EngineDriver } from '../../support/engines/driver.ts';
import { gateway, setFault } from '../support.ts';
import { field, newestOrderId, ordersSince, seeText } from './checkout.ts';
import { expect, test } from './fixture.ts';

// The call-centre agent's phone-order screen in every engine: the agent keys in what the caller
// says, the merchant's server decides that it is a MOTO payment.

const AGENT_PASSWORD = process.env.DEMO_AGENT_PASSWORD || 'demo-agent-password';

/** Opens the phone-order screen, signing the demo agent in when the screen asks for it. */
async function openMotoScreen(driver: EngineDriver): Promise<void> {
  await driver.goto('/moto/');
  const amount = field('Amount (EUR)');
  const userName = field('User name');
  await expect
    .poll(async () => (await driver.isVisible(amount)) || (await driver.isVisible(userName)), {
      message: 'the phone-order screen or its sign-in',
      timeout: 20_000,
    })
    .toBe(true);
  if (await driver.isVisible(amount)) return;
  await driver.type(userName, 'agent');
  await driver.type({ role: 'textbox', name: 'Password' }, AGENT_PASSWORD);
  await driver.click({ role: 'button', name: 'Sign in' });
  await expect.poll(() => driver.isVisible(amount), { timeout: 20_000 }).toBe(true);
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
  await driver.type(field('E-mail'), 'caller@example.com');
  await driver.type(field('Card number'), '4111111111111111');
  await driver.type(field('Expiry date'), '1234');
  await driver.type(field('Cardholder name'), 'Anna Berzina');
  // The agent pays from the keyboard, Enter in the last field.
  await driver.press('Enter');
  await seeText(driver, /Payment successful/);
  await expect.poll(() => driver.isFocused({ role: 'button', name: 'New payment' })).toBe(true);

  const orders = await ordersSince(before);
  expect(orders).toHaveLength(1);
  const order = await gateway.orders.get(orders[0]!.id);
  expect(order.number).toBe('CALL-ENGINE');
  expect(order.total).toBe(12.5);
  expect(order.is_moto).toBe(true);
  expect(order.status).toBe('paid');
  expect(await driver.errors()).toEqual([]);
});
