import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  ContainmentRecorder,
  cardNumberSecret,
  expectNoFieldHolds,
  type RecordedRequest,
  securityCodeSecret,
} from '../support/containment.ts';
import { E2E_SANDBOX } from '../support/ports.ts';
import { framedPayButton, openScenario, signIn } from './support.ts';

// Card data stays contained on every page and in every flow: the card number and security code
// appear only in the body of the POST to the order's api_do_url. Nowhere else the page lets data
// out or keeps it: other requests (URL, headers, body), the console, storage, cookies, the URL and
// history, any attribute in the document or a shadow root, any event detail or postMessage. After a
// result (and after the element is removed) no field holds the security code; after a success none
// holds the number.

type Fault = 'none' | 'http_500' | 'timeout' | 'reset' | 'malformed_json';
type End = 'succeeded' | 'declined' | 'failed';

interface Flow {
  readonly name: string;
  readonly number: string;
  readonly ends: End;
  readonly fault?: { readonly on: 'api_do' | 'orders'; readonly mode: Fault };
  readonly threeDs?: 'Approve' | 'Fail';
}

interface DemoPage {
  readonly name: string;
  /** Opens the page and, for the gateway's hosted pages, gets to the card fields. */
  readonly open: (page: Page) => Promise<void>;
  /** Where the card fields are: the page, or the gateway's frame in it. */
  readonly fields: (page: Page) => Locator;
  /** Where the rest of the form is (the e-mail, the Pay button) when the card fields are framed apart. */
  readonly form?: (page: Page) => Locator;
  /** The Pay button, when it is not in `form` (the isolated fields' own, in a frame). */
  readonly pay?: (page: Page) => Locator;
  /** Before Pay: the isolated Pay frame takes a press once it has stood still (Chromium drops input to a frame watching its visibility that just moved). */
  readonly settle?: (page: Page) => Promise<void>;
  readonly moto?: boolean;
  readonly email?: boolean;
  readonly flows: readonly Flow[];
}

const VISA = '4111111111111111';
const DECLINED = '4000000000000002';
const THREE_DS = '4000000000003220';
// Codes chosen to be found as tokens, not inside an id or a timestamp.
const CSC = '947';

const CORE_FLOWS: Flow[] = [
  { name: 'success', number: VISA, ends: 'succeeded' },
  { name: 'decline', number: DECLINED, ends: 'declined' },
];
const ALL_FLOWS: Flow[] = [
  ...CORE_FLOWS,
  { name: '3-D Secure approved', number: THREE_DS, ends: 'succeeded', threeDs: 'Approve' },
  { name: '3-D Secure failed', number: THREE_DS, ends: 'declined', threeDs: 'Fail' },
  ...(['http_500', 'malformed_json', 'reset', 'timeout'] as const).flatMap((mode) => [
    {
      name: `payment fault ${mode}`,
      number: VISA,
      ends: 'failed' as End,
      fault: { on: 'api_do' as const, mode },
    },
    {
      name: `order fault ${mode}`,
      number: VISA,
      ends: 'failed' as End,
      fault: { on: 'orders' as const, mode },
    },
  ]),
];

const checkout = (page: Page) => page.locator('gateway-checkout');

