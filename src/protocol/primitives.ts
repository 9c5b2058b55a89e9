import { z } from 'zod';

/** Smallest amount the gateway accepts for a price, a capture total or a partial refund. */
export const MIN_AMOUNT = 0.01;

/**
 * Amounts are decimal numbers in major units (1.00 is one unit of currency). We accept at most two
 * decimals: more would be silently rounded by the gateway, and a charge must never differ from what
 * the merchant meant.
 */
export const amount = (rule = `must be at least ${MIN_AMOUNT}`) =>
  z
    .number({ error: 'must be a number' })
    .finite()
    .min(MIN_AMOUNT, { error: rule, abort: true })
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
      error: 'must have at most two decimals',
    })
    // On the wire a decimal of two places, as the gateway's (Django) serializers read it.
    .meta({ wire: 'decimal', decimalPlaces: 2 });

export const currencyCode = z.string().regex(/^[A-Z]{3}$/, { error: 'must be a three-letter currency code' });
export const languageCode = z.string().regex(/^[a-z]{2}$/i, { error: 'must be a two-letter language code' });
export const countryCode = z.string().regex(/^[A-Z]{2}$/, { error: 'must be a two-letter country code' });
export const date8 = z.string().regex(/^\d{8}$/, { error: 'must be eight digits' });
export const date6 = z.string().regex(/^\d{6}$/, { error: 'must be six digits' });
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date shaped YYYY-MM-DD' })
  .meta({ wire: 'date' });
export const email = z.email({ error: 'must be an e-mail address' });
export const nonEmpty = z.string().trim().min(1, { error: 'must not be empty' });

/** Converts a major-unit amount to integer minor units, so sums never suffer float error. */
export const toMinor = (major: number): number => Math.round(major * 100);
/** Converts integer minor units back to the major-unit number the wire format uses. */
export const toMajor = (minor: number): number => minor / 100;
