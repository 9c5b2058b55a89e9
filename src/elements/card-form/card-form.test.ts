import { expect, fixture, html } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { GatewayCardForm } from './card-form.ts';

if (!customElements.get('gateway-card-form')) customElements.define('gateway-card-form', GatewayCardForm);

const inner = (el: GatewayCardForm, id: string) => el.shadowRoot!.getElementById(id) as HTMLInputElement;

describe('gateway-card-form smoke', () => {
  it('types a card', async () => {
    const el = await fixture<GatewayCardForm>(html`<gateway-card-form></gateway-card-form>`);
    await userEvent.click(inner(el, 'number'));
    await userEvent.keyboard('4111111111111111');
    await el.updateComplete;
    expect(inner(el, 'number').value).to.equal('4111 1111 1111 1111');
    expect(el.brand).to.equal('visa');
  });
});
