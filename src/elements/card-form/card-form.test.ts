import { expect, html } from '@open-wc/testing';
import { describe, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../define.ts';
import {
  activeField,
  errorText,
  fillCardForm,
  futureExpiry,
  inner,
  mountCardForm,
  nextFrame,
  pasteInto,
  typeInto,
} from '../../../test/support/elements.ts';
import { runFormControlContract } from '../../../test/support/form-control-contract.ts';
import { readCard } from './card-access.ts';
import type { GatewayCardForm } from './card-form.ts';

const VISA = '4111111111111111';
const AMEX = '378282246310005';

// The card form as a customer types into it: defaults, typing, the expiry, keys and clearing.
// Validation is in card-form-validation, the form's look in card-form-look, what leaves it in
// card-form-privacy; pastes, IME and autofill in card-form-entry.

describe('gateway-card-form', () => {
  describe('defaults', () => {
    it('renders labelled inputs with autocomplete tokens and numeric keyboards', async () => {
      const el = await mountCardForm();
      const expected = [
        ['number', 'Card number', 'cc-number', 'numeric'],
        ['expiry', 'Expiry date', 'cc-exp', 'numeric'],
        ['csc', 'Security code', 'cc-csc', 'numeric'],
        ['name', 'Cardholder name', 'cc-name', 'text'],
      ];
      for (const [id, label, autocomplete, inputmode] of expected) {
        const input = inner(el, id as string);
        expect(el.shadowRoot!.querySelector(`label[for=${id}]`)?.textContent).to.equal(label);
        expect(input.getAttribute('autocomplete')).to.equal(autocomplete);
        expect(input.getAttribute('inputmode')).to.equal(inputmode);
        // The security code is also described by where it is printed ("3 digits on the back").
        expect(input.getAttribute('aria-describedby')).to.equal(
          id === 'csc' ? 'csc-hint csc-error' : `${id}-error`,
        );
        expect(input.getAttribute('aria-invalid')).to.equal('false');
        expect(inner(el, `${id}-error`)).to.exist;
      }
      expect(el.brand).to.equal(null);
      expect(el.moto).to.equal(false);
      expect(el.requireName).to.equal(true);
      expect(el.acceptedBrands).to.deep.equal([]);
      expect(el.shadowRoot!.mode).to.equal('open');
      expect(el.checkValidity()).to.equal(false);
    });

    it('is accessible when empty', async () => {
      const el = await mountCardForm();
      await expect(el).to.be.accessible();
    });

    it('hides the security code with moto and the name with require-name="false"', async () => {
      const el = await mountCardForm(html`<gateway-card-form moto require-name="false"></gateway-card-form>`);
      expect(el.shadowRoot!.getElementById('csc')).to.equal(null);
      expect(el.shadowRoot!.getElementById('name')).to.equal(null);
      expect(el.requireName).to.equal(false);
    });
  });

  describe('typing', () => {
    it('groups a Visa number 4-4-4-4, shows and announces the brand', async () => {
      const el = await mountCardForm();
      await typeInto(el, 'number', '41111111');
      await el.updateComplete;
      expect(inner(el, 'number').value).to.equal('4111 1111');
      expect(el.brand).to.equal('visa');
      const icon = el.shadowRoot!.querySelector('[part~="brand-icon"]')!;
      expect(icon.getAttribute('role')).to.equal('img');
      expect(icon.getAttribute('aria-label')).to.equal('Visa');
      expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.equal('Visa card');
    });

    it('groups American Express 4-6-5 and asks for a 4-digit code', async () => {
      const el = await mountCardForm();
      await typeInto(el, 'number', AMEX);
      await el.updateComplete;
      expect(inner(el, 'number').value).to.equal('3782 822463 10005');
      expect(el.brand).to.equal('american-express');
      expect(activeField(el)).to.equal('expiry');
      inner(el, 'csc').focus();
      await userEvent.keyboard('12345');
      expect(inner(el, 'csc').value).to.equal('1234');
      // Changing the number to a Visa cuts the code to three digits, and the form agrees.
      inner(el, 'number').select();
      await pasteInto(el, 'number', VISA);
      await el.updateComplete;
      expect(inner(el, 'csc').value).to.equal('123');
      await typeInto(el, 'expiry', futureExpiry().replace('/', ''));
      await typeInto(el, 'name', 'Ann Lee');
      await el.updateComplete;
      expect(readCard(el)?.csc).to.equal('123');
    });

    it('groups Diners 4-6-4', async () => {
      const el = await mountCardForm();
      await typeInto(el, 'number', '36227206271667');
      expect(inner(el, 'number').value).to.equal('3622 720627 1667');
    });

    it('ignores letters and stops at 19 digits for unknown brands', async () => {
      const el = await mountCardForm();
      await typeInto(el, 'number', '9a99999999999999999999');
      expect(inner(el, 'number').value).to.equal('9999 9999 9999 9999 999');
    });

    it('keeps the caret when deleting in the middle', async () => {
      const el = await mountCardForm();
      await typeInto(el, 'number', '4111222233334444');
      const input = inner(el, 'number');
      input.focus();
      // Caret after "4111 22" (7), as a person moves it with the arrow keys.
      await userEvent.keyboard('{ArrowLeft>12}');
      expect(input.selectionStart).to.equal(7);
      await userEvent.keyboard('{Backspace}');
      await nextFrame();
      expect(input.value).to.equal('4111 2223 3334 444');
      expect(input.selectionStart).to.equal(6);
      await userEvent.keyboard('9');
      await nextFrame();
      expect(input.value).to.equal('4111 2922 3333 4444');
      expect(input.selectionStart).to.equal(7);
    });

    it('keeps the caret when a deletion changes the brand and its grouping', async () => {
      const el = await mountCardForm();
      await typeInto(el, 'number', '3782822463');
      const input = inner(el, 'number');
      expect(input.value).to.equal('3782 822463');
      await userEvent.keyboard('{Home}{ArrowRight}{Backspace}');
      await nextFrame();
      // "782822463": no brand any more, regrouped 4-4-4-4, the caret stays at the start.
      expect(el.brand).to.equal(null);
      expect(input.value).to.equal('7828 2246 3');
      expect(input.selectionStart).to.equal(0);
      // "3" back in: American Express again, 4-6 grouping, caret after the "3".
      await userEvent.keyboard('3');
      await nextFrame();
      expect(el.brand).to.equal('american-express');
      expect(input.value).to.equal('3782 822463');
      expect(input.selectionStart).to.equal(1);
    });

    it('takes a pasted "4111-1111 1111 1111"', async () => {
      const el = await mountCardForm();
      await pasteInto(el, 'number', '4111-1111 1111 1111');
      await el.updateComplete;
      expect(inner(el, 'number').value).to.equal('4111 1111 1111 1111');
      expect(el.brand).to.equal('visa');
    });

    it('takes a pasted number of another brand over a selected one', async () => {
      const el = await mountCardForm();
      await typeInto(el, 'number', AMEX);
      inner(el, 'number').focus();
      inner(el, 'number').select();
      await pasteInto(el, 'number', '');
      inner(el, 'number').select();
      await pasteInto(el, 'number', '4111 1111 1111 1111');
      expect(inner(el, 'number').value).to.equal('4111 1111 1111 1111');
    });

    it('moves on to the next field when one is complete', async () => {
      const el = await mountCardForm();
      await typeInto(el, 'number', VISA);
      expect(activeField(el)).to.equal('expiry');
      await userEvent.keyboard(futureExpiry().replace('/', ''));
      expect(activeField(el)).to.equal('csc');
      await userEvent.keyboard('123');
      expect(activeField(el)).to.equal('name');
    });

    it('moves on only when the number is complete for its brand: a 19-digit UnionPay types in whole', async () => {
      const el = await mountCardForm();
      // Luhn-valid at 16 digits too, where a UnionPay number may still grow to 17, 18 or 19.
      await typeInto(el, 'number', '6200000000000005009');
      expect(inner(el, 'number').value.replace(/\D/g, '')).to.equal('6200000000000005009');
      expect(inner(el, 'expiry').value).to.equal('');
      expect(activeField(el)).to.equal('expiry');
    });

    it('does not move on from a number that is not valid', async () => {
      const el = await mountCardForm();
      await typeInto(el, 'number', '4111111111111112');
      expect(activeField(el)).to.equal('number');
    });
  });

  describe('expiry', () => {
    it('turns "4" into "04/"', async () => {
      const el = await mountCardForm();
      await typeInto(el, 'expiry', '4');
      expect(inner(el, 'expiry').value).to.equal('04/');
      await userEvent.keyboard('30');
      expect(inner(el, 'expiry').value).to.equal('04/30');
    });

    for (const pasted of ['12/2030', '1230', '12 / 30']) {
      it(`takes a pasted "${pasted}"`, async () => {
        const el = await mountCardForm();
        await pasteInto(el, 'expiry', pasted);
        expect(inner(el, 'expiry').value).to.equal('12/30');
      });
    }

    it('rejects a past date after the field is left', async () => {
      const el = await mountCardForm();
      await typeInto(el, 'expiry', '0120');
      await userEvent.keyboard('{Tab}');
      await el.updateComplete;
      expect(errorText(el, 'expiry')).to.equal('The card has expired.');
    });
  });

  describe('keyboard', () => {
    it('moves through every field with Tab and back with Shift+Tab', async () => {
      const el = await mountCardForm();
      el.focus();
      expect(activeField(el)).to.equal('number');
      await userEvent.keyboard('{Tab}');
      expect(activeField(el)).to.equal('expiry');
      await userEvent.keyboard('{Tab}');
      expect(activeField(el)).to.equal('csc');
      await userEvent.keyboard('{Tab}');
      expect(activeField(el)).to.equal('name');
      await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
      expect(activeField(el)).to.equal('csc');
    });
  });

  describe('clearing', () => {
    it('clear() empties every field without an event', async () => {
      const el = await mountCardForm();
      await fillCardForm(el);
      const changes = vi.fn();
      el.addEventListener('gateway-card-change', changes);
      el.clear();
      await el.updateComplete;
      for (const id of ['number', 'expiry', 'csc', 'name']) expect(inner(el, id).value).to.equal('');
      expect(changes.mock.calls.length).to.equal(0);
    });
  });
});

runFormControlContract<GatewayCardForm>('gateway-card-form', () => ({
  template: html`<gateway-card-form name="card"></gateway-card-form>`,
  controls: ['number', 'expiry', 'csc', 'name'],
  fill: (el) => fillCardForm(el),
  // Card data never goes into the host form's FormData.
  formData: {},
  isEmpty: (el) => ['number', 'expiry', 'csc', 'name'].every((id) => inner(el, id).value === '') && !el.brand,
  submitField: 'name',
}));
