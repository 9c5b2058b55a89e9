import { html, nothing, type SVGTemplateResult, svg, type TemplateResult } from 'lit';

/**
 * The card brands' acceptance marks on a 32 × 20 tile (a card's own proportions), in each brand's
 * own colours and layout. The wordmarks of Visa, Diners Club and JCB are the brands' own shapes:
 * Simple Icons' paths (CC0), scaled onto the tile and rounded to a tenth of a unit, which at these
 * sizes is below a device pixel. Simple Icons itself is not a dependency: it has no UnionPay nor
 * Maestro, draws every mark in one colour, and its American Express (1.6 kB gzip) and Discover
 * (0.8 kB) alone would cost more than this whole file. Those two are set as text fitted to the
 * width of the brands' own lettering (`textLength`), so any sans-serif font gives the same shape.
 * Every tile but American Express's blue one is white, as the brands show them on cards: the
 * marks then read the same on light and dark pages, and a faded mark is always dimmer than the
 * detected one. The keys are credit-card-type's brand ids.
 */
const MARKS: Record<string, readonly [name: string, tile: string, body: SVGTemplateResult]> = {
  visa: [
    'Visa',
    '#fff',
    svg`<path fill="#1434cb" d="M13.6 6.9l-2.6 6.2h-1.7l-1.3-5c-.1-.3-.1-.4-.4-.5-.4-.2-1-.4-1.6-.5l0-.2h2.8a.8.8 0 01.7.6l.7 3.6 1.7-4.2zm6.7 4.2c0-1.6-2.3-1.7-2.3-2.5 0-.2.2-.5.7-.5a3.1 3.1 0 01 1.6.3l.3-1.4a4.3 4.3 0 00-1.5-.2c-1.6 0-2.7.9-2.8 2 0 .9.8 1.4 1.5 1.7.6.3.8.5.8.8 0 .4-.5.6-1 .6-.8 0-1.3-.2-1.6-.4l-.3 1.4c.4.2 1.1.3 1.8.3 1.7 0 2.8-.8 2.8-2.1m4.2 2h1.5l-1.3-6.2h-1.4a.7.7 0 0 0-.7.4l-2.4 5.8h1.7l.3-.9h2.1zm-1.8-2.2l.9-2.3.4 2.3zm-6.8-4l-1.3 6.2h-1.7l1.4-6.2z"/>`,
  ],
  mastercard: ['Mastercard', '#fff', rings('#eb001b', '#f79e1b', '#ff5f00')],
  'american-express': [
    'American Express',
    '#006fcf',
    svg`${letters('AMERICAN', '#fff', 5, 25, 9.2)}${letters('EXPRESS', '#fff', 5, 25, 14.9)}`,
  ],
  discover: [
    'Discover',
    '#fff',
    svg`${letters('DISC', '#231f20', 4.6, 10.4, 11.6, 8.6)}<circle cx="16.6" cy="10" r="2.1" fill="#ff6000"/>${letters('VER', '#231f20', 4.6, 8, 11.6, 23.2)}<path fill="#ff6000" d="M14 19.5h15a2 2 0 00 2-2v-4c-3.5 3.6-9.6 5.7-17 6z"/>`,
  ],
  'diners-club': [
    'Diners Club',
    '#fff',
    svg`<path fill="#0079be" d="M19 10a4.1 4.1 0 00-2.6-3.8v7.6a4.1 4.1 0 00 2.6-3.8zm-5.5 3.8v-7.6a4.1 4.1 0 00-2.6 3.8 4.1 4.1 0 0 0 2.6 3.8zm1.5-10.2a6.4 6.4 0 00-6.4 6.4 6.4 6.4 0 0 0 6.4 6.4c3.5 0 6.4-2.9 6.4-6.4a6.4 6.4 0 00-6.4-6.4zm0 13.4c-3.9 0-7.1-3.1-7.1-6.9 0-4.2 3.2-7.1 7.1-7.1h1.8c3.8 0 7.3 2.9 7.3 7.1 0 3.8-3.5 6.9-7.3 6.9"/>`,
  ],
  jcb: [
    'JCB',
    '#fff',
    svg`<rect x="6.4" y="3" width="6.4" height="14" rx="1.6" fill="#0b4ea2"/><rect x="12.8" y="3" width="6.4" height="14" rx="1.6" fill="#e21836"/><rect x="19.2" y="3" width="6.4" height="14" rx="1.6" fill="#00913f"/>${letters('J', '#fff', 8, 3.8, 14, 9.6)}${letters('C', '#fff', 8, 4.6, 14, 16)}${letters('B', '#fff', 8, 4.6, 14, 22.4)}`,
  ],
  unionpay: [
    'UnionPay',
    '#fff',
    svg`<path d="M8.4 3h7l-2.8 14h-7z" fill="#e21836"/><path d="M14 3h7l-2.8 14h-7z" fill="#00447c"/><path d="M19.6 3h7l-2.8 14h-7z" fill="#007b84"/>${letters('UnionPay', '#fff', 4, 17, 13.9, 16, 'italic')}`,
  ],
  maestro: ['Maestro', '#fff', rings('#eb001b', '#00a2e5', '#7375cf')],
};

