import { expect, fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../define.ts';
import { errorText, futureExpiry, inner, typeInto } from '../../../test/support/elements.ts';
import { DEFAULT_CONFIG, FakeMerchant } from '../../../test/support/fake-merchant.ts';
import type { GatewayCardForm } from '../card-form/card-form.ts';
import type { GatewayCheckout } from './checkout.ts';
import { isEmail } from './email-field.ts';

// After Pay: the result panel, the e-mail field's own messages, and what a failed Pay says.

const VISA = '4111111111111111';
const SESSION = html`<gateway-checkout session-url="/checkout/session"></gateway-checkout>`;

async function mount(template: TemplateResult = SESSION): Promise<GatewayCheckout> {
  const root = await fixture<HTMLElement>(template);
  const el = (
    root.localName === 'gateway-checkout' ? root : root.querySelector('gateway-checkout')
  ) as GatewayCheckout;
  await loaded(el);
  return el;
}

const payButton = (el: GatewayCheckout) =>
  el.shadowRoot!.querySelector<HTMLButtonElement>('[part="pay-button"]')!;

/** The Pay button is there and enabled: before the first render there is none to be disabled. */
const loaded = (el: GatewayCheckout) =>
  waitUntil(
    () => {
      const button = el.shadowRoot?.querySelector<HTMLButtonElement>('[part="pay-button"]');
      return !!button && !button.disabled;
    },
    'the checkout did not load',
    { timeout: 3000 },
  );
const cardForm = (el: GatewayCheckout) => el.shadowRoot!.querySelector<GatewayCardForm>('gateway-card-form')!;
const statusText = (el: GatewayCheckout) =>
  el.shadowRoot!.querySelector('[role="status"]')?.textContent?.trim() ?? '';
const panel = (el: GatewayCheckout) => el.shadowRoot!.querySelector<HTMLElement>('[part="result"]');

function focused(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

async function fillCard(el: GatewayCheckout, number = VISA): Promise<void> {
  const form = cardForm(el);
  await typeInto(form, 'number', number);
  await typeInto(form, 'expiry', futureExpiry().replace('/', ''));
  if (!form.moto) await typeInto(form, 'csc', '123');
  await typeInto(form, 'name', 'Ann Lee');
  await form.updateComplete;
}

/** Pay by keyboard: a click would follow the button when a message under a field it leaves moves it. */
async function pressPay(el: GatewayCheckout): Promise<void> {
  payButton(el).focus();
  await userEvent.keyboard('{Enter}');
}

async function result(el: GatewayCheckout): Promise<void> {
  await waitUntil(
    () => /succeeded|declined|failed/.test(el.shadowRoot!.querySelector('[role="status"]')?.className ?? ''),
    'no result',
    { timeout: 5000 },
  );
  await el.updateComplete;
}

describe('gateway-checkout after Pay', () => {
  let fake: FakeMerchant;
  beforeEach(() => {
    // A payment an earlier test left under way would be picked up as after a reload.
    sessionStorage.clear();
    fake = new FakeMerchant();
    fake.install();
  });
  afterEach(() => {
    fixtureCleanup();
    fake.uninstall();
  });

  describe('the result panel', () => {
    it('replaces the form after a success: amount, order number, focus, and no card data left', async () => {
      const el = await mount();
      await fillCard(el);
      await userEvent.click(payButton(el));
      await result(el);
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
      fake.config = {
        ...DEFAULT_CONFIG,
        save: { method: 'one-click', consent_required: false, merchant_name: 'Lindenhof Books' },
      };
      const el = await mount();
      await fillCard(el);
      const consent = el.shadowRoot!.querySelector('gateway-save-consent')!;
      inner(consent, 'consent').click();
      await userEvent.click(payButton(el));
      await result(el);
      expect(panel(el)!.textContent).to.contain('Your card is saved for future payments.');
    });

    it('calls a zero-amount success "Card saved" with the consent, never a payment, and shows no amount', async () => {
      fake.config = {
        ...DEFAULT_CONFIG,
        amount: 0,
        save: { method: 'recurring', consent_required: true, merchant_name: 'Lindenhof Books' },
      };
      const el = await mount();
      await fillCard(el);
      inner(el.shadowRoot!.querySelector('gateway-save-consent')!, 'consent').click();
      await pressPay(el);
      await result(el);
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
      fake.config = {
        ...DEFAULT_CONFIG,
        amount: 0,
        save: { method: 'one-click', consent_required: false, merchant_name: 'Lindenhof Books' },
      };
      const el = await mount();
      await fillCard(el);
      await pressPay(el);
      await result(el);
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
      await result(el);
      expect(panel(el)!.querySelector('h2')!.textContent).to.equal('Zahlung erfolgreich');
      expect(panel(el)!.textContent).to.contain('Bestellnummer');
      await expect(el).to.be.accessible();
    });

    it('keeps the form after a decline: the number stays, the code is cleared', async () => {
      fake.payments = ['declined'];
      const el = await mount();
      await fillCard(el);
      await userEvent.click(payButton(el));
      await result(el);
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
      await result(el);
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
      fake.config = { ...DEFAULT_CONFIG, collect_email: true };
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
      expect(fake.sessionPosts().length).to.equal(0);
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
      fake.config = { ...DEFAULT_CONFIG, collect_email: true };
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
