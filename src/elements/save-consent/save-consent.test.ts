import { expect, fixture, html } from '@open-wc/testing';
import { describe, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../define.ts';
import { errorText, inner } from '../../../test/support/elements.ts';
import { runFormControlContract } from '../../../test/support/form-control-contract.ts';
import type { GatewaySaveConsent } from './save-consent.ts';

async function consent(
  template = html`<gateway-save-consent merchant-name="Acme" language="en"></gateway-save-consent>`,
) {
  const el = await fixture<GatewaySaveConsent>(template);
  await el.updateComplete;
  return el;
}

describe('gateway-save-consent', () => {
  it('is an unticked, labelled checkbox with the one-click text by default', async () => {
    const el = await consent();
    const box = inner(el, 'consent');
    expect(box.type).to.equal('checkbox');
    expect(box.checked).to.equal(false);
    expect(el.checked).to.equal(false);
    expect(el.scenario).to.equal('one-click');
    expect(el.value).to.equal(null);
    expect(el.shadowRoot!.querySelector('label[for=consent]')?.textContent).to.equal(
      'Save my card with Acme for faster checkout.',
    );
    expect(el.checkValidity()).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('carries the scenario and text version when ticked, by click or by keyboard', async () => {
    const el = await consent(
      html`<gateway-save-consent scenario="recurring" merchant-name="Acme" language="en"></gateway-save-consent>`,
    );
    const changes = vi.fn();
    el.addEventListener('change', changes);
    inner(el, 'consent').focus();
    await userEvent.keyboard(' ');
    await el.updateComplete;
    expect(el.checked).to.equal(true);
    expect(el.value).to.deep.equal({ scenario: 'recurring', text_version: 'en-recurring-1', agreed: true });
    expect(changes.mock.calls.length).to.equal(1);
    await userEvent.click(inner(el, 'consent'));
    expect(el.checked).to.equal(false);
    expect(el.value).to.equal(null);
    el.checked = true;
    await el.updateComplete;
    expect(inner(el, 'consent').checked).to.equal(true);
    expect(changes.mock.calls.length).to.equal(2);
  });

  it('has a text per scenario and language with its own version id', async () => {
    const el = await consent(
      html`<gateway-save-consent scenario="automatic" merchant-name="Acme" language="lv"></gateway-save-consent>`,
    );
    expect(el.shadowRoot!.querySelector('label')?.textContent).to.contain('Acme');
    expect(el.shadowRoot!.querySelector('label')?.textContent).to.contain('Atļaut');
    expect(el.textVersion).to.equal('lv-automatic-1');
    el.language = 'xx';
    await el.updateComplete;
    expect(el.textVersion).to.equal('en-automatic-1');
  });

  it('ticks at the first click after the merchant server refused the consent', async () => {
    const el = await consent(
      html`<gateway-save-consent required merchant-name="Acme" language="en"></gateway-save-consent>`,
    );
    expect(el.showServerErrors(new Map([['consent', 'This field is required.']]))).to.equal(true);
    await el.updateComplete;
    expect(errorText(el, 'consent')).to.equal('This field is required.');
    await userEvent.click(inner(el, 'consent'));
    await el.updateComplete;
    expect(el.checked).to.equal(true);
    expect(inner(el, 'consent').checked).to.equal(true);
    expect(errorText(el, 'consent')).to.equal('');
  });

  it('when required, blocks the host form until ticked and shows why', async () => {
    const form = await fixture<HTMLFormElement>(
      html`<form><gateway-save-consent name="consent" required merchant-name="Acme" language="en"></gateway-save-consent></form>`,
    );
    const el = form.querySelector('gateway-save-consent')!;
    expect(errorText(el, 'consent')).to.equal('');
    form.requestSubmit();
    await el.updateComplete;
    expect(form.checkValidity()).to.equal(false);
    expect(errorText(el, 'consent')).to.equal('This field is required.');
    expect(inner(el, 'consent').getAttribute('aria-invalid')).to.equal('true');
    await expect(el).to.be.accessible();
    await userEvent.click(inner(el, 'consent'));
    await el.updateComplete;
    expect(errorText(el, 'consent')).to.equal('');
  });

  it('is accessible dark (on a dark page: it paints no background of its own) and right to left', async () => {
    const wrap = await fixture<HTMLElement>(
      html`<div dir="rtl" style="background: #101114"><gateway-save-consent theme="dark" merchant-name="Acme" language="fr"></gateway-save-consent></div>`,
    );
    const el = wrap.querySelector('gateway-save-consent')!;
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('label')?.textContent).to.contain('Enregistrer');
    await expect(el).to.be.accessible();
  });
});

runFormControlContract<GatewaySaveConsent>('gateway-save-consent', () => ({
  template: html`<gateway-save-consent name="consent" required merchant-name="Acme" language="en"></gateway-save-consent>`,
  controls: ['consent'],
  fill: (el) => userEvent.click(inner(el, 'consent')),
  formData: {
    'consent.scenario': 'one-click',
    'consent.text_version': 'en-one-click-1',
    'consent.agreed': 'true',
  },
  isEmpty: (el) => !el.checked && !inner(el, 'consent').checked,
  // A checkbox submits nothing on Enter, as a native one.
  submitField: null,
}));
