import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { afterEach, describe, it } from 'vitest';
import '../../define.ts';
import { inner, settledCardForm, typeInto, watchDetachedTyping } from '../../../test/support/elements.ts';
import type { GatewayCardForm } from './card-form.ts';

// Its own file: the rehearsal is once per page, and every test file here is a page of its own.

/** Inputs of no page that a rehearsal typed into, with what each showed at the end. */
const rehearsed = new Map<HTMLInputElement, string>();
watchDetachedTyping((input, value) => rehearsed.set(input, value));

const idle = () => new Promise((resolve) => requestIdleCallback(resolve));

describe('the keystroke rehearsal', () => {
  afterEach(() => rehearsed.clear());

  it('waits for a form that stays: one removed before the page was idle rehearses nothing', async () => {
    const gone = await fixture<GatewayCardForm>(html`<gateway-card-form></gateway-card-form>`);
    gone.remove();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await idle();
    expect(rehearsed.size).to.equal(0);
  });

  it('runs once the page is idle, and the form shows nothing of it', async () => {
    const wrap = await fixture<HTMLElement>(html`<form><gateway-card-form></gateway-card-form></form>`);
    const el = wrap.querySelector('gateway-card-form')!;
    const changes: Event[] = [];
    wrap.addEventListener('gateway-card-change', (event) => changes.push(event));
    wrap.addEventListener('input', (event) => changes.push(event));
    await settledCardForm(el);
    const before = el.shadowRoot!.innerHTML;
    await waitUntil(() => rehearsed.size === 2, 'no keystroke was rehearsed', { timeout: 3000 });
    expect([...rehearsed.values()]).to.deep.equal(['4111 1111 1111 1111', '12/30']);
    await el.updateComplete;
    expect(changes).to.deep.equal([]);
    expect(el.shadowRoot!.innerHTML).to.equal(before);
    expect(el.brand).to.equal(null);
    expect(el.checkValidity()).to.equal(false);
    await typeInto(el, 'number', '378282246310005');
    await el.updateComplete;
    expect(inner(el, 'number').value).to.equal('3782 822463 10005');
    expect(changes.some((event) => event.type === 'gateway-card-change')).to.equal(true);
  });

  it('runs once per page: another form rehearses nothing', async () => {
    const el = await fixture<GatewayCardForm>(html`<gateway-card-form></gateway-card-form>`);
    await settledCardForm(el);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await idle();
    expect(rehearsed.size).to.equal(0);
  });
});
