import type { GatewayCardForm } from '../../elements/card-form/card-form.ts';
import type { ConsentScenario, GatewaySaveConsent } from '../../elements/save-consent/save-consent.ts';
import type { ThemeToken } from '../shared/messages.ts';
import { consentAsked, type Terms, termsNotes } from './terms.ts';

/**
 * What the order does with the card, as the merchant's server says it for this visit, and where the
 * fields say it: under the card, with the consent box when the card is to be saved with the
 * customer's consent.
 */
export class TermsBox {
  /** Null until the server answered: the fields then pay nothing. */
  terms: Terms | null = null;
  /** The consent box, while the order saves the card with the customer's consent. */
  consent: GatewaySaveConsent | null = null;
  readonly #box = document.createElement('div');
  readonly #form: HTMLFormElement;
  readonly #card: GatewayCardForm;

  constructor(form: HTMLFormElement, card: GatewayCardForm) {
    this.#form = form;
    this.#card = card;
    this.#box.className = 'terms';
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(
      '.terms{display:grid;gap:var(--gateway-gap,0.75rem);margin-block-start:var(--gateway-gap,0.75rem)}' +
        '.terms p{margin:0;font-family:var(--gateway-font-family,system-ui,sans-serif);font-size:var(--gateway-font-size,1rem);color:var(--gateway-color-text,CanvasText)}',
    );
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }

  /** The page's theme and disabled state, as the fields take them. */
  configure(tokens: Readonly<Partial<Record<ThemeToken, string>>>, disabled: boolean): void {
    for (const [name, value] of Object.entries(tokens)) this.#box.style.setProperty(name, value);
    if (this.consent) this.consent.disabled = disabled;
  }

  /** Says what the order does, in `language`; the card form shows the security code or not. */
  show(next: Terms, language: string): void {
    this.terms = next;
    const card = this.#card;
    card.moto = next.moto;
    const notes = termsNotes(next, language).map((text) => {
      const p = document.createElement('p');
      p.textContent = text;
      return p;
    });
    const box = this.#box;
    box.replaceChildren(...notes);
    if (consentAsked(next)) {
      this.consent ??= document.createElement('gateway-save-consent') as GatewaySaveConsent;
      const consent = this.consent;
      consent.scenario = next.save!.method as ConsentScenario;
      consent.merchantName = next.merchant;
      consent.required = next.save!.consent_required;
      consent.language = language;
      consent.disabled = card.disabled;
      box.append(consent);
    } else this.consent = null;
    if (box.childElementCount && this.#form.isConnected) this.#form.append(box);
    else if (!box.childElementCount) box.remove();
  }

  /** Under the card, where there is something to say (the form just joined the page). */
  place(): void {
    if (this.#box.childElementCount) this.#form.append(this.#box);
  }
}
