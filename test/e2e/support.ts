import { expect, type Locator, type Page } from '@playwright/test';
import { GatewayClient, type Order } from '../../src/server/index.ts';
import { E2E_SANDBOX } from '../support/ports.ts';

/** The demo's sandbox, asked directly: every test checks the order where the money is. */
export const SANDBOX = E2E_SANDBOX;
export const gateway = new GatewayClient({ baseUrl: SANDBOX, secretKey: 'sk_sandbox_test', maxRetries: 0 });

export interface CardEntry {
  number: string;
  expiry?: string;
  csc?: string | null;
  /** null: the form asks no cardholder's name (require-name="false"). */
  name?: string | null;
}

/** Collects the checkout's events on the page (they carry no card data, so a page may log them). */
export async function recordEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const events: Array<{ type: string; detail: unknown }> = [];
    (window as unknown as { checkoutEvents: typeof events }).checkoutEvents = events;
    for (const type of [
      'gateway-ready',
      'gateway-change',
      'gateway-success',
      'gateway-decline',
      'gateway-error',
    ]) {
      document.addEventListener(type, (event) =>
        events.push({ type, detail: (event as CustomEvent).detail }),
      );
    }
  });
}

export const eventsOf = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { checkoutEvents: Array<{ type: string; detail: Record<string, string> }> })
        .checkoutEvents,
  );

/** Types like a person: key by key into fields found by their accessible names. */
export async function typeCard(
  page: Page,
  card: CardEntry,
  scope: Pick<Locator, 'getByLabel'> = page.locator('gateway-checkout'),
): Promise<void> {
  await scope.getByLabel('Card number').pressSequentially(card.number, { delay: 5 });
  await scope.getByLabel('Expiry date').pressSequentially(card.expiry ?? '12/34', { delay: 5 });
  if (card.csc !== null)
    await scope.getByLabel('Security code').pressSequentially(card.csc ?? '123', { delay: 5 });
  if (card.name !== null)
    await scope.getByLabel('Cardholder name').pressSequentially(card.name ?? 'Anna Berzina', { delay: 5 });
}

/**
 * Puts the visit's cart on a payment scenario of the demo (demo/scenarios.ts), as the page's picker
 * does, on the shop's server (the browser's cookies come along), then opens `path`.
 */
export async function openScenario(page: Page, scenario: string, path = '/'): Promise<void> {
  await chooseScenario(page, scenario);
  await page.goto(path);
}

/** The picker's form post alone: the visit's cart is paid as `scenario` from now on. */
export async function chooseScenario(page: Page, scenario: string): Promise<void> {
  const res = await page.request.post('/scenario', { form: { scenario }, maxRedirects: 0 });
  if (res.status() !== 303) throw new Error(`the shop refused scenario ${scenario}: ${res.status()}`);
}

export async function typeEmail(page: Page, email = 'anna@example.com'): Promise<void> {
  await page.locator('gateway-checkout').getByLabel('E-mail').fill(email);
}

export const payButton = (page: Page) =>
  page.locator('gateway-checkout').getByRole('button', { name: /^Pay/ });
/** With isolated fields, Pay is a button of the fields' origin, in a frame where ours would be. */
export const framedPayButton = (page: Page, name: RegExp = /^Pay/) =>
  page.frameLocator('gateway-checkout iframe[part~="pay-frame"]').getByRole('button', { name });
/**
 * Presses the fields' own Pay as a person does: in view, once its frame has stood still. The frame
 * refuses a press within 500 ms of the button appearing or moving (as browsers do for permission
 * prompts), and typing the card can move it (the fields grow as the brand shows). A press it could
 * not count (a loaded machine can deliver the browser's visibility report late) makes the button
 * ask for another, and a person presses again: so does this, once.
 */
export async function pressFramedPay(page: Page, name?: RegExp): Promise<void> {
  const frame = page.locator('gateway-checkout iframe[part~="pay-frame"]');
  const settle = async () => {
    await frame.scrollIntoViewIfNeeded();
    let last = JSON.stringify(await frame.boundingBox());
    for (let still = 0; still < 600; ) {
      await page.waitForTimeout(100);
      const now = JSON.stringify(await frame.boundingBox());
      still = now === last ? still + 100 : 0;
      last = now;
    }
  };
  await settle();
  await framedPayButton(page, name).click();
  await page.waitForTimeout(300);
  const again = framedPayButton(page, /^Press again to pay$/);
  if (await again.isVisible()) {
    await settle();
    await again.click();
  }
}
// The checkout's own live regions (the card form has its own for the detected brand).
export const statusLine = (page: Page) => page.locator('gateway-checkout [part~="status"]');
export const alertLine = (page: Page) => page.locator('gateway-checkout [part~="message"]');

