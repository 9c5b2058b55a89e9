import { css } from 'lit';
import { token } from '../shared/tokens.ts';

export const cardFormStyles = css`
  .control {
    position: relative;
  }
  #number {
    padding-inline-end: 5.5rem;
  }
  /* Digit groups stay in reading order on right-to-left pages, aligned to the field's start. */
  :host(:dir(rtl)) input[dir='ltr'] {
    text-align: right;
  }
  :host(:dir(rtl)) #number {
    padding-inline: 5.5rem 0.75rem;
  }
  .brand {
    position: absolute;
    inset-inline-end: 0.5rem;
    inset-block-start: 50%;
    transform: translateY(-50%);
    padding: 0.125rem 0.375rem;
    border: 1px solid ${token.border};
    border-radius: 0.25rem;
    font-size: 0.75em;
    font-weight: 600;
    white-space: nowrap;
    max-inline-size: 5rem;
    overflow: hidden;
    text-overflow: ellipsis;
    color: ${token.text};
    background: ${token.inputBackground};
  }
`;
