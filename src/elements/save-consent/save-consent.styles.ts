import { css } from 'lit';
import { token } from '../shared/tokens.ts';

export const saveConsentStyles = css`
  .consent {
    display: flex;
    align-items: flex-start;
    gap: 0.5rem;
  }
  input[type='checkbox'] {
    inline-size: 1.125rem;
    block-size: 1.125rem;
    margin: 0.125rem 0 0;
    flex: none;
    accent-color: ${token.focus};
    padding: 0;
  }
  label {
    font-weight: normal;
  }
`;
