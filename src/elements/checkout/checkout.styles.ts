import { css } from 'lit';

export const styles = css`
  :host {
    --gateway-accent: #0b57d0;
    --gateway-accent-text: #fff;
    --gateway-success: #146c2e;
    --gateway-danger: #b3261e;
    --gateway-radius: 8px;
    --gateway-gap: 12px;
    display: block;
    font: inherit;
    color: inherit;
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --gateway-accent: #a8c7fa;
      --gateway-accent-text: #062e6f;
      --gateway-success: #6dd58c;
      --gateway-danger: #f2b8b5;
    }
  }
  :host([hidden]) {
    display: none;
  }
  form {
    display: flex;
    flex-direction: column;
    gap: var(--gateway-gap);
  }
  .field {
    display: flex;
    flex-direction: column;
    gap: 4px;
  }
  input {
    font: inherit;
    padding-block: 10px;
    padding-inline: 12px;
    border: 1px solid currentColor;
    border-radius: var(--gateway-radius);
    background: transparent;
    color: inherit;
  }
  button {
    font: inherit;
    cursor: pointer;
    border-radius: var(--gateway-radius);
    padding-block: 12px;
    padding-inline: 16px;
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
  button:focus-visible,
  input:focus-visible {
    outline: 3px solid var(--gateway-accent);
    outline-offset: 2px;
  }
  .secondary {
    border: 1px solid currentColor;
    background: transparent;
    color: inherit;
  }
  .status:empty,
  .error:empty {
    display: none;
  }
  .status.succeeded {
    color: var(--gateway-success);
    font-weight: 600;
  }
  .error {
    color: var(--gateway-danger);
  }
  dialog {
    inline-size: min(480px, 100vw - 32px);
    padding: 0;
    border: none;
    border-radius: var(--gateway-radius);
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.5);
  }
  .challenge-head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    padding-block: 8px;
    padding-inline: 16px;
  }
  .challenge-head h2 {
    font-size: 1rem;
    margin: 0;
  }
  iframe {
    display: block;
    inline-size: 100%;
    block-size: 480px;
    border: none;
  }
  .hosted {
    block-size: 560px;
  }
`;
