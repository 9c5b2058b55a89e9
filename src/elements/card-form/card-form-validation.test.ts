import { expect, fixture, html } from '@open-wc/testing';
import { noChange } from 'lit';
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
  typeInto,
} from '../../../test/support/elements.ts';
import type { CardChangeDetail } from './card-form.ts';

const VISA = '4111111111111111';
const AMEX = '378282246310005';

// What the card form says is wrong, when it says it, and the events a page hears.

describe('gateway-card-form', () => {
  describe('validation messages', () => {
    it('waits until the field is left, never while a valid prefix is typed', async () => {
      const el = await mountCardForm();
      await typeInto(el, 'number', '4111');
      await el.updateComplete;
      expect(errorText(el, 'number')).to.equal('');
      expect(inner(el, 'number').getAttribute('aria-invalid')).to.equal('false');
      expect(el.matches(':state(invalid)')).to.equal(true);
      expect(el.matches(':state(user-invalid)')).to.equal(false);
      await userEvent.keyboard('{Tab}');
      await el.updateComplete;
      expect(errorText(el, 'number')).to.equal('Enter a valid card number.');
      expect(el.matches(':state(user-invalid)')).to.equal(true);
      expect(inner(el, 'number').getAttribute('aria-invalid')).to.equal('true');
      await expect(el).to.be.accessible();
      // Back in the field and typing on: the prefix is valid again, the message goes away.
      inner(el, 'number').focus();
      await userEvent.keyboard('1');
      await el.updateComplete;
      expect(errorText(el, 'number')).to.equal('');
    });

    it('shows a wrong full number at once after leaving', async () => {
      const el = await mountCardForm();
      await typeInto(el, 'number', '4111111111111112');
      await userEvent.keyboard('{Tab}');
      await el.updateComplete;
      expect(errorText(el, 'number')).to.equal('Enter a valid card number.');
    });

    it('limits brands with accepted-brands', async () => {
      const el = await mountCardForm(
        html`<gateway-card-form accepted-brands="visa mastercard"></gateway-card-form>`,
      );
      expect(el.acceptedBrands).to.deep.equal(['visa', 'mastercard']);
      await typeInto(el, 'number', AMEX);
      await userEvent.keyboard('{Tab}');
      await el.updateComplete;
      expect(errorText(el, 'number')).to.equal('This card brand is not accepted here.');
      expect(el.validity.typeMismatch).to.equal(true);
    });

    it('shows every message after a submit attempt of the host form', async () => {
      const form = await fixture<HTMLFormElement>(html`<form><gateway-card-form></gateway-card-form></form>`);
      const el = form.querySelector('gateway-card-form')!;
      const submitted = vi.fn((e: Event) => e.preventDefault());
      form.addEventListener('submit', submitted);
      form.requestSubmit();
      await el.updateComplete;
      expect(submitted.mock.calls.length).to.equal(0);
      expect(form.checkValidity()).to.equal(false);
      expect(errorText(el, 'number')).to.equal('Enter a valid card number.');
      expect(errorText(el, 'expiry')).to.equal('Enter a valid expiry date (MM/YY).');
      expect(errorText(el, 'csc')).to.equal('Enter the 3-digit security code.');
      expect(errorText(el, 'name')).to.equal('This field is required.');
      await expect(el).to.be.accessible();
      await fillCardForm(el);
      expect(form.checkValidity()).to.equal(true);
      form.requestSubmit();
      expect(submitted.mock.calls.length).to.equal(1);
    });

    it('reportValidity shows the errors, focuses the first invalid field and returns false', async () => {
      const el = await mountCardForm();
      await typeInto(el, 'number', VISA);
      inner(el, 'name').focus();
      expect(el.reportValidity()).to.equal(false);
      await el.updateComplete;
      expect(activeField(el)).to.equal('expiry');
      expect(errorText(el, 'expiry')).to.equal('Enter a valid expiry date (MM/YY).');
      expect(el.validity.valueMissing).to.equal(true);
      expect(el.validationMessage).to.equal('Enter a valid expiry date (MM/YY).');
    });
  });

  describe('validation', () => {
    it('runs once per keystroke', async () => {
      const el = await mountCardForm();
      const validations = vi.spyOn(el as unknown as { errors(): unknown }, 'errors');
      for (const [id, key] of [
        ['number', '4'],
        ['expiry', '1'],
        ['csc', '1'],
        ['name', 'A'],
      ] as const) {
        inner(el, id).focus();
        await el.updateComplete;
        validations.mockClear();
        await userEvent.keyboard(key);
        await el.updateComplete;
        expect(validations.mock.calls.length, id).to.equal(1);
      }
    });

    it('runs once per keystroke on the keystrokes that complete a field and move the focus on', async () => {
      const el = await mountCardForm();
      inner(el, 'number').focus();
      await el.updateComplete;
      const validations = vi.spyOn(el as unknown as { errors(): unknown }, 'errors');
      const keys = [...VISA, ...futureExpiry().replace('/', ''), ...'123', 'A'];
      for (const key of keys) await userEvent.keyboard(key);
      await el.updateComplete;
      expect(activeField(el)).to.equal('name');
      expect(inner(el, 'name').value).to.equal('A');
      expect(validations.mock.calls.length).to.equal(keys.length);
    });
  });

  describe('events', () => {
    it('fires gateway-card-change on user input with brand, complete, empty and valid', async () => {
      const el = await mountCardForm();
      const details: CardChangeDetail[] = [];
      el.addEventListener('gateway-card-change', (e) => details.push(e.detail));
      await typeInto(el, 'number', '4');
      expect(JSON.stringify(details.at(-1))).to.equal(
        JSON.stringify({ brand: null, complete: false, empty: false, valid: false }),
      );
      await userEvent.keyboard('1');
      expect(details.at(-1)?.brand).to.equal('visa');
      // The rest, moving on field by field as each completes.
      await userEvent.keyboard(`11111111111111${futureExpiry().replace('/', '')}123Ann Lee`);
      expect(JSON.stringify(details.at(-1))).to.equal(
        JSON.stringify({ brand: 'visa', complete: true, empty: false, valid: true }),
      );
    });

    it('bubbles out of shadow roots and is not fired by programmatic changes', async () => {
      const el = await mountCardForm();
      const seen = vi.fn();
      document.body.addEventListener('gateway-card-change', seen);
      el.moto = true;
      el.language = 'de';
      el.acceptedBrands = ['visa'];
      await el.updateComplete;
      el.clear();
      await el.updateComplete;
      expect(seen.mock.calls.length).to.equal(0);
      await typeInto(el, 'number', '5');
      expect(seen.mock.calls.length).to.equal(1);
      const event = seen.mock.calls[0]![0] as CustomEvent<CardChangeDetail>;
      expect(event.bubbles && event.composed).to.equal(true);
      document.body.removeEventListener('gateway-card-change', seen);
    });
  });

  it('shows every change of its options and state made between keys that change nothing on screen', async () => {
    const el = await mountCardForm();
    const fields = () => [...el.shadowRoot!.querySelectorAll('input')].map((input) => input.id);
    await typeInto(el, 'number', '41111');
    await el.updateComplete;
    el.requireName = true;
    await el.updateComplete;
    expect(fields()).to.deep.equal(['number', 'expiry', 'csc', 'name']);
    await typeInto(el, 'name', 'Ann');
    el.moto = true;
    await el.updateComplete;
    expect(fields()).to.deep.equal(['number', 'expiry', 'name']);
    el.disabled = true;
    await el.updateComplete;
    expect(inner(el, 'number').disabled).to.equal(true);
    el.disabled = false;
    await el.updateComplete;
    expect(inner(el, 'number').disabled).to.equal(false);
    el.clear();
    await el.updateComplete;
    expect(inner(el, 'name').value).to.equal('');
    await typeInto(el, 'number', '37');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.contain('American Express');
    el.acceptedBrands = ['visa'];
    await typeInto(el, 'number', '8282');
    inner(el, 'expiry').focus();
    await nextFrame();
    await el.updateComplete;
    expect(errorText(el, 'number')).not.to.equal('');
    expect(inner(el, 'number').getAttribute('aria-invalid')).to.equal('true');
  });

  it('shows what changes with no property of its own: a name typed alone is cleared, a fieldset disables it', async () => {
    const fieldset = await fixture<HTMLFieldSetElement>(
      html`<fieldset><gateway-card-form></gateway-card-form></fieldset>`,
    );
    const el = fieldset.querySelector('gateway-card-form')!;
    await el.updateComplete;
    await typeInto(el, 'name', 'Ann');
    await el.updateComplete;
    el.clear();
    await el.updateComplete;
    expect(inner(el, 'name').value).to.equal('');
    fieldset.disabled = true;
    await el.updateComplete;
    expect(inner(el, 'number').disabled).to.equal(true);
  });

  it('renders its fields only when something on screen changes: no digit of one brand does', async () => {
    const el = await mountCardForm();
    let renders = 0;
    const form = el as unknown as { render(): unknown };
    const render = form.render.bind(el);
    form.render = () => {
      const result = render();
      if (result !== noChange) renders++;
      return result;
    };
    // The first digits name the brand: that shows.
    await typeInto(el, 'number', '41');
    // And the accepted brands' marks come after the first paint (brand-marks.ts): they show too.
    await new Promise((resolve) => setTimeout(resolve, 250));
    await el.updateComplete;
    expect(renders).to.be.greaterThan(0);
    renders = 0;
    await typeInto(el, 'number', '1111111');
    await el.updateComplete;
    expect(inner(el, 'number').value).to.equal('4111 1111 1');
    expect(renders).to.equal(0);
    // Left with a message to show: that shows.
    inner(el, 'expiry').focus();
    await nextFrame();
    await el.updateComplete;
    expect(errorText(el, 'number')).not.to.equal('');
    expect(renders).to.equal(1);
  });
});
