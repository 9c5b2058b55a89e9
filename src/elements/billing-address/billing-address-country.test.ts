import { expect, fixture, html } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../define.ts';
import { errorText, inner, typeInto } from '../../../test/support/elements.ts';
import type { GatewayBillingAddress } from './billing-address.ts';
import { REGION_COUNTRIES } from './regions.ts';

async function address(template: ReturnType<typeof html>) {
  const el = await fixture<GatewayBillingAddress>(template);
  await el.updateComplete;
  return el;
}

const choose = async (el: GatewayBillingAddress, country: string) => {
  await userEvent.selectOptions(inner<HTMLSelectElement>(el, 'country'), country);
  await el.updateComplete;
};

/** What a screen reader says after the field's name: the regions its aria-describedby names. */
const description = (el: GatewayBillingAddress, control: Element) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => el.shadowRoot!.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');

const label = (el: GatewayBillingAddress, id: string) =>
  el.shadowRoot!.querySelector(`label[for=${id}]`)?.textContent ?? '';

describe('gateway-billing-address country first', () => {
  it("starts on the merchant's country, over the language's region, until the customer picks one", async () => {
    const el = await address(
      html`<gateway-billing-address language="en-US" default-country="LV"></gateway-billing-address>`,
    );
    expect(el.country).to.equal('LV');
    expect(inner<HTMLSelectElement>(el, 'country').value).to.equal('LV');
    // A configuration that arrives later moves the untouched country.
    el.defaultCountry = 'GB';
    await el.updateComplete;
    expect(el.country).to.equal('GB');
    await choose(el, 'DE');
    el.defaultCountry = 'LV';
    await el.updateComplete;
    expect(el.country).to.equal('DE');
  });

  it('falls back to the region of the language when the merchant names no country', async () => {
    const el = await address(html`<gateway-billing-address language="lv-LV"></gateway-billing-address>`);
    expect(el.country).to.equal('LV');
  });

  it('names the postal code as the country does and shows its form before anything is typed', async () => {
    const el = await address(
      html`<gateway-billing-address language="en" default-country="US"></gateway-billing-address>`,
    );
    const zip = page.elementLocator(el).getByRole('textbox', { name: 'ZIP code', exact: true }).element();
    expect(description(el, zip)).to.equal('Like 10001');
    await choose(el, 'GB');
    expect(label(el, 'zip_code')).to.equal('Postcode');
    expect(inner(el, 'zip_code-hint').textContent).to.equal('Like SW1A 1AA');
    await choose(el, 'LV');
    expect(label(el, 'zip_code')).to.equal('Postal code');
    expect(inner(el, 'zip_code-hint').textContent).to.equal('Like LV-1010');
    // A country without a known form: no example, nothing refused.
    await choose(el, 'IE');
    expect(label(el, 'zip_code')).to.equal('Postcode');
    expect(el.shadowRoot!.getElementById('zip_code-hint')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('takes a Latvian code with or without its prefix and writes it LV-1010 once left', async () => {
    const el = await address(
      html`<gateway-billing-address language="en" default-country="LV"></gateway-billing-address>`,
    );
    await typeInto(el, 'address', 'Brīvības iela 1');
    await typeInto(el, 'zip_code', 'LV-1010');
    await userEvent.keyboard('{Tab}');
    await el.updateComplete;
    expect(errorText(el, 'zip_code')).to.equal('');
    expect(el.checkValidity()).to.equal(true);
    expect(el.value).to.deep.equal({ address: 'Brīvības iela 1', zip_code: 'LV-1010', country: 'LV' });
    inner(el, 'zip_code').value = '';
    await typeInto(el, 'zip_code', '1050');
    await userEvent.keyboard('{Tab}');
    await el.updateComplete;
    expect(inner(el, 'zip_code').value).to.equal('LV-1050');
    expect(el.value.zip_code).to.equal('LV-1050');
    expect(el.checkValidity()).to.equal(true);
  });

  it('loses nothing typed when the country changes, and brings a state back with its country', async () => {
    const el = await address(
      html`<gateway-billing-address mode="full" language="en" default-country="US"></gateway-billing-address>`,
    );
    await typeInto(el, 'first_name', 'Anna');
    await typeInto(el, 'address', 'Brīvības iela 1');
    await typeInto(el, 'city', 'Rīga');
    await typeInto(el, 'zip_code', 'LV-1010');
    await userEvent.selectOptions(inner<HTMLSelectElement>(el, 'state'), 'NY');
    await choose(el, 'LV');
    expect(inner(el, 'first_name').value).to.equal('Anna');
    expect(inner(el, 'address').value).to.equal('Brīvības iela 1');
    expect(inner(el, 'city').value).to.equal('Rīga');
    expect(inner(el, 'zip_code').value).to.equal('LV-1010');
    // A state code of the US means nothing in Latvia: its free-text state starts empty.
    expect(inner(el, 'state').value).to.equal('');
    await typeInto(el, 'state', 'Rīgas');
    await choose(el, 'US');
    expect(inner<HTMLSelectElement>(el, 'state').value).to.equal('NY');
    await choose(el, 'LV');
    expect(inner(el, 'state').value).to.equal('Rīgas');
    expect(el.value).to.deep.include({ zip_code: 'LV-1010', country: 'LV', state: 'Rīgas' });
  });
});

describe('gateway-billing-address states on demand', () => {
  it('lists the states of every country that has a list, once the lists have loaded', async () => {
    const el = await address(
      html`<gateway-billing-address mode="full" language="en" default-country="LV"></gateway-billing-address>`,
    );
    expect(inner(el, 'state').localName).to.equal('input');
    for (const country of REGION_COUNTRIES) {
      await choose(el, country);
      expect(inner(el, 'state').localName, country).to.equal('select');
    }
  });
});

describe('gateway-billing-address lengths', () => {
  it('takes no more than the session accepts and says the limit as it nears, before any Pay', async () => {
    const el = await address(
      html`<gateway-billing-address mode="full" language="en" default-country="LV"></gateway-billing-address>`,
    );
    const limits = { first_name: 100, last_name: 100, address: 200, city: 100, zip_code: 20, state: 100 };
    for (const [id, max] of Object.entries(limits)) expect(inner(el, id).maxLength, id).to.equal(max);
    const field = page.elementLocator(el).getByRole('textbox', { name: 'Address', exact: true });
    expect(description(el, field.element())).to.equal('');
    await field.fill('a'.repeat(185));
    await el.updateComplete;
    expect(inner(el, 'address-hint').textContent).to.equal('15 characters left');
    // A 300-character paste: the field keeps 200 and says why, nothing waits to be refused at Pay.
    await field.fill('b'.repeat(300));
    await el.updateComplete;
    expect(inner(el, 'address').value.length).to.equal(200);
    expect(description(el, field.element())).to.equal('200 characters at most');
    expect(el.value.address).to.equal('b'.repeat(200));
    expect(errorText(el, 'address')).to.equal('');
  });

  it('refuses at once, naming the rule, an over-long value the page set', async () => {
    const el = await address(
      html`<gateway-billing-address language="en" default-country="LV"></gateway-billing-address>`,
    );
    el.value = { address: 'c'.repeat(250), zip_code: 'LV-1010', country: 'LV' };
    await el.updateComplete;
    expect(el.checkValidity()).to.equal(false);
    expect(el.reportValidity()).to.equal(false);
    await el.updateComplete;
    expect(errorText(el, 'address')).to.equal('Shorten this to 200 characters at most.');
  });
});
