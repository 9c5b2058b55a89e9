export { type PostalTerm, postalTermOf } from './postal-term.ts';

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

/**
 * A code of each checked country as its people write it, for the hint beside the field: the form
 * is shown before anything is typed, never only in an error afterwards.
 */
const EXAMPLES: Readonly<Record<string, string>> = {
  US: '10001',
  CA: 'K1A 0B1',
  GB: 'SW1A 1AA',
  DE: '10115',
  FR: '75001',
  ES: '28001',
  IT: '00184',
  LV: 'LV-1010',
  LT: 'LT-01100',
  EE: '10111',
  NL: '1012 AB',
  BE: '1000',
  AT: '1010',
  CH: '8001',
  DK: '1050',
  NO: '0150',
  AU: '2000',
  SE: '111 22',
  FI: '00100',
  PL: '00-950',
  PT: '1100-148',
  JP: '100-0001',
  IN: '110001',
};

/** An example of the country's format, or undefined where it is free-form. */
export function postalExampleOf(country: string | undefined): string | undefined {
  return country ? EXAMPLES[country.toUpperCase()] : undefined;
}

/**
 * The code as the country writes it, once it fits the format: Latvia's and Lithuania's with their
 * prefix (`1010` is `LV-1010`), the UK's, Canada's and the Netherlands' upper case with the space
 * before the last part. A code that does not fit is returned as typed (trimmed), for its error.
 */
export function formatPostalCode(country: string | undefined, value: string): string {
  const code = value.trim();
  const upper = country?.toUpperCase() ?? '';
  if (!isValidPostalCode(upper, code)) return code;
  const compact = code.toUpperCase().replace(/[\s-]/g, '');
  switch (upper) {
    case 'LV':
    case 'LT':
      return `${upper}-${compact.replace(/^[A-Z]+/, '')}`;
    case 'GB':
    case 'CA':
      return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
    case 'NL':
      return `${compact.slice(0, 4)} ${compact.slice(4)}`;
    default:
      return code;
  }
}

/** True when the code fits the country's format (case and surrounding spaces ignored). */
export function isValidPostalCode(country: string | undefined, value: string): boolean {
  const code = value.trim();
  if (!code || code.length > 20) return false;
  const pattern = country ? PATTERNS[country.toUpperCase()] : undefined;
  return pattern ? pattern.test(code) : true;
}

/** Countries whose format is checked; any other is free-form. */
export const CHECKED_POSTAL_COUNTRIES: readonly string[] = Object.keys(PATTERNS);
