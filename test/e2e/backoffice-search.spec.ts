import { expect, type Page, test } from '@playwright/test';
import type { Order } from '../../src/server/index.ts';
import {
  gateway,
  openScenario,
  orderOfLastResult,
  payButton,
  recordEvents,
  signIn,
  statusLine,
  typeCard,
  typeEmail,
} from './support.ts';

// An operator's day in the back office, against the real sandbox: finding a customer's order and
// acting on that one, and no other.

/** A Luhn-valid Visa number of its own, so its last four digits find few other orders. */
function visaOfOwn(): string {
  const body = `4${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
  let sum = 0;
  for (let i = body.length - 1, double = true; i >= 0; i--, double = !double) {
    const d = Number(body[i]) * (double ? 2 : 1);
    sum += d > 9 ? d - 9 : d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

async function payInShop(page: Page, email: string, number: string): Promise<Order> {
  await recordEvents(page);
  await openScenario(page, 'one-step');
  await typeEmail(page, email);
  await typeCard(page, { number });
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  return orderOfLastResult(page);
}

async function takePhoneOrder(page: Page, reference: string): Promise<void> {
  await page.goto('/moto/');
  await page.getByLabel('Amount (EUR)').fill('14.20');
  await page.getByLabel('Order reference').fill(reference);
  const checkout = page.locator('gateway-checkout');
  await checkout.getByLabel('Card number').pressSequentially('5555555555554444', { delay: 5 });
  await checkout.getByLabel('Expiry date').pressSequentially('1234', { delay: 5 });
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
}

async function search(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page).toHaveURL(
    new RegExp(`[?&]q=${encodeURIComponent(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  );
}

const rowOf = (page: Page, order: Pick<Order, 'id'>) => page.locator(`tbody.order[data-id="${order.id}"]`);

test('an operator finds an order by e-mail, by phone-order reference and by last four digits; a partial refund is confirmed by name', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `ops-${Date.now().toString(36)}@example.com`;
  const number = visaOfOwn();
  const paid = await payInShop(page, email, number);
  const reference = `PHONE-${Date.now().toString().slice(-6)}`;
  await signIn(page, '/moto/');
  await takePhoneOrder(page, reference);
  await page.goto('/orders/');

  // By e-mail: the one order, its e-mail, status in words and amount in the row.
  await search(page, email.toUpperCase());
  const rows = page.locator('tbody.order');
  await expect(rows).toHaveCount(1);
  const row = rowOf(page, paid);
  await expect(row.locator('[data-label=Customer]')).toHaveText(email);
  await expect(row.locator('[data-label=Status]')).toHaveText('Paid');
  await expect(row.locator('[data-amount]')).toHaveText('€32.25');
  await expect(page.locator('#found')).toContainText('1 order matches');

  // By the last four digits of the card: that order among any others with the same four.
  await search(page, number.slice(-4));
  await expect(rowOf(page, paid)).toHaveCount(1);
  for (const card of await page.locator('tbody.order [data-label=Card]').allTextContents())
    expect(card.endsWith(number.slice(-4))).toBe(true);

  // By the agent's phone-order reference.
  await search(page, reference);
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator('[data-label=Reference]')).toHaveText(reference);
  await expect(rows.first().locator('.kind')).toHaveText('Phone');

  // Nothing found: said in words.
  await search(page, 'nobody-at-all@example.com');
  await expect(rows).toHaveCount(0);
  await expect(page.locator('tbody.empty')).toContainText('No order matches');

  // A partial refund of the order found: the confirmation names order, customer and amount.
  await search(page, email);
  await row.getByRole('button', { name: /^Manage/ }).click();
  const refund = row.getByRole('form', { name: 'Refund' });
  await refund.getByRole('textbox').fill('5');
  await refund.getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: 'Refund?' });
  await expect(dialog.locator('p')).toHaveText(
    `Refund €5.00 of €32.25 to Anna Berzina, order ${paid.number}?`,
  );
  await expect(dialog.getByRole('button', { name: 'Go back' })).toBeFocused();
  // Escape, as Go back: nothing refunded.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(refund.getByRole('button')).toBeFocused();
  expect(await gateway.orders.get(paid.id)).toMatchObject({ status: 'paid', amount_refunded: 0 });
  await refund.getByRole('button').click();
  await dialog.getByRole('button', { name: 'Refund €5.00' }).click();
  await expect(row.locator('.outcome')).toHaveText(`Refunded €5.00 to Anna Berzina, order ${paid.number}.`);
  await expect(page.locator('#announce')).toHaveText(`Refunded €5.00 to Anna Berzina, order ${paid.number}.`);
  await expect(row.locator('.summary')).toBeFocused();
  await expect(row.locator('[data-label=Status]')).toHaveText('Partly refunded');
  expect(await gateway.orders.get(paid.id)).toMatchObject({ status: 'paid', amount_refunded: 5 });
});

