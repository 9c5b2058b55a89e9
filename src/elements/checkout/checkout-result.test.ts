import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { beforeEach, describe, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../define.ts';
import {
  cardForm,
  checkoutTestBed,
  fillCard,
  focused,
  loaded,
  mount,
  payButton,
  pressPay,
  settled,
  statusText,
  VISA,
} from '../../../test/support/checkout.ts';
import { errorText, futureExpiry, inner, typeInto } from '../../../test/support/elements.ts';
import { DEFAULT_CONFIG } from '../../../test/support/fake-merchant.ts';
import type { GatewayCheckout } from './checkout.ts';
import { isEmail } from './email-field.ts';

// After Pay: the result panel, the e-mail field's own messages, and what a failed Pay says.

const panel = (el: GatewayCheckout) => el.shadowRoot!.querySelector<HTMLElement>('[part="result"]');

describe('gateway-checkout after Pay', () => {
  const bed = checkoutTestBed();

  describe('the result panel', () => {
    it('replaces the form after a success: amount, order number, focus, and no card data left', async () => {
      const el = await mount();
      await fillCard(el);
      await userEvent.click(payButton(el));
      await settled(el, 'after Pay');
      const shown = panel(el)!;
      expect(shown).to.exist;
      expect(el.shadowRoot!.querySelector('form')!.checkVisibility()).to.equal(false);
      await waitUntil(() => focused() === shown, 'the result panel has no focus');
      const region = page.elementLocator(el).getByRole('region', { name: 'Payment successful' });
      expect(region.element()).to.equal(shown);
      const rows = [...shown.querySelectorAll('dl div')].map((row) =>
        [...row.children].map((cell) => cell.textContent?.trim()),
      );
      expect(rows).to.deep.equal([
        ['Amount', '€32.25'],
        // The shop's order number, never the gateway's id.
        ['Order number', 'BP-1'],
      ]);
      expect(shown.textContent).not.to.contain('saved');
      expect(statusText(el)).to.equal('Payment successful. Thank you!');
      for (const id of ['number', 'expiry', 'csc', 'name'])
        expect(inner(cardForm(el), id).value, id).to.equal('');
      await expect(el).to.be.accessible();
    });

    it('says the card is saved when the customer agreed', async () => {
      bed.fake.config = {
        ...DEFAULT_CONFIG,
        save: { method: 'one-click', consent_required: false, merchant_name: 'Lindenhof Books' },
      };
      const el = await mount();
      await fillCard(el);
      const consent = el.shadowRoot!.querySelector('gateway-save-consent')!;
      inner(consent, 'consent').click();
      await userEvent.click(payButton(el));
      await settled(el, 'after Pay');
      expect(panel(el)!.textContent).to.contain('Your card is saved for future payments.');
    });

    it('calls a zero-amount success "Card saved" with the consent, never a payment, and shows no amount', async () => {
      bed.fake.config = {
        ...DEFAULT_CONFIG,
        amount: 0,
        save: { method: 'recurring', consent_required: true, merchant_name: 'Lindenhof Books' },
      };
      const el = await mount();
      await fillCard(el);
      inner(el.shadowRoot!.querySelector('gateway-save-consent')!, 'consent').click();
      await pressPay(el);
      await settled(el, 'after Pay');
      const shown = panel(el)!;
      expect(page.elementLocator(el).getByRole('region', { name: 'Card saved' }).element()).to.equal(shown);
      expect(shown.textContent).not.to.contain('Payment');
      expect(shown.textContent).not.to.contain('Amount');
      expect(shown.textContent).to.contain('Your card is saved for future payments.');
      expect(shown.textContent).to.contain('Nothing was charged.');
      expect(statusText(el)).to.equal('Card saved. Nothing was charged.');
      el.language = 'lv';
      await el.updateComplete;
      expect(shown.querySelector('h2')?.textContent).to.equal('Karte saglabāta');
    });

    it('calls a zero-amount success without saving "Card verified"', async () => {
      bed.fake.config = {
        ...DEFAULT_CONFIG,
        amount: 0,
        save: { method: 'one-click', consent_required: false, merchant_name: 'Lindenhof Books' },
      };
      const el = await mount();
      await fillCard(el);
      await pressPay(el);
      await settled(el, 'after Pay');
      expect(page.elementLocator(el).getByRole('region', { name: 'Card verified' }).element()).to.equal(
        panel(el),
      );
      expect(panel(el)!.textContent).not.to.contain('saved');
      expect(statusText(el)).to.equal('Card verified. Nothing was charged.');
    });

    it('is accessible dark and right to left, in the page language', async () => {
      const wrap = await fixture<HTMLElement>(
        html`<div dir="rtl" lang="de" style="background:#111;color:#eee"><gateway-checkout theme="dark" session-url="/checkout/session"></gateway-checkout></div>`,
      );
      const el = wrap.querySelector('gateway-checkout') as GatewayCheckout;
      await loaded(el);
      await fillCard(el);
      await userEvent.click(payButton(el));
      await settled(el, 'after Pay');
      expect(panel(el)!.querySelector('h2')!.textContent).to.equal('Zahlung erfolgreich');
      expect(panel(el)!.textContent).to.contain('Bestellnummer');
      await expect(el).to.be.accessible();
    });

    it('keeps the form after a decline: the number stays, the code is cleared', async () => {
      bed.fake.payments = ['declined'];
      const el = await mount();
      await fillCard(el);
      await userEvent.click(payButton(el));
      await settled(el, 'after Pay');
      expect(panel(el)).to.equal(null);
      expect(el.shadowRoot!.querySelector('form')!.checkVisibility()).to.equal(true);
      expect(inner(cardForm(el), 'number').value).to.equal('4111 1111 1111 1111');
      expect(inner(cardForm(el), 'csc').value).to.equal('');
    });

    it('offers "New payment" in the panel on the phone-order screen, which brings the form back', async () => {
      const el = await mount(
        html`<gateway-checkout moto session-url="/checkout/session"></gateway-checkout>`,
      );
      await fillCard(el);
      await userEvent.click(payButton(el));
      await settled(el, 'after Pay');
      const newPayment = panel(el)!.querySelector<HTMLButtonElement>('[part="new-payment"]')!;
      await waitUntil(() => focused() === newPayment, 'New payment has no focus');
      await userEvent.keyboard('{Enter}');
      await el.updateComplete;
      expect(panel(el)).to.equal(null);
      expect(el.shadowRoot!.querySelector('form')!.checkVisibility()).to.equal(true);
      expect(focused()).to.equal(inner(cardForm(el), 'number'));
    });
  });

  describe('the e-mail field', () => {
    beforeEach(() => {
      bed.fake.config = { ...DEFAULT_CONFIG, collect_email: true };
    });

    it('checks addresses as the merchant server does', () => {
      for (const good of ['ann@example.com', 'a.b+c@mail.example.co.uk', ' ann@example.com ']) {
        expect(isEmail(good), good).to.equal(true);
      }
      for (const bad of [
        'a@b',
        'ann@',
        'ann example.com',
        'ann@example.c',
        '.ann@example.com',
        'a..b@example.com',
      ]) {
        expect(isEmail(bad), bad).to.equal(false);
      }
    });

    it('has its own message under the field, no browser bubble, and autocomplete="email"', async () => {
      const el = await mount();
      const email = inner(el, 'email');
      expect(email.getAttribute('autocomplete')).to.equal('email');
      expect(email.getAttribute('aria-describedby')).to.equal('email-error');
      let bubbled = false;
      email.addEventListener('invalid', () => {
        bubbled = true;
      });
      await typeInto(el, 'email', 'a@b');
      // Not while typing.
      expect(errorText(el, 'email')).to.equal('');
      await userEvent.keyboard('{Tab}');
      await el.updateComplete;
      expect(errorText(el, 'email')).to.equal('Enter a valid e-mail address, like name@example.com.');
      expect(email.getAttribute('aria-invalid')).to.equal('true');
      await userEvent.click(payButton(el));
      await el.updateComplete;
      expect(bubbled).to.equal(false);
      expect(focused()).to.equal(email);
      expect(errorText(el, 'email')).to.equal('Enter a valid e-mail address, like name@example.com.');
      expect(bed.fake.sessionPosts().length).to.equal(0);
      await expect(el).to.be.accessible();
    });

    it('asks for an address left empty, in the page language', async () => {
      const el = await mount(
        html`<gateway-checkout language="fr" session-url="/checkout/session"></gateway-checkout>`,
      );
      await userEvent.click(payButton(el));
      await el.updateComplete;
      expect(errorText(el, 'email')).to.equal('Saisissez votre adresse e-mail.');
    });
  });

  describe('a failed Pay', () => {
    it('focuses the first invalid field and says politely how many need attention', async () => {
      bed.fake.config = { ...DEFAULT_CONFIG, collect_email: true };
      const el = await mount();
      await typeInto(el, 'email', 'ann@example.com');
      await typeInto(cardForm(el), 'number', VISA);
      await pressPay(el);
      await waitUntil(() => statusText(el) !== '', 'nothing said');
      expect(focused()).to.equal(inner(cardForm(el), 'expiry'));
      const status = el.shadowRoot!.querySelector('[role="status"]')!;
      expect(status.getAttribute('aria-live')).to.equal('polite');
      expect(statusText(el)).to.equal('3 fields need your attention.');
      // Editing again takes the count away; the next failed Pay says it again.
      await userEvent.keyboard('1');
      await el.updateComplete;
      expect(statusText(el)).to.equal('');
      await typeInto(cardForm(el), 'expiry', futureExpiry().slice(1).replace('/', ''));
      await typeInto(cardForm(el), 'csc', '123');
      await pressPay(el);
      await waitUntil(() => statusText(el) !== '', 'nothing said');
      expect(statusText(el)).to.equal('1 field needs your attention.');
      expect(focused()).to.equal(inner(cardForm(el), 'name'));
    });
  });
});
