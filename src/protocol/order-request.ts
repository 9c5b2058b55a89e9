import { z } from 'zod';
import {
  amount,
  countryCode,
  currencyCode,
  date6,
  date8,
  email,
  isoDate,
  languageCode,
} from './primitives.ts';

/** The customer of an order. */
export const clientSchema = z.looseObject({
  email,
  original_client: z.string().optional(),
  send_to_email: z.boolean().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  phone: z.string().optional(),
  address: z.string().optional(),
  zip_code: z.string().optional(),
  country: countryCode.optional(),
  state: z.string().optional(),
  city: z.string().optional(),
});

export const productSchema = z.looseObject({
  // A product of the catalogue (/products/) this line sells; its tax applies when the line has none.
  id: z.string().optional(),
  title: z.string().min(1, { error: 'must not be empty' }),
  price: amount(),
  quantity: z.number().positive({ error: 'must be above 0' }).optional(),
  description: z.string().optional(),
  // The spec leaves the tax format open; the real gateway takes a tax id from POST /taxes/.
  tax: z.union([z.string(), z.looseObject({})]).nullish(),
});

export const recipientClientSchema = z.looseObject({
  first_name: z.string().min(1),
  last_name: z.string().min(1),
  birth_date: isoDate,
  city: z.string().min(1),
  account_type: z.string().regex(/^\d{2}$/, { error: 'must be a two-digit code' }),
  account_number: z.string().min(1),
  recipient_address: z.string().optional(),
  country: countryCode,
  same_as_client: z.boolean().optional(),
});

export const serviceLocationSchema = z.looseObject({
  city: z.string().optional(),
  region: z.string().optional(),
  country: countryCode.optional(),
  zip_code: z.string().optional(),
});

export const airlineLegSchema = z.looseObject({
  departure_airport: z.string().regex(/^[A-Z]{3}$/, { error: 'must be a three-letter airport code' }),
  carrier_code: z
    .string()
    .regex(/^[A-Z0-9]{2,3}$/, { error: 'must be a two- or three-character carrier code' }),
  destination_airport: z.string().regex(/^[A-Z]{3}$/, { error: 'must be a three-letter airport code' }),
  departure_date: date8,
  service_class: z.string().optional(),
  trip_number: z.string().optional(),
});

export const airlineAddendumSchema = z.looseObject({
  ticket_number: z.string().optional(),
  passenger_name: z.string().optional(),
  customer_ref: z.string().optional(),
  n_legs: z.number().int().nonnegative().optional(),
  carrier_name: z.string().optional(),
  ticket_issue_date: date6.optional(),
  legs: z.array(airlineLegSchema).optional(),
});

const booking = <A extends string, B extends string>(from: A, to: B) =>
  z.looseObject({
    booking_number: z.string().optional(),
    [from]: date8.optional(),
    [to]: date8.optional(),
  } as {
    booking_number: z.ZodOptional<z.ZodString>;
  } & Record<A | B, z.ZodOptional<typeof date8>>);

export const lodgingSchema = booking('checkin_date', 'checkout_date');
export const carRentalSchema = booking('pickup_date', 'return_date');
export const cruiseSchema = booking('departure_date', 'return_date');
export const groundTransportationSchema = booking('departure_date', 'return_date');

/** The travel types of travel_data; an order carries exactly one of them. */
export const TRAVEL_TYPES = [
  'airline_addendum',
  'lodging',
  'car_rental',
  'cruise',
  'ground_transportation',
] as const;
export type TravelType = (typeof TRAVEL_TYPES)[number];

export const travelDataSchema = z
  .looseObject({
    airline_addendum: airlineAddendumSchema.optional(),
    lodging: lodgingSchema.optional(),
    car_rental: carRentalSchema.optional(),
    cruise: cruiseSchema.optional(),
    ground_transportation: groundTransportationSchema.optional(),
    // The published example repeats these inside travel_data.
    language: languageCode.optional(),
    currency: currencyCode.optional(),
    products: z.array(productSchema).optional(),
  })
  .check((ctx) => {
    const present = TRAVEL_TYPES.filter((t) => ctx.value[t] != null);
    if (present.length !== 1) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message:
          present.length === 0
            ? `must carry exactly one travel type (one of ${TRAVEL_TYPES.join(', ')})`
            : `must carry exactly one travel type, not ${present.join(' and ')}`,
      });
    }
  });

/**
 * Where the gateway sends the customer's browser back to. Only http(s): a `javascript:` or `data:`
 * address would run in the payment page's origin.
 */
export const redirectUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

export const SETUP_FUTURE_USE = ['one-click', 'automatic', 'recurring'] as const;
export type SetupFutureUse = (typeof SETUP_FUTURE_USE)[number];

/**
 * POST /orders/ as sent. Loose: real integrations send more (`number`, `referrer`,
 * `success_redirect`, `failure_redirect`, `due`, ...), and the gateway keeps them.
 * Cross-field rules live in ./rules.ts.
 */
export const orderRequestSchema = z.looseObject({
  client: clientSchema,
  products: z.array(productSchema).optional(),
  skip_capture: z.boolean().optional(),
  payment_system: z.string().optional(),
  setup_future_use: z
    .enum(SETUP_FUTURE_USE, { error: `must be one of ${SETUP_FUTURE_USE.join(', ')}` })
    .optional(),
  force_save_method: z.boolean().optional(),
  recurring_number: z.string().optional(),
  currency: currencyCode.optional(),
  language: languageCode.optional(),
  is_moto: z.boolean().optional(),
  dynamic_descriptor: z.string().optional(),
  service_location: serviceLocationSchema.optional(),
  sdwo_merchant_id: z.string().optional(),
  travel_data: travelDataSchema.optional(),
  recipient_client: recipientClientSchema.optional(),
  success_redirect: redirectUrl.optional(),
  failure_redirect: redirectUrl.optional(),
  cancel_redirect: redirectUrl.optional(),
  in_progress_redirect: redirectUrl.optional(),
  number: z.string().optional(),
  /** When the order falls due, Unix seconds (public clients send it; the order carries it back). */
  due: z.number().int().nonnegative().optional(),
});

export type Client = z.infer<typeof clientSchema>;
export type Product = z.infer<typeof productSchema>;
export type RecipientClient = z.infer<typeof recipientClientSchema>;
export type ServiceLocation = z.infer<typeof serviceLocationSchema>;
export type AirlineLeg = z.infer<typeof airlineLegSchema>;
export type TravelData = z.infer<typeof travelDataSchema>;
export type OrderRequest = z.infer<typeof orderRequestSchema>;
