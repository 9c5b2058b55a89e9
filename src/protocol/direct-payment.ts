import { z } from 'zod';

/**
 * The body POSTed to an order's api_do_url. Card data travels in this body and nowhere else.
 * exp_year has two digits; exp_month and exp_year are integers, as the vendor's own clients send.
 */
export const directPaymentBodySchema = z.strictObject({
  cardholder_name: z.string().optional(),
  card_number: z.string().regex(/^\d{12,19}$/, { error: 'must be 12 to 19 digits' }),
  exp_month: z.number().int().min(1, { error: 'must be 1 to 12' }).max(12, { error: 'must be 1 to 12' }),
  exp_year: z.number().int().min(0, { error: 'must be two digits' }).max(99, { error: 'must be two digits' }),
  // MOTO payments carry no security code.
  csc: z
    .string()
    .regex(/^\d{3,4}$/, { error: 'must be 3 or 4 digits' })
    .optional(),
  saved_by_merchant: z.boolean().optional(),
  ip_address: z.string().optional(),
  avs: z.boolean().optional(),
});
export type DirectPaymentBody = z.infer<typeof directPaymentBodySchema>;

/** The names that mark card data; a request to anything but api_do_url must carry none of them. */
export const CARD_FIELDS = ['card_number', 'csc', 'cvv', 'cvc', 'exp_month', 'exp_year', 'pan'] as const;

/**
 * The answer of api_do_url. The spec shows nothing; public clients read `threed_check_url` (go to
 * it for 3-D Secure) and then the order's status. We keep whatever else comes.
 */
export const directPaymentResponseSchema = z.looseObject({
  status: z.string().optional(),
  threed_check_url: z.string().nullish(),
  order_id: z.string().optional(),
});
export type DirectPaymentResponse = z.infer<typeof directPaymentResponseSchema>;
