import { expect, type Page, test } from '@playwright/test';
import { E2E_SHOP } from '../support/ports.ts';
import { type Hostile, hostileParent } from './hostile-parent.ts';
import {
  alertLine,
  eventsOf,
  framedPayButton,
  gateway,
  newestOrderId,
  openScenario,
  orderOfLastResult,
  paymentAttempts,
  recordEvents,
  setFault,
  statusLine,
  typeCard,
  typeEmail,
} from './support.ts';

// A script on the shop's /isolated/ page holds the page's end of the channel to the card fields and
// sends whatever the page could send. It tries to spend the customer's card on orders of its own
// choosing; the fields refuse each try, tell the page's code, and pay only the customer's press.

const fields = (page: Page) => page.frameLocator('gateway-checkout iframe[title="Card details"]');
/** The Pay button of the fields' origin, whatever it says ("Pay …", "Reserve …", "Save card"). */
const payFrameButton = (page: Page) =>
  page.frameLocator('gateway-checkout iframe[part~="pay-frame"]').getByRole('button');
const setSessionUrl = (page: Page, url: string) =>
  page.evaluate((u) => document.querySelector('gateway-checkout')!.setAttribute('session-url', u), url);
const hostile = <T>(page: Page, run: (h: Hostile) => T | Promise<T>) =>
  page.evaluate(`(${run.toString()})(window.hostile)`) as Promise<T>;

const ATTACKER = 'mallory@attacker.example';
const CARD = { number: '4111111111111111', csc: '737' };

test.beforeEach(async ({ page }) => {
  await setFault('none');
  await recordEvents(page);
  await page.addInitScript(hostileParent, E2E_SHOP);
});

/** The isolated checkout with the customer's e-mail and card typed, its Pay ready to press. */
async function readyToPay(page: Page): Promise<void> {
  await page.goto('/isolated/');
  await expect(fields(page).getByLabel('Card number')).toBeEditable();
  await typeEmail(page);
  await typeCard(page, CARD, fields(page));
  await expect(payFrameButton(page)).toBeEnabled();
}

/** The refusals the page's code heard, as `gateway-error` events of type `fields`. */
const refusals = async (page: Page) =>
  (await eventsOf(page))
    .filter((e) => e.type === 'gateway-error' && e.detail.type === 'fields')
    .map((e) => e.detail.message);

