import { expect, type Page, test } from '@playwright/test';
import { ContainmentRecorder, cardNumberSecret, securityCodeSecret } from '../../support/containment.ts';
import { E2E_FIELDS, E2E_SHOP } from '../../support/ports.ts';
import { type Hostile, hostileParent } from '../hostile-parent.ts';
import {
  alertLine,
  eventsOf,
  newestOrderId,
  oneUntriedOrderSince,
  orderOfLastResult,
  paymentAttempts,
  pressFramedPay,
  recordEvents,
  setFault,
  statusLine,
  typeCard,
  typeEmail,
} from '../support.ts';
import { directPost, fields, VISA } from './shared.ts';

// A script on the shop's /isolated/ page, on the Direct Post transport: it holds the page's end of
// the channel to the card fields, and when the fields ask for the frame to send the card form
// into, it answers first, naming frames of its own. Whatever it names, the card goes only to the
// order's direct_post, and only through the fields' relay page the checkout opened.

const CSC = '737';
const hostile = <T>(page: Page, run: (h: Hostile) => T | Promise<T>) =>
  page.evaluate(`(${run.toString()})(window.hostile)`) as Promise<T>;
const refusals = async (page: Page) =>
  (await eventsOf(page))
    .filter((e) => e.type === 'gateway-error' && e.detail.type === 'fields')
    .map((e) => e.detail.message as string);

test.beforeEach(async ({ page }) => {
  await setFault('none');
  await recordEvents(page);
  await page.addInitScript(hostileParent, E2E_SHOP);
});

/** Frames the script makes in the shop's page, each named `name`, showing `src` (none: empty). */
const frames = (page: Page, name: string, sources: (string | null)[]) =>
  page.evaluate(
    ({ name, sources }) =>
      Promise.all(
        sources.map(
          (src) =>
            new Promise<void>((resolve) => {
              const frame = document.createElement('iframe');
              frame.name = name;
              frame.onload = () => resolve();
              if (src) frame.src = src;
              document.body.append(frame);
              if (!src) resolve();
            }),
        ),
      ),
    { name, sources },
  );

test('a script naming its own frames for the Direct Post gets nothing sent; the customer then pays once, through the relay', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const recorder = await ContainmentRecorder.install(context);
  const before = await newestOrderId();
  await page.goto('/isolated/');
  await expect(fields(page).getByLabel('Card number')).toBeEditable();
  const relay = `${E2E_FIELDS}/relay.html`;
  // An empty frame and one of the shop's own pages; two relay pages of the fields' origin under one
  // name (which one would the form go to?).
  await frames(page, 'mallory-empty', [null]);
  await frames(page, 'mallory-shop', [`${E2E_SHOP}/steal`]);
  await frames(page, 'mallory-twice', [relay, relay]);
  await typeEmail(page);
  await typeCard(page, { number: VISA, csc: CSC }, fields(page));

  // Names no frame of a payment under way, or a keyword frame: ignored, or refused outright.
  const sent = await hostile(page, (h) => {
    h.send({ type: 'relay', id: 1, name: 'mallory-empty' });
    h.send({ type: 'relay', id: 1, name: '_top' });
    return h.send({ type: 'relay', id: 1, name: '_blank' });
  });
  expect(sent).toBeGreaterThan(0);
  await expect
    .poll(async () => (await refusals(page)).filter((r) => /not of the expected shape/.test(r)))
    .toHaveLength(2);

  let attempt = 0;
  for (const name of ['mallory-empty', 'mallory-shop', 'mallory-twice', 'mallory-nowhere']) {
    attempt++;
    const refused = (await refusals(page)).length;
    await page.evaluate(
      (name) =>
        (window as unknown as { hostile: Hostile }).hostile.answerFirst(
          { type: 'relay', name },
          'direct-post',
        ),
      name,
    );
    await pressFramedPay(page);
    await expect
      .poll(async () => (await refusals(page)).slice(refused), { timeout: 20_000 })
      .toContainEqual(expect.stringMatching(/not the fields' relay page: nothing was sent/));
    // The customer hears that it failed, keeps the card (not its code), and may press Pay again.
    await expect(alertLine(page)).toHaveText(/did not go through. No money was taken/, { timeout: 20_000 });
    await expect(fields(page).getByLabel('Card number')).toHaveValue('4111 1111 1111 1111');
    expect(recorder.requests.filter(directPost), `attempt ${attempt}`).toEqual([]);
    await expect(fields(page).getByLabel('Security code')).toHaveValue('');
    await fields(page).getByLabel('Security code').pressSequentially(CSC, { delay: 5 });
  }
  // One order, never paid: each press tried it again, after its status said nothing reached it.
  const order = await oneUntriedOrderSince(before);

  // Left alone, the checkout's own frame takes the form: the same order, paid once.
  await pressFramedPay(page);
  await expect(statusLine(page)).toHaveText(/Payment successful/, { timeout: 20_000 });
  const paid = await orderOfLastResult(page);
  expect(paid.id).toBe(order.id);
  expect(paid.status).toBe('paid');
  expect(paymentAttempts(paid)).toBe(1);
  expect(recorder.requests.filter(directPost)).toHaveLength(1);
  await recorder.snapshot();
  expect(recorder.leaks([cardNumberSecret(VISA), securityCodeSecret(CSC)], directPost)).toEqual([]);
  expect(recorder.carried(cardNumberSecret(VISA), directPost)).toHaveLength(1);
});
