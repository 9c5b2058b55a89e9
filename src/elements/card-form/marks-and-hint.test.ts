import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { afterEach, describe, it } from 'vitest';
import '../../define.ts';
import { errorText, inner, settledCardForm, typeInto } from '../../../test/support/elements.ts';
import { markName, SHOWN_BRANDS } from './brand-marks.ts';
import type { GatewayCardForm } from './card-form.ts';

// The brand row as the eye sees it at any width (one line, "+N" for what has no room) and the
// security code's hint, which follows the brand typed.

// Each test's form alone on the page: hit tests see it in the viewport, whatever ran before.
afterEach(() => fixtureCleanup());

// Every brand's name, in the row's order (card-form-entry.test.ts pins the names themselves).
const ALL = SHOWN_BRANDS.map(markName);

async function inBox(width: number, attributes = '') {
  const box = await fixture<HTMLElement>(html`<div style="inline-size:${width}px"></div>`);
  box.innerHTML = `<gateway-card-form ${attributes}></gateway-card-form>`;
  const el = box.querySelector('gateway-card-form') as GatewayCardForm;
  await settledCardForm(el);
  return { box, el };
}

/** After the update and the row's measurement that may follow it. */
async function settled(el: GatewayCardForm) {
  await el.updateComplete;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await el.updateComplete;
}

function row(el: GatewayCardForm) {
  const list = el.shadowRoot!.querySelector<HTMLElement>('[part~="brand-row"]')!;
  const items = [...list.querySelectorAll<HTMLElement>('li')];
  // What a sighted person sees: the tiles inside the row's box that are what shows at their centre
  // (a tile cut away for assistive technology only is never hit there).
  const box = list.getBoundingClientRect();
  const seen = items.filter((li) => {
    const r = li.getBoundingClientRect();
    const hit = el.shadowRoot!.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && !!hit && li.contains(hit);
  });
  return {
    list,
    seen: seen.map((li) => li.querySelector('svg')?.getAttribute('aria-label') ?? li.textContent!.trim()),
    tops: new Set(seen.map((li) => Math.round(li.getBoundingClientRect().top))),
    names: [...list.querySelectorAll('[role="img"]')].map((m) => m.getAttribute('aria-label')),
    more: list.querySelector('[part~="brand-more"]'),
  };
}

describe('gateway-card-form brand row', () => {
  it('shows every accepted brand in one line when there is room, with no "+N"', async () => {
    const { el } = await inBox(400);
    const r = row(el);
    expect(r.seen).to.deep.equal(ALL);
    expect(r.tops.size).to.equal(1);
    expect(r.more).to.equal(null);
  });

  it('collapses what has no room into "+N" on a phone, in one line, and every brand keeps its name', async () => {
    const { box, el } = await inBox(250);
    let r = row(el);
    expect(r.tops.size, 'one line').to.equal(1);
    expect(r.more?.getAttribute('aria-hidden')).to.equal('true');
    const marks = r.seen.slice(0, -1);
    expect(marks.length).to.be.greaterThan(0).and.lessThan(ALL.length);
    expect(marks).to.deep.equal(ALL.slice(0, marks.length));
    expect(r.seen.at(-1)).to.equal(`+${ALL.length - marks.length}`);
    // The row and the label share the line: nothing spills over the field's width.
    expect(r.list.getBoundingClientRect().right).to.be.at.most(box.getBoundingClientRect().right + 0.5);
    // A screen reader still hears every accepted brand, in order.
    expect(r.names).to.deep.equal(ALL);
    await expect(el).to.be.accessible();

    // Wider again: everything back, no "+N".
    box.style.inlineSize = '400px';
    await settled(el);
    r = row(el);
    expect(r.seen).to.deep.equal(ALL);
    expect(r.more).to.equal(null);
  });

  it('shows the detected brand even when it was one of the "+N"', async () => {
    const { el } = await inBox(250);
    const before = row(el).seen;
    expect(before).not.to.include('UnionPay');
    await typeInto(el, 'number', '6200');
    await settled(el);
    const r = row(el);
    expect(r.seen).to.include('UnionPay');
    expect(r.seen.length).to.equal(before.length);
    expect(r.seen.at(-1)).to.match(/^\+\d$/);
    expect(r.tops.size).to.equal(1);
    // It stands out; the others fade to grey.
    const tile = (brand: string) =>
      getComputedStyle(r.list.querySelector(`[data-brand="${brand}"]`)!.parentElement!);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tile('unionpay').opacity).to.equal('1');
    expect(Number(tile('visa').opacity)).to.be.lessThan(0.5);
    expect(tile('visa').filter).to.contain('grayscale');
  });

  it('takes input in its first frame and brings the marks in the next, into a place kept for them', async () => {
    const box = await fixture<HTMLElement>(html`<div style="inline-size:400px"></div>`);
    box.innerHTML = '<gateway-card-form></gateway-card-form>';
    const el = box.querySelector('gateway-card-form') as GatewayCardForm;
    const where = () => {
      const list = el.shadowRoot!.querySelector<HTMLElement>('[part~="brand-row"]')!;
      const field = inner(el, 'number');
      return {
        marks: list.querySelectorAll('[role="img"]').length,
        name: list.getAttribute('aria-label'),
        field: field.getBoundingClientRect().toJSON(),
        editable: !field.disabled && !field.readOnly,
      };
    };
    // Asked for before the form renders, so it runs in the frame that first paints it.
    const first = await new Promise<ReturnType<typeof where>>((resolve) =>
      requestAnimationFrame(() => resolve(where())),
    );
    expect(first.editable, 'the card number takes input in the first frame').to.equal(true);
    expect(first.marks, 'no marks yet in the first frame').to.equal(0);
    expect(first.name).to.equal('Accepted cards');
    await settledCardForm(el);
    const then = where();
    expect(then.marks).to.equal(ALL.length);
    // Nothing moved when they came: the field is where it was, as large.
    expect(then.field).to.deep.equal(first.field);
  });

  it('never shows more than the accepted brands, and no "+N" for two', async () => {
    const { el } = await inBox(250, 'accepted-brands="visa mastercard"');
    const r = row(el);
    expect(r.seen).to.deep.equal(['Visa', 'Mastercard']);
    expect(r.names).to.deep.equal(['Visa', 'Mastercard']);
    expect(r.more).to.equal(null);
  });
});

