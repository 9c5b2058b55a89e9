import { expect, type Page, test } from '@playwright/test';
import {
  alertLine,
  chooseScenario,
  newestOrder,
  openScenario,
  orderOfLastResult,
  payButton,
  recordEvents,
  setFault,
  statusLine,
  typeCard,
  typeEmail,
} from './support.ts';

// The bot check before paying, on the demo shop's bot-check page in real Chromium: the page's
// "I am human" box, the checkout's gateway-before-pay event carrying its token, and the demo
// server's verify hook deciding whether an order is created at the sandbox.

test.beforeEach(async ({ page }) => {
  await setFault('none');
  await recordEvents(page);
});

const open = async (page: Page) => {
  await openScenario(page, 'bot-check');
  await expect(payButton(page)).toHaveText(/Pay €32\.25/);
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111' });
};
const number = (page: Page) => page.getByRole('textbox', { name: 'Card number', exact: true });

test('a ticked box’s token reaches the server’s verify hook, and the order is paid', async ({ page }) => {
  await open(page);
  await page.getByRole('checkbox', { name: 'I am human' }).check();
  const session = page.waitForRequest((r) => r.url().includes('/checkout/session') && r.method() === 'POST');
  await payButton(page).click();
  const body = JSON.parse((await session).postData() ?? '{}') as { verification?: string };
  expect(body.verification).toMatch(/^[0-9a-z]+\.[\w-]{16}\.[\w-]{43}$/);
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  expect((await orderOfLastResult(page)).status).toBe('paid');
});

test('without the box ticked, the server refuses: a message, no order, the card still typed', async ({
  page,
}) => {
  await open(page);
  const before = (await newestOrder())?.id;
  await payButton(page).click();
  await expect(alertLine(page)).toHaveText(
    'The security check did not pass. Nothing was charged; please try again.',
  );
  expect((await newestOrder())?.id).toBe(before);
  await expect(number(page)).toHaveValue('4111 1111 1111 1111');
  // Ticked now, the same form pays.
  await page.getByRole('checkbox', { name: 'I am human' }).check();
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
});

test('a forged token is refused by verify and stops the payment with a message', async ({ page }) => {
  await open(page);
  await page.getByRole('checkbox', { name: 'I am human' }).check();
  // A script of the page hands over a token of its own making after the widget's.
  await page.evaluate(() =>
    document.addEventListener('gateway-before-pay', (event) =>
      (event as CustomEvent<{ waitFor(p: Promise<string>): void }>).detail.waitFor(
        Promise.resolve(`zzzz.${'a'.repeat(16)}.${'b'.repeat(43)}`),
      ),
    ),
  );
  const before = (await newestOrder())?.id;
  await payButton(page).click();
  await expect(alertLine(page)).toHaveText(
    'The security check did not pass. Nothing was charged; please try again.',
  );
  expect((await newestOrder())?.id).toBe(before);
  await expect(number(page)).toHaveValue('4111 1111 1111 1111');
  await page.screenshot({ path: test.info().outputPath('bot-check-refused.png'), fullPage: true });
});

test('asking is not solving: the shop issues no token for an unsolved challenge, and no order without a token in any scenario', async ({
  page,
}) => {
  await page.goto('/');
  // A token asked for with nothing solved, with a made-up answer, or with no challenge at all.
  const { challenge } = (await (await page.request.get('/bot-check/challenge')).json()) as {
    challenge: string;
  };
  for (const data of [{}, { challenge, nonce: 'x' }, { nonce: '1' }]) {
    const res = await page.request.post('/bot-check/token', { data });
    expect(res.status(), JSON.stringify(data)).toBe(403);
  }
  // The one-step scenario's session endpoint, straight, without a token: refused, nothing created.
  const before = (await newestOrder())?.id;
  for (const scenario of ['one-step', 'two-step', 'redirect']) {
    await chooseScenario(page, scenario);
    const res = await page.request.post('/checkout/session', {
      data: { idempotency_key: `no-token-${scenario}-${Date.now()}`, email: 'bot@example.com' },
    });
    expect(res.status(), scenario).toBe(403);
    expect(await res.json()).toMatchObject({ error: { type: 'verification_failed' } });
  }
  expect((await newestOrder())?.id).toBe(before);
});

test('every scenario’s page solves the check by itself: the one-step page attaches a solved token and pays', async ({
  page,
}) => {
  await openScenario(page, 'one-step');
  await typeEmail(page);
  await typeCard(page, { number: '4111111111111111' });
  const solved = page.waitForRequest((r) => r.url().endsWith('/bot-check/token') && r.method() === 'POST');
  const session = page.waitForRequest((r) => r.url().includes('/checkout/session') && r.method() === 'POST');
  await payButton(page).click();
  expect(JSON.parse((await solved).postData() ?? '{}')).toMatchObject({
    nonce: expect.stringMatching(/^\d+$/),
  });
  const body = JSON.parse((await session).postData() ?? '{}') as { verification?: string };
  expect(body.verification).toMatch(/^[0-9a-z]+\.[\w-]{16}\.[\w-]{43}$/);
  await expect(statusLine(page)).toHaveText(/Payment successful/);
});
