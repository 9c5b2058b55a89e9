import { css } from 'lit';
import { token } from '../shared/tokens.ts';

/** On top of the shared styles (fields, inputs, schemes, error text): the pay button, results, dialog. */
export const styles = css`
  form {
    display: flex;
    flex-direction: column;
    gap: ${token.gap};
  }
  button {
    font: inherit;
    cursor: pointer;
    border-radius: ${token.radius};
    padding-block: 0.75rem;
    padding-inline: 1rem;
  }
  .pay {
    border: none;
    background: var(--gateway-accent, ${token.focus});
    color: var(--gateway-accent-text, light-dark(#ffffff, #0b1d3a));
    font-weight: 600;
  }
  button:disabled {
    opacity: 0.6;
    cursor: progress;
  }
  button:focus-visible {
    outline: 2px solid ${token.focus};
    outline-offset: 2px;
  }
  /* The ring around a button filled with the focus colour would merge with it: an inner ring in the
     button's text colour sets the two apart, so the focus shows as plainly as on a field. */
  .pay:focus-visible {
    box-shadow: inset 0 0 0 2px var(--gateway-accent-text, light-dark(#ffffff, #0b1d3a));
  }
  [hidden] {
    display: none !important;
  }
  .secondary {
    border: 1px solid ${token.border};
    background: transparent;
    color: inherit;
  }
  .status:empty,
  .error:empty {
    display: none;
  }
  /* Not a failure: the payment may have gone through, and the checkout is finding out. */
  .error.unconfirmed {
    color: ${token.text};
    padding-block: 0.5rem;
    padding-inline: 0.75rem;
    border-inline-start: 3px solid ${token.focus};
    background: color-mix(in srgb, ${token.focus} 8%, transparent);
    border-radius: ${token.radius};
  }
  .status.succeeded {
    color: ${token.success};
    font-weight: 600;
  }
  dialog {
    inline-size: min(30rem, 100vw - 2rem);
    padding: 0;
    border: none;
    border-radius: ${token.radius};
    color: inherit;
    background: ${token.background};
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.5);
  }
  .challenge-head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${token.gap};
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
