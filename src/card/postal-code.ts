/**
 * Postal-code formats where they are well known. Countries not listed accept any non-empty text
 * up to 20 characters: a false reject stops a real customer, a false accept costs an AVS mismatch.
 */
const PATTERNS: Readonly<Record<string, RegExp>> = {
  US: /^\d{5}(?:[- ]?\d{4})?$/,
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
  GB: /^(?:GIR ?0AA|[A-PR-UWYZ](?:\d[A-HJKPSTUW\d]?|[A-HK-Y]\d[ABEHMNPRVWXY\d]?) ?\d[ABD-HJLNP-UW-Z]{2})$/i,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  ES: /^\d{5}$/,
  IT: /^\d{5}$/,
  LV: /^(?:LV-? ?)?\d{4}$/i,
  LT: /^(?:LT-? ?)?\d{5}$/i,
  EE: /^\d{5}$/,
  NL: /^\d{4} ?[A-Z]{2}$/i,
  BE: /^\d{4}$/,
  AT: /^\d{4}$/,
  CH: /^\d{4}$/,
  DK: /^\d{4}$/,
  NO: /^\d{4}$/,
  AU: /^\d{4}$/,
  SE: /^\d{3} ?\d{2}$/,
  FI: /^\d{5}$/,
  PL: /^\d{2}-?\d{3}$/,
  PT: /^\d{4}-?\d{3}$/,
  JP: /^\d{3}-?\d{4}$/,
  IN: /^\d{6}$/,
};

/** True when the code fits the country's format (case and surrounding spaces ignored). */
export function isValidPostalCode(country: string | undefined, value: string): boolean {
  const code = value.trim();
  if (!code || code.length > 20) return false;
  const pattern = country ? PATTERNS[country.toUpperCase()] : undefined;
  return pattern ? pattern.test(code) : true;
}

/** Countries whose format is checked; any other is free-form. */
export const CHECKED_POSTAL_COUNTRIES: readonly string[] = Object.keys(PATTERNS);
