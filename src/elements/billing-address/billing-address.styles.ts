import { css } from 'lit';
import { token } from '../shared/tokens.ts';

export const billingAddressStyles = css`
  select {
    appearance: auto;
  }
  /* The label and the field's hint (the postal code's form, the characters left) share a line. */
  .head {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: 0 0.75rem;
  }
  .hint {
    color: ${token.muted};
    font-size: 0.875em;
    font-variant-numeric: tabular-nums;
  }
`;
