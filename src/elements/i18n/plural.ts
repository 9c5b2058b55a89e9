/** A language's plural forms, each with `#` where the count goes; `other` is always given. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { readonly other: string };

/**
 * The plural chooser of a language, by the Unicode plural rules the browser carries
 * (`Intl.PluralRules`), so a file writes its forms and never the arithmetic of its grammar:
 * `const n = plural('pl'); n(5, { one: '# pole', few: '# pola', many: '# pól', other: '# pola' })`.
 * The count is written by `Intl.NumberFormat` in the same language.
 */
export function plural(language: string): (count: number, forms: PluralForms) => string {
  const rules = new Intl.PluralRules(language);
  const numbers = new Intl.NumberFormat(language);
  return (count, forms) => (forms[rules.select(count)] ?? forms.other).replace('#', numbers.format(count));
}