test('a script holding the fields’ channel cannot spend the card: every try is refused and reported, the customer pays once', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/isolated/');
  await expect(fields(page).getByLabel('Card number')).toBeEditable();
  await expect(framedPayButton(page)).toBeEnabled();

  // The attacker's own orders at the same shop, made as anyone can make them: one for the cart
  // under its e-mail, one saving a card for its recurring charges at zero amount.
  const other = await hostile(page, (h) =>
    h.order('/checkout/session', { email: 'mallory@attacker.example' }),
  );
  const saving = await hostile(page, async (h) => {
    await h.scenario('zero-amount');
    const order = await h.order('/checkout/session', {
      email: 'mallory@attacker.example',
      save_consent: { scenario: 'recurring', text_version: 'v1', agreed: true },
    });
    await h.scenario('one-step');
    return order;
  });
  expect((await gateway.orders.get(saving.order_id)).total).toBe(0);

  await typeEmail(page);
  await typeCard(page, CARD, fields(page));
  const before = (await refusals(page)).length;

  // 1. Paying before Pay: the old "pay this order" message, and the page's answer to a press that
  //    never happened.
  await hostile(page, (h) => h.send({ type: 'pay', id: 901, apiDoUrl: 'x', options: {}, timeoutMs: 45_000 }));
  await hostile(page, (h) =>
    h.send({ type: 'session-data', id: 1, data: { email: 'mallory@attacker.example' } }),
  );
  // 2. Paying another order of the same shop, by its payment address or by its id.
  await hostile(page, (h) => h.send({ type: 'pay', id: 902, apiDoUrl: '', options: {} }));
  const send = (message: unknown) =>
    hostile(page, new Function('h', `return h.send(${JSON.stringify(message)})`) as (h: Hostile) => number);
  await send({ type: 'session-data', id: 1, data: { email: ATTACKER }, api_do_url: other.api_do_url });
  await send({ type: 'session-data', id: 1, data: { email: ATTACKER, order_id: other.order_id } });
  // 3. The zero-amount saving order under the attacker's e-mail.
  await send({
    type: 'session-data',
    id: 1,
    data: { email: ATTACKER, save_consent: { scenario: 'recurring', text_version: 'v1', agreed: true } },
    apiDoUrl: saving.api_do_url,
  });
  // 4. A MOTO body: no security code, no 3-D Secure.
  await send({ type: 'session-data', id: 1, data: { email: ATTACKER, options: { moto: true } } });
  await send({ type: 'configure', config: { moto: true } });
  // 5. A non-gateway address for the card.
  await send({ type: 'pay', id: 903, apiDoUrl: `${E2E_SHOP}/steal`, options: { moto: true } });
  await send({ type: 'session-data', id: 1, data: { email: ATTACKER }, payUrl: `${E2E_SHOP}/steal` });

  await expect.poll(async () => (await refusals(page)).length - before).toBeGreaterThanOrEqual(10);
  const reasons = (await refusals(page)).slice(before);
  expect(reasons.filter((r) => /starts only from the customer pressing Pay/.test(r))).toHaveLength(3);
  expect(reasons.filter((r) => /not pressed Pay/.test(r))).toHaveLength(1);
  expect(reasons.filter((r) => /may not name an order/.test(r))).toHaveLength(4);
  expect(reasons.filter((r) => /phone order \(MOTO\)/.test(r))).toHaveLength(2);
  // One line each, and nothing of it for the customer to see.
  for (const reason of reasons) expect(reason).not.toContain('\n');
  await expect(alertLine(page)).toHaveText('');
  await expect(statusLine(page)).not.toHaveText(/./);
  // Nothing the customer typed was lost.
  await expect(fields(page).getByLabel('Card number')).toHaveValue('4111 1111 1111 1111');
  await expect(fields(page).getByLabel('Security code')).toHaveValue('737');

  // 6. The race a page script can always run: when the customer presses Pay, it answers first,
  //    naming its own order. Refused; the page's own answer pays the customer's order, once.
  await send({ type: 'noop' });
  await page.evaluate(
    (address) =>
      (window as unknown as { hostile: Hostile }).hostile.answerFirst({
        type: 'session-data',
        data: { email: 'mallory@attacker.example' },
        api_do_url: address,
      }),
    other.api_do_url,
  );
  const payments: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/pay/')) payments.push(r.url());
  });
  await framedPayButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  const paid = await orderOfLastResult(page);
  expect(paid.status).toBe('paid');
  expect(paid.total).toBe(32.25);
  expect(paid.client?.email).toBe('anna@example.com');
  expect(paymentAttempts(paid)).toBe(1);
  expect(payments).toHaveLength(1);
  expect((await refusals(page)).slice(before).filter((r) => /may not name an order/.test(r))).toHaveLength(5);

  // The attacker's orders were never paid.
  expect((await gateway.orders.get(other.order_id)).status).toBe('issued');
  expect((await gateway.orders.get(saving.order_id)).status).toBe('issued');
  expect(paid.id).not.toBe(other.order_id);
  await expect(alertLine(page)).toHaveText('');
});

test('a second payment while one is under way is refused: a double press pays once', async ({ page }) => {
  await page.goto('/isolated/');
  await expect(fields(page).getByLabel('Card number')).toBeEditable();
  await typeEmail(page);
  await typeCard(page, CARD, fields(page));
  const payments: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/pay/')) payments.push(r.url());
  });
  // The frame asks the shop for the order once the page has answered the press.
  const sessionAsked = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().includes('/checkout/session') && r.frame() !== page.mainFrame(),
  );
  // A press counts once the Pay frame has stood still (the typing above moved it).
  await page.waitForTimeout(600);
  await framedPayButton(page).dblclick();
  // While it pays, the script replays the page's answer to that press. (Before the page's own
  // answer, the script's would be the page's answer: what the page hands over is the page's to
  // write, as the README's "what a script of your page can still do" says.)
  await sessionAsked;
  await hostile(page, (h) =>
    h.send({ type: 'session-data', id: h.lastPress() ?? 1, data: { email: 'mallory@attacker.example' } }),
  );
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  expect(payments).toHaveLength(1);
  const paid = await orderOfLastResult(page);
  expect(paymentAttempts(paid)).toBe(1);
  expect(paid.client?.email).toBe('anna@example.com');
  expect((await refusals(page)).some((r) => /under way|not pressed Pay/.test(r))).toBe(true);
});

