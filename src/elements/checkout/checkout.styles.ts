import { css } from 'lit';
import { token } from '../shared/tokens.ts';

/**
 * On top of the shared styles (fields, inputs, schemes, error text): the pay button, results, dialog.
 *
 * An unconfirmed outcome is a notice, not an error: the payment may have gone through and the
 * checkout is finding out.
 *
 * The 3-D Secure dialog gives the bank's page the room its content needs (the height the page
 * reports, the frame's default until it does), up to what the viewport has and the size bank pages
 * are made for (about 500 x 600): it never outgrows the viewport, so its head and the bank's
 * buttons are on screen; only a bank page taller than that room scrolls, inside its frame. On a
 * phone the dialog is the whole screen, as a bank's app page would be. (No comments inside the css
 * template: they would ship in the bundle.)
 */
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
    outline: 1px solid #0000;
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
  .error.unconfirmed {
    color: ${token.text};
    padding-inline-start: 0.75rem;
    border-inline-start: 3px solid ${token.focus};
  }
  .status.succeeded {
    color: ${token.success};
    font-weight: 600;
  }
  dialog {
    max-inline-size: none;
    max-block-size: none;
    padding: 0;
    border: none;
    border-radius: ${token.radius};
    color: inherit;
    background: ${token.background};
    overflow: hidden;
  }
  dialog[open] {
    display: flex;
    flex-direction: column;
  }
  /* The bank's page gets one of EMV 3-D Secure's challenge windows, as banks design for: 500×600,
     600×400 on a low screen, the whole screen on a phone. The gateway's page asks its bank for the
     window it finds itself in. */
  dialog iframe {
    inline-size: 500px;
    block-size: 600px;
  }
  @media (max-height: 43rem) {
    dialog iframe {
      inline-size: 600px;
      block-size: 400px;
    }
  }
  @media (max-width: 40rem), (max-height: 32rem) {
    dialog {
      inline-size: 100vw;
      block-size: 100dvh;
      margin: 0;
      border-radius: 0;
    }
    dialog iframe {
      inline-size: 100%;
      flex: 1 1 auto;
      min-block-size: 0;
    }
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
  /* Isolated fields: the fields' Pay button frame over the place of ours, reaching 4px beyond it for
     its focus ring, as the card fields' frame does. */
  .pay-slot {
    position: relative;
    display: grid;
  }
  .pay-slot > button {
    visibility: hidden;
  }
  .pay-slot > iframe {
    position: absolute;
    inset: -4px;
    inline-size: calc(100% + 8px);
    block-size: calc(100% + 8px);
    background: transparent;
  }
  /* Until the button's page is known (a page rendered on the server, before the bundle has come),
     there is no frame yet (a frame costs the page's parse even blank) and ours stands in its place,
     disabled, as Pay does until the session answers. */
  .pay-slot:not(:has(> iframe)) > button {
    visibility: visible;
  }
`;
