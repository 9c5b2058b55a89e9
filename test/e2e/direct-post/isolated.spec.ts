import { expect, type Page, test } from '@playwright/test';
import {
  ContainmentRecorder,
  cardNumberSecret,
  type RecordedRequest,
  securityCodeSecret,
} from '../../support/containment.ts';
import {
  alertLine,
  eventsOf,
  framedPayButton,
  newestOrderId,
  openScenario,
  orderOfLastResult,
  ordersMadeSince,
  paymentAttempts,
  pressFramedPay,
  recordEvents,
  setFault,
  statusLine,
  typeCard,
  typeEmail,
} from '../support.ts';
import { apiDo, CHALLENGE, CSC, DECLINED, directPost, fields, THREE_DS, VISA } from './shared.ts';

// The isolated card fields (the demo's /isolated/ page, the fields framed from a second origin) on
// the Direct Post transport, against a sandbox whose api_do_url answers no browser: the fields'
// frame sends the card form itself, into the checkout's frame opened on the fields' relay page; the
// card never reaches the shop's page, and goes nowhere but in the body of that one POST.

test.beforeEach(async ({ page }) => {
  await setFault('none');
  await recordEvents(page);
});

async function open(page: Page): Promise<void> {
  await page.goto('/isolated/');
  await expect(fields(page).getByLabel('Card number')).toBeEditable();
}

/**
 * The form POST went from the fields' relay page, not from the shop's page: the gateway learns
 * nothing of where the card was typed (the relay sends no referrer, hence an opaque origin).
 */
function sentFromFields(form: RecordedRequest): void {
  const headers = JSON.parse(form.headers) as Record<string, string>;
  expect(headers.origin).toBe('null');
  expect(headers.referer).toBeUndefined();
}

/** The card went once, in the body of the POST to direct_post, and nowhere else at all. */
async function expectContained(recorder: ContainmentRecorder, numbers: string[]) {
  await recorder.snapshot();
  const secrets = [...numbers.map(cardNumberSecret), securityCodeSecret(CSC)];
  expect(recorder.leaks(secrets, directPost)).toEqual([]);
  for (const number of numbers)
    expect(recorder.carried(cardNumberSecret(number), directPost)).toHaveLength(1);
  expect(recorder.requests.filter(apiDo)).toEqual([]);
  for (const form of recorder.requests.filter(directPost)) sentFromFields(form);
}

test('isolated fields: a Visa card pays through Direct Post from the fields’ frame, the card only in that POST', async ({
  page,
  context,
}) => {
  const recorder = await ContainmentRecorder.install(context);
  const before = await newestOrderId();
  await open(page);
  await typeEmail(page);
  await typeCard(page, { number: VISA, csc: CSC }, fields(page));
  await pressFramedPay(page);
  await expect(statusLine(page)).toHaveText(/Payment successful/, { timeout: 20_000 });
  const orders = await ordersMadeSince(before);
  expect(orders).toHaveLength(1);
  const order = await orderOfLastResult(page);
  expect(order.status).toBe('paid');
  expect(paymentAttempts(order)).toBe(1);
  expect(order.success_redirect).toMatch(/\/checkout\/return$/);
  const forms = recorder.requests.filter(directPost);
  expect(forms).toHaveLength(1);
  expect(new URLSearchParams(forms[0]!.body).get('exp_month')).toBe('12');
  expect((await eventsOf(page)).map((e) => e.type)).toContain('gateway-success');
  // The frame the form went into is gone with the payment.
  await expect(page.locator('gateway-checkout iframe[name^="gateway-direct-post-"]')).toHaveCount(0);
  await expectContained(recorder, [VISA]);
});

