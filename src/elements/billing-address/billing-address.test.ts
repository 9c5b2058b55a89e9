import { expect, fixture, html } from '@open-wc/testing';
import { describe, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../define.ts';
import { errorText, inner, typeInto } from '../../../test/support/elements.ts';
import { runFormControlContract } from '../../../test/support/form-control-contract.ts';
import type { GatewayBillingAddress } from './billing-address.ts';

const ids = (el: GatewayBillingAddress) =>
  [...el.shadowRoot!.querySelectorAll('input, select')].map((control) => control.id);

async function address(
  template = html`<gateway-billing-address language="en-US"></gateway-billing-address>`,
) {
  const el = await fixture<GatewayBillingAddress>(template);
  await el.updateComplete;
  return el;
}

describe('gateway-billing-address', () => {
  it('defaults to AVS: country first, then address and ZIP code, labelled, with autocomplete', async () => {
    const el = await address();
    expect(el.mode).to.equal('avs');
    expect(ids(el)).to.deep.equal(['country', 'address', 'zip_code']);
    const labels = [...el.shadowRoot!.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).to.deep.equal(['Country', 'Address', 'ZIP code']);
    expect(inner(el, 'address').getAttribute('autocomplete')).to.equal('street-address');
    expect(inner(el, 'zip_code').getAttribute('autocomplete')).to.equal('postal-code');
    expect(inner(el, 'country').getAttribute('autocomplete')).to.equal('country');
    expect(el.country).to.equal('US');
    expect(el.checkValidity()).to.equal(false);
    expect(el.validity.valueMissing).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('names countries in the element language', async () => {
    const el = await address(html`<gateway-billing-address language="de"></gateway-billing-address>`);
    expect(el.country).to.equal('DE');
    const select = inner<HTMLSelectElement>(el, 'country');
    expect(select.selectedOptions[0]?.textContent).to.equal('Deutschland');
    expect([...select.options].some((o) => o.value === 'LV' && o.textContent === 'Lettland')).to.equal(true);
    expect(el.shadowRoot!.querySelector('label[for=zip_code]')?.textContent).to.equal('Postleitzahl');
  });

  it('account funding asks for name, city, country and a state for the USA and Canada', async () => {
    const el = await address(
      html`<gateway-billing-address mode="account-funding" language="en-GB"></gateway-billing-address>`,
    );
    expect(ids(el)).to.deep.equal(['country', 'first_name', 'last_name', 'address', 'city', 'zip_code']);
    const select = inner<HTMLSelectElement>(el, 'country');
    select.focus();
    await userEvent.selectOptions(select, 'CA');
    await el.updateComplete;
    expect(ids(el)).to.contain('state');
    expect(el.shadowRoot!.querySelector('label[for=state]')?.textContent).to.equal('State');
    for (const id of ['first_name', 'last_name', 'address', 'city', 'state']) {
      expect(inner(el, id).required, id).to.equal(true);
    }
    expect(inner(el, 'zip_code').required).to.equal(false);
    await typeInto(el, 'first_name', 'Ann');
    await typeInto(el, 'last_name', 'Lee');
    await typeInto(el, 'address', '1 Main St');
    await typeInto(el, 'city', 'Ottawa');
    expect(el.checkValidity()).to.equal(false);
    await typeInto(el, 'state', 'ON');
    await el.updateComplete;
    expect(el.checkValidity()).to.equal(true);
    expect(el.value).to.deep.equal({
      first_name: 'Ann',
      last_name: 'Lee',
      address: '1 Main St',
      city: 'Ottawa',
      zip_code: '',
      country: 'CA',
      state: 'ON',
    });
  });

  it('full mode shows every field with AVS requirements', async () => {
    const el = await address(
      html`<gateway-billing-address mode="full" language="en-US"></gateway-billing-address>`,
    );
    expect(ids(el)).to.deep.equal([
      'country',
      'first_name',
      'last_name',
      'address',
      'city',
      'zip_code',
      'state',
    ]);
    expect(inner(el, 'address').required).to.equal(true);
    expect(inner(el, 'zip_code').required).to.equal(true);
    expect(inner(el, 'city').required).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('checks postal codes per country after the field is left, free-form elsewhere', async () => {
    const el = await address();
    await typeInto(el, 'address', '1 Main St');
    await typeInto(el, 'zip_code', '1234');
    await el.updateComplete;
    expect(errorText(el, 'zip_code')).to.equal('');
    await userEvent.keyboard('{Tab}');
    await el.updateComplete;
    expect(errorText(el, 'zip_code')).to.equal('Check the postal code.');
    // The form was said before anything was typed: beside the label, and to a screen reader.
    expect(inner(el, 'zip_code-hint').textContent).to.equal('Like 10001');
    expect(inner(el, 'zip_code').getAttribute('aria-invalid')).to.equal('true');
    await expect(el).to.be.accessible();
    await userEvent.selectOptions(inner<HTMLSelectElement>(el, 'country'), 'IE');
    await el.updateComplete;
    expect(errorText(el, 'zip_code')).to.equal('');
    expect(el.checkValidity()).to.equal(true);
    await userEvent.selectOptions(inner<HTMLSelectElement>(el, 'country'), 'LV');
    await el.updateComplete;
    expect(el.checkValidity()).to.equal(true);
  });

  it('reset returns the country to the default of the language', async () => {
    const form = await fixture<HTMLFormElement>(
      html`<form><gateway-billing-address language="en-US"></gateway-billing-address></form>`,
    );
    const el = form.querySelector('gateway-billing-address')!;
    el.value = { address: '2 High St', zip_code: 'SW1A 1AA', country: 'GB' };
    await el.updateComplete;
    form.reset();
    await el.updateComplete;
    expect(el.value).to.deep.equal({ address: '', zip_code: '', country: 'US' });
  });

  it('shows errors on a submit attempt and reportValidity focuses the first invalid field', async () => {
    const form = await fixture<HTMLFormElement>(
      html`<form><gateway-billing-address language="en-US"></gateway-billing-address></form>`,
    );
    const el = form.querySelector('gateway-billing-address')!;
    form.requestSubmit();
    await el.updateComplete;
    expect(errorText(el, 'address')).to.equal('This field is required.');
    expect(errorText(el, 'zip_code')).to.equal('This field is required.');
    el.clear();
    await el.updateComplete;
    expect(errorText(el, 'address')).to.equal('');
    await typeInto(el, 'address', 'x');
    expect(el.reportValidity()).to.equal(false);
    expect(el.shadowRoot!.activeElement?.id).to.equal('zip_code');
  });

  it('takes a value set by the page and fires change on user edits only', async () => {
    const el = await address();
    const changes = vi.fn();
    el.addEventListener('change', changes);
    el.value = { address: '2 High St', zip_code: 'SW1A 1AA', country: 'GB' };
    await el.updateComplete;
    expect(inner(el, 'address').value).to.equal('2 High St');
    expect(el.country).to.equal('GB');
    expect(el.checkValidity()).to.equal(true);
    expect(changes.mock.calls.length).to.equal(0);
    await typeInto(el, 'address', '!');
    await userEvent.keyboard('{Tab}');
    expect(changes.mock.calls.length).to.equal(1);
  });

  it('is by keyboard fully usable', async () => {
    const form = await fixture<HTMLFormElement>(
      html`<form><fieldset><gateway-billing-address language="en-US"></gateway-billing-address></fieldset></form>`,
    );
    const el = form.querySelector('gateway-billing-address')!;
    inner(el, 'country').focus();
    await userEvent.keyboard('{Tab}');
    expect(el.shadowRoot!.activeElement?.id).to.equal('address');
    await userEvent.keyboard('{Tab}');
    expect(el.shadowRoot!.activeElement?.id).to.equal('zip_code');
    await expect(el).to.be.accessible();
  });

  it('is accessible dark (on a dark page: it paints no background of its own) and right to left, in Russian', async () => {
    const wrap = await fixture<HTMLElement>(
      html`<div dir="rtl" lang="ru" style="background: #101114"><gateway-billing-address theme="dark" mode="full"></gateway-billing-address></div>`,
    );
    const el = wrap.querySelector('gateway-billing-address')!;
    // Russian is loaded on demand: the element renders once its texts are here.
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('label[for=address]')?.textContent).to.equal('Адрес');
    await expect(el).to.be.accessible();
  });
});

describe('country list', () => {
  it('holds the ISO countries the browser names, and no groupings', async () => {
    const { countryCodes } = await import('./countries.ts');
    const codes = countryCodes();
    expect(codes.length).to.be.within(245, 252);
    for (const code of ['US', 'CA', 'GB', 'LV', 'DE', 'JP', 'ZA']) expect(codes).to.contain(code);
    for (const code of ['EU', 'UN', 'ZZ', 'QO', 'UK', 'SU']) expect(codes).to.not.contain(code);
  });
});

runFormControlContract<GatewayBillingAddress>('gateway-billing-address', () => ({
  template: html`<gateway-billing-address name="billing" language="en-US"></gateway-billing-address>`,
  controls: ['address', 'zip_code', 'country'],
  fill: async (el) => {
    await typeInto(el, 'address', '1 Main St');
    await typeInto(el, 'zip_code', '90210');
  },
  formData: { 'billing.address': '1 Main St', 'billing.zip_code': '90210', 'billing.country': 'US' },
  isEmpty: (el) => inner(el, 'address').value === '' && inner(el, 'zip_code').value === '',
  submitField: 'address',
}));
