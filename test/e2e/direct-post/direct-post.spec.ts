import { expect, type Page, test } from '@playwright/test';
import {
  ContainmentRecorder,
  cardNumberSecret,
  expectNoFieldHolds,
  securityCodeSecret,
} from '../../support/containment.ts';
import {
  alertLine,
  eventsOf,
  gateway,
  newestOrderId,
  openScenario,
  orderOfLastResult,
  ordersMadeSince,
  payButton,
  paymentAttempts,
  recordEvents,
  setFault,
  signIn,
  statusLine,
  typeCard,
  typeEmail,
} from '../support.ts';
import { apiDo, CHALLENGE, CSC, DECLINED, directPost, THREE_DS, VISA } from './shared.ts';

// The demo shop on the Direct Post transport against a sandbox whose api_do_url answers no browser
// (playwright.direct-post.config.ts): the card goes as one HTML form POST to the order's
// direct_post, into a frame of the checkout's own, and nowhere else; the bank's check shows in the
// same dialog; the result is read from the status. Everything the default transport promises holds.

test.beforeEach(async ({ page }) => {
  await setFault('none');
  await recordEvents(page);
});

/** The card went once, in the body of the POST to direct_post, and nowhere else at all. */
async function expectContained(page: Page, recorder: ContainmentRecorder, numbers: string[], csc = true) {
  await recorder.snapshot();
  const secrets = [...numbers.map(cardNumberSecret), ...(csc ? [securityCodeSecret(CSC)] : [])];
  expect(recorder.leaks(secrets, directPost)).toEqual([]);
  for (const number of numbers)
    expect(recorder.carried(cardNumberSecret(number), directPost)).toHaveLength(1);
  expect(recorder.requests.filter(apiDo)).toEqual([]);
  if (csc) await expectNoFieldHolds(page, securityCodeSecret(CSC));
}

test('in-page: a Visa card pays through Direct Post, the card only in the form POST', async ({
  page,
  context,
}) => {
  const recorder = await ContainmentRecorder.install(context);
  const before = await newestOrderId();
  await page.goto('/');
  await typeEmail(page);
  await typeCard(page, { number: VISA, csc: CSC });
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/, { timeout: 20_000 });
  const orders = await ordersMadeSince(before);
  expect(orders).toHaveLength(1);
  const order = await gateway.orders.get(orders[0]!);
  expect(order.status).toBe('paid');
  expect(paymentAttempts(order)).toBe(1);
  // The gateway was sent back to the shop's return route, which the helper serves.
  expect(order.success_redirect).toMatch(/\/checkout\/return$/);
  expect(recorder.requests.filter(directPost)).toHaveLength(1);
  const form = recorder.requests.find(directPost)!;
  expect(new URLSearchParams(form.body).get('exp_month')).toBe('12');
  expect((await eventsOf(page)).map((e) => e.type)).toContain('gateway-success');
  await expectContained(page, recorder, [VISA]);
  await expectNoFieldHolds(page, cardNumberSecret(VISA));
});

test('declined, the form kept; another card then pays on a new order', async ({ page, context }) => {
  const recorder = await ContainmentRecorder.install(context);
  const before = await newestOrderId();
  await page.goto('/');
  await typeEmail(page);
  await typeCard(page, { number: DECLINED, csc: CSC });
  await payButton(page).click();
  await expect(alertLine(page)).toHaveText(/Your bank declined the payment/, { timeout: 20_000 });
  const declined = await orderOfLastResult(page);
  expect(declined.status).toBe('rejected');
  const checkout = page.locator('gateway-checkout');
  await expect(checkout.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await expect(checkout.getByLabel('Cardholder name')).toHaveValue('Anna Berzina');
  await expect(checkout.getByLabel('Security code')).toHaveValue('');
  const decline = (await eventsOf(page)).find((e) => e.type === 'gateway-decline');
  expect(decline?.detail.reason).toBe('Decline, refer to card issuer');

  await checkout.getByLabel('Card number').fill('');
  await checkout.getByLabel('Card number').pressSequentially(VISA, { delay: 5 });
  await checkout.getByLabel('Security code').pressSequentially(CSC, { delay: 5 });
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/, { timeout: 20_000 });
  const orders = await ordersMadeSince(before);
  expect(orders).toHaveLength(2);
  const paid = await orderOfLastResult(page);
  expect(paid.id).not.toBe(declined.id);
  expect(paid.status).toBe('paid');
  expect(paymentAttempts(paid)).toBe(1);
  expect(paymentAttempts(await gateway.orders.get(declined.id))).toBe(1);
  await expectContained(page, recorder, [DECLINED, VISA]);
});

