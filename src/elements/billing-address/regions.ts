/**
 * States, provinces and territories for the countries whose card addresses carry one, with the
 * codes address verification expects: the postal abbreviations (ISO 3166-2 without the country
 * prefix). Names are the ones the postal services use.
 */
const LISTS: Record<string, string> = {
  US: 'AL Alabama|AK Alaska|AS American Samoa|AZ Arizona|AR Arkansas|AA Armed Forces Americas|AE Armed Forces Europe|AP Armed Forces Pacific|CA California|CO Colorado|CT Connecticut|DE Delaware|DC District of Columbia|FL Florida|GA Georgia|GU Guam|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa|KS Kansas|KY Kentucky|LA Louisiana|ME Maine|MD Maryland|MA Massachusetts|MI Michigan|MN Minnesota|MS Mississippi|MO Missouri|MT Montana|NE Nebraska|NV Nevada|NH New Hampshire|NJ New Jersey|NM New Mexico|NY New York|NC North Carolina|ND North Dakota|MP Northern Mariana Islands|OH Ohio|OK Oklahoma|OR Oregon|PA Pennsylvania|PR Puerto Rico|RI Rhode Island|SC South Carolina|SD South Dakota|TN Tennessee|TX Texas|UM U.S. Minor Outlying Islands|VI U.S. Virgin Islands|UT Utah|VT Vermont|VA Virginia|WA Washington|WV West Virginia|WI Wisconsin|WY Wyoming',
  CA: 'AB Alberta|BC British Columbia|MB Manitoba|NB New Brunswick|NL Newfoundland and Labrador|NT Northwest Territories|NS Nova Scotia|NU Nunavut|ON Ontario|PE Prince Edward Island|QC Quebec|SK Saskatchewan|YT Yukon',
  AU: 'ACT Australian Capital Territory|NSW New South Wales|NT Northern Territory|QLD Queensland|SA South Australia|TAS Tasmania|VIC Victoria|WA Western Australia',
};

export type Region = readonly [code: string, name: string];

const parsed = new Map<string, readonly Region[]>();

/** The list of a country (ISO 3166-1 alpha-2), in the order to show; null when it has none. */
export function regionsOf(country: string): readonly Region[] | null {
  const key = country.toUpperCase();
  const list = LISTS[key];
  if (!list) return null;
  let regions = parsed.get(key);
  if (!regions) {
    regions = list.split('|').map((entry) => {
      const space = entry.indexOf(' ');
      return [entry.slice(0, space), entry.slice(space + 1)] as const;
    });
    parsed.set(key, regions);
  }
  return regions;
}

/** Countries with a list. */
export const REGION_COUNTRIES: readonly string[] = Object.keys(LISTS);

/**
 * The code for what a person or an autofill wrote: a code ("ny", "NSW") or a name ("New York",
 * "québec"), matched without case or accents; null when it is not in the country's list.
 */
export function regionCode(country: string, text: string): string | null {
  const regions = regionsOf(country);
  const wanted = fold(text);
  if (!regions || !wanted) return null;
  for (const [code, name] of regions) {
    if (fold(code) === wanted || fold(name) === wanted) return code;
  }
  return null;
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f.]/g, '')
    .trim()
    .toLowerCase();
}
