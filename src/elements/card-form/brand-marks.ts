import { html, nothing, type SVGTemplateResult, svg, type TemplateResult } from 'lit';

/**
 * Small marks for the card brands, drawn for this project on a 32 × 20 tile: each a solid tile
 * with light shapes or lettering on it, so it reads the same on light and dark pages.
 * The keys are credit-card-type's brand ids.
 */
const MARKS: Record<string, readonly [name: string, tile: string, body: SVGTemplateResult]> = {
  visa: ['Visa', '#1a1f71', letters('VISA', '#fff', 9, 'italic')],
  mastercard: ['Mastercard', '#252525', rings('#eb001b', '#f79e1b', '#ff5f00')],
  'american-express': ['American Express', '#1f72cd', letters('AMEX', '#fff', 8.5)],
  discover: [
    'Discover',
    '#f4f4f4',
    svg`<circle cx="25" cy="10" r="3.4" fill="#f27a1a"/>${letters('DISC', '#222', 7, '', 12.5)}`,
  ],
  'diners-club': [
    'Diners Club',
    '#fff',
    svg`<circle cx="16" cy="10" r="7" fill="#0a5ea8"/><circle cx="16" cy="10" r="4.6" fill="#fff"/><path d="M14.6 6v8M17.4 6v8" stroke="#0a5ea8" stroke-width="1.4"/>`,
  ],
  jcb: [
    'JCB',
    '#fff',
    svg`<rect x="5" y="3" width="7" height="14" rx="2" fill="#0e4c96"/><rect x="12.5" y="3" width="7" height="14" rx="2" fill="#d22e2e"/><rect x="20" y="3" width="7" height="14" rx="2" fill="#1a9a48"/>${letters('J', '#fff', 7, '', 8.5, 13)}${letters('C', '#fff', 7, '', 16, 13)}${letters('B', '#fff', 7, '', 23.5, 13)}`,
  ],
  unionpay: [
    'UnionPay',
    '#fff',
    svg`<path d="M6 3h7l-3 14H3zM12 3h7l-3 14H9zM18 3h10l-3 14H15z" fill="#d8232a"/><path d="M12 3h7l-3 14H9z" fill="#1a4f9c"/><path d="M18 3h10l-3 14H15z" fill="#00797a"/>${letters('UP', '#fff', 6.5, '', 17, 12.5)}`,
  ],
  maestro: ['Maestro', '#252525', rings('#eb001b', '#00a2e5', '#7375cf')],
};

function letters(
  text: string,
  fill: string,
  size: number,
  style = '',
  x = 16,
  y = 10 + size * 0.36,
): SVGTemplateResult {
  return svg`<text x=${x} y=${y} fill=${fill} font-size=${size} font-style=${style || 'normal'} font-weight="700" font-family="Arial,Helvetica,sans-serif" text-anchor="middle">${text}</text>`;
}

function rings(left: string, right: string, overlap: string): SVGTemplateResult {
  return svg`<circle cx="12.5" cy="10" r="6" fill=${left}/><circle cx="19.5" cy="10" r="6" fill=${right}/><path d="M16 5.1a6 6 0 0 1 0 9.8a6 6 0 0 1 0-9.8z" fill=${overlap}/>`;
}

/** Brands shown in the row when every brand is accepted. */
export const SHOWN_BRANDS: readonly string[] = Object.keys(MARKS);

/** True when the brand has a mark of its own (else the generic card stands for it). */
export function hasMark(brand: string): boolean {
  return brand in MARKS;
}

/** The display name of a brand id with a mark. */
export function markName(brand: string): string {
  return MARKS[brand]?.[0] ?? brand;
}

/**
 * The mark of a brand, or a generic card for a brand without one. `name` is its accessible name;
 * an empty `name` makes the mark decorative (hidden from assistive technology).
 */
export function brandMark(brand: string | null, name: string, part = 'brand-mark'): TemplateResult {
  const mark = brand ? MARKS[brand] : undefined;
  const body = mark
    ? // The hairline in the text colour keeps a white tile apart from a white page, a dark one from a dark page.
      svg`<rect x=".5" y=".5" width="31" height="19" rx="2.5" fill=${mark[1]} stroke="currentColor" stroke-opacity=".25"/>${mark[2]}`
    : svg`<rect x=".5" y=".5" width="31" height="19" rx="2.5" fill="none" stroke="currentColor"/><path d="M1 6h30" stroke="currentColor" stroke-width="3"/><path d="M5 14h9" stroke="currentColor" stroke-width="1.5"/>`;
  return html`<svg
    part=${part}
    class="mark"
    viewBox="0 0 32 20"
    data-brand=${brand ?? 'generic'}
    role=${name ? 'img' : 'presentation'}
    aria-label=${name || nothing}
    aria-hidden=${name ? nothing : 'true'}
  >${body}</svg>`;
}

/** The mark in the card number field: the detected brand's, or a decorative generic card. */
export function brandIcon(brand: { readonly type: string; readonly name: string } | null): TemplateResult {
  return html`<span class="brand">${
    brand
      ? brandMark(hasMark(brand.type) ? brand.type : null, brand.name, 'brand-icon')
      : brandMark(null, '', 'brand-icon')
  }</span>`;
}

/** The accepted brands in a row; once a brand is detected, it stands out. */
export function brandRow(
  accepted: readonly string[],
  detected: string | undefined,
  label: string,
): TemplateResult {
  const shown = accepted.length > 0 ? accepted : SHOWN_BRANDS;
  return html`<ul class="brands" part="brand-row" aria-label=${label}>
    ${shown.map(
      (brand) =>
        html`<li class=${detected && detected !== brand ? 'dim' : detected ? 'on' : ''}>${brandMark(
          hasMark(brand) ? brand : null,
          markName(brand),
        )}</li>`,
    )}
  </ul>`;
}

/**
 * The number field's two marks for one card form, made again only when what they show changes:
 * a digit typed within the same brand re-renders none of the row's marks.
 */
export function brandMarks(): (
  brand: { readonly type: string; readonly name: string } | null,
  accepted: readonly string[],
  label: string,
) => readonly [icon: TemplateResult, row: TemplateResult] {
  let key: readonly unknown[] = [];
  let marks: readonly [TemplateResult, TemplateResult] | undefined;
  return (brand, accepted, label) => {
    const next = [brand?.type, brand?.name, accepted, label];
    if (!marks || next.some((value, i) => value !== key[i])) {
      key = next;
      marks = [brandIcon(brand), brandRow(accepted, brand?.type, label)];
    }
    return marks;
  };
}
