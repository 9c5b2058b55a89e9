/**
 * ISO 3166-1 alpha-2 codes, as the browser's Intl data knows them: every two-letter code that has a
 * region name, less the codes that are not countries. Computing the list saves shipping it.
 */
// Groupings, reserved and withdrawn codes that Intl still names.
const NOT_COUNTRIES = new Set(
  'AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH QO RH SU TA TP UK UN VD XA XB XK YD YU ZR ZZ'.split(' '),
);
let cached: readonly string[] | undefined;

export function countryCodes(): readonly string[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const codes: string[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (!NOT_COUNTRIES.has(code) && names.of(code) !== undefined) codes.push(code);
    }
  }
  cached = codes;
  return codes;
}

/** Countries whose addresses need a state or province. */
export const STATE_COUNTRIES: readonly string[] = ['US', 'CA'];
