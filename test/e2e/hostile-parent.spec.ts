import { expect, type Page, test } from '@playwright/test';
import { E2E_SHOP } from '../support/ports.ts';
import { type Hostile, hostileParent } from './hostile-parent.ts';
import {
  alertLine,
  eventsOf,
  framedPayButton,
  gateway,
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
const hostile = <T>(page: Page, run: (h: Hostile) => T | Promise<T>) =>
  page.evaluate(`(${run.toString()})(window.hostile)`) as Promise<T>;

const ATTACKER = 'mallory@attacker.example';
const CARD = { number: '4111111111111111', csc: '737' };

test.beforeEach(async ({ page }) => {
  await setFault('none');
  await recordEvents(page);
  await page.addInitScript(hostileParent, E2E_SHOP);
});

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
