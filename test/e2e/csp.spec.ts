import { expect, type Page, test } from '@playwright/test';
import { E2E_BANK } from '../support/ports.ts';
import {
  orderOfLastResult,
  payButton,
  recordEvents,
  recordViolations,
  statusLine,
  typeCard,
} from './support.ts';

// The bundle under the strictest policy a merchant may send (demo/csp-page.ts): no inline script
// or style, Trusted Types required, only the gateway as another origin for requests, and frames from
// the gateway and `https:` (the sandbox's bank named, being http). A payment completes, 3-D Secure at
// the bank's own origin included, without a single violation; the old advice blocks the bank.

const CHALLENGE_FRAME = 'iframe[title="Confirm the payment with your bank"]';

/** Every message the checkout's page receives, by type: a bank sends none. */
async function recordMessages(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenMessages: string[] }).seenMessages = seen;
    addEventListener('message', (e) => seen.push(`${e.origin} ${(e.data as { type?: string })?.type}`));
  });
  return () => page.evaluate(() => (window as unknown as { seenMessages: string[] }).seenMessages);
}

for (const variant of ["script-src 'self'", 'a nonce and the trusted-types names'] as const) {
  const path = variant.startsWith('a nonce') ? '/csp/?nonce' : '/csp/';

  test(`strict CSP with ${variant}: the policy is the strict one`, async ({ page }) => {
    const response = await page.goto(path);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).toContain("require-trusted-types-for 'script'");
    expect(policy).not.toContain('unsafe');
    expect(policy).toContain(variant.startsWith('a nonce') ? "script-src 'nonce-" : "script-src 'self'");
  });

  for (const [name, number] of [
    ['a card payment', '4111111111111111'],
    ['a 3-D Secure payment', '4000000000003220'],
  ] as const) {
    test(`strict CSP with ${variant}: ${name} completes with no violation`, async ({ page }) => {
      const violations = await recordViolations(page);
      await recordEvents(page);
      const messages = await recordMessages(page);
      await page.goto(path);
      await expect(payButton(page)).toHaveText(/Pay €/);
      await typeCard(page, { number });
      const email = page.locator('gateway-checkout').getByLabel('E-mail');
      if (await email.count()) await email.fill('csp@example.com');
      await payButton(page).click();
      if (number.endsWith('3220')) {
        // The challenge is the bank's page, on the bank's origin, inside the checkout's dialog.
        const approve = page.frameLocator(CHALLENGE_FRAME).getByRole('button', { name: 'Approve' });
        await expect(approve).toBeVisible({ timeout: 20_000 });
        expect(page.frames().some((f) => f.url().startsWith(`${E2E_BANK}/acs/`))).toBe(true);
        await approve.click();
        // It closes by itself once the flow is back at the shop's address: no message told it.
        await expect(page.getByRole('dialog', { name: 'Confirm the payment with your bank' })).toBeHidden();
        expect((await messages()).filter((m) => /gateway-3ds/.test(m))).toEqual([]);
      }
      await expect(statusLine(page)).toHaveText(/Payment successful/);
      expect((await orderOfLastResult(page)).status).toBe('paid');
      expect(violations).toEqual([]);
    });
  }
}

test('the old advice (the gateway alone in frame-src) blocks the bank’s challenge page', async ({ page }) => {
  const violations = await recordViolations(page);
  const response = await page.goto('/csp/?old-advice');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).not.toContain('https:');
  expect(policy).not.toContain(E2E_BANK);
  await expect(payButton(page)).toHaveText(/Pay €/);
  await typeCard(page, { number: '4000000000003220' });
  const email = page.locator('gateway-checkout').getByLabel('E-mail');
  if (await email.count()) await email.fill('csp@example.com');
  await payButton(page).click();
  await expect(page.getByRole('dialog', { name: 'Confirm the payment with your bank' })).toBeVisible();
  // The gateway's page hands the frame on to the bank, and the page's policy refuses it.
  await expect
    .poll(() => violations.filter((v) => v.startsWith('frame-src') && v.includes(E2E_BANK)), {
      timeout: 20_000,
    })
    .not.toEqual([]);
  await expect(page.frameLocator(CHALLENGE_FRAME).getByRole('button', { name: 'Approve' })).toHaveCount(0);
});

test('the page reports violations it would have: an inline style is refused and seen', async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto('/csp/');
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = 'body { color: red }';
    document.head.append(style);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});
