import { expect, test } from '@playwright/test';
import {
  gateway,
  openScenario,
  orderOfLastResult,
  payButton,
  recordEvents,
  statusLine,
  typeEmail,
} from './support.ts';

// The checkout asks what the merchant needs, and nothing moves when the merchant's server answers.

test('require-name="false": no name is asked, and the payment goes through without one', async ({ page }) => {
  await recordEvents(page);
  await openScenario(page, 'one-step');
  const checkout = page.locator('gateway-checkout');
  await expect(checkout.getByLabel('Cardholder name')).toBeVisible();
  await checkout.evaluate((el) => el.setAttribute('require-name', 'false'));
  await expect(checkout.getByLabel('Cardholder name')).toHaveCount(0);
  await typeEmail(page);
  await checkout.getByLabel('Card number').pressSequentially('4111111111111111', { delay: 5 });
  await checkout.getByLabel('Expiry date').pressSequentially('1234', { delay: 5 });
  await checkout.getByLabel('Security code').pressSequentially('123', { delay: 5 });
  await payButton(page).click();
  await expect(statusLine(page)).toHaveText(/Payment successful/);
  const order = await gateway.orders.get((await orderOfLastResult(page)).id);
  expect(order.status).toBe('paid');
  expect(order.transaction_details?.cardholder_name ?? '').toBe('');
});

for (const [what, path] of [
  ['rendered on the shop’s server', '/'],
  ['rendered by the bundle', '/?render=client'],
] as const) {
  test(`the card number does not move when the session answers after a second (${what})`, async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number; __tops: number[]; __times: number[]; __shown: number };
      w.__cls = 0;
      w.__tops = [];
      w.__times = [];
      w.__shown = Number.POSITIVE_INFINITY;
      // Every shift no input caused, from the moment the card number is on screen: rendered by the
      // bundle, the checkout's own arrival moves what the page has below it, before any session.
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean }
        >)
          if (!entry.hadRecentInput && entry.startTime > w.__shown) w.__cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      // The card number's place on every frame from the moment it is in the page.
      const find = (root: Document | ShadowRoot): HTMLInputElement | null => {
        for (const el of root.querySelectorAll('*')) {
          if (el.localName === 'input' && el.getAttribute('autocomplete') === 'cc-number')
            return el as HTMLInputElement;
          if (el.shadowRoot) {
            const inner = find(el.shadowRoot);
            if (inner) return inner;
          }
        }
        return null;
      };
      const frame = () => {
        const input = find(document);
        if (input?.checkVisibility()) {
          w.__tops.push(Math.round(input.getBoundingClientRect().top * 10) / 10);
          w.__times.push(performance.now());
          // From the frame after the one that first laid it out.
          if (w.__tops.length === 2) w.__shown = performance.now();
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    // A slow merchant server: its configuration answers a second after it is asked.
    await page.route(/\/checkout\/session(\?.*)?$/, async (route) => {
      if (route.request().method() === 'GET') await new Promise((go) => setTimeout(go, 1000));
      await route.continue();
    });
    await page.goto(path);
    await expect(payButton(page)).toHaveText('Pay €32.25', { timeout: 10_000 });
    await page.evaluate(() => new Promise((go) => requestAnimationFrame(() => setTimeout(go, 100))));
    const { cls, tops, times } = await page.evaluate(() => {
      const w = window as unknown as { __cls: number; __tops: number[]; __times: number[] };
      return { cls: w.__cls, tops: w.__tops, times: w.__times };
    });
    // Seen, frame after frame, for more than the second the session took (however few frames a
    // busy machine draws), at one place throughout.
    expect(tops.length).toBeGreaterThan(2);
    expect(times.at(-1)! - times[0]!).toBeGreaterThan(1000);
    expect(new Set(tops).size, `the card number's top: ${[...new Set(tops)].join(', ')}`).toBe(1);
    expect(cls).toBe(0);
  });
}
