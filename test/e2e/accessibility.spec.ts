import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Frame, type Page, test } from '@playwright/test';
import type { Language } from '../../src/elements/i18n/language-file.ts';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.ts';
import { sandboxApi } from './sandbox-api.ts';
import { setFault, signIn } from './support.ts';

// WCAG 2.2 A/AA held by test: axe-core in every frame of the shop's pages, the sandbox's hosted
// pages and its bank page, and the back office, at each state a customer meets, in light, dark and
// forced colours, in a sample of languages (every language's texts are checked in
// test/unit/languages.test.ts); and a payment made with the keyboard alone in each mode.

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

test.use({ bypassCSP: true });

/**
 * A frame drawn transparent over its parent (the isolated fields, their Pay button) shows the
 * parent's background, which axe inside the frame cannot see: it would judge the text against
 * white. The frame is given, for the check, the colour its element stands on in the parent.
 */
async function showParentBackground(frame: Frame): Promise<void> {
  const element = await frame.frameElement();
  const behind = await element.evaluate((el) => {
    let node: Element | null = el as Element;
    while (node) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
      node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host as Element | undefined) ?? null;
    }
    return 'Canvas';
  });
  await frame.evaluate((colour) => {
    const clear = (el: Element) => getComputedStyle(el).backgroundColor === 'rgba(0, 0, 0, 0)';
    if (clear(document.documentElement) && clear(document.body))
      document.documentElement.style.background = colour;
  }, behind);
}

/**
 * axe in one frame (its open shadow roots included): the violations, one line each. In forced
 * colours the colours are the person's own theme, not the page's: contrast is theirs, not ours
 * to measure (axe's colour rule reads the page's colours), and the rest of the rules still run.
 */
async function axeIn(frame: Frame, forced: boolean): Promise<string[]> {
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE);
  if (frame.parentFrame()) await showParentBackground(frame);
  return frame.evaluate(
    async ([tags, forcedColours]) => {
      const w = window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown[] }> }> }>;
        };
      };
      const { violations } = await w.axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules: forcedColours ? { 'color-contrast': { enabled: false } } : {},
        iframes: false,
      });
      return violations.map(
        (v) => `${location.pathname} ${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`,
      );
    },
    [RULES, forced] as const,
  );
}

/** axe in every frame of the page: none may fail. */
async function expectAccessible(page: Page, state: string): Promise<void> {
  const found: string[] = [];
  const forced = await page.evaluate(() => matchMedia('(forced-colors: active)').matches);
  for (const frame of page.frames()) {
    if (frame.url() === 'about:blank' || frame.isDetached()) continue;
    found.push(...(await axeIn(frame, forced)));
  }
  expect(found, `axe (WCAG 2.2 A/AA) at ${state}`).toEqual([]);
}

const SCHEMES = [
  ['light', { colorScheme: 'light', forcedColors: 'none' }],
  ['dark', { colorScheme: 'dark', forcedColors: 'none' }],
  ['forced colours', { colorScheme: 'light', forcedColors: 'active' }],
] as const;

/** Where the focus is, through shadow roots and frames: the focused control's accessible words. */
async function focusedName(page: Page): Promise<string> {
  let frame: Frame = page.mainFrame();
  for (;;) {
    const handle = await frame.evaluateHandle(() => {
      let el = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      return el;
    });
    const element = handle.asElement();
    const inner =
      element && (await element.evaluate((el) => el.localName === 'iframe'))
        ? await element.contentFrame()
        : null;
    if (inner) {
      frame = inner;
      continue;
    }
    return (
      (await element?.evaluate((el) => {
        const input = el as HTMLInputElement;
        return (
          input.labels?.[0]?.textContent ??
          el.getAttribute('aria-label') ??
          el.textContent ??
          ''
        ).trim();
      })) ?? ''
    );
  }
}

