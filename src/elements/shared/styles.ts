import { css } from 'lit';

/**
 * Styles shared by every element: custom properties with defaults on :host, light and dark schemes
 * (`prefers-color-scheme`, or the `theme` attribute), logical properties so right-to-left works.
 */
export const baseStyles = css`
  :host {
    color-scheme: light dark;
    --gateway-font-family: system-ui, sans-serif;
    --gateway-font-size: 1rem;
    --gateway-color-text: light-dark(#1b1b1f, #ececf1);
    --gateway-color-muted: light-dark(#55585f, #b4b7bf);
    --gateway-color-background: light-dark(#ffffff, #1b1b1f);
    --gateway-color-input-background: light-dark(#ffffff, #26272c);
    --gateway-color-border: light-dark(#767982, #8c8f98);
    --gateway-color-focus: light-dark(#1f5fd6, #8ab4ff);
    --gateway-color-error: light-dark(#b3261e, #ffb4ab);
    --gateway-radius: 0.375rem;
    --gateway-gap: 0.75rem;
    --gateway-input-padding: 0.625rem 0.75rem;
    display: block;
    font-family: var(--gateway-font-family);
    font-size: var(--gateway-font-size);
    color: var(--gateway-color-text);
    background: var(--gateway-color-background);
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
    gap: var(--gateway-gap);
  }
  .field {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    flex: 1 1 100%;
    min-inline-size: 0;
  }
  .field.half {
    flex-basis: calc(50% - var(--gateway-gap));
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
    background: var(--gateway-color-input-background);
    border: 1px solid var(--gateway-color-border);
    border-radius: var(--gateway-radius);
    padding: var(--gateway-input-padding);
  }
  input:focus-visible,
  select:focus-visible {
    outline: 2px solid var(--gateway-color-focus);
    outline-offset: 1px;
  }
  [aria-invalid='true'] {
    border-color: var(--gateway-color-error);
  }
  input:disabled,
  select:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  .error {
    color: var(--gateway-color-error);
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