test('with three orders opened one after another, only the last can be acted on', async ({ page }) => {
  // Three whole payments first: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  const orders: Order[] = [];
  for (let i = 0; i < 3; i++)
    orders.push(await payInShop(page, `three-${i}-${Date.now().toString(36)}@example.com`, visaOfOwn()));
  await signIn(page, '/orders/');
  for (const order of orders)
    await rowOf(page, order)
      .getByRole('button', { name: /^Manage/ })
      .click();
  // One panel open: the last one's; the others closed, their actions out of reach.
  await expect(page.locator('tr.panel:not([hidden])')).toHaveCount(1);
  for (const [i, order] of orders.entries()) {
    const row = rowOf(page, order);
    await expect(row.getByRole('button', { name: /^Manage/ })).toHaveAttribute(
      'aria-expanded',
      String(i === 2),
    );
    await expect(row.getByRole('form', { name: 'Reverse payment' })).toBeVisible({ visible: i === 2 });
  }
  // The only reversal a keyboard can reach names the last order, in its button and its confirmation.
  const last = orders[2]!;
  const reverse = page.getByRole('button', { name: /^Reverse the payment/ });
  await expect(reverse).toHaveCount(1);
  await expect(reverse).toHaveText(`Reverse the payment of €32.25 by Anna Berzina, order ${last.number}`);
  await reverse.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toContainText(`order ${last.number}?`);
  await page.getByRole('dialog').getByRole('button', { name: 'Reverse payment' }).click();
  await expect(rowOf(page, last).locator('[data-label=Status]')).toHaveText('Reversed');
  expect((await gateway.orders.get(last.id)).status).toBe('refunded');
  for (const order of orders.slice(0, 2)) expect((await gateway.orders.get(order.id)).status).toBe('paid');
});

test('the back office and the phone-order screen at 1280 and 375 px', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await payInShop(page, `look-${Date.now().toString(36)}@example.com`, visaOfOwn());
  await signIn(page, '/moto/');
  await takePhoneOrder(page, `PHONE-${Date.now().toString().slice(-4)}`);
  await page.locator('gateway-checkout').getByRole('button', { name: 'New payment' }).click();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/moto/');
    await expect(
      page.getByRole('table', { name: 'Taken this shift' }).locator('tbody tr').first(),
    ).toContainText('PHONE-');
    // Every reference on one line: nothing of the shift table wraps it.
    const tall = await page
      .locator('.shift td.ref')
      .evaluateAll((cells) =>
        cells.filter((cell) => {
          const text = document.createRange();
          text.selectNodeContents(cell);
          return text.getClientRects().length > 1;
        }),
      )
      .then((cells) => cells.length);
    expect(tall).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`moto-${width}.png`), fullPage: true });

    await page.goto('/orders/');
    await page
      .locator('tbody.order')
      .first()
      .getByRole('button', { name: /^Manage/ })
      .click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`orders-${width}.png`), fullPage: true });
  }
});
