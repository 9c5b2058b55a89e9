import { expect, html, waitUntil } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import {
  cardForm,
  checkoutTestBed,
  clickPay,
  fillCard,
  focused,
  mount,
  settled,
  statusText,
  within,
} from '../../../test/support/checkout.ts';
import { inner, typeInto } from '../../../test/support/elements.ts';
import { DEFAULT_CONFIG } from '../../../test/support/fake-merchant.ts';

// Mail and telephone orders: an agent keys in one card after another.

describe('gateway-checkout', () => {
  const bed = checkoutTestBed();

  describe('MOTO', () => {
    it('after a success focuses "New payment"; Enter clears every field and focuses the first one', async () => {
      bed.fake.config = { ...DEFAULT_CONFIG, collect_email: true, avs: 'standard' };
      const el = await mount(
        html`<gateway-checkout moto session-url="/checkout/session"></gateway-checkout>`,
      );
      await typeInto(el, 'email', 'ann@example.com');
      await fillCard(el);
      const address = el.shadowRoot!.querySelector('gateway-billing-address')!;
      await typeInto(address, 'address', '1 Main Street');
      await typeInto(address, 'zip_code', '10115');
      await clickPay(el);
      await settled(el, 'after the MOTO payment');
      expect(statusText(el)).to.contain('Payment successful');
      const body = JSON.parse(bed.fake.paymentPosts()[0]!.body) as Record<string, unknown>;
      expect('csc' in body).to.equal(false);
      expect(
        (JSON.parse(bed.fake.sessionPosts()[0]!.body) as { options: { moto?: boolean } }).options.moto,
      ).to.equal(true);

      const newPayment = within(el).getByRole('button', { name: 'New payment', exact: true }).element();
      await waitUntil(() => focused() === newPayment, 'New payment has no focus');
      await userEvent.keyboard('{Enter}');
      await el.updateComplete;
      await cardForm(el).updateComplete;
      await address.updateComplete;
      expect(focused()).to.equal(inner(el, 'email'));
      expect(inner(el, 'email').value).to.equal('');
      for (const id of ['number', 'expiry', 'name']) expect(inner(cardForm(el), id).value, id).to.equal('');
      for (const id of ['address', 'zip_code']) expect(inner(address, id).value, id).to.equal('');
      expect(statusText(el)).to.equal('');
      expect(within(el).getByRole('button', { name: 'New payment' }).query()).to.equal(null);
      expect(within(el).getByRole('button', { name: 'Pay €32.25', exact: true }).element()).to.have.property(
        'disabled',
        false,
      );
    });
  });

  describe('MOTO, with the page starting the next entry', () => {
    it('gateway-new-payment, cancelled, leaves the focus to the page', async () => {
      bed.fake.config = { ...DEFAULT_CONFIG, collect_email: false };
      const el = await mount(
        html`<gateway-checkout moto session-url="/checkout/session"></gateway-checkout>`,
      );
      const amount = document.createElement('input');
      amount.setAttribute('aria-label', 'Amount');
      document.body.append(amount);
      let fired = 0;
      el.addEventListener('gateway-new-payment', (event) => {
        fired++;
        event.preventDefault();
        amount.focus();
      });
      try {
        await fillCard(el);
        await clickPay(el);
        await settled(el, 'after the MOTO payment');
        const newPayment = within(el).getByRole('button', { name: 'New payment', exact: true }).element();
        await waitUntil(() => focused() === newPayment, 'New payment has no focus');
        await userEvent.keyboard('{Enter}');
        await el.updateComplete;
        await cardForm(el).updateComplete;
        expect(fired).to.equal(1);
        expect(document.activeElement).to.equal(amount);
        expect(inner(cardForm(el), 'number').value).to.equal('');
      } finally {
        amount.remove();
      }
    });
  });
});
