import { expect, fixture, html } from '@open-wc/testing';
import { describe, it } from 'vitest';
import '../../define.ts';
import { inner, settledCardForm, watchDetachedTyping } from '../../../test/support/elements.ts';
import { loadMasks } from '../shared/input-mask.ts';
import type { GatewayCardForm } from './card-form.ts';

// Its own file (a page of its own): the rehearsal is once per page.

describe('the keystroke rehearsal, on a page that is never idle', () => {
  it('runs as the customer comes to the fields, before their first key', async () => {
    // The page never idles (a busy shop page): only the customer's focus can start it.
    window.requestIdleCallback = () => 0;
    const typedInto: string[] = [];
    const stop = watchDetachedTyping((_, value) => typedInto.push(value));
    try {
      const el = await fixture<GatewayCardForm>(html`<gateway-card-form></gateway-card-form>`);
      await settledCardForm(el);
      await loadMasks();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(typedInto).to.deep.equal([]);
      inner(el, 'number').focus();
      expect(typedInto.at(-1)).to.equal('12/30');
      expect(typedInto).to.include('4111 1111 1111 1111');
      expect(inner(el, 'number').value).to.equal('');
      // Once: the next focus rehearses nothing.
      typedInto.length = 0;
      inner(el, 'expiry').focus();
      expect(typedInto).to.deep.equal([]);
    } finally {
      stop();
    }
  });
});