/** Presses Tab (only Tab) until the focus is on the control with these words. */
async function tabTo(page: Page, name: RegExp | string): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < 40; i++) {
    const now = await focusedName(page);
    if (typeof name === 'string' ? now === name : name.test(now)) return;
    seen.push(now);
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name}; it went through: ${seen.join(' | ')}`);
}

/**
 * Pays with the keyboard alone: the card number reached by Tab, each field typed (a complete field
 * moves on by itself, and the test checks that it did), then Tab to Pay and Enter.
 */
async function payByKeyboard(page: Page, t: Language['texts'], number = '4111111111111111'): Promise<void> {
  await tabTo(page, t.cardNumber);
  // The move comes as the field takes its last key: on a busy machine a moment after it.
  await page.keyboard.type(number, { delay: 5 });
  await expect.poll(() => focusedName(page)).toBe(t.expiry);
  await page.keyboard.type('1239', { delay: 5 });
  await expect.poll(() => focusedName(page)).toBe(t.securityCode);
  await page.keyboard.type('123', { delay: 5 });
  await expect.poll(() => focusedName(page)).toBe(t.cardholderName);
  await page.keyboard.type('Ada Lovelace', { delay: 5 });
  await tabTo(page, new RegExp(`^${t.pay}|${literal(t.payAmount('')).trim()}`));
  await page.keyboard.press('Enter');
}

const literal = (text: string) =>
  text.replace(/[.*+?^${}()|[\]\\\u2068\u2069]/g, (c) => (/[\u2068\u2069]/.test(c) ? '' : `\\${c}`));

const language = async (code: string): Promise<Language> =>
  (await import(`../../src/elements/i18n/languages/${code}.ts`)) as Language;

test.describe('the sandbox’s hosted pages, in the order’s language', () => {
  let sandbox: Sandbox;
  test.beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
  });
  test.afterAll(async () => {
    await sandbox?.close();
  });

  const order = (code: string) =>
    sandboxApi(sandbox, '/orders/', {
      client: { email: 'buyer@example.com' },
      products: [{ title: 'Tea', price: 7 }],
      language: code,
    });

  for (const code of ['pl', 'lt', 'ar']) {
    test(`a ${code} page pays in ${code}, by keyboard alone, and axe finds nothing at any step`, async ({
      page,
    }) => {
      const { texts: t, page: words, dir } = await language(code);
      const created = await order(code);
      await page.goto(String(created.full_page_checkout));
      await expect(page.locator('html')).toHaveAttribute('lang', code);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await expect(page.locator('#order-total')).toBeVisible();
      await expect(page.getByText(words.payTo)).toBeVisible();
      const form = page.locator('gateway-checkout form');
      await expect(form).toHaveAttribute('lang', code);
      expect(await form.evaluate((f) => getComputedStyle(f).direction)).toBe(dir);
      const number = page.locator('gateway-checkout').getByLabel(t.cardNumber);
      await expect(number).toBeEditable();
      // Card digits run left to right whatever the page's direction.
      expect(await number.evaluate((i) => getComputedStyle(i).direction)).toBe('ltr');
      await expectAccessible(page, `${code}: the empty form`);
      // A Pay with nothing typed: every field says what it needs, in the language.
      await tabTo(page, new RegExp(`^${literal(t.pay)}`));
      await page.keyboard.press('Enter');
      await expect(page.locator('gateway-checkout [part~="status"]')).toHaveText(/\S/);
      await expectAccessible(page, `${code}: the form after an empty Pay`);
      await page.keyboard.press('Shift+Tab');
      await payByKeyboard(page, t);
      await expect(page.locator('gateway-checkout [part="result"] h2')).toHaveText(t.paidTitle);
      await expect(page.locator('gateway-checkout [part="result"]')).toBeFocused();
      await expectAccessible(page, `${code}: paid`);
      expect((await sandboxApi(sandbox, `/orders/${created.id}/`)).status).toBe('paid');
    });
  }

  test('the bank’s 3-D Secure page, inside a Polish checkout, passes axe in each scheme and takes the keyboard', async ({
    page,
  }) => {
    // The bank's page is the issuer's own, on the bank's origin (src/sandbox/bank/), in the
    // cardholder's language as the authentication request tells it: Polish here.
    const { texts: t, page: words } = await language('pl');
    const created = await order('pl');
    await page.goto(String(created.full_page_checkout));
    const checkout = page.locator('gateway-checkout');
    await checkout.getByLabel(t.cardNumber).pressSequentially('4000000000003220', { delay: 5 });
    await checkout.getByLabel(t.expiry).pressSequentially('1239', { delay: 5 });
    await checkout.getByLabel(t.securityCode).pressSequentially('123', { delay: 5 });
    await checkout.getByLabel(t.cardholderName).pressSequentially('Ada Lovelace', { delay: 5 });
    await page.keyboard.press('Enter');
    const bank = page.frameLocator(`iframe[title="${t.challengeTitle}"]`);
    await expect(bank.getByRole('heading', { name: words.confirmTitle })).toBeVisible();
    for (const [name, media] of SCHEMES) {
      await page.emulateMedia(media);
      await expectAccessible(page, `the bank's page, ${name}`);
    }
    // By keyboard: the dialog holds the focus; Tab reaches Approve, Enter presses it.
    await tabTo(page, words.approve);
    await page.keyboard.press('Enter');
    await expect(checkout.locator('[part="result"] h2')).toHaveText(t.paidTitle);
  });

  test('the Pay button keeps its edge in forced colours', async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    await page.goto(String((await order('en')).full_page_checkout));
    const pay = page.locator('gateway-checkout').getByRole('button', { name: /^Pay/ });
    await expect(pay).toBeEnabled();
    const edge = await pay.evaluate((b) => {
      const s = getComputedStyle(b);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor };
    });
    expect(edge.style).toBe('solid');
    expect(edge.width).toBeGreaterThanOrEqual(1);
    expect(edge.color).not.toMatch(/rgba\(.*, 0\)|transparent/);
  });
});