test('a click the page makes on its checkout, or a submit of its form, pays nothing', async ({ page }) => {
  await page.goto('/isolated/');
  await expect(fields(page).getByLabel('Card number')).toBeEditable();
  await typeEmail(page);
  await typeCard(page, CARD, fields(page));
  const newest = (await gateway.orders.list()).results[0]?.id;
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') requests.push(r.url());
  });
  await page.evaluate(() => {
    const checkout = document.querySelector('gateway-checkout')!;
    checkout.shadowRoot!.querySelector('form')!.requestSubmit();
    void (checkout as unknown as { pay(): Promise<void> }).pay();
  });
  await expect.poll(async () => (await refusals(page)).length).toBeGreaterThanOrEqual(2);
  expect((await refusals(page)).every((r) => /starts only from the customer pressing Pay/.test(r))).toBe(
    true,
  );
  // No order was made and nothing was posted anywhere.
  expect((await gateway.orders.list()).results[0]?.id).toBe(newest);
  expect(requests).toEqual([]);
  await expect(alertLine(page)).toHaveText('');
  await expect(fields(page).getByLabel('Card number')).toHaveValue('4111 1111 1111 1111');
});

test('the fields say what the merchant’s server makes of the card: a hold, a saving, nothing charged', async ({
  page,
}) => {
  await page.goto('/isolated/');
  await expect(payFrameButton(page)).toHaveText('Pay €32.25');
  await expect(fields(page).getByText(/reserved|saved/)).toHaveCount(0);
  await openScenario(page, 'two-step', '/isolated/');
  await expect(payFrameButton(page)).toHaveText('Reserve €32.25');
  await expect(
    fields(page).getByText('€32.25 will be reserved now and charged when your order ships.'),
  ).toBeVisible();
  await openScenario(page, 'zero-amount', '/isolated/');
  await expect(payFrameButton(page)).toHaveText('Save card');
  await expect(
    fields(page).getByText('Your card will be saved at Baltic Pantry for recurring payments.'),
  ).toBeVisible();
  await expect(fields(page).getByText('Nothing is charged now.')).toBeVisible();
  // The consent box is the fields’ own, and the page has none.
  await expect(fields(page).getByRole('checkbox')).toBeVisible();
  await expect(page.locator('gateway-checkout').getByRole('checkbox')).toHaveCount(0);
  await openScenario(page, 'merchant-save', '/isolated/');
  await expect(
    fields(page).getByText('Your card will be saved at Baltic Pantry for future payments.'),
  ).toBeVisible();
  await expect(fields(page).getByRole('checkbox')).toHaveCount(0);
});

