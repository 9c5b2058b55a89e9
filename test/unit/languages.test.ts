// Every language file, held to the English reference: every text there, none left in English, each
// plural and value in place. Languages are found in their folder, as the build finds them, so a new
// file is checked the moment it is added.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, plain JavaScript
import { languagesShipped } from '../../scripts/siblings.mjs';
import type { Language } from '../../src/elements/i18n/language-file.ts';
import * as english from '../../src/elements/i18n/languages/en.ts';
import { orderLanguage } from '../../src/sandbox/pages/words.ts';

const root = join(import.meta.dirname, '../..');
const folder = join(root, 'src/elements/i18n/languages');
const codes = readdirSync(folder)
  .filter((file) => /^[a-z]{2}\.ts$/.test(file))
  .map((file) => file.slice(0, 2))
  .filter((code) => code !== 'en');

/** The EU's 24 official languages, Norwegian, Ukrainian, Russian, Turkish, Arabic and Hebrew. */
const PROMISED = 'bg cs da de el en es et fi fr ga hr hu it lt lv mt nl pl pt ro sk sl sv nb uk ru tr ar he';
const RIGHT_TO_LEFT = ['ar', 'he'];

/**
 * Texts that are the same word in English and in a language, said once here with the language:
 * anything else equal to English is English left behind.
 */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly string[]>> = {
  '*': ['email'],
  es: ['total'],
  fr: ['total', 'date'],
  it: [],
  pt: ['total'],
  ro: ['total', 'card'],
  nl: ['postcode'],
  mt: ['total'],
};

/** Words that are English only: one of them in another language's text is English left behind. */
const ENGLISH_WORDS = /\b(the|your|payment|please|charged|enter|check|field|card number|try again)\b/i;

/** The values each text with values is shown with: counts that meet every plural form. */
const COUNTS = [0, 1, 2, 3, 4, 5, 6, 11, 12, 14, 21, 22, 25, 100, 101, 102, 111, 1000];
const sample = (key: string, text: (...values: never[]) => string): string[] => {
  const value = text.toString();
  if (/\b(count|max|minutes|length)\b/.test(value.split('=>')[0] ?? ''))
    return COUNTS.map((count) => (text as (n: number) => string)(count));
  return [(text as (s: string) => string)(`«${key}»`)];
};

async function load(code: string): Promise<Language> {
  return (await import(`../../src/elements/i18n/languages/${code}.ts`)) as Language;
}

function comparable(words: object, englishWords: object, code: string, group: string) {
  const ours = words as Record<string, string | ((...values: never[]) => string)>;
  const theirs = englishWords as Record<string, string | ((...values: never[]) => string)>;
  expect(Object.keys(ours).sort(), `${code}: the ${group} of English, no more, no fewer`).toEqual(
    Object.keys(theirs).sort(),
  );
  const allowed = [...(SAME_AS_ENGLISH['*'] ?? []), ...(SAME_AS_ENGLISH[code] ?? [])];
  for (const [key, reference] of Object.entries(theirs)) {
    const text = ours[key]!;
    expect(typeof text, `${code}.${key}`).toBe(typeof reference);
    const shown = typeof text === 'function' ? sample(key, text) : [text];
    const english = typeof reference === 'function' ? sample(key, reference) : [reference];
    shown.forEach((t, i) => {
      expect(t.trim().length, `${code}.${key}: empty`).toBeGreaterThan(0);
      if (!allowed.includes(key)) expect(t, `${code}.${key}: still English`).not.toBe(english[i]);
      expect(t, `${code}.${key}: an English word in "${t}"`).not.toMatch(ENGLISH_WORDS);
      expect(t, `${code}.${key}: a value not filled in`).not.toMatch(/#|\$\{|undefined|NaN/);
    });
    // Every value is shown: the brand, the merchant, the amount, the reason, the count.
    if (typeof text === 'function' && typeof reference === 'function') {
      const values = sample(key, text);
      if (values.length === 1)
        expect(values[0], `${code}.${key}: the value is missing`).toContain(`«${key}»`);
      else
        values.forEach((t, i) => {
          const count = COUNTS[i]!;
          const written = [String(count), new Intl.NumberFormat(code).format(count)];
          expect(
            written.some((number) => t.replace(/\s/g, '').includes(number.replace(/\s/g, ''))),
            `${code}.${key}(${count}) shows the count: "${t}"`,
          ).toBe(true);
        });
    }
  }
}

describe('the languages, one file each', () => {
  it('are every official EU language, Norwegian, Ukrainian, Russian, Turkish, Arabic and Hebrew', () => {
    expect(['en', ...codes].sort()).toEqual(PROMISED.split(' ').sort());
  });

  it('are what the build ships beside English: the folder is the list', () => {
    expect(languagesShipped(root)).toEqual([...codes].sort());
  });

  it('describe themselves: the code is the file name, the name is in the language, the direction', async () => {
    for (const code of ['en', ...codes]) {
      const language = await load(code);
      expect(language.code).toBe(code);
      expect(language.name.length).toBeGreaterThan(1);
      expect(language.dir, code).toBe(RIGHT_TO_LEFT.includes(code) ? 'rtl' : 'ltr');
      expect(new Intl.Locale(code).language).toBe(code);
    }
  });

  for (const code of codes) {
    it(`${code}: every text of the elements and of the sandbox's pages, none of them English`, async () => {
      const language = await load(code);
      comparable(language.texts, english.texts, code, 'texts');
      comparable(language.page, english.page, code, 'page words');
    });
  }

  it('the sandbox speaks the order’s language, and English where it has none', async () => {
    expect((await orderLanguage('pl-PL')).page.total).toBe('Razem');
    expect((await orderLanguage('no')).code).toBe('nb');
    expect((await orderLanguage('ja')).code).toBe('en');
    expect((await orderLanguage('../en')).code).toBe('en');
    expect((await orderLanguage(undefined)).code).toBe('en');
  });
});
