import { expect, type Page, test } from '@playwright/test';
import {
  gateway,
  newestOrder,
  newestOrderId,
  ordersMadeSince,
  payButton,
  recordEvents,
  setFault,
  signIn,
  statusLine,
} from './support.ts';

// The call-centre agent's screen, used as an agent uses it: keyboard only, one caller after another.

test.beforeEach(async ({ page }) => {
  await setFault('none');
  await recordEvents(page);
});

/** Presses Tab until the focused control has this accessible name, as a person tabs to a field. */
async function tabTo(page: Page, name: string | RegExp): Promise<void> {
  for (let i = 0; i < 12; i++) {
    const current = await page.evaluate(() => {
      let el = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      if (!el) return '';
      const labelled = (el as HTMLInputElement).labels?.[0]?.textContent ?? '';
      return (
        (el.getAttribute('aria-label') ?? labelled ?? el.textContent ?? '').trim() ||
        el.textContent?.trim() ||
        ''
      );
    });
    if (typeof name === 'string' ? current === name : name.test(current)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name}`);
}

async function takeCall(
  page: Page,
  call: { amount: string; reference: string; number: string },
): Promise<void> {
  const amount = page.getByLabel('Amount (EUR)');
  await expect(amount).toBeFocused();
  await page.keyboard.type(call.amount);
  await tabTo(page, 'Order reference');
  await page.keyboard.type(call.reference);
  await tabTo(page, 'Card number');
  await page.keyboard.type(call.number, { delay: 5 });
  await tabTo(page, 'Expiry date');
  await page.keyboard.type('1234', { delay: 5 });
  await page.keyboard.press('Enter');
}

test('three callers in a row by keyboard alone, each with its own amount, all listed newest first', async ({
  page,
}) => {
  // Three whole payments and a second tab: more than the default 30 s on a loaded machine.
  test.setTimeout(60_000);
  await signIn(page, '/moto/');
  const list = page.getByRole('table', { name: 'Taken this shift' });
  await expect(list.getByRole('row', { name: 'No payments yet' })).toBeVisible();
  await expect(payButton(page)).toHaveText('Pay');

  const calls = [
    { amount: '12.50', reference: 'CALL-1', number: '4111111111111111' },
    { amount: '7', reference: 'CALL-2', number: '4000000000000002' },
    { amount: '120.05', reference: 'CALL-3', number: '5555555555554444' },
  ];
  for (const [i, call] of calls.entries()) {
    await takeCall(page, call);
    const checkout = page.locator('gateway-checkout');
    if (call.number === '4000000000000002') {
      // Declined: the agent's words, and the focus on the card number for the caller's next card.
      await expect(page.locator('#agent-message')).toHaveText(
        'Declined by the card’s bank: refer to card issuer. Ask the caller for another card.',
      );
      await expect(checkout.getByLabel('Card number')).toBeFocused();
      await expect(page.getByLabel('Amount (EUR)')).toHaveValue(call.amount);
      await tabTo(page, 'New payment');
    }
    const done = checkout.getByRole('button', { name: 'New payment' });
    await expect(done).toBeFocused();
    const order = await newestOrder();
    // The caller's reference is on the order; its number stays the shop's own.
    expect(order?.products?.[0]?.title).toBe(`Phone order ${call.reference}`);
    expect(order?.number).toMatch(/^BP-/);
    expect(order?.total).toBe(Number(call.amount));
    expect(order?.is_moto).toBe(true);
    await expect(list.locator('tbody tr')).toHaveCount(i + 1);
    await expect(list.locator('tbody tr').first()).toContainText(call.reference);
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Amount (EUR)')).toHaveValue('');
    await expect(page.getByLabel('Order reference')).toHaveValue('');
    await expect(checkout.getByLabel('Card number')).toHaveValue('');
    // The shop asks no cardholder's name on a phone order (require-name="false").
    await expect(checkout.getByLabel('Cardholder name')).toHaveCount(0);
    // The caller's e-mail is the shop's to know: the agent's screen asks none.
    await expect(checkout.getByLabel('E-mail')).toHaveCount(0);
    await expect(checkout.getByLabel('Security code')).toHaveCount(0);
    await expect(statusLine(page)).toHaveText('');
    await expect(payButton(page)).toHaveText('Pay');
  }

  const rows = list.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('CALL-3');
  await expect(rows.nth(0)).toContainText('€120.05');
  await expect(rows.nth(0)).toContainText('Paid');
  await expect(rows.nth(1)).toContainText('CALL-2');
  await expect(rows.nth(1)).toContainText('€7.00');
  await expect(rows.nth(1)).toContainText(/Declined/);
  await expect(rows.nth(2)).toContainText('CALL-1');
  await expect(rows.nth(2)).toContainText('€12.50');
  for (let i = 0; i < 3; i++) await expect(rows.nth(i).locator('time')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  // Only what was paid counts towards the shift's total.
  await expect(list.locator('tfoot')).toContainText('€132.55');

  // The shift is kept on the shop's server: a second tab and a reload show the same payments.
  const second = await page.context().newPage();
  await second.goto('/moto/');
  const again = second.getByRole('table', { name: 'Taken this shift' }).locator('tbody tr');
  await expect(again).toHaveCount(3);
  await expect(again.nth(0)).toContainText('CALL-3');
  await expect(again.nth(1)).toContainText(/Declined/);
  await expect(second.getByRole('table', { name: 'Taken this shift' }).locator('tfoot')).toContainText(
    '€132.55',
  );
  await second.reload();
  await expect(again).toHaveCount(3);
  await second.close();

  // Every result can be reached by keyboard, with the widget's focus ring.
  await expect(page.getByLabel('Amount (EUR)')).toBeFocused();
  for (const reference of ['CALL-3', 'CALL-2', 'CALL-1']) {
    await tabTo(page, new RegExp(reference));
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { style: style.outlineStyle, width: style.outlineWidth };
    });
    expect(ring).toEqual({ style: 'solid', width: '2px' });
  }
});

test('no amount typed: nothing is sent, the agent is told at the Amount field', async ({ page }) => {
  await signIn(page, '/moto/');
  const before = (await newestOrder())?.id;
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') sent.push(r.url());
  });
  await expect(payButton(page)).toHaveText('Pay');
  await tabTo(page, 'Card number');
  await page.keyboard.type('4111111111111111', { delay: 5 });
  await tabTo(page, 'Expiry date');
  await page.keyboard.type('1234', { delay: 5 });
  await page.keyboard.press('Enter');

  const amount = page.getByLabel('Amount (EUR)');
  await expect(amount).toBeFocused();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter the amount the caller pays.')).toBeVisible();
  expect(sent).toEqual([]);
  expect((await newestOrder())?.id).toBe(before);
  await expect(
    page.getByRole('table', { name: 'Taken this shift' }).getByRole('row', { name: 'No payments yet' }),
  ).toBeVisible();

  // Typing the amount then paying keeps the card the agent already keyed in.
  await page.keyboard.type('9.99');
  await expect(page.getByText('Enter the amount the caller pays.')).toBeHidden();
  await page.keyboard.press('Tab');
  await expect(payButton(page)).toHaveText('Pay €9.99');
  await page.locator('gateway-checkout').getByLabel('Expiry date').press('Enter');
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  const order = await newestOrder();
  expect(order?.total).toBe(9.99);
  expect((await gateway.orders.get(order!.id)).status).toBe('paid');
});

test('the merchant server refuses a phone order without an amount', async ({ page }) => {
  await signIn(page, '/moto/');
  const res = await page.request.post('/checkout/session?moto=1', {
    headers: { 'content-type': 'application/json' },
    data: { idempotency_key: 'moto-without-amount-0001' },
  });
  expect(res.status()).toBe(400);
  const body = (await res.json()) as { error: { fields: Array<{ path: string; code: string }> } };
  expect(body.error.fields).toEqual([expect.objectContaining({ path: 'amount', code: 'required' })]);
  const config = await (await page.request.get('/checkout/session?moto=1')).json();
  expect(config.amount).toBeNull();
});

/** Keys in a card and the rest of a call, without pressing Pay. */
async function keyIn(page: Page, amount: string, reference = ''): Promise<void> {
  await signIn(page, '/moto/');
  await page.getByLabel('Amount (EUR)').fill(amount);
  if (reference) await page.getByLabel('Order reference').fill(reference);
  const checkout = page.locator('gateway-checkout');
  await checkout.getByLabel('Card number').pressSequentially('4111111111111111', { delay: 5 });
  await checkout.getByLabel('Expiry date').pressSequentially('1234', { delay: 5 });
}

const paymentPosts = (page: Page) => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/pay\/[^/]+\/$/.test(new URL(r.url()).pathname)) posts.push(r.url());
  });
  return posts;
};

test('the amount corrected, then Enter in the amount field: the new amount is paid, once', async ({
  page,
}) => {
  const posts = paymentPosts(page);
  await keyIn(page, '10.00');
  await expect(payButton(page)).toHaveText('Pay €10.00');
  const amount = page.getByLabel('Amount (EUR)');
  await amount.focus();
  await amount.press('ControlOrMeta+a');
  // The button follows the field as it is typed, before the field is left.
  await amount.pressSequentially('100.00', { delay: 20 });
  await expect(payButton(page)).toHaveText('Pay €100.00');
  await amount.press('Enter');
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  const order = await newestOrder();
  expect(order?.total).toBe(100);
  expect(order?.status).toBe('paid');
  expect(posts).toHaveLength(1);
});

test('the amount corrected, then a click on Pay at once: the new amount is paid, once', async ({ page }) => {
  const posts = paymentPosts(page);
  await keyIn(page, '10.00');
  const amount = page.getByLabel('Amount (EUR)');
  await amount.fill('');
  await amount.pressSequentially('100.00');
  // As a person presses: at once, while the new amount is still loading (Playwright would otherwise
  // wait for the button to be ready; a person's press on a button disabled meanwhile is lost).
  await payButton(page).click({ force: true });
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  expect((await newestOrder())?.total).toBe(100);
  expect(posts).toHaveLength(1);
});

for (const [typed, rule] of [
  ['0', 'Enter an amount from 0.01'],
  ['-5', 'Enter an amount from 0.01'],
  ['1.999', 'at most two decimals'],
  ['abc', 'Enter an amount from 0.01'],
  ['1e3', 'Enter an amount from 0.01'],
] as const) {
  test(`an amount of ${typed}: the field's own rule, nothing sent`, async ({ page }) => {
    const posts = paymentPosts(page);
    await keyIn(page, typed);
    await page.locator('gateway-checkout').getByLabel('Expiry date').press('Enter');
    const amount = page.getByLabel('Amount (EUR)');
    await expect(amount).toBeFocused();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#amount-error')).toContainText(rule);
    await expect(page.locator('gateway-checkout [part~="message"]')).toHaveText('');
    expect(posts).toHaveLength(0);
  });
}

