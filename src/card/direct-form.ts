import type { DirectPaymentBody } from '../protocol/direct-payment.ts';

/**
 * The Direct Post form's fields for a direct payment body: Direct Post names the card `number` and
 * takes the month as two digits; everything else goes as `api_do_url` takes it. One definition for
 * both senders of the form: the in-page checkout and the isolated fields' frame.
 */
export function formFields(body: DirectPaymentBody): [string, string][] {
  const fields: [string, string][] = [];
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (key === 'card_number') fields.push(['number', String(value)]);
    else if (key === 'exp_month') fields.push([key, String(value).padStart(2, '0')]);
    else fields.push([key, String(value)]);
  }
  return fields;
}
