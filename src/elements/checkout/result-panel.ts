import { css, html, nothing, type TemplateResult } from 'lit';
import type { Catalog } from '../i18n/index.ts';
import { token } from '../shared/tokens.ts';
import { type SuccessKind, successTitle } from './checkout-messages.ts';

/** What the panel after a successful payment tells. */
export interface PaidDetails {
  /** Charged, reserved (two-step, not yet captured), or nothing charged: the card saved or verified. */
  readonly kind: SuccessKind;
  /** The amount as charged, formatted; '' when not known. */
  readonly amount: string;
  /** The merchant's order number; null when it gave none (the gateway's id means nothing to a customer). */
  readonly orderNumber: string | null;
  /** The customer agreed to save the card. */
  readonly cardSaved: boolean;
}

/** Nothing was charged: an "Amount €0.00" row would read as a payment. */
const chargesNothing = (kind: SuccessKind): boolean => kind === 'saved' || kind === 'verified';

/**
 * The panel the form gives way to after a success: what was paid, the order number, and whether
 * the card was saved. It takes the focus (tabindex -1) so a screen reader reads it at once.
 */
export function resultPanel(
  t: Catalog,
  paid: PaidDetails,
  after: TemplateResult | typeof nothing = nothing,
): TemplateResult {
  return html`<section part="result" class="result" tabindex="-1" aria-labelledby="result-title">
    <svg class="tick" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="11" />
      <path d="M7 12.5l3.2 3.2L17 9" />
    </svg>
    <h2 id="result-title">${successTitle(t, paid.kind)}</h2>
    <dl>
      ${paid.amount && !chargesNothing(paid.kind) ? html`<div><dt>${t.resultAmount}</dt><dd>${paid.amount}</dd></div>` : nothing}
      ${paid.orderNumber ? html`<div><dt>${t.resultOrder}</dt><dd class="order">${paid.orderNumber}</dd></div>` : nothing}
    </dl>
    ${paid.cardSaved ? html`<p>${t.cardSaved}</p>` : nothing}
    ${chargesNothing(paid.kind) ? html`<p>${t.nothingCharged}</p>` : nothing}${after}
  </section>`;
}

export const resultPanelStyles = css`
  form[hidden] {
    display: none;
  }
  .result {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 0.75rem;
    padding-block: 1.5rem;
    padding-inline: 1rem;
    border: 1px solid ${token.border};
    border-radius: ${token.radius};
    text-align: center;
  }
  .result:focus {
    outline: none;
  }
  .result:focus-visible {
    outline: 2px solid ${token.focus};
    outline-offset: 2px;
  }
  .tick {
    inline-size: 2.75rem;
    block-size: 2.75rem;
    fill: ${token.success};
  }
  .tick path {
    fill: none;
    stroke: ${token.background};
    stroke-width: 2.2;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  .result h2 {
    margin: 0;
    font-size: 1.25em;
  }
  .result dl {
    display: grid;
    gap: 0.375rem;
    margin: 0;
    inline-size: 100%;
    max-inline-size: 22rem;
  }
  .result dl div {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    column-gap: 1rem;
    text-align: end;
    padding-block-end: 0.375rem;
    border-block-end: 1px solid color-mix(in srgb, currentColor 15%, transparent);
  }
  .result dt {
    color: ${token.muted};
    text-align: start;
    white-space: nowrap;
  }
  .result dd {
    margin: 0;
    margin-inline-start: auto;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  .result .order {
    font-family: ui-monospace, monospace;
    font-weight: 500;
    overflow-wrap: anywhere;
  }
  .result p {
    margin: 0;
    color: ${token.muted};
  }
`;
