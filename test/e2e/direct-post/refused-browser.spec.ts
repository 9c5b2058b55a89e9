import { expect, test } from '@playwright/test';
import { E2E_SANDBOX } from '../../support/ports.ts';
import {
  alertLine,
  eventsOf,
  gateway,
  newestOrderId,
  ordersMadeSince,
  payButton,
  recordEvents,
  setFault,
  typeCard,
  typeEmail,
} from '../support.ts';

// A shop left on the default transport (api-do) against a gateway whose api_do_url answers no
// browser: the browser never sends the card (the preflight gets no CORS answer), nothing is
// charged, the customer reads a plain failure and the developer one console line naming the fix.

const SHOP = process.env.E2E_API_DO_SHOP!;

test('the checkout says the gateway refused the browser, names the fix in the console, charges nothing', async ({
  page,
}) => {
  await setFault('none');
  await recordEvents(page);
  const before = await newestOrderId();
  const console: string[] = [];
  page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
  await page.goto(`${SHOP}/`);
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111' });
  await payButton(page).click();
  await expect(alertLine(page)).toHaveText('The payment service did not accept the payment.', {
    timeout: 20_000,
  });
  const error = (await eventsOf(page)).find((e) => e.type === 'gateway-error');
  expect(error?.detail.type).toBe('browser_refused');
  const made = await ordersMadeSince(before);
  expect(made).toHaveLength(1);
  const order = await gateway.orders.get(made[0]!);
  expect(order.status).toBe('issued');
  expect(order.status_changes).toHaveLength(1);
  // Its api_do_url is the closed sandbox's; the developer is told what to change.
  expect(order.api_do_url?.startsWith(E2E_SANDBOX)).toBe(true);
  const lines = console.filter((line) => line.includes('gateway-checkout:'));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain("transport: 'direct-post'");
  expect(lines[0]).toContain('api_do_url');
  // No "try again" for the customer: it cannot go through until the shop switches.
  await expect(page.locator('gateway-checkout').getByRole('button', { name: /Try again/ })).toHaveCount(0);
});
