// Apart from the formats (postal-code.ts): the field's name is needed at once, the formats are
// loaded with the address element's other on-demand data.

/** What the country calls the code: the US (and its territories) a ZIP code, the UK a postcode. */
export type PostalTerm = 'zip' | 'postcode' | 'postal';

const ZIP_COUNTRIES = new Set(['US', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM']);
const POSTCODE_COUNTRIES = new Set(['GB', 'IM', 'JE', 'GG', 'AU', 'NZ', 'IE']);

export function postalTermOf(country: string | undefined): PostalTerm {
  const code = country?.toUpperCase() ?? '';
  return ZIP_COUNTRIES.has(code) ? 'zip' : POSTCODE_COUNTRIES.has(code) ? 'postcode' : 'postal';
}