/** The newest order at the sandbox (its list is newest first). */
export async function newestOrder(): Promise<Order | undefined> {
  return (await gateway.orders.list()).results[0];
}

/** The order the page's last success, decline or error event names. */
export async function orderOfLastResult(page: Page): Promise<Order> {
  await expect
    .poll(async () => (await eventsOf(page)).some((e) => /success|decline/.test(e.type)))
    .toBe(true);
  const events = await eventsOf(page);
  const last = events.filter((e) => /success|decline/.test(e.type)).at(-1)!;
  return gateway.orders.get(last.detail.orderId!);
}

export async function setFault(
  fault: 'none' | 'http_500' | 'timeout' | 'reset' | 'malformed_json',
): Promise<void> {
  const res = await fetch(`${SANDBOX}/_sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ api_do: fault }),
  });
  expect(res.ok).toBe(true);
}

/** How many direct payments the sandbox saw for an order: each starts with an in_progress step. */
export const paymentAttempts = (order: Order) =>
  (order.status_changes ?? []).filter((c) => c.new_status === 'in_progress').length;

/**
 * Puts `src` in a frame titled `title` on the current page and records every message the page
 * receives, as a merchant page framing the gateway would. Returns a reader of those messages.
 */
export async function frameAndListen(
  page: Page,
  src: string,
  title: string,
): Promise<() => Promise<unknown[]>> {
  await page.evaluate(
    ({ src, title }) => {
      const w = window as unknown as { messages: unknown[] };
      w.messages = [];
      window.addEventListener('message', (e) => w.messages.push(e.data));
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.title = title;
      frame.style.cssText = 'width:480px;height:640px';
      document.body.prepend(frame);
    },
    { src, title },
  );
  return () => page.evaluate(() => (window as unknown as { messages: unknown[] }).messages);
}

/** The demo's phone-order agent, as README and DESIGN.md name it. */
export const AGENT = { user: 'agent', password: process.env.DEMO_AGENT_PASSWORD || 'demo-agent-password' };

/**
 * Signs in as a person does: the staff page leads to the sign-in form, which leads back to it.
 * Returns once the page asked for is shown.
 */
export async function signIn(page: Page, path: '/moto/' | '/orders/' = '/orders/'): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/signin\?next=/);
  await page.getByLabel('User name').fill(AGENT.user);
  await page.getByLabel('Password').fill(AGENT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
}

/** Every Content-Security-Policy or Trusted Types violation the page reports, from its start. */
export async function recordViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Trusted Type|TrustedHTML|TrustedScript/i.test(message.text()))
      seen.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        (window as unknown as { reportViolation(t: string): void }).reportViolation(
          `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`,
        );
      },
      true,
    );
  });
  return seen;
}

/**
 * Holds back the page's requests for `url` (a glob) until the returned function lets them go, as a
 * slow network would: what the page does before a file comes.
 */
export async function holdBack(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The id of the newest order at the sandbox now, to tell later which orders a test made. */
export const newestOrderId = async (): Promise<string | undefined> => (await newestOrder())?.id;

/** The ids of the orders made since `before` (the newest order's id then), newest first. */
export async function ordersMadeSince(before: string | undefined): Promise<string[]> {
  const since = (await gateway.orders.list()).results;
  return since.slice(0, before ? since.findIndex((o) => o.id === before) : since.length).map((o) => o.id);
}

/** The one order made since `before`, still issued, with no payment tried on it: nothing reached it. */
export async function oneUntriedOrderSince(before: string | undefined): Promise<Order> {
  const orders = await ordersMadeSince(before);
  expect(orders).toHaveLength(1);
  const order = await gateway.orders.get(orders[0]!);
  expect(order.status).toBe('issued');
  expect(paymentAttempts(order)).toBe(0);
  return order;
}