for (const [answer, ends] of [
  ['Approve', 'paid'],
  ['Fail', 'rejected'],
] as const) {
  test(`3-D Secure in the checkout's dialog: ${answer} at the bank, ${ends}`, async ({ page, context }) => {
    const recorder = await ContainmentRecorder.install(context);
    await page.goto('/');
    await typeEmail(page);
    await typeCard(page, { number: THREE_DS, csc: CSC });
    await payButton(page).click();
    const dialog = page.getByRole('dialog', { name: CHALLENGE });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    const bank = page.frameLocator(`iframe[title="${CHALLENGE}"]`);
    await expect(bank.getByText('Sandbox Bank').first()).toBeVisible();
    await bank.getByRole('button', { name: answer }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    if (ends === 'paid') await expect(statusLine(page)).toHaveText(/Payment successful/, { timeout: 20_000 });
    else await expect(alertLine(page)).toHaveText(/could not confirm the payment/, { timeout: 20_000 });
    const order = await orderOfLastResult(page);
    expect(order.status).toBe(ends);
    expect(paymentAttempts(order)).toBe(1);
    // The bank's answer and the way back carry no card data.
    await expectContained(page, recorder, [THREE_DS]);
  });
}

test('3-D Secure closed unfinished: the order still waits, nothing is charged, paying again makes a new order', async ({
  page,
}) => {
  await page.goto('/');
  await typeEmail(page);
  await typeCard(page, { number: THREE_DS, csc: CSC });
  await payButton(page).click();
  const dialog = page.getByRole('dialog', { name: CHALLENGE });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  const waiting = await newestOrderId();
  await dialog.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(
    page.locator('gateway-checkout iframe[title="Confirm the payment with your bank"]'),
  ).toHaveCount(0);
  const order = await gateway.orders.get(waiting!);
  expect(order.status).toBe('in_progress');
  expect(order.paid).toBeNull();
});

for (const fault of ['reset', 'timeout'] as const) {
  test(`an answer lost to a ${fault} is reconciled from the status: paid once, never again`, async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    const recorder = await ContainmentRecorder.install(context);
    await page.goto('/');
    await typeEmail(page);
    await typeCard(page, { number: VISA, csc: CSC });
    await setFault(fault);
    await payButton(page).click();
    await expect(statusLine(page)).toHaveText(/Payment successful/, { timeout: 30_000 });
    const order = await orderOfLastResult(page);
    expect(order.status).toBe('paid');
    expect(paymentAttempts(order)).toBe(1);
    expect((await eventsOf(page)).filter((e) => e.type === 'gateway-decline')).toEqual([]);
    await expectContained(page, recorder, [VISA]);
  });
}

test('Pay pressed twice sends one form and charges once', async ({ page, context }) => {
  const recorder = await ContainmentRecorder.install(context);
  const before = await newestOrderId();
  await page.goto('/');
  await typeEmail(page);
  await typeCard(page, { number: VISA, csc: CSC });
  await payButton(page).dblclick();
  await page.keyboard.press('Enter');
  await expect(statusLine(page)).toHaveText(/Payment successful/, { timeout: 20_000 });
  expect(await ordersMadeSince(before)).toHaveLength(1);
  expect(recorder.requests.filter(directPost)).toHaveLength(1);
  expect(paymentAttempts(await orderOfLastResult(page))).toBe(1);
});

test('a phone order (MOTO) pays through Direct Post without a security code', async ({ page, context }) => {
  const recorder = await ContainmentRecorder.install(context);
  await signIn(page, '/moto/');
  await page.getByLabel('Amount (EUR)').fill('12.50');
  await page.keyboard.press('Tab');
  // The phone-order screen asks no security code and no cardholder's name.
  await typeCard(page, { number: VISA, csc: null, name: null });
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/, { timeout: 20_000 });
  const order = await orderOfLastResult(page);
  expect(order).toMatchObject({ status: 'paid', is_moto: true, total: 12.5 });
  const form = new URLSearchParams(recorder.requests.find(directPost)!.body);
  expect(form.has('csc')).toBe(false);
  await expectContained(page, recorder, [VISA], false);
});

test('custom AVS: the form carries avs=true and the billing address reaches the order', async ({
  page,
  context,
}) => {
  const recorder = await ContainmentRecorder.install(context);
  await openScenario(page, 'avs-custom');
  const checkout = page.locator('gateway-checkout');
  await typeEmail(page);
  await typeCard(page, { number: VISA, csc: CSC });
  await checkout.getByLabel('Address').fill('Brīvības iela 21');
  await checkout
    .getByRole('textbox', { name: 'Postal code', exact: true })
    .pressSequentially('LV-1010', { delay: 5 });
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/, { timeout: 20_000 });
  const order = await orderOfLastResult(page);
  expect(order.status).toBe('paid');
  expect(order.client?.zip_code).toBe('LV-1010');
  expect(order.transaction_details?.avs_result).toMatchObject({ code: 'Y' });
  expect(new URLSearchParams(recorder.requests.find(directPost)!.body).get('avs')).toBe('true');
});

test('a card the merchant saves: the form carries saved_by_merchant, the gateway keeps the card', async ({
  page,
  context,
}) => {
  const recorder = await ContainmentRecorder.install(context);
  // The shop saves the card to the customer it knows: the page asks no e-mail.
  await openScenario(page, 'merchant-save');
  await typeCard(page, { number: '5555555555554444', csc: CSC });
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/, { timeout: 20_000 });
  const order = await orderOfLastResult(page);
  expect(order.status).toBe('paid');
  expect(order.transaction_details?.saved_card_id).toBeTruthy();
  expect(new URLSearchParams(recorder.requests.find(directPost)!.body).get('saved_by_merchant')).toBe('true');
});
