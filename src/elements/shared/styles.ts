import { css } from 'lit';
import { token } from './tokens.ts';

/**
 * Styles shared by every element: the theme tokens (read with their defaults, see tokens.ts), the
 * page's colour scheme (its `color-scheme`, which the host inherits, or the `theme` attribute),
 * logical properties so right-to-left works. The host paints no background of its own: the
 * elements sit on the page's, light or dark, as its own fields would.
 */
export const baseStyles = css`
  :host {
    display: block;
    font-family: ${token.fontFamily};
    font-size: ${token.fontSize};
    color: ${token.text};
  }
  :host([theme='light']) {
    color-scheme: light;
  }
  :host([theme='dark']) {
    color-scheme: dark;
  }
  :host([hidden]) {
    display: none;
  }
  .fields {
    display: flex;
    flex-wrap: wrap;
    gap: ${token.gap};
  }
  .field {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    flex: 1 1 100%;
    min-inline-size: 0;
  }
  .field.half {
    flex-basis: calc(50% - ${token.gap});
    min-inline-size: 8rem;
  }
  label {
    font-weight: 500;
  }
  input,
  select {
    box-sizing: border-box;
    inline-size: 100%;
    font: inherit;
    color: inherit;
    background: ${token.inputBackground};
    border: 1px solid ${token.border};
    border-radius: ${token.radius};
    padding: ${token.inputPadding};
  }
  input:focus-visible,
  select:focus-visible {
    outline: 2px solid ${token.focus};
    outline-offset: 1px;
  }
  [aria-invalid='true'] {
    border-color: ${token.error};
  }
  input:disabled,
  select:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  .error {
    color: ${token.error};
    font-size: 0.875em;
    min-block-size: 1.25em;
  }
  .error:empty {
    min-block-size: 0;
  }
  .visually-hidden {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