describe('gateway-card-form security code hint', () => {
  const hint = (el: GatewayCardForm) => el.shadowRoot!.getElementById('csc-hint')!;
  const side = (el: GatewayCardForm) =>
    el.shadowRoot!.querySelector('[part~="code-icon"]')!.getAttribute('data-side');

  it('says where the code is, following the brand typed: the back, or the front for American Express', async () => {
    const { el } = await inBox(400);
    expect(hint(el).textContent).to.equal('3 digits on the back');
    expect(side(el)).to.equal('back');
    // The field's name stays "Security code"; the hint is its description.
    expect(inner(el, 'csc').getAttribute('aria-describedby')).to.equal('csc-hint csc-error');
    await typeInto(el, 'number', '3782');
    await settled(el);
    expect(hint(el).textContent).to.equal('4 digits on the front');
    expect(side(el)).to.equal('front');
    el.clear();
    await typeInto(el, 'number', '4111');
    await settled(el);
    expect(hint(el).textContent).to.equal('3 digits on the back');
    expect(side(el)).to.equal('back');
    await expect(el).to.be.accessible();
  });

  it('gives its place to the error: the field grows by no more than the error is taller', async () => {
    const { el } = await inBox(400);
    const field = el.shadowRoot!.querySelector<HTMLElement>('[part~="csc-field"]')!;
    const height = (node: Element) => node.getBoundingClientRect().height;
    // The field less its line under the control, with the hint and then with an error there.
    const withHint = height(field) - height(hint(el));
    await typeInto(el, 'csc', '12');
    inner(el, 'csc').blur();
    await settled(el);
    expect(errorText(el, 'csc')).to.equal('Enter the 3-digit security code.');
    expect(hint(el).textContent).to.equal('');
    expect(getComputedStyle(hint(el)).display).to.equal('none');
    expect(height(field) - height(inner(el, 'csc-error'))).to.equal(withHint);
  });

  it('speaks the page language', async () => {
    const { el } = await inBox(400, 'language="de"');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await settled(el);
    expect(hint(el).textContent).to.equal('3 Ziffern auf der Rückseite');
    await typeInto(el, 'number', '37');
    await settled(el);
    expect(hint(el).textContent).to.equal('4 Ziffern auf der Vorderseite');
  });

  it('has no hint when there is no security code (phone orders)', async () => {
    const { el } = await inBox(400, 'moto');
    expect(el.shadowRoot!.getElementById('csc-hint')).to.equal(null);
    expect(el.shadowRoot!.querySelector('[part~="code-icon"]')).to.equal(null);
  });
});
