import { css } from 'lit';

export const billingAddressStyles = css`
  select {
    appearance: auto;
  }
`;
