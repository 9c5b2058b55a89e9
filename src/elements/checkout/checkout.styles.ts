import { css } from 'lit';

/** On top of the shared styles (fields, inputs, schemes, error text): the pay button, results, dialog. */
export const styles = css`
  :host {
    --gateway-accent: var(--gateway-color-focus);
    --gateway-accent-text: light-dark(#ffffff, #0b1d3a);
    --gateway-color-success: light-dark(#146c2e, #6dd58c);
  }
  form {
    display: flex;
    flex-direction: column;
    gap: var(--gateway-gap);
  }
  button {
    font: inherit;
    cursor: pointer;
    border-radius: var(--gateway-radius);
    padding-block: 0.75rem;
    padding-inline: 1rem;
  }
  .pay {
    border: none;
    background: var(--gateway-accent);
    color: var(--gateway-accent-text);
    font-weight: 600;
  }
  button:disabled {
    opacity: 0.6;
    cursor: progress;
  }
  button:focus-visible {
    outline: 2px solid var(--gateway-color-focus);
    outline-offset: 2px;
  }
  .secondary {
    border: 1px solid var(--gateway-color-border);
    background: transparent;
    color: inherit;
  }
  .status:empty,
  .error:empty {
    display: none;
  }
  .status.succeeded {
    color: var(--gateway-color-success);
    font-weight: 600;
  }
  dialog {
    inline-size: min(30rem, 100vw - 2rem);
    padding: 0;
    border: none;
    border-radius: var(--gateway-radius);
    color: inherit;
    background: var(--gateway-color-background);
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.5);
  }
  .challenge-head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--gateway-gap);
    padding-block: 0.5rem;
    padding-inline: 1rem;
  }
  .challenge-head h2 {
    font-size: 1rem;
    margin: 0;
  }
  iframe {
    display: block;
    inline-size: 100%;
    block-size: 30rem;
    border: none;
    background: #fff;
  }
  .hosted {
    block-size: 35rem;
  }
`;
