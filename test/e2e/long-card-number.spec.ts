import { expect, type Page, test } from '@playwright/test';
import {
  orderOfLastResult,
  payButton,
  pressFramedPay,
  recordEvents,
  setFault,
  typeEmail,
} from './support.ts';

// A UnionPay number of 19 digits whose first 16 pass the Luhn check on their own: typed in whole,
// key by key, it stays whole in the number field (the focus moves on only once the number is
// complete for its brand, at 19 here), none of it spills into the expiry, and the whole number is
// what the gateway is paid with. Against the real sandbox, in the page's fields and in the frame.

const UNIONPAY_19 = '6200000000000005009';

test.beforeEach(async ({ page }) => {
  await setFault('none');
  await recordEvents(page);
});

async function typeLongCard(scope: ReturnType<Page['locator']> | ReturnType<Page['frameLocator']>) {
  const number = scope.getByLabel('Card number');
  await number.pressSequentially(UNIONPAY_19, { delay: 10 });
  await expect(number).toHaveValue(/^[\d ]+$/);
  expect((await number.inputValue()).replace(/\D/g, '')).toBe(UNIONPAY_19);
  // Complete at 19 for UnionPay: the focus moved on then, and the expiry holds nothing of the number.
  await expect(scope.getByLabel('Expiry date')).toBeFocused();
  await expect(scope.getByLabel('Expiry date')).toHaveValue('');
  await expect(scope.getByText('UnionPay card')).toBeAttached();
  await scope.getByLabel('Expiry date').pressSequentially('12/34', { delay: 10 });
  await scope.getByLabel('Security code').pressSequentially('123', { delay: 10 });
  await scope.getByLabel('Cardholder name').pressSequentially('Li Wei', { delay: 10 });
}

async function paidWithWholeNumber(page: Page): Promise<void> {
  const order = await orderOfLastResult(page);
  expect(order.status).toBe('paid');
  const masked = (order.transaction_details as { card_masked_pan: string | null }).card_masked_pan;
  expect(masked).toMatch(/^620000\*+5009$/);
  expect(masked).toHaveLength(19);
}

test('a 19-digit UnionPay number typed in whole in the page’s fields pays with all 19 digits', async ({
  page,
}) => {
  await page.goto('/');
  const checkout = page.locator('gateway-checkout');
  await typeLongCard(checkout);
  await typeEmail(page);
  await payButton(page).click();
  await paidWithWholeNumber(page);
});

test('a 19-digit UnionPay number typed in whole in the isolated fields pays with all 19 digits', async ({
  page,
}) => {
  await page.goto('/isolated/');
  const fields = page.frameLocator('gateway-checkout iframe[part~="frame"]');
  await typeLongCard(fields);
  await typeEmail(page);
  await pressFramedPay(page);
  await paidWithWholeNumber(page);
});