test('a reference already charged this shift, and a large amount, are confirmed before paying', async ({
  page,
}) => {
  const posts = paymentPosts(page);
  await keyIn(page, '12.00', 'CALL-77');
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  await page.locator('gateway-checkout').getByRole('button', { name: 'New payment' }).click();

  // The same reference again: asked first; declining sends nothing.
  await page.getByLabel('Amount (EUR)').fill('12.00');
  await page.getByLabel('Order reference').fill('CALL-77');
  const checkout = page.locator('gateway-checkout');
  await checkout.getByLabel('Card number').pressSequentially('4111111111111111', { delay: 5 });
  await checkout.getByLabel('Expiry date').pressSequentially('1234', { delay: 5 });
  await payButton(page).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm the charge' });
  await expect(confirm).toContainText('Reference CALL-77 was already charged €12.00');
  await confirm.getByRole('button', { name: 'Do not charge' }).click();
  await expect(confirm).toBeHidden();
  expect(posts).toHaveLength(1);
  // Confirmed, it pays.
  await payButton(page).click();
  await confirm.getByRole('button', { name: 'Charge', exact: true }).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  expect(posts).toHaveLength(2);

  // Above the shop's limit (500 here): read back and confirmed.
  await checkout.getByRole('button', { name: 'New payment' }).click();
  await page.getByLabel('Amount (EUR)').fill('1000');
  await checkout.getByLabel('Card number').pressSequentially('4111111111111111', { delay: 5 });
  await checkout.getByLabel('Expiry date').pressSequentially('1234', { delay: 5 });
  await payButton(page).click();
  await expect(confirm).toContainText('Charge €1,000.00?');
  await confirm.getByRole('button', { name: 'Charge', exact: true }).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  expect((await newestOrder())?.total).toBe(1000);
  expect(posts).toHaveLength(3);
});

