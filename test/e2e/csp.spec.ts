import { expect, test } from '@playwright/test';
import {
  orderOfLastResult,
  payButton,
  recordEvents,
  recordViolations,
  statusLine,
  typeCard,
} from './support.ts';

// The bundle under the strictest policy a merchant may send (demo/csp-page.ts): no inline script
// or style, Trusted Types required, only the gateway as another origin. A payment completes, 3-D
// Secure included, without a single violation.

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
      await page.goto(path);
      await expect(payButton(page)).toHaveText(/Pay €/);
      await typeCard(page, { number });
      const email = page.locator('gateway-checkout').getByLabel('E-mail');
      if (await email.count()) await email.fill('csp@example.com');
      await payButton(page).click();
      if (number.endsWith('3220')) {
        await page
          .frameLocator('iframe[title="Confirm the payment with your bank"]')
          .getByRole('button', { name: 'Approve' })
          .click();
      }
      await expect(statusLine(page)).toHaveText(/Payment successful/);
      expect((await orderOfLastResult(page)).status).toBe('paid');
      expect(violations).toEqual([]);
    });
  }
}

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
