import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import type { Language } from '../../src/elements/i18n/language-file.ts';
import type { TermsWords } from '../../src/fields/frame/terms.ts';
import { E2E_FIELDS_PORT } from '../support/ports.ts';
import {
  eventsOf,
  orderOfLastResult,
  pressFramedPay,
  recordEvents,
  recordViolations,
  setFault,
} from './support.ts';

// The isolated fields page is built once per language: a page carries its own language's texts
// (and English, inside its script) and no other, so the frame is light whatever the language, and
// shows its language from the first paint with no request for texts. Its CSP admits its own inline
// scripts only, by their hashes. Driven here in the demo's strict-CSP page on the real sandbox. (A
// page whose language script is refused speaks English: src/fields/frame/page-language.browser.test.ts;
// a document altered on its way by a route here would lose its loopback address space in Chromium,
// and with it every request the fields make.)

const language = async (code: string): Promise<Language> =>
  (await import(`../../src/elements/i18n/languages/${code}.ts`)) as Language;

/** The fields' own words in a language (the Pay button's, the terms'). */
const fieldsWords = async (code: string): Promise<TermsWords> =>
  ((await import(`../../src/fields/frame/languages/${code}.ts`)) as { terms: TermsWords }).terms;

/** The Pay button's name in a language, whatever the amount's format there. */
const payName = (words: TermsWords): RegExp =>
  new RegExp(
    `^${words
      .pay('AMOUNT')
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('AMOUNT', '.*32.25.*')}$`,
  );

const fields = (page: Page) => page.frameLocator('gateway-checkout iframe[part~="frame"]');

/** The fields page the frame loaded, as served: its address and its HTML. */
async function fieldsPageServed(page: Page, lang: string): Promise<{ url: string; html: string }> {
  const response = await page.waitForResponse(
    (r) =>
      r.request().resourceType() === 'document' &&
      new URL(r.url()).port === String(E2E_FIELDS_PORT) &&
      new URL(r.url()).searchParams.get('lang') === lang,
  );
  return { url: response.url(), html: await response.text() };
}

async function typeCardIn(scope: FrameLocator, t: Language['texts']): Promise<void> {
  await scope.getByLabel(t.cardNumber).pressSequentially('4111111111111111', { delay: 5 });
  await scope.getByLabel(t.expiry).pressSequentially('12/34', { delay: 5 });
  await scope.getByLabel(t.securityCode).pressSequentially('123', { delay: 5 });
  await scope.getByLabel(t.cardholderName).pressSequentially('Anna Berzina', { delay: 5 });
}

test.beforeEach(async ({ page }) => {
  await setFault('none');
  await recordEvents(page);
});

test('a German page frames a German fields page that carries no other language, and pays in German', async ({
  page,
}) => {
  const violations = await recordViolations(page);
  const served = fieldsPageServed(page, 'de');
  await page.goto('/csp/?lang=de&isolated');
  const { html } = await served;
  const { texts: de } = await language('de');
  // Its own language and English (the fallback, in its script), none of the other 28.
  expect(html).toContain(de.numberInvalid);
  for (const code of ['pl', 'fr', 'lt', 'ar', 'uk']) {
    const { texts } = await language(code);
    expect(html, `the German fields page carries ${code}`).not.toContain(texts.numberInvalid);
  }
  const frame = fields(page);
  await expect(frame.getByLabel(de.cardNumber)).toBeEditable();
  await expect(frame.locator('html')).toHaveAttribute('lang', 'de');
  await typeCardIn(frame, de);
  await page.locator('gateway-checkout').getByLabel(de.email).fill('anna@example.com');
  await pressFramedPay(page, payName(await fieldsWords('de')));
  expect((await orderOfLastResult(page)).status).toBe('paid');
  expect(violations).toEqual([]);
});

test('the checkout’s language changed before anything is typed brings the fields in it; once typed, they stay', async ({
  page,
}) => {
  await page.goto('/csp/?lang=de&isolated');
  const frame = fields(page);
  await expect(frame.getByLabel('Kartennummer')).toBeEditable();
  const checkout = page.locator('gateway-checkout');
  await checkout.evaluate((el) => el.setAttribute('language', 'pl'));
  const { texts: pl } = await language('pl');
  // A new frame, of the Polish page.
  await expect(frame.getByLabel(pl.cardNumber)).toBeEditable();
  await expect(frame.locator('html')).toHaveAttribute('lang', 'pl');
  await frame.getByLabel(pl.cardNumber).pressSequentially('4111 1111', { delay: 5 });
  await expect.poll(async () => (await eventsOf(page)).some((e) => e.type === 'gateway-change')).toBe(true);
  const src = await checkout.locator('iframe[part~="frame"]').getAttribute('src');
  // Typed in: the frame stays, and keeps what was typed (its page has no French: it reads English).
  await checkout.evaluate((el) => el.setAttribute('language', 'fr'));
  const { texts: en } = await language('en');
  await expect(frame.getByLabel(en.cardNumber)).toHaveValue('4111 1111');
  expect(await checkout.locator('iframe[part~="frame"]').getAttribute('src')).toBe(src);
});

for (const code of ['pl', 'lt', 'ar']) {
  test(`a page in ${code} pays through fields and a Pay button in ${code}`, async ({ page }) => {
    const violations = await recordViolations(page);
    await page.goto(`/csp/?lang=${code}&isolated`);
    const { texts: t, dir } = await language(code);
    const frame = fields(page);
    await expect(frame.getByLabel(t.cardNumber)).toBeEditable();
    await expect(frame.locator('html')).toHaveAttribute('lang', code);
    // Laid out in the language's direction; the card's digits left to right in any.
    await expect(frame.locator('html')).toHaveAttribute('dir', dir);
    expect(await frame.getByLabel(t.cardNumber).evaluate((i) => getComputedStyle(i).direction)).toBe('ltr');
    await typeCardIn(frame, t);
    await page.locator('gateway-checkout').getByLabel(t.email).fill('anna@example.com');
    await pressFramedPay(page, payName(await fieldsWords(code)));
    expect((await orderOfLastResult(page)).status).toBe('paid');
    await expect(page.locator('gateway-checkout [part="result"] h2')).toHaveText(t.paidTitle);
    expect(violations).toEqual([]);
  });
}