const PAGES: DemoPage[] = [
  {
    name: 'shop /',
    open: async (page) => {
      await page.goto('/');
    },
    fields: (page) => checkout(page),
    email: true,
    flows: ALL_FLOWS,
  },
  {
    name: 'phone orders /moto/',
    open: async (page) => {
      await signIn(page, '/moto/');
      await page.getByLabel('Amount (EUR)').fill('12.50');
      await page.keyboard.press('Tab');
    },
    fields: (page) => checkout(page),
    // The agent's screen asks no e-mail: the order's client comes from the merchant's server.
    moto: true,
    flows: [
      ...CORE_FLOWS,
      { name: 'payment fault reset', number: VISA, ends: 'failed', fault: { on: 'api_do', mode: 'reset' } },
    ],
  },
  {
    name: 'React app /app/',
    open: async (page) => {
      await page.goto('/app/checkout');
      await expect(checkout(page).getByRole('button', { name: /^Pay/ })).toBeEnabled();
    },
    fields: (page) => checkout(page),
    email: true,
    flows: [
      ...CORE_FLOWS,
      { name: '3-D Secure approved', number: THREE_DS, ends: 'succeeded', threeDs: 'Approve' },
    ],
  },
  {
    name: 'Vue page /vue/',
    open: async (page) => {
      await page.goto('/vue/');
      await expect(checkout(page).getByRole('button', { name: /^Pay/ })).toBeEnabled();
    },
    fields: (page) => checkout(page),
    email: true,
    flows: [
      ...CORE_FLOWS,
      { name: '3-D Secure failed', number: THREE_DS, ends: 'declined', threeDs: 'Fail' },
    ],
  },
  {
    name: "the gateway's hosted page (redirect)",
    open: async (page) => {
      await openScenario(page, 'redirect');
      await checkout(page).getByRole('button', { name: /^Pay/ }).click();
      await page.waitForURL(`${E2E_SANDBOX}/checkout/**`);
    },
    fields: (page) => page.locator('body'),
    flows: [
      ...CORE_FLOWS,
      { name: '3-D Secure approved', number: THREE_DS, ends: 'succeeded', threeDs: 'Approve' },
    ],
  },
  {
    name: 'isolated fields /isolated/',
    open: async (page) => {
      await page.goto('/isolated/');
      await expect(framedPayButton(page)).toBeEnabled();
    },
    fields: (page) => page.frameLocator('gateway-checkout iframe[title="Card details"]').locator('body'),
    form: (page) => checkout(page),
    pay: framedPayButton,
    settle: (page) => page.waitForTimeout(600),
    email: true,
    flows: [
      ...CORE_FLOWS,
      { name: '3-D Secure approved', number: THREE_DS, ends: 'succeeded', threeDs: 'Approve' },
    ],
  },
  {
    name: "the gateway's hosted form in a frame",
    open: async (page) => {
      await openScenario(page, 'iframe');
    },
    fields: (page) => page.frameLocator('gateway-checkout iframe').locator('body'),
    flows: CORE_FLOWS,
  },
];

