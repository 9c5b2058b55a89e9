import { expect, fixture, html } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../define.ts';
import { inner, typeInto } from '../../../test/support/elements.ts';
import type { GatewayBillingAddress } from './billing-address.ts';

async function address(template: ReturnType<typeof html>) {
  const el = await fixture<GatewayBillingAddress>(template);
  await el.updateComplete;
  return el;
}

describe('gateway-billing-address states and provinces', () => {
  it('lists the states of the USA with the codes AVS expects, chosen by typing their name', async () => {
    const el = await address(
      html`<gateway-billing-address mode="full" country="US" language="en"></gateway-billing-address>`,
    );
    const state = inner<HTMLSelectElement>(el, 'state');
    expect(state.localName).to.equal('select');
    expect(el.shadowRoot!.querySelector('label[for=state]')?.textContent).to.equal('State');
    expect(state.getAttribute('autocomplete')).to.equal('address-level1');
    const options = [...state.options];
    expect(options[0]!.value).to.equal('');
    expect(options.length).to.equal(61);
    expect(options.slice(1).every((o) => /^[A-Z]{2}$/.test(o.value))).to.equal(true);
    state.focus();
    await userEvent.keyboard('New Y');
    await el.updateComplete;
    expect(state.value).to.equal('NY');
    expect(el.value.state).to.equal('NY');
    await expect(el).to.be.accessible();
  });

  it('lists Australian states for account funding, and requires a state only in the USA and Canada', async () => {
    const el = await address(
      html`<gateway-billing-address mode="account-funding" country="AU" language="en"></gateway-billing-address>`,
    );
    const state = inner<HTMLSelectElement>(el, 'state');
    expect([...state.options].map((o) => o.value)).to.deep.equal([
      '',
      'ACT',
      'NSW',
      'NT',
      'QLD',
      'SA',
      'TAS',
      'VIC',
      'WA',
    ]);
    expect(state.required).to.equal(false);
    el.country = 'CA';
    await el.updateComplete;
    expect(inner<HTMLSelectElement>(el, 'state').required).to.equal(true);
  });

  it('is free text for a country without a list in full mode, and hidden for it in account funding', async () => {
    const el = await address(
      html`<gateway-billing-address mode="full" country="LV" language="en"></gateway-billing-address>`,
    );
    expect(inner(el, 'state').localName).to.equal('input');
    await typeInto(el, 'state', 'Vidzeme');
    await el.updateComplete;
    expect(el.value.state).to.equal('Vidzeme');
    const funding = await address(
      html`<gateway-billing-address mode="account-funding" country="LV" language="en"></gateway-billing-address>`,
    );
    expect(funding.shadowRoot!.getElementById('state')).to.equal(null);
  });

  it('takes a state name as its code, and forgets a state when the country changes', async () => {
    const el = await address(
      html`<gateway-billing-address mode="full" language="en"></gateway-billing-address>`,
    );
    el.value = { country: 'CA', state: 'Ontario', address: '1 Main St', zip_code: 'K1A 0B1' };
    await el.updateComplete;
    expect(inner<HTMLSelectElement>(el, 'state').value).to.equal('ON');
    expect(el.value.state).to.equal('ON');
    const country = inner<HTMLSelectElement>(el, 'country');
    country.focus();
    await userEvent.selectOptions(country, 'US');
    await el.updateComplete;
    expect(inner<HTMLSelectElement>(el, 'state').value).to.equal('');
    expect(el.value.state).to.equal(undefined);
  });

  it('is accessible with the list in the dark scheme, right to left', async () => {
    const wrap = await fixture<HTMLElement>(
      html`<div dir="rtl" style="background: #101114"><gateway-billing-address theme="dark" mode="full" country="US" language="en"></gateway-billing-address></div>`,
    );
    await expect(wrap.querySelector('gateway-billing-address')!).to.be.accessible();
  });
});
