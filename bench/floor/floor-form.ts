// The stack's floor (bench/floor.ts): the card form's four labelled fields and its Pay button,
// rendered by a Lit element of a few lines into its shadow root, and nothing of ours. Named
// `gateway-checkout`, so the bench's checkout page (bench/pages.ts) loads it where it loads ours.
import { css, html, LitElement } from 'lit';

export class FloorForm extends LitElement {
  static override styles = css`
    :host {
      display: block;
      font-family: system-ui, sans-serif;
    }
    label {
      display: block;
      margin-block-start: 8px;
    }
    input {
      box-sizing: border-box;
      width: 100%;
      padding: 8px;
      font: inherit;
      border: 1px solid #767982;
      border-radius: 6px;
    }
  `;

  protected override render() {
    return html`<form>
      <label for="number">Card number</label><input id="number" autocomplete="cc-number" inputmode="numeric" />
      <label for="expiry">Expiry date</label>
      <input id="expiry" autocomplete="cc-exp" inputmode="numeric" placeholder="MM / YY" />
      <label for="csc">Security code</label><input id="csc" autocomplete="cc-csc" inputmode="numeric" />
      <label for="name">Cardholder name</label><input id="name" autocomplete="cc-name" />
      <button>Pay €32.25</button>
    </form>`;
  }
}