test('a decline is said in the agent’s words; the focus waits on the card number, amount and reference kept; the next card pays once', async ({
  page,
}) => {
  const posts = paymentPosts(page);
  const before = await newestOrderId();
  await keyIn(page, '23.45', 'PHONE-2001');
  const checkout = page.locator('gateway-checkout');
  await checkout.getByLabel('Card number').fill('');
  await checkout.getByLabel('Card number').pressSequentially('4000000000009995', { delay: 5 });
  await checkout.getByLabel('Expiry date').pressSequentially('1234', { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.locator('#agent-message')).toHaveText(
    'Declined by the card’s bank: not sufficient funds. Ask the caller for another card.',
  );
  // The checkout's own words (to a cardholder) give way to the agent's.
  await expect(checkout.locator('[part~="message"]')).toBeHidden();
  const number = checkout.getByLabel('Card number');
  await expect(number).toBeFocused();
  await expect(number).toHaveValue('');
  await expect(page.getByLabel('Amount (EUR)')).toHaveValue('23.45');
  await expect(page.getByLabel('Order reference')).toHaveValue('PHONE-2001');
  await expect(payButton(page)).toHaveText('Pay €23.45');

  // The caller's next card, typed at once where the focus waits.
  await page.keyboard.type('4111111111111111', { delay: 5 });
  await page.keyboard.press('Tab');
  await page.keyboard.type('1234', { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  await expect(page.locator('#agent-message')).toHaveText('');
  expect(posts).toHaveLength(2);
  const made = await Promise.all((await ordersMadeSince(before)).map((id) => gateway.orders.get(id)));
  const paid = made.filter((o) => o.status === 'paid');
  expect(paid).toHaveLength(1);
  expect(paid[0]).toMatchObject({ total: 23.45, is_moto: true });
  expect(paid[0]!.products?.[0]?.title).toBe('Phone order PHONE-2001');
  const list = page.getByRole('table', { name: 'Taken this shift' });
  await expect(list.locator('tbody tr').first()).toContainText('PHONE-2001');
  await expect(list.locator('tbody tr').first()).toContainText('Paid');
});

test('a card number typed as the reference is refused as typed, and by the shop’s server; no order carries it', async ({
  page,
}) => {
  const before = await newestOrderId();
  const posts = paymentPosts(page);
  await keyIn(page, '5.00');
  const reference = page.getByLabel('Order reference');
  for (const typed of ['4111111111111111', '4111-1111-1111-1111', '4111_1111_1111_1111']) {
    await reference.fill(typed);
    await expect(reference).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#reference-error')).toHaveText(/A card number cannot be an order reference/);
    // The session address the checkout asks never carries it.
    expect(await page.locator('gateway-checkout').getAttribute('session-url')).not.toMatch(/4111/);
    await payButton(page).click();
    await expect(reference).toBeFocused();
  }
  expect(posts).toHaveLength(0);
  // Sent by hand (a script, a bookmark): the shop's server refuses it, naming where, for GET and POST.
  for (const ref of ['4111111111111111', '4111-1111-1111-1111', '4111_1111_1111_1111']) {
    const query = `/checkout/session?moto=1&amount=5.00&ref=${encodeURIComponent(ref)}`;
    const get = await page.request.get(query);
    expect(get.status()).toBe(400);
    const post = await page.request.post(query, {
      headers: { 'content-type': 'application/json' },
      data: { idempotency_key: `moto-card-ref-${Date.now()}-${ref.length}` },
    });
    expect(post.status()).toBe(400);
    const body = (await post.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('card_data_refused');
    expect(body.error.message).toContain('query.ref');
    expect(body.error.message).not.toContain('4111');
  }
  const made = await Promise.all((await ordersMadeSince(before)).map((id) => gateway.orders.get(id)));
  expect(JSON.stringify(made)).not.toMatch(/4111.?1111.?1111.?1111/);
  // A reference of the agent's own still pays.
  await reference.fill('PHONE-1005');
  await expect(reference).toHaveAttribute('aria-invalid', 'false');
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  expect((await newestOrder())?.products?.[0]?.title).toBe('Phone order PHONE-1005');
  await expect(page.getByRole('table', { name: 'Taken this shift' })).not.toContainText('4111');
});