async function setFault(on: 'api_do' | 'orders', mode: Fault): Promise<void> {
  const res = await fetch(`${E2E_SANDBOX}/_sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ [on]: mode }),
  });
  expect(res.ok).toBe(true);
}

/** The payment POST: to the sandbox's api_do_url (`/pay/<token>/`), nothing else. */
const isPayment = (r: RecordedRequest) =>
  r.method === 'POST' &&
  new URL(r.url).origin === E2E_SANDBOX &&
  /^\/pay\/[^/]+\/$/.test(new URL(r.url).pathname);

/** Whether the page (or the gateway's own page, for the hosted ones) has shown a result. */
async function waitForEnd(page: Page, demo: DemoPage, flow: Flow): Promise<void> {
  const done =
    /Payment successful|Payment authorized|declined|insufficient|could not|did not|No money|not sure|Thank you|went through|try again/i;
  if (demo.name.includes('redirect') && flow.ends === 'succeeded') {
    await page.waitForURL(/\/return/, { timeout: 30_000 });
    return;
  }
  // The checkout's own lines (the status line may be for screen readers only), or the page a
  // framework app moves on to after a success.
  const region = page.locator(
    'gateway-checkout [role="alert"], gateway-checkout [role="status"], gateway-checkout [part~="status"], gateway-checkout [part~="message"], h1, h2',
  );
  await expect(region.filter({ hasText: done }).first()).toBeAttached({ timeout: 30_000 });
}

for (const demo of PAGES) {
  test.describe(`containment on ${demo.name}`, () => {
    for (const flow of demo.flows) {
      test(`${flow.name}: card data goes only to api_do_url`, async ({ page, context }) => {
        test.setTimeout(60_000);
        const recorder = await ContainmentRecorder.install(context);
        await setFault('api_do', 'none');
        await setFault('orders', 'none');
        await demo.open(page);
        const fields = demo.fields(page);
        const form = demo.form?.(page) ?? fields;
        if (demo.email) await form.getByLabel('E-mail').fill('contained@example.com');
        await fields.getByLabel('Card number').pressSequentially(flow.number, { delay: 2 });
        await fields.getByLabel('Expiry date').pressSequentially('1234', { delay: 2 });
        if (!demo.moto) await fields.getByLabel('Security code').pressSequentially(CSC, { delay: 2 });
        // The phone-order screen asks no name (require-name="false").
        if (!demo.moto) await fields.getByLabel('Cardholder name').fill('Anna Berzina');
        // Before paying: nothing has left or been kept yet.
        await recorder.snapshot();
        if (flow.fault) await setFault(flow.fault.on, flow.fault.mode);
        await demo.settle?.(page);
        await (demo.pay?.(page) ?? form.getByRole('button', { name: /^Pay/ })).click();
        if (flow.threeDs) {
          const challenge = demo.name.includes('frame')
            ? page.frameLocator('gateway-checkout iframe').frameLocator('iframe')
            : page.frameLocator('iframe[title="Confirm the payment with your bank"]');
          await challenge.getByRole('button', { name: flow.threeDs }).click();
        }
        await waitForEnd(page, demo, flow);
        await recorder.snapshot();

        const number = cardNumberSecret(flow.number);
        const csc = securityCodeSecret(CSC);
        const secrets = demo.moto ? [number] : [number, csc];
        expect(recorder.leaks(secrets, isPayment)).toEqual([]);
        // The card did go to the gateway (else there is nothing to have contained); an order fault
        // that makes no order sends no card at all.
        if (
          !(
            flow.fault?.on === 'orders' &&
            flow.ends === 'failed' &&
            recorder.carried(number, isPayment).length === 0
          )
        ) {
          expect(recorder.carried(number, isPayment).length).toBeGreaterThanOrEqual(1);
        }
        expect(recorder.requests.filter(isPayment).length).toBeLessThanOrEqual(1);

        // After a result the security code is gone from every field; after a success the number too.
        if (!demo.moto) await expectNoFieldHolds(page, csc);
        if (flow.ends === 'succeeded') await expectNoFieldHolds(page, number);

        // Taken out of the page, the element keeps no security code either.
        if (!demo.name.includes('redirect')) {
          await page.evaluate(() => {
            const el = document.querySelector('gateway-checkout');
            (window as unknown as { removedCheckout?: Element }).removedCheckout = el ?? undefined;
            el?.remove();
          });
          if (!demo.moto) await expectNoFieldHolds(page, csc, 'removedCheckout');
          await recorder.snapshot();
          expect(recorder.leaks(secrets, isPayment)).toEqual([]);
        }
      });
    }
  });
}

test('the recorder finds card data wherever a skimmer puts it', async ({ page, context }) => {
  const recorder = await ContainmentRecorder.install(context);
  await page.goto('/');
  await page.evaluate(
    ({ number, csc }) => {
      localStorage.setItem('x', number);
      sessionStorage.setItem('y', `cvv=${csc}`);
      // biome-ignore lint/suspicious/noDocumentCookie: a skimmer writes the cookie the plain way
      document.cookie = `c=${number.replace(/(\d{4})/g, '$1 ')}`;
      document.body.setAttribute('data-card', number);
      console.log('typed', `${number.slice(0, 8)}-${number.slice(8)}`);
      history.pushState(null, '', `?pan=${number}`);
      document.dispatchEvent(new CustomEvent('skim', { detail: { csc } }));
      void fetch(`/collect?c=${csc}`, { method: 'POST', body: number }).catch(() => {});
    },
    { number: VISA, csc: CSC },
  );
  await expect.poll(() => recorder.requests.some((r) => r.url.includes('/collect'))).toBe(true);
  await recorder.snapshot();
  const leaks = recorder.leaks([cardNumberSecret(VISA), securityCodeSecret(CSC)], isPayment);
  const where = leaks.map((l) => `${l.what} @ ${l.where}`).join('\n');
  for (const place of [
    'localStorage',
    'sessionStorage',
    'cookies',
    'attribute',
    'console',
    'history',
    'event',
    '(body)',
  ]) {
    expect(where).toContain(place);
  }
  expect(leaks.some((l) => l.what === 'security code' && l.where.includes('(URL)'))).toBe(true);
  expect(
    recorder.leaks([securityCodeSecret('123')], isPayment).filter((l) => l.where.includes('localStorage')),
  ).toEqual([]);
});