/** Bold sans-serif lettering, stretched or squeezed to `width` so every font sets the same shape. */
function letters(
  text: string,
  fill: string,
  size: number,
  width: number,
  y: number,
  x = 16,
  style = 'normal',
): SVGTemplateResult {
  return svg`<text x=${x} y=${y} fill=${fill} font-size=${size} font-style=${style} font-weight="700" font-family="Arial,Helvetica,sans-serif" text-anchor="middle" textLength=${width} lengthAdjust="spacingAndGlyphs">${text}</text>`;
}

/**
 * Two interlocking circles as Mastercard and Maestro draw them: centres 1.025 radii apart (the
 * symbol 1.51 times as wide as high), the overlap in its own colour.
 */
function rings(left: string, right: string, overlap: string): SVGTemplateResult {
  return svg`<circle cx="12.93" cy="10" r="6" fill=${left}/><circle cx="19.07" cy="10" r="6" fill=${right}/><path d="M16 4.85a6 6 0 01 0 10.3a6 6 0 01 0-10.3z" fill=${overlap}/>`;
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

/**
 * The accepted brands in one row that never wraps. When `room` tiles fit and there are more brands,
 * the first `room - 1` show and a "+N" tile stands for the rest; the detected brand always shows
 * (in the last place, if it was one of the rest). Every brand stays in the list for assistive
 * technology, in the accepted order; only the eye sees the "+N". Not `shown`: the list alone, its
 * marks to come (see `BrandRowController`).
 */
export function brandRow(
  accepted: readonly string[],
  detected: string | undefined,
  label: string,
  room = Number.POSITIVE_INFINITY,
  shown = true,
): TemplateResult {
  const all = accepted.length > 0 ? accepted : SHOWN_BRANDS;
  let seen = all.length <= room ? all : all.slice(0, Math.max(room - 1, 0));
  if (detected && seen.length > 0 && !seen.includes(detected) && all.includes(detected))
    seen = [...seen.slice(0, -1), detected];
  const rest = all.length - seen.length;
  return html`<ul class="brands" part="brand-row" aria-label=${label}>
    ${
      shown
        ? all.map(
            (brand) =>
              html`<li class=${!seen.includes(brand) ? 'visually-hidden' : detected && detected !== brand ? 'dim' : detected ? 'on' : ''}>${brandMark(
                hasMark(brand) ? brand : null,
                markName(brand),
              )}</li>`,
          )
        : nothing
    }${shown && rest > 0 ? html`<li class="more" part="brand-more" aria-hidden="true">+${rest}</li>` : nothing}
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
  room: number,
  shown: boolean,
) => readonly [icon: TemplateResult, row: TemplateResult] {
  let key: readonly unknown[] = [];
  let marks: readonly [TemplateResult, TemplateResult] | undefined;
  return (brand, accepted, label, room, shown) => {
    const next = [brand?.type, brand?.name, accepted, label, room, shown];
    if (!marks || next.some((value, i) => value !== key[i])) {
      key = next;
      marks = [brandIcon(brand), brandRow(accepted, brand?.type, label, room, shown)];
    }
    return marks;
  };
}

/**
 * Where the security code is printed, drawn beside the field: the signature strip on the back of
 * the card, or above the number on the front (American Express). Decorative: the hint says it.
 */
export function codeIcon(front: boolean): TemplateResult {
  return html`<span class="brand code-icon" part="code-icon" data-side=${front ? 'front' : 'back'}><svg
    class="mark"
    viewBox="0 0 32 20"
    aria-hidden="true"
  >${
    front
      ? svg`<rect x=".5" y=".5" width="31" height="19" rx="2.5" fill="none" stroke="currentColor"/><rect x="4" y="4" width="5" height="4" rx="1" fill="currentColor" opacity=".5"/><path d="M4 14.5h17" stroke="currentColor" stroke-width="1.5" stroke-dasharray="3.5 1"/>`
      : svg`<rect x=".5" y=".5" width="31" height="19" rx="2.5" fill="none" stroke="currentColor"/><path d="M1 5.5h30" stroke="currentColor" stroke-width="3"/><path d="M4 12.5h15" stroke="currentColor" stroke-width="3" opacity=".35"/>`
  }<rect class="code" x=${front ? 21.5 : 20.5} y=${front ? 3.25 : 9.5} width="8" height="6" rx="1.5" fill="none" stroke-width="1.5"/></svg></span>`;
}