test.describe('the shop’s pages', () => {
  test.beforeEach(async () => {
    await setFault('none');
  });

  for (const path of ['/', '/isolated/']) {
    test(`${path}: axe in every frame, light, dark and forced colours, before and after a failed Pay`, async ({
      page,
    }) => {
      for (const [name, media] of SCHEMES) {
        await page.emulateMedia(media);
        await page.goto(path);
        const fields =
          path === '/'
            ? page.locator('gateway-checkout')
            : page.frameLocator('gateway-checkout iframe[title="Card details"]');
        await expect(fields.getByLabel('Card number')).toBeEditable();
        await expectAccessible(page, `${path}, ${name}, the empty form`);
        await fields.getByLabel('Card number').pressSequentially('4111 1111', { delay: 5 });
        await page.keyboard.press('Tab');
        await expectAccessible(page, `${path}, ${name}, a field left wrong`);
      }
    });
  }

  test('/: a German checkout on an English page is marked German, and passes axe', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.locator('gateway-checkout').evaluate((el) => el.setAttribute('language', 'de'));
    const form = page.locator('gateway-checkout form');
    await expect(form).toHaveAttribute('lang', 'de');
    await expect(page.locator('gateway-checkout').getByLabel('Kartennummer')).toBeEditable();
    expect(
      await page
        .locator('gateway-checkout')
        .getByLabel('Kartennummer')
        .evaluate((i) => i.matches(':lang(de)')),
    ).toBe(true);
    await expectAccessible(page, '/ in German');
  });

  test('/: a payment by keyboard alone', async ({ page }) => {
    const { texts: t } = await language('en');
    await page.goto('/');
    await expect(page.locator('gateway-checkout').getByLabel('Card number')).toBeEditable();
    await tabTo(page, 'E-mail');
    await page.keyboard.type('anna@example.com');
    await payByKeyboard(page, t);
    await expect(page.locator('gateway-checkout [part="result"]')).toBeFocused();
    await expectAccessible(page, '/ paid');
  });

  test('/isolated/: a payment by keyboard alone, through the fields’ frame and its Pay button', async ({
    page,
  }) => {
    const { texts: t } = await language('en');
    await page.goto('/isolated/');
    await expect(
      page.frameLocator('gateway-checkout iframe[title="Card details"]').getByLabel('Card number'),
    ).toBeEditable();
    await tabTo(page, 'E-mail');
    await page.keyboard.type('anna@example.com');
    await payByKeyboard(page, t);
    await expect(page.locator('gateway-checkout [part="result"]')).toBeFocused();
    await expectAccessible(page, '/isolated/ paid');
  });

  test('the back office passes axe, light, dark and forced colours', async ({ page }) => {
    await signIn(page, '/orders/');
    for (const [name, media] of SCHEMES) {
      await page.emulateMedia(media);
      await page.reload();
      await expect(page.getByRole('table').first()).toBeVisible();
      await expectAccessible(page, `the back office, ${name}`);
    }
  });
});