test('isolated fields: declined, the card kept in the frame without its code; another card then pays on a new order', async ({
  page,
  context,
}) => {
  const recorder = await ContainmentRecorder.install(context);
  const before = await newestOrderId();
  await open(page);
  await typeEmail(page);
  await typeCard(page, { number: DECLINED, csc: CSC }, fields(page));
  await pressFramedPay(page);
  await expect(alertLine(page)).toHaveText(/Your bank declined the payment/, { timeout: 20_000 });
  const declined = await orderOfLastResult(page);
  expect(declined.status).toBe('rejected');
  await expect(fields(page).getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await expect(fields(page).getByLabel('Security code')).toHaveValue('');
  const decline = (await eventsOf(page)).find((e) => e.type === 'gateway-decline');
  expect(decline?.detail.reason).toBe('Decline, refer to card issuer');

  await fields(page).getByLabel('Card number').fill('');
  await fields(page).getByLabel('Card number').pressSequentially(VISA, { delay: 5 });
  await fields(page).getByLabel('Security code').pressSequentially(CSC, { delay: 5 });
  await pressFramedPay(page);
  await expect(statusLine(page)).toHaveText(/Payment successful/, { timeout: 20_000 });
  expect(await ordersMadeSince(before)).toHaveLength(2);
  const paid = await orderOfLastResult(page);
  expect(paid.id).not.toBe(declined.id);
  expect(paid.status).toBe('paid');
  expect(paymentAttempts(paid)).toBe(1);
  expect(recorder.requests.filter(directPost)).toHaveLength(2);
  await expectContained(recorder, [DECLINED, VISA]);
});

for (const [answer, ends] of [
  ['Approve', 'paid'],
  ['Fail', 'rejected'],
] as const) {
  test(`isolated fields, 3-D Secure in the checkout’s dialog: ${answer} at the bank, ${ends}`, async ({
    page,
    context,
  }) => {
    const recorder = await ContainmentRecorder.install(context);
    await open(page);
    await typeEmail(page);
    await typeCard(page, { number: THREE_DS, csc: CSC }, fields(page));
    await pressFramedPay(page);
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
    expect(recorder.requests.filter(directPost)).toHaveLength(1);
    await expectContained(recorder, [THREE_DS]);
  });
}

for (const fault of ['reset', 'timeout'] as const) {
  test(`isolated fields: an answer lost to a ${fault} is reconciled from the status, paid once, never a decline`, async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    const recorder = await ContainmentRecorder.install(context);
    await open(page);
    await typeEmail(page);
    await typeCard(page, { number: VISA, csc: CSC }, fields(page));
    await setFault(fault);
    await pressFramedPay(page);
    await expect(statusLine(page)).toHaveText(/Payment successful/, { timeout: 30_000 });
    const order = await orderOfLastResult(page);
    expect(order.status).toBe('paid');
    expect(paymentAttempts(order)).toBe(1);
    expect((await eventsOf(page)).filter((e) => e.type === 'gateway-decline')).toEqual([]);
    expect(recorder.requests.filter(directPost)).toHaveLength(1);
    await expectContained(recorder, [VISA]);
  });
}

test('isolated fields: Pay pressed twice, then Enter, sends one form and charges once', async ({
  page,
  context,
}) => {
  const recorder = await ContainmentRecorder.install(context);
  const before = await newestOrderId();
  await open(page);
  await typeEmail(page);
  await typeCard(page, { number: VISA, csc: CSC }, fields(page));
  // A press counts once the Pay frame has stood still (the typing above moved it).
  await page.waitForTimeout(600);
  await framedPayButton(page).dblclick();
  // And Enter in the fields while the form is on its way.
  await page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/checkout/session'));
  await fields(page).getByLabel('Security code').press('Enter');
  await expect(statusLine(page)).toHaveText(/Payment successful/, { timeout: 20_000 });
  expect(await ordersMadeSince(before)).toHaveLength(1);
  expect(recorder.requests.filter(directPost)).toHaveLength(1);
  expect(paymentAttempts(await orderOfLastResult(page))).toBe(1);
});

test('isolated fields, custom AVS: the address typed in the page goes in the fields’ form, the card only in that POST', async ({
  page,
  context,
}) => {
  const recorder = await ContainmentRecorder.install(context);
  await openScenario(page, 'avs-custom', '/isolated/');
  await expect(fields(page).getByLabel('Card number')).toBeEditable();
  const checkout = page.locator('gateway-checkout');
  await typeEmail(page);
  await checkout.getByLabel('Address').fill('Brīvības iela 21');
  await checkout
    .getByRole('textbox', { name: 'Postal code', exact: true })
    .pressSequentially('LV-1010', { delay: 5 });
  await typeCard(page, { number: VISA, csc: CSC }, fields(page));
  await pressFramedPay(page);
  await expect(statusLine(page)).toHaveText(/Payment successful/, { timeout: 20_000 });
  const order = await orderOfLastResult(page);
  expect(order.status).toBe('paid');
  expect(order.client?.zip_code).toBe('LV-1010');
  expect(order.transaction_details?.avs_result).toMatchObject({ code: 'Y' });
  const form = new URLSearchParams(recorder.requests.find(directPost)!.body);
  expect(form.get('avs')).toBe('true');
  await expectContained(recorder, [VISA]);
});

test('isolated fields, a card saved with the consent given in the frame: the order saves it, the gateway keeps the card, the card only in that POST', async ({
  page,
  context,
}) => {
  const recorder = await ContainmentRecorder.install(context);
  await openScenario(page, 'save-card', '/isolated/');
  await expect(
    fields(page).getByText('Your card will be saved for one-click payments at Baltic Pantry.'),
  ).toBeVisible();
  // The shop saves the card to the customer it knows: the page asks no e-mail.
  await typeCard(page, { number: '5555555555554444', csc: CSC }, fields(page));
  await fields(page)
    .getByRole('checkbox', { name: 'Save my card with Baltic Pantry for faster checkout.' })
    .check();
  await pressFramedPay(page);
  await expect(statusLine(page)).toHaveText(/Payment successful/, { timeout: 20_000 });
  const order = await orderOfLastResult(page);
  expect(order.status).toBe('paid');
  expect(order.setup_future_use).toBe('one-click');
  expect(order.client?.email).toBe('guest@baltic-pantry.example');
  expect(order.transaction_details?.saved_card_id).toBeTruthy();
  await expectContained(recorder, ['5555555555554444']);
});
