import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  framedPayButton,
  gateway,
  newestOrder,
  openScenario,
  payButton,
  paymentAttempts,
  recordEvents,
  setFault,
  statusLine,
} from './support.ts';

// A person with the focus still in a field presses Pay with the mouse. The press takes the focus
// out of the field, and any message due for that field would appear under it and push the button
// down before the button is released: the click would land on nothing and nothing be paid.

test.beforeEach(async ({ page }) => {
  await setFault('none');
  await recordEvents(page);
});

/**
 * A press as a person makes it: the pointer on the upper part of the control (people click
 * anywhere on a button, not its exact middle), held for a moment, released where it was.
 */
async function press(page: Page, target: Locator): Promise<void> {
  // In view first, as a person scrolls to what they press.
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + Math.min(box.height / 4, 8);
  await page.mouse.move(x, y, { steps: 4 });
  await page.mouse.down();
  // The page gets time to lay out whatever the press changed, as it does under a person's finger.
  await page.waitForTimeout(120);
  await page.mouse.up();
}

const checkout = (page: Page) => page.locator('gateway-checkout');
const resultPanel = (page: Page) => page.locator('gateway-checkout [part~="result"]');

/** Asserts that the page made exactly one order since `before` and paid it with one payment. */
async function expectOnePayment(before: string | undefined): Promise<void> {
  const [order, previous] = (await gateway.orders.list()).results;
  expect(order?.id).not.toBe(before);
  expect(previous?.id).toBe(before);
  expect(order?.status).toBe('paid');
  expect(paymentAttempts(order!)).toBe(1);
}

async function typeInto(page: Page, label: string, text: string): Promise<void> {
  await checkout(page).getByLabel(label).pressSequentially(text, { delay: 5 });
}

test('Pay pressed straight from a half-typed security code answers the first press, then pays once', async ({
  page,
}) => {
  await page.goto('/');
  const before = (await newestOrder())?.id;
  await checkout(page).getByLabel('E-mail').fill('anna@example.com');
  await typeInto(page, 'Card number', '4111111111111111');
  await typeInto(page, 'Expiry date', '1234');
  await typeInto(page, 'Cardholder name', 'Anna Berzina');
  // Back to the code, two digits of three, and straight to Pay.
  await typeInto(page, 'Security code', '12');
  await expect(checkout(page).getByLabel('Security code')).toBeFocused();

  await press(page, payButton(page));
  // The press was Pay's: it says what is wrong and takes the person to it.
  await expect(statusLine(page)).toHaveText('1 field needs your attention.');
  await expect(checkout(page).getByLabel('Security code')).toBeFocused();
  await expect(checkout(page).getByText('Enter the 3-digit security code.')).toBeVisible();
  expect((await newestOrder())?.id).toBe(before);

  await page.keyboard.type('3');
  await press(page, payButton(page));
  await expect(resultPanel(page)).toBeVisible();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  await expectOnePayment(before);
});

test('Pay pressed from the empty name field the card number led to answers at once, then pays once', async ({
  page,
}) => {
  await page.goto('/');
  const before = (await newestOrder())?.id;
  await checkout(page).getByLabel('E-mail').fill('anna@example.com');
  await typeInto(page, 'Card number', '4111111111111111');
  await typeInto(page, 'Expiry date', '1234');
  await typeInto(page, 'Security code', '123');
  // A complete code moves on to the name: the person is there, with nothing typed.
  const name = checkout(page).getByLabel('Cardholder name');
  await expect(name).toBeFocused();

  await press(page, payButton(page));
  await expect(statusLine(page)).toHaveText('1 field needs your attention.');
  await expect(name).toBeFocused();
  await expect(checkout(page).getByText('This field is required.')).toBeVisible();

  await page.keyboard.type('Anna Berzina');
  await press(page, payButton(page));
  await expect(resultPanel(page)).toBeVisible();
  await expectOnePayment(before);
});

test('the consent checkbox takes the press that leaves a half-typed field', async ({ page }) => {
  await openScenario(page, 'save-card');
  await typeInto(page, 'Card number', '4111111111111111');
  await typeInto(page, 'Expiry date', '1234');
  await typeInto(page, 'Cardholder name', 'Anna Berzina');
  await typeInto(page, 'Security code', '12');
  const consent = checkout(page).getByRole('checkbox');
  await press(page, consent);
  await expect(consent).toBeChecked();
  // The message for the field left shows once the press is over.
  await expect(checkout(page).getByText('Enter the 3-digit security code.')).toBeVisible();
});

test('isolated fields: the frame keeps its height through the press, so Pay answers it', async ({ page }) => {
  await page.goto('/isolated/');
  const fields = page.frameLocator('gateway-checkout iframe[title="Card details"]');
  await expect(fields.getByLabel('Card number')).toBeEditable();
  const before = (await newestOrder())?.id;
  await checkout(page).getByLabel('E-mail').fill('anna@example.com');
  await fields.getByLabel('Card number').pressSequentially('4111111111111111', { delay: 5 });
  await fields.getByLabel('Expiry date').pressSequentially('1234', { delay: 5 });
  await fields.getByLabel('Cardholder name').pressSequentially('Anna Berzina', { delay: 5 });
  await fields.getByLabel('Security code').pressSequentially('12', { delay: 5 });

  // The fields' Pay counts a press once it has stood in view for half a second (scrolled to, or
  // moved by the fields' own growing): a person's eye takes that long to find it.
  await framedPayButton(page).scrollIntoViewIfNeeded();
  await page.waitForTimeout(600);
  await press(page, framedPayButton(page));
  await expect(statusLine(page)).toHaveText('1 field needs your attention.');
  await expect(fields.getByText('Enter the 3-digit security code.')).toBeVisible();
  await expect(fields.getByLabel('Security code')).toBeFocused();

  await page.keyboard.type('3');
  await page.waitForTimeout(600);
  await press(page, framedPayButton(page));
  await expect(resultPanel(page)).toBeVisible();
  await expectOnePayment(before);
});
