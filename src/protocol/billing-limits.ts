/**
 * The longest text each billing address field may hold, as the merchant-server contract accepts it
 * (`billingAddressSchema`). Kept free of zod so the address element can limit its inputs to the
 * same numbers without carrying the schema library into the browser bundle.
 */
export const BILLING_LIMITS = {
  first_name: 100,
  last_name: 100,
  address: 200,
  city: 100,
  zip_code: 20,
  state: 100,
} as const;
