import { expect, fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { cdp, userEvent } from 'vitest/browser';
import {
  alertText,
  cardForm,
  checkoutTestBed,
  clickPay,
  fillCard,
  focused,
  mount,
  payButton,
  settled,
  statusText,
  within,
} from '../../../test/support/checkout.ts';
import { errorText, inner, typeInto, withPageLanguage } from '../../../test/support/elements.ts';
import { DEFAULT_CONFIG } from '../../../test/support/fake-merchant.ts';
import type { CheckoutConfig } from '../../protocol/session.ts';
import type { GatewayCheckout } from './checkout.ts';

// The checkout as a customer meets it: its fields, names and roles, languages, look and amounts.

describe('gateway-checkout', () => {
  const bed = checkoutTestBed();

  describe('defaults and accessibility', () => {
    it('names the pay button with the amount of the configuration and is accessible when idle', async () => {
      const el = await mount();
      expect(bed.fake.sent.map((r) => `${r.method} ${new URL(r.url).pathname}`)).to.deep.equal([
        'GET /checkout/session',
      ]);
      expect(within(el).getByRole('button', { name: 'Pay €32.25', exact: true }).element()).to.equal(
        payButton(el),
      );
      expect(bed.events.of('gateway-ready')).to.deep.equal([{ amount: 32.25, currency: 'EUR' }]);
      for (const name of ['Card number', 'Expiry date', 'Security code', 'Cardholder name']) {
        expect(within(el).getByRole('textbox', { name, exact: true }).query(), name).to.exist;
      }
      await expect(el).to.be.accessible();
    });

    it('is accessible with every field and its validation errors shown', async () => {
      bed.fake.config = {
        ...DEFAULT_CONFIG,
        collect_email: true,
        avs: 'standard',
        save: { method: 'one-click', consent_required: true, merchant_name: 'Lindenhof Books' },
      };
      const el = await mount();
      await expect(el).to.be.accessible();
      await clickPay(el);
      await el.updateComplete;
      expect(errorText(cardForm(el), 'number')).to.equal('Enter a valid card number.');
      await expect(el).to.be.accessible();
    });

    it('is accessible while paying, with every input disabled', async () => {
      bed.fake.config = { ...DEFAULT_CONFIG, collect_email: true, avs: 'standard' };
      const el = await mount();
      await typeInto(el, 'email', 'ann@example.com');
      await fillCard(el);
      const address = el.shadowRoot!.querySelector('gateway-billing-address')!;
      await typeInto(address, 'address', '1 Main Street');
      await typeInto(address, 'zip_code', '10115');
      const release = bed.fake.holdPayments();
      await clickPay(el);
      await waitUntil(() => bed.fake.paymentPosts().length === 1, 'no payment POST');
      await el.updateComplete;
      expect(payButton(el).disabled).to.equal(true);
      expect(payButton(el).textContent?.trim()).to.equal('Processing the payment…');
      expect(el.shadowRoot!.querySelector('form')!.getAttribute('aria-busy')).to.equal('true');
      const inputs = [
        inner(el, 'email'),
        ...['number', 'expiry', 'csc', 'name'].map((id) => inner(cardForm(el), id)),
        inner(address, 'address'),
        inner(address, 'zip_code'),
        inner<HTMLSelectElement>(address, 'country'),
      ];
      for (const input of inputs) expect(input.disabled, input.id).to.equal(true);
      await expect(el).to.be.accessible();
      release();
      await settled(el, 'after the gateway answered');
      expect(statusText(el)).to.contain('Payment successful');
    });

    it('is accessible in the dark scheme on a dark page', async () => {
      await cdp().send('Emulation.setEmulatedMedia', {
        features: [{ name: 'prefers-color-scheme', value: 'dark' }],
      });
      try {
        bed.fake.payments = ['declined'];
        const el = await mount(
          html`<div style="color-scheme: light dark; background: Canvas; color: CanvasText; padding: 16px">
            <gateway-checkout session-url="/checkout/session"></gateway-checkout>
          </div>`,
        );
        // The page follows the dark scheme, and so do the fields, on the page's own background.
        expect(matchMedia('(prefers-color-scheme: dark)').matches).to.equal(true);
        expect(getComputedStyle(el).backgroundColor).to.equal('rgba(0, 0, 0, 0)');
        expect(getComputedStyle(cardForm(el)).backgroundColor).to.equal('rgba(0, 0, 0, 0)');
        expect(getComputedStyle(inner(cardForm(el), 'number')).backgroundColor).to.equal('rgb(38, 39, 44)');
        await expect(el).to.be.accessible();
        await fillCard(el);
        await clickPay(el);
        await settled(el, 'declined in the dark');
        expect(alertText(el)).to.contain('insufficient funds');
        await expect(el).to.be.accessible();
      } finally {
        await cdp().send('Emulation.setEmulatedMedia', { features: [] });
      }
    });

    it('is accessible right to left', async () => {
      const el = await mount(
        html`<div dir="rtl" lang="en"><gateway-checkout session-url="/checkout/session"></gateway-checkout></div>`,
      );
      expect(getComputedStyle(el).direction).to.equal('rtl');
      expect(within(el).getByRole('button', { name: 'Pay €32.25', exact: true }).query()).to.exist;
      await expect(el).to.be.accessible();
      await clickPay(el);
      await el.updateComplete;
      await expect(el).to.be.accessible();
    });

    it('takes accepted-brands as a space-separated attribute and a list property, and passes it to its card form', async () => {
      const el = await mount(
        html`<gateway-checkout accepted-brands="visa mastercard" session-url="/checkout/session"></gateway-checkout>`,
      );
      expect(el.acceptedBrands).to.deep.equal(['visa', 'mastercard']);
      expect(cardForm(el).acceptedBrands).to.deep.equal(['visa', 'mastercard']);
      el.acceptedBrands = ['visa'];
      await el.updateComplete;
      expect(cardForm(el).acceptedBrands).to.deep.equal(['visa']);
      await typeInto(cardForm(el), 'number', '5555555555554444');
      await userEvent.keyboard('{Tab}');
      await cardForm(el).updateComplete;
      expect(errorText(cardForm(el), 'number')).to.equal('This card brand is not accepted here.');
    });

    it('asks for an e-mail address only when the configuration says collect_email', async () => {
      const without = await mount();
      expect(within(without).getByRole('textbox', { name: 'E-mail' }).query()).to.equal(null);
      fixtureCleanup();
      bed.fake.config = { ...DEFAULT_CONFIG, collect_email: true };
      const el = await mount();
      const email = within(el).getByRole('textbox', { name: 'E-mail', exact: true }).element();
      expect(email.getAttribute('type')).to.equal('email');
      expect(email.getAttribute('autocomplete')).to.equal('email');
    });

    for (const avs of ['off', 'standard', 'custom'] as const) {
      it(`${avs === 'off' ? 'shows no' : 'shows the'} billing address with avs "${avs}"`, async () => {
        // A Latvian merchant: the address starts on Latvia, whatever the browser's region.
        bed.fake.config = { ...DEFAULT_CONFIG, avs, country: 'LV' };
        const el = await mount();
        for (const name of ['Address', 'Postal code']) {
          const field = within(el).getByRole('textbox', { name, exact: true }).query();
          if (avs === 'off') expect(field, name).to.equal(null);
          else expect(field, name).to.exist;
        }
        const country = within(el).getByRole('combobox', { name: 'Country', exact: true }).query();
        if (avs !== 'off') expect((country as HTMLSelectElement).value).to.equal('LV');
      });
    }

    for (const method of ['one-click', 'automatic', 'recurring', 'merchant'] as const) {
      it(`${method === 'merchant' ? 'asks no' : 'asks for'} consent to save the card with "${method}"`, async () => {
        bed.fake.config = {
          ...DEFAULT_CONFIG,
          save: { method, consent_required: true, merchant_name: 'Lindenhof Books' },
        };
        const el = await mount();
        const box = within(el).getByRole('checkbox').query();
        if (method === 'merchant') expect(box).to.equal(null);
        else {
          // The customer sees who will keep the card.
          expect(
            within(el)
              .getByRole('checkbox', { name: /Lindenhof Books/ })
              .query(),
          ).to.exist;
          expect((box as HTMLInputElement).checked).to.equal(false);
        }
      });
    }

    it('has no security code field for MOTO, by attribute or by configuration', async () => {
      const byAttribute = await mount(
        html`<gateway-checkout moto session-url="/checkout/session"></gateway-checkout>`,
      );
      expect(within(byAttribute).getByRole('textbox', { name: 'Card number' }).query()).to.exist;
      expect(within(byAttribute).getByRole('textbox', { name: 'Security code' }).query()).to.equal(null);
      fixtureCleanup();
      bed.fake.config = { ...DEFAULT_CONFIG, moto: true };
      const byConfig = await mount();
      expect(within(byConfig).getByRole('textbox', { name: 'Card number' }).query()).to.exist;
      expect(within(byConfig).getByRole('textbox', { name: 'Security code' }).query()).to.equal(null);
    });
  });

  describe('language', () => {
    it('speaks German with language="de"', async () => {
      bed.fake.config = { ...DEFAULT_CONFIG, collect_email: true };
      const el = await mount(
        html`<gateway-checkout language="de" session-url="/checkout/session"></gateway-checkout>`,
      );
      expect(payButton(el).textContent?.trim()).to.equal('32,25\u00a0€ bezahlen');
      expect(
        within(el)
          .getByRole('button', { name: /bezahlen$/ })
          .element(),
      ).to.equal(payButton(el));
      for (const name of ['Kartennummer', 'Sicherheitscode', 'E-Mail']) {
        expect(within(el).getByRole('textbox', { name, exact: true }).query(), name).to.exist;
      }
      await expect(el).to.be.accessible();
    });

    it('follows <html lang> set after it rendered, into every nested field, with nothing else changed', async () => {
      bed.fake.config = { ...DEFAULT_CONFIG, avs: 'standard', save: saveOf('one-click') };
      const el = await mount();
      expect(payButton(el).textContent?.trim()).to.equal('Pay €32.25');
      await withPageLanguage('de', async () => {
        await waitUntil(() => payButton(el).textContent?.trim() === '32,25\u00a0€ bezahlen', 'no German');
        // The browser's region (the US) stays the address's country: its ZIP code, in German.
        for (const name of ['Kartennummer', 'Sicherheitscode', 'Adresse', 'ZIP-Code']) {
          expect(within(el).getByRole('textbox', { name, exact: true }).query(), name).to.exist;
        }
        const consent = el.shadowRoot!.querySelector('gateway-save-consent')!;
        expect(consent.shadowRoot!.querySelector('label')?.textContent).to.contain('schnellere Zahlungen');
      });
      await waitUntil(() => payButton(el).textContent?.trim() === 'Pay €32.25', 'not back to English');
    });

    it('words a decline already shown in the new language', async () => {
      bed.fake.payments = ['declined'];
      const el = await mount();
      await fillCard(el);
      await clickPay(el);
      await settled(el, 'declined');
      expect(alertText(el)).to.equal(
        'The payment was declined: the card has insufficient funds. Try another card.',
      );
      el.language = 'de';
      await el.updateComplete;
      expect(alertText(el)).to.equal(
        'Zahlung abgelehnt: Die Karte ist nicht ausreichend gedeckt. Versuchen Sie eine andere Karte.',
      );
    });
  });

  describe('theme tokens', () => {
    it('set on the page and on the checkout, reach the inputs of every nested element', async () => {
      bed.fake.config = { ...DEFAULT_CONFIG, avs: 'standard', save: saveOf('one-click') };
      const page = document.createElement('style');
      page.textContent = `body { --gateway-color-text: rgb(1, 2, 3); --gateway-color-border: rgb(4, 5, 6); }
        gateway-checkout { --gateway-radius: 17px; --gateway-font-size: 19px; }`;
      document.head.append(page);
      try {
        const el = await mount();
        const address = el.shadowRoot!.querySelector('gateway-billing-address')!;
        const consent = el.shadowRoot!.querySelector('gateway-save-consent')!;
        const inputs = [
          ...['number', 'expiry', 'csc', 'name'].map((id) => inner(cardForm(el), id)),
          ...['address', 'zip_code'].map((id) => inner(address, id)),
          inner(address, 'country'),
        ];
        for (const input of inputs) {
          const style = getComputedStyle(input);
          expect(style.color, input.id).to.equal('rgb(1, 2, 3)');
          expect(style.borderTopColor, input.id).to.equal('rgb(4, 5, 6)');
          expect(style.borderTopLeftRadius, input.id).to.equal('17px');
          expect(style.fontSize, input.id).to.equal('19px');
        }
        const checkbox = getComputedStyle(inner(consent, 'consent'));
        expect(checkbox.color).to.equal('rgb(1, 2, 3)');
        expect(checkbox.fontSize).to.equal('19px');
        expect(getComputedStyle(payButton(el)).borderTopLeftRadius).to.equal('17px');
      } finally {
        page.remove();
      }
    });
  });

  describe('configuration', () => {
    it('loads the configuration of the new session-url when it changes while the first answer is slow', async () => {
      bed.fake.configs.set('/checkout/session?shop=a', { ...DEFAULT_CONFIG, amount: 11, currency: 'EUR' });
      bed.fake.configs.set('/checkout/session?shop=b', { ...DEFAULT_CONFIG, amount: 22, currency: 'EUR' });
      const releaseA = bed.fake.holdConfig('/checkout/session?shop=a');
      const el = await fixture<GatewayCheckout>(
        html`<gateway-checkout session-url="/checkout/session?shop=a"></gateway-checkout>`,
      );
      expect(statusText(el)).to.equal('Loading the checkout…');
      el.sessionUrl = '/checkout/session?shop=b';
      await waitUntil(() => payButton(el).textContent?.trim() === 'Pay €22.00', 'shop b never loaded');
      // The answer for the old URL comes last, and must not win.
      releaseA();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await el.updateComplete;
      expect(payButton(el).textContent?.trim()).to.equal('Pay €22.00');
      expect(bed.events.of('gateway-ready')).to.deep.equal([{ amount: 22, currency: 'EUR' }]);
      expect(bed.events.of('gateway-error')).to.deep.equal([]);
      expect(bed.fake.sent.map((r) => `${r.method} ${new URL(r.url).search}`)).to.deep.equal([
        'GET ?shop=a',
        'GET ?shop=b',
      ]);
    });
  });

  describe('amounts', () => {
    it('says "Save card" for a zero amount, in each language', async () => {
      bed.fake.config = {
        ...DEFAULT_CONFIG,
        amount: 0,
        save: { method: 'recurring', consent_required: true, merchant_name: 'Lindenhof Books' },
      };
      const el = await mount();
      expect(payButton(el).textContent?.trim()).to.equal('Save card');
      expect(within(el).getByRole('button', { name: 'Save card', exact: true }).query()).to.exist;
      const words: Record<string, string> = {
        de: 'Karte speichern',
        es: 'Guardar tarjeta',
        fr: 'Enregistrer la carte',
        lv: 'Saglabāt karti',
        ru: 'Сохранить карту',
      };
      for (const [language, text] of Object.entries(words)) {
        el.language = language;
        await el.updateComplete;
        expect(payButton(el).textContent?.trim()).to.equal(text);
      }
      await expect(el).to.be.accessible();
    });

    it('with no amount to charge says "Pay" alone, sends nothing and tells the page', async () => {
      bed.fake.config = { ...DEFAULT_CONFIG, amount: null, moto: true, collect_email: false };
      const el = await mount();
      expect(payButton(el).textContent?.trim()).to.equal('Pay');
      expect(bed.events.of('gateway-ready')).to.deep.equal([{ amount: null, currency: 'EUR' }]);
      await fillCard(el);
      await clickPay(el);
      await el.updateComplete;
      expect(bed.fake.sessionPosts()).to.have.length(0);
      expect(bed.fake.paymentPosts()).to.have.length(0);
      expect(alertText(el)).to.equal('There is no amount to pay yet. Enter the amount first.');
      expect(bed.events.of<{ type: string }>('gateway-error').map((e) => e.type)).to.deep.equal(['amount']);
      expect(inner(cardForm(el), 'number').value).to.equal('4111 1111 1111 1111');
    });
  });

  describe('the focus ring', () => {
    it('on the Pay button stands apart from the button’s own fill, as plainly as on a field', async () => {
      const el = await mount();
      const ring = (target: Element) => {
        const style = getComputedStyle(target);
        const { outlineStyle, outlineWidth, boxShadow, color } = style;
        return { outlineStyle, width: parseFloat(outlineWidth), boxShadow, color };
      };
      const name = inner(cardForm(el), 'name');
      await userEvent.click(name);
      const field = ring(name);
      await userEvent.keyboard('{Tab}');
      expect(focused()).to.equal(payButton(el));
      const button = ring(payButton(el));
      expect(button.outlineStyle).to.equal('solid');
      expect(button.width).to.be.at.least(field.width);
      // The ring is the focus colour and so is the fill: an inner ring in the text colour parts them.
      expect(button.boxShadow).to.contain('inset');
      expect(button.boxShadow).to.contain(button.color);
    });
  });
});

function saveOf(method: 'one-click'): CheckoutConfig['save'] {
  return { method, consent_required: false, merchant_name: 'Lindenhof Books' };
}
