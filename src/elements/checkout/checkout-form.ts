import { html, nothing, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { AvsMode, CheckoutConfig, SaveMethod } from '../../protocol/session.ts';
import type { CardChangeEvent } from '../card-form/card-form.ts';
import type { Catalog } from '../i18n/index.ts';
import type { View } from './checkout-messages.ts';
import { type PaidDetails, resultPanel } from './result-panel.ts';

type Part = TemplateResult | typeof nothing;

/** Everything the direct and hosted views show, decided by the checkout beforehand. */
export interface CheckoutView {
  readonly t: Catalog;
  readonly language: string;
  readonly theme?: 'light' | 'dark';
  readonly view: View;
  readonly busy: boolean;
  /** The status line's words and the alert region's words (the gateway's own words marked English). */
  readonly status: string;
  readonly alert: string | TemplateResult;
}

export interface CheckoutFormView extends CheckoutView {
  /** The configuration the fields are built from (kept while a new one loads). */
  readonly fields: CheckoutConfig | null;
  /** The loaded configuration: no Pay without one. */
  readonly config: CheckoutConfig | null;
  readonly direct: boolean;
  readonly moto: boolean;
  /** `off`: the card fields never move focus on by themselves. */
  readonly autoAdvance: 'on' | 'off';
  readonly requireName: boolean;
  readonly avs: AvsMode;
  readonly saveMethod: SaveMethod | undefined;
  readonly acceptedBrands: string[];
  readonly fieldsOrigin: string | undefined;
  /** Isolated fields: where they ask for the order. */
  readonly sessionUrl: string | undefined;
  /**
   * Isolated fields: the Pay button is a page of the fields' origin, laid over the place of ours
   * (its address once the fields know it).
   */
  readonly payFrame: { readonly src: string | undefined } | null;
  readonly locked: boolean;
  readonly reopenable: boolean;
  readonly canRetry: boolean;
  readonly payLabel: string;
  /** The success to show in place of the form, or null. */
  readonly paid: PaidDetails | null;
  /** MOTO "New payment": after a result, else nothing. */
  readonly newPayment: Part;
  readonly email: Part;
}

export interface CheckoutFormHandlers {
  readonly submit: (event: SubmitEvent) => void;
  readonly edit: () => void;
  readonly cardChange: (event: CardChangeEvent) => void;
  readonly fieldsUnavailable: () => void;
  readonly fieldsRefused: (event: CustomEvent<{ readonly reason: string }>) => void;
  readonly reopenChallenge: () => void;
}

/** The form of the direct and redirect presentations, with the result panel and the live regions. */
export function checkoutForm(v: CheckoutFormView, on: CheckoutFormHandlers): TemplateResult {
  const { t, locked, paid, view, busy } = v;
  return html`
      <form
        part="form"
        novalidate
        ?hidden=${!!paid}
        @submit=${on.submit}
        @input=${on.edit}
        aria-busy=${busy ? 'true' : 'false'}
      >
        ${v.email}
        ${
          v.direct
            ? html`<gateway-card-form
                .moto=${v.moto}
                .autoAdvance=${v.autoAdvance}
                .requireName=${v.requireName}
                .language=${v.language}
                .acceptedBrands=${v.acceptedBrands}
                .fieldsOrigin=${v.fieldsOrigin}
                .sessionUrl=${v.sessionUrl}
                .theme=${v.theme}
                ?disabled=${locked}
                @gateway-card-change=${on.cardChange}
                @gateway-fields-unavailable=${on.fieldsUnavailable}
                @gateway-fields-refused=${on.fieldsRefused}
              ></gateway-card-form>`
            : nothing
        }
        ${
          v.direct && v.avs !== 'off'
            ? html`<gateway-billing-address
                mode="avs"
                default-country=${v.fields?.country ?? ''}
                .language=${v.language}
                .theme=${v.theme}
                ?disabled=${locked}
              ></gateway-billing-address>`
            : nothing
        }
        ${
          // Isolated fields ask for the consent themselves, beside the card (the page's box could be ticked by any script).
          v.direct && v.saveMethod != null && v.saveMethod !== 'merchant' && !v.fieldsOrigin
            ? html`<gateway-save-consent
                scenario=${v.saveMethod}
                merchant-name=${v.config?.merchant_name ?? ''}
                .language=${v.language}
                ?required=${v.config?.save?.consent_required ?? true}
                .theme=${v.theme}
                ?disabled=${locked}
              ></gateway-save-consent>`
            : nothing
        }
        ${
          v.reopenable
            ? html`<button part="reopen-challenge" class="pay" type="button" @click=${on.reopenChallenge}>
                ${t.reopenChallenge}
              </button>`
            : nothing
        }
        ${v.payFrame ? framedPayButton(v, v.payFrame.src) : payButton(v)}
      </form>
      ${paid ? resultPanel(t, paid, v.newPayment) : nothing}
        <div
          id="status"
          part="status"
          class="status ${view} ${busy || paid ? 'visually-hidden' : ''}"
          role="status"
          aria-live=${
            // The result panel takes the focus and says the success itself: said once, not twice.
            paid && !v.moto ? 'off' : 'polite'
          }
        >${v.status}</div>
        <div id="error" part="message" class="error ${view}" role="alert">${v.alert}</div>
        ${paid ? nothing : v.newPayment}
    `;
}

function payButton(v: CheckoutFormView): TemplateResult {
  return html`<button
    part="pay-button"
    class=${v.reopenable ? 'secondary' : 'pay'}
    type="submit"
    ?hidden=${v.reopenable && !v.canRetry}
    ?disabled=${v.locked || !v.fields}
  >
    ${
      // Before the session answers, the label ("Pay") is its own node: the label with the amount
      // then comes in new, rather than the same text re-centred (a layout shift of the button's words).
      v.fields ? v.payLabel : html`<span>${v.payLabel}</span>`
    }
  </button>`;
}

/**
 * Isolated fields: the Pay button the customer presses is a frame of the fields' origin, which
 * alone can tell a person's press from this page's scripts. Our own button stays in the layout,
 * unseen and out of reach, so the frame takes exactly its place, size and words.
 */
function framedPayButton(v: CheckoutFormView, src: string | undefined): TemplateResult {
  return html`<div class="pay-slot" ?hidden=${v.reopenable && !v.canRetry}>
    <button part="pay-button" class="pay" type="button" tabindex="-1" aria-hidden="true" disabled>
      ${v.payLabel}
    </button>
    ${
      // Keyed by its address: one for another channel is a new frame (see framed-fields.ts).
      src
        ? keyed(
            src,
            html`<iframe
              part="pay-frame"
              title=${v.t.pay}
              src=${src}
              sandbox="allow-scripts allow-same-origin"
              referrerpolicy="strict-origin"
            ></iframe>`,
          )
        : nothing
    }
  </div>`;
}

export interface HostedFrameView {
  /** The hosted form's address while it is shown. */
  readonly url: string | null;
  /** The payment has an outcome: the frame goes. */
  readonly finished: boolean;
  /** The success to show, as in the in-page mode, or null. */
  readonly paid: PaidDetails | null;
  /** After a decline or a failure: a new order in the same place. */
  readonly retry: (() => void) | null;
  /** The frame loaded (the challenge relay introduces itself). */
  readonly loaded: () => void;
}

/**
 * The gateway's hosted form in a frame (presentation="iframe"): the frame goes once the payment
 * has an outcome; a success shows the result panel of the in-page mode, a decline or failure its
 * words and a way to try again with a new order.
 */
export function hostedView(v: CheckoutView, frame: HostedFrameView): TemplateResult {
  // While the hosted form is up it speaks for itself; once it is gone, the outcome is said here
  // as in the in-page mode, so a screen reader hears it.
  const status = v.view === 'loading' ? v.t.loading : frame.finished ? v.status : '';
  return html`${
    frame.url && !frame.finished
      ? html`<iframe part="hosted-frame" class="hosted" title=${v.t.hostedTitle} src=${frame.url} @load=${frame.loaded}></iframe>`
      : nothing
  }
      ${frame.paid ? resultPanel(v.t, frame.paid) : nothing}
      <div part="status" class="status ${v.view}" role="status" aria-live="polite">${status}</div>
      <div part="message" class="error ${v.view}" role="alert">${v.alert}</div>
      ${
        frame.retry
          ? html`<button part="try-again" class="pay" type="button" @click=${frame.retry}>${v.t.tryAgain}</button>`
          : nothing
      }`;
}