test('a script that swaps the scenario and rewrites the e-mail gets fields that show the saving and ask consent: without it nothing is saved, never to its client', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const attacker = `eve-${Date.now().toString(36)}@evil.example`;
  await page.goto('/isolated/');
  await expect(fields(page).getByLabel('Card number')).toBeEditable();
  await expect(payFrameButton(page)).toHaveText('Pay €32.25');
  await typeEmail(page);
  await typeCard(page, CARD, fields(page));

  // 1. The scenario in the session address's query: the fields refuse that address outright, take
  //    no card for it, and the page's code hears why.
  await setSessionUrl(page, '/checkout/session?scenario=merchant-save');
  await expect(fields(page).getByText(/cannot be used here/)).toBeVisible();
  await expect(fields(page).getByLabel('Card number')).toHaveCount(0);
  await expect
    .poll(() => refusals(page))
    .toContainEqual(expect.stringMatching(/not one of the merchant's session endpoints/));

  // 2. Back to the shop's own address: new frames, working again within a second.
  const changed = Date.now();
  await setSessionUrl(page, '/checkout/session');
  await expect(fields(page).getByLabel('Card number')).toBeEditable({ timeout: 1_000 });
  const ready = Date.now() - changed;
  await expect(payFrameButton(page)).toBeEnabled();
  await typeCard(page, CARD, fields(page));

  // 3. The script puts a card-saving order in the visit's cart (the picker's way: it has the
  //    page's cookies) and answers the customer's press first, with its own e-mail.
  const before = await newestOrderId();
  await page.evaluate(async (email) => {
    const { hostile } = window as unknown as { hostile: Hostile };
    await hostile.scenario('save-card');
    hostile.answerFirst({ type: 'session-data', data: { email } });
  }, attacker);
  await payFrameButton(page).click();
  // Nothing is paid: the fields now say what the order does, and ask.
  await expect(
    fields(page).getByText('Your card will be saved for one-click payments at Baltic Pantry.'),
  ).toBeVisible();
  const consent = fields(page).getByRole('checkbox', {
    name: 'Save my card with Baltic Pantry for faster checkout.',
  });
  await expect(consent).not.toBeChecked();
  await expect
    .poll(() => refusals(page))
    .toContainEqual(expect.stringMatching(/does not do what the card fields showed/));
  expect(await newestOrderId()).toBe(before);

  // 4. The customer presses Pay again without agreeing (the security code asked again, as after
  //    any attempt that did not pay): the consent box asks, nothing is made.
  await fields(page).getByLabel('Security code').pressSequentially(CARD.csc, { delay: 5 });
  await page.waitForTimeout(600);
  await payFrameButton(page).click();
  await expect(fields(page).getByText('This field is required.')).toBeVisible();
  await expect(consent).toHaveAttribute('aria-invalid', 'true');
  await page.waitForTimeout(500);
  expect(await newestOrderId()).toBe(before);
  expect(await gateway.clients.findByEmail(attacker)).toEqual([]);

  // 5. Agreed in the fields: the card is saved, to the shop's signed-in customer, never to the
  //    e-mail the script typed.
  await consent.check();
  await payFrameButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  const paid = await orderOfLastResult(page);
  expect(paid.status).toBe('paid');
  expect(paid.setup_future_use).toBe('one-click');
  expect(paid.client?.email).toBe('guest@baltic-pantry.example');
  expect(await gateway.clients.findByEmail(attacker)).toEqual([]);
  expect(paymentAttempts(paid)).toBe(1);
  test.info().annotations.push({ type: 'session-url change to input', description: `${ready} ms` });
});

test('a see-through Pay laid over a cookie banner pays nothing, and the page’s code hears of it', async ({
  page,
}) => {
  await readyToPay(page);
  const before = await newestOrderId();
  // One CSS rule from the page: the Pay frame, invisible, over the banner's OK.
  await page.evaluate(() => {
    const banner = document.createElement('div');
    banner.style.cssText =
      'position:fixed;inset-inline:0;inset-block-end:0;padding:16px;background:#eee;z-index:10';
    banner.innerHTML =
      '<p>We use cookies.</p><button id="ok" type="button" style="width:240px;height:52px">OK</button>';
    document.body.append(banner);
    const ok = banner.querySelector('#ok')!;
    (window as unknown as { okClicks: number }).okClicks = 0;
    ok.addEventListener('click', () => (window as unknown as { okClicks: number }).okClicks++);
    const box = ok.getBoundingClientRect();
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(
      `gateway-checkout::part(pay-frame){opacity:0;position:fixed;left:${box.left}px;top:${box.top}px;width:${box.width}px;height:${box.height}px;z-index:20}`,
    );
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  // Long past the half second a button must stand still: it is the see-through frame that is refused.
  await page.waitForTimeout(1_200);
  const ok = (await page.locator('#ok').boundingBox())!;
  await page.mouse.move(ok.x + ok.width / 2, ok.y + ok.height / 2, { steps: 4 });
  await page.waitForTimeout(700);
  await page.mouse.down();
  await page.mouse.up();
  await expect.poll(() => refusals(page)).toContainEqual(expect.stringMatching(/not shown to the customer/));
  await page.waitForTimeout(500);
  expect(await newestOrderId()).toBe(before);
  // The frame took the click (the banner never got it), and refused it.
  expect(await page.evaluate(() => (window as unknown as { okClicks: number }).okClicks)).toBe(0);
  await expect(alertLine(page)).toHaveText('');
});

test('a press on Pay the moment it moved under the pointer pays nothing and asks for another; the next press pays once', async ({
  page,
}) => {
  await readyToPay(page);
  const before = await newestOrderId();
  const frame = page.locator('gateway-checkout iframe[part~="pay-frame"]');
  const box = (await frame.boundingBox())!;
  // The pointer on the lower half of Pay, as the customer reaches for it.
  const x = box.x + box.width / 2;
  const y = box.y + box.height - 12;
  await page.mouse.move(x, y, { steps: 4 });
  await page.waitForTimeout(600);
  // The layout shifts as they press (a notice above, an image loaded): Pay moves down under the
  // moving pointer a moment before the press. A real press, but not on the button they saw.
  await page.mouse.move(x + 1, y);
  await page.evaluate(() => {
    const notice = document.createElement('p');
    notice.textContent = 'Free delivery today';
    notice.style.cssText = 'margin:0;block-size:24px';
    document.querySelector('gateway-checkout')!.before(notice);
  });
  await expect
    .poll(async () => (await frame.boundingBox())!.y, { intervals: [20] })
    .toBeGreaterThan(box.y + 20);
  await page.mouse.move(x + 2, y);
  await page.mouse.down();
  await page.mouse.up();
  await expect(payFrameButton(page)).toHaveText('Press again to pay');
  await expect(
    page.frameLocator('gateway-checkout iframe[part~="pay-frame"]').getByRole('status'),
  ).toHaveText('Press again to pay');
  await expect.poll(() => refusals(page)).toContainEqual(expect.stringMatching(/just appeared or moved/));
  expect(await newestOrderId()).toBe(before);
  await expect(alertLine(page)).toHaveText('');
  // It stood still since: the customer's second press pays, once.
  await page.waitForTimeout(700);
  await page.mouse.down();
  await page.mouse.up();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  const paid = await orderOfLastResult(page);
  expect(paymentAttempts(paid)).toBe(1);
});

test('a second Pay frame on the fields’ channel pays nothing and is reported; the checkout’s own pays once it is gone', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await readyToPay(page);
  const before = await newestOrderId();
  // The channel is in the fields frame's address: the script frames its own pay.html with it.
  await hostile(page, (h) => h.framePayOfItsOwn());
  const own = page.frameLocator('#own-pay').getByRole('button');
  await expect(own).toBeEnabled();
  await expect.poll(() => refusals(page)).toContainEqual(expect.stringMatching(/second Pay button/));
  await page.waitForTimeout(700);
  await own.click();
  // While there are two, the checkout's own does not pay either.
  await page.waitForTimeout(700);
  await payFrameButton(page).click();
  await page.waitForTimeout(1_000);
  expect(await newestOrderId()).toBe(before);
  expect((await refusals(page)).filter((r) => /second Pay button/.test(r)).length).toBeGreaterThanOrEqual(3);
  await expect(alertLine(page)).toHaveText('');

  await page.evaluate(() => document.getElementById('own-pay')!.remove());
  await page.waitForTimeout(300);
  await payFrameButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  const paid = await orderOfLastResult(page);
  expect(paymentAttempts(paid)).toBe(1);
});

test('the page hears nothing while the customer types digits 2 to 15 of a Visa', async ({ page }) => {
  await page.goto('/isolated/');
  const number = fields(page).getByLabel('Card number');
  await expect(number).toBeEditable();
  await expect.poll(() => hostile(page, (h) => h.heard.length)).toBeGreaterThan(0);
  const states = () =>
    hostile(page, (h) => h.heard.filter((m) => (m as { type?: string } | null)?.type === 'state').length);
  await number.pressSequentially('4', { delay: 30 });
  await expect.poll(states).toBeGreaterThan(0);
  const first = await states();
  await number.pressSequentially('11111111111111', { delay: 40 });
  await expect(number).toHaveValue('4111 1111 1111 111');
  await page.waitForTimeout(400);
  expect(await states()).toBe(first);
  // The last digit completes the number: that much the page hears, and the brand with it.
  await number.pressSequentially('1', { delay: 30 });
  await expect.poll(states).toBe(first + 1);
  const last = await hostile(page, (h) =>
    h.heard.filter((m) => (m as { type?: string } | null)?.type === 'state').at(-1),
  );
  expect(last).toMatchObject({ state: { brand: 'visa' } });
});
