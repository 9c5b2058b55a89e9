import { expect, type Page, test } from '@playwright/test';
import {
  chooseScenario,
  eventsOf,
  holdBack,
  newestOrderId,
  orderOfLastResult,
  ordersMadeSince,
  payButton,
  recordEvents,
  typeCard,
  typeEmail,
} from './support.ts';

// The demo's / renders its checkout on the server (gateway-checkout/ssr): the card fields come in
// the page's HTML, as declarative shadow DOM, and take input before the script-tag bundle has come.
// Here the bundle is held back, as a slow phone network would, while the customer types the card;
// then it comes, takes over the very nodes the customer typed into, and the customer pays once.

test('a customer types the card before the bundle comes; it takes the typed card over, and the payment goes through once', async ({
  page,
}) => {
  const before = await newestOrderId();
  await recordEvents(page);
  const release = await holdBack(page, '**/gateway-checkout.iife.js');
  await page.goto('/', { waitUntil: 'commit' });
  const checkout = page.locator('gateway-checkout');
  const number = checkout.getByLabel('Card number');
  await expect(number).toBeEditable();
  // Nothing of ours has run: the fields are the page's HTML.
  expect(await page.evaluate(() => customElements.get('gateway-checkout') === undefined)).toBe(true);
  await expect(payButton(page)).toBeDisabled();

  await typeCard(page, { number: '4111111111111111', expiry: '1234', csc: '123', name: 'Anna Berzina' });
  const typedInto = await number.elementHandle();
  await expect(number).toHaveValue('4111111111111111');
  expect(await page.evaluate(() => customElements.get('gateway-checkout') === undefined)).toBe(true);

  release();
  await expect.poll(async () => (await eventsOf(page)).some((e) => e.type === 'gateway-ready')).toBe(true);
  // Taken over, not rendered anew: the same input, still in the page, now grouped by the masks.
  expect(await typedInto!.evaluate((input) => input.isConnected)).toBe(true);
  await expect(number).toHaveValue('4111 1111 1111 1111');
  await expect(checkout.getByLabel('Expiry date')).toHaveValue('12/34');
  await expect(checkout.getByLabel('Security code')).toHaveValue('123');
  await expect(checkout.getByLabel('Cardholder name')).toHaveValue('Anna Berzina');
  // The focus stayed where the customer left it, and the brand they typed is shown.
  await expect(checkout.getByLabel('Cardholder name')).toBeFocused();
  await expect(checkout.locator('gateway-card-form [part~="brand-icon"]')).toHaveAttribute(
    'data-brand',
    'visa',
  );
  // The page heard of the card once the element could say so: no card data, only its state.
  const change = (await eventsOf(page)).filter((e) => e.type === 'gateway-change').at(-1);
  expect(change?.detail).toEqual({ brand: 'visa', complete: true, empty: false, valid: true });

  await typeEmail(page);
  await payButton(page).click();
  const order = await orderOfLastResult(page);
  expect(order.status).toBe('paid');
  expect(order.total).toBe(32.25);
  // One order for this payment: the orders made since the page opened are this one alone.
  expect(await ordersMadeSince(before)).toEqual([order.id]);
});

test('the page carries the fields in its HTML; the bundle adds no second set of them', async ({ page }) => {
  const response = await page.request.get('/');
  const html = await response.text();
  expect(html).toContain('shadowrootmode="open"');
  expect(html.match(/autocomplete="cc-number"/g)).toHaveLength(1);

  await recordEvents(page);
  await page.goto('/');
  await expect.poll(async () => (await eventsOf(page)).some((e) => e.type === 'gateway-ready')).toBe(true);
  const counts = await page.evaluate(() => {
    const root = document.querySelector('gateway-checkout')!.shadowRoot!;
    const form = root.querySelector('gateway-card-form')!;
    return {
      forms: root.querySelectorAll('form').length,
      cardForms: root.querySelectorAll('gateway-card-form').length,
      numbers: form.shadowRoot!.querySelectorAll('input[autocomplete="cc-number"]').length,
      payButtons: root.querySelectorAll('[part~="pay-button"]').length,
    };
  });
  expect(counts).toEqual({ forms: 1, cardForms: 1, numbers: 1, payButtons: 1 });
});

/**
 * The checkout's rendered DOM, shadow roots included, as text: elements with their attributes
 * sorted, text folded, no comments (Lit's markers) and no styles (the server's <style> elements
 * stand where the browser's adopted sheets do).
 */
function renderedCheckout(page: Page): Promise<string> {
  return page.evaluate(() => {
    const serialize = (root: Node): string => {
      let out = '';
      for (const node of root.childNodes) {
        if (node.nodeType === Node.TEXT_NODE) {
          out += (node as Text).data.replace(/\s+/g, ' ').trim();
          continue;
        }
        if (!(node instanceof Element) || node.localName === 'style') continue;
        // The server writes an input's `.value` as its default value; the browser sets the property.
        const attributes = [...node.attributes]
          .filter((a) => !(node.localName === 'input' && a.name === 'value'))
          .map((a) => `${a.name}="${a.value}"`)
          .sort();
        out += `<${node.localName} ${attributes.join(' ')}>`;
        if (node.shadowRoot) out += `#shadow(${serialize(node.shadowRoot)})`;
        out += `${serialize(node)}</${node.localName}>\n`;
      }
      return out;
    };
    return serialize(document.querySelector('gateway-checkout')!.shadowRoot!);
  });
}

// Hydration matches the server's nodes to the browser's templates without writing the values the
// server already wrote: a value the two disagreed on would stay stale in the page. So the checkout
// taken over must be, node for node, what the bundle renders on its own.
for (const scenario of ['one-step', 'avs', 'save-card', 'redirect', 'zero-amount']) {
  test(`${scenario}: the server-rendered checkout, taken over, is what the bundle renders by itself`, async ({
    page,
  }) => {
    const settled = async (path: string) => {
      await recordEvents(page);
      await page.goto(path);
      await expect
        .poll(async () => (await eventsOf(page)).some((e) => e.type === 'gateway-ready'))
        .toBe(true);
      // The brand marks come in the task after the first paint (where there is a card form).
      await expect
        .poll(() =>
          page.evaluate(() => {
            const form = document
              .querySelector('gateway-checkout')!
              .shadowRoot!.querySelector('gateway-card-form');
            return !form || !!form.shadowRoot!.querySelector('[part~="brand-mark"]');
          }),
        )
        .toBe(true);
      return renderedCheckout(page);
    };
    await chooseScenario(page, scenario);
    const server = await settled('/');
    const client = await settled('/?render=client');
    expect(server).toBe(client);
  });
}
