import { expect, fixture, html } from '@open-wc/testing';
import { afterEach, describe, it } from 'vitest';
import { cdp, userEvent } from 'vitest/browser';
import '../../define.ts';
import {
  activeField,
  errorText,
  inner,
  mountCardForm,
  pasteInto,
  settledCardForm,
  typeInto,
  watchTyping,
} from '../../../test/support/elements.ts';
import { readCard } from './card-access.ts';

// What card entry meets in the wild: pastes, selections, IME keyboards, undo, autofill, habits.

const VISA = '4111111111111111';

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

describe('gateway-card-form in the wild', () => {
  describe('paste', () => {
    for (const [what, text] of [
      ['dashes', '4111-1111-1111-1111'],
      ['spaces', '4111 1111 1111 1111'],
      ['a trailing space', '4111111111111111 '],
      ['no-break spaces', '4111\u00a01111\u00a01111\u00a01111'],
    ] as const) {
      it(`takes a card number with ${what}`, async () => {
        const el = await mountCardForm();
        await pasteInto(el, 'number', text);
        await el.updateComplete;
        expect(inner(el, 'number').value).to.equal('4111 1111 1111 1111');
        expect(el.brand).to.equal('visa');
      });
    }
  });

  it('replaces the whole number when it is selected and a digit typed', async () => {
    const el = await mountCardForm();
    await typeInto(el, 'number', '378282246310005');
    inner(el, 'number').focus();
    await userEvent.keyboard('{Control>}a{/Control}5');
    await el.updateComplete;
    expect(inner(el, 'number').value).to.equal('5');
    expect(el.brand).to.equal(null);
  });

  it('takes digits from a composing keyboard (IME, Android) when the composition ends', async () => {
    const el = await mountCardForm();
    inner(el, 'number').focus();
    const session = cdp();
    await session.send('Input.imeSetComposition', { text: '4', selectionStart: 1, selectionEnd: 1 });
    await session.send('Input.imeSetComposition', { text: '41111', selectionStart: 5, selectionEnd: 5 });
    await session.send('Input.insertText', { text: '41111' });
    await el.updateComplete;
    expect(inner(el, 'number').value).to.equal('4111 1');
    expect(el.brand).to.equal('visa');
    expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.equal('Visa card');
  });

  it("has the browser insert the expiry's slash with the month's second digit, as it does a group's space", async () => {
    const el = await mountCardForm();
    const typing = watchTyping(inner(el, 'expiry'));
    try {
      await typeInto(el, 'expiry', `12${nextYear}`);
      await el.updateComplete;
    } finally {
      typing.stop();
    }
    expect(inner(el, 'expiry').value).to.equal(`12/${nextYear}`);
    expect(typing.events).to.deep.equal([
      'insertText:1',
      'insertText:2/',
      `insertText:${nextYear[0]}`,
      `insertText:${nextYear[1]}`,
    ]);
    expect(typing.writes()).to.equal(0);
    expect(errorText(el, 'expiry')).to.equal('');
  });

  it('undoes with Ctrl+Z to a masked value the form agrees with', async () => {
    const el = await mountCardForm();
    await typeInto(el, 'number', '378282246310005');
    expect(activeField(el)).to.equal('expiry');
    inner(el, 'number').focus();
    inner(el, 'number').select();
    await pasteInto(el, 'number', '4111 1111 1111 1111');
    await el.updateComplete;
    expect(el.brand).to.equal('visa');
    inner(el, 'number').focus();
    await userEvent.keyboard('{Control>}z{/Control}');
    await el.updateComplete;
    expect(inner(el, 'number').value).to.equal('3782 822463 10005');
    expect(el.brand).to.equal('american-express');
    await userEvent.keyboard('{Control>}z{/Control}');
    await el.updateComplete;
    expect(inner(el, 'number').value).to.equal('3782 822463 1000');
    expect(el.brand).to.equal('american-express');
  });

  it('masks autofill of number, expiry and name at once, and takes no focus', async () => {
    const el = await mountCardForm();
    const before = document.createElement('input');
    before.setAttribute('aria-label', 'Something else on the page');
    document.body.append(before);
    before.focus();
    // Chromium's autofill: every value set, then input and change on each, the focus left alone.
    const fills = [
      ['number', VISA],
      ['expiry', `12/20${nextYear}`],
      ['name', 'Ann Lee'],
    ] as const;
    for (const [id, value] of fills) inner(el, id).value = value;
    for (const [id] of fills) {
      inner(el, id).dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      inner(el, id).dispatchEvent(new Event('change', { bubbles: true }));
    }
    await el.updateComplete;
    expect(inner(el, 'number').value).to.equal('4111 1111 1111 1111');
    expect(inner(el, 'expiry').value).to.equal(`12/${nextYear}`);
    expect(inner(el, 'name').value).to.equal('Ann Lee');
    expect(document.activeElement).to.equal(before);
    expect(el.brand).to.equal('visa');
    before.remove();
  });

  describe('expiry', () => {
    it('takes a four-digit year typed out: "12/2030" is 12/30, without "expired" on the way', async () => {
      const el = await mountCardForm();
      const year = `20${nextYear}`;
      await typeInto(el, 'expiry', `12/${year.slice(0, 2)}`);
      await el.updateComplete;
      expect(inner(el, 'expiry').value).to.equal('12/20');
      expect(activeField(el)).to.equal('expiry');
      await userEvent.keyboard(year.slice(2));
      await el.updateComplete;
      expect(inner(el, 'expiry').value).to.equal(`12/${nextYear}`);
      expect(errorText(el, 'expiry')).to.equal('');
      expect(activeField(el)).to.equal('csc');
    });

    it('takes "1/" as January', async () => {
      const el = await mountCardForm();
      await typeInto(el, 'expiry', `1/${nextYear}`);
      await el.updateComplete;
      expect(inner(el, 'expiry').value).to.equal(`01/${nextYear}`);
      expect(activeField(el)).to.equal('csc');
    });

    it('still calls "12/20" expired once the field is left', async () => {
      const el = await mountCardForm();
      await typeInto(el, 'expiry', '1220');
      await userEvent.keyboard('{Tab}');
      await el.updateComplete;
      expect(errorText(el, 'expiry')).to.equal('The card has expired.');
    });

    it('refuses a month above 12 or 00 as it is typed: "13" is never "13/"', async () => {
      const el = await mountCardForm();
      await typeInto(el, 'expiry', '13');
      expect(inner(el, 'expiry').value).to.equal('1');
      await userEvent.keyboard('2');
      expect(inner(el, 'expiry').value).to.equal('12/');
      inner(el, 'expiry').value = '';
      await typeInto(el, 'expiry', '00');
      expect(inner(el, 'expiry').value).to.equal('0');
    });

    it('does not grow a year past two digits unless it starts with 20', async () => {
      const el = await mountCardForm(html`<gateway-card-form moto></gateway-card-form>`);
      await typeInto(el, 'expiry', `12${nextYear}99`);
      expect(inner(el, 'expiry').value).to.equal(`12/${nextYear}`);
    });
  });

  describe('moving on', () => {
    it('stays in the field on the phone-order screen (moto): the agent tabs on', async () => {
      const el = await mountCardForm(html`<gateway-card-form moto></gateway-card-form>`);
      await typeInto(el, 'number', VISA);
      expect(activeField(el)).to.equal('number');
      await userEvent.keyboard('{Tab}');
      expect(activeField(el)).to.equal('expiry');
      await userEvent.keyboard(`12${nextYear}`);
      expect(activeField(el)).to.equal('expiry');
      await userEvent.keyboard('{Tab}');
      expect(activeField(el)).to.equal('name');
    });

    it('takes a Tab right after a jump as reaching the field the jump reached', async () => {
      const el = await mountCardForm();
      await typeInto(el, 'number', VISA);
      expect(activeField(el)).to.equal('expiry');
      // The habitual Tab of someone who did not see the jump.
      await userEvent.keyboard('{Tab}');
      expect(activeField(el)).to.equal('expiry');
      await userEvent.keyboard(`12${nextYear}{Tab}`);
      expect(activeField(el)).to.equal('csc');
      await userEvent.keyboard('123{Tab}');
      expect(activeField(el)).to.equal('name');
      await userEvent.keyboard('Ann Lee');
      await el.updateComplete;
      expect(readCard(el)).to.deep.equal({
        number: VISA,
        expMonth: 12,
        expYear: Number(nextYear),
        csc: '123',
        cardholderName: 'Ann Lee',
      });
    });

    // The jump waits for the next frame (moving focus in the keystroke made the browser lay the page
    // out in it); keys that come before that frame must land where they would have.
    describe('keys typed before the frame that makes the jump', () => {
      const held: FrameRequestCallback[] = [];
      const raf = window.requestAnimationFrame;
      /** The form settled (which waits for frames): from here no frame comes until the test runs them. */
      async function heldCardForm() {
        const el = await mountCardForm();
        held.length = 0;
        window.requestAnimationFrame = (callback) => held.push(callback);
        return el;
      }
      afterEach(() => {
        window.requestAnimationFrame = raf;
      });

      it('go to the next field', async () => {
        const el = await heldCardForm();
        await typeInto(el, 'number', VISA);
        // Still in the number: the frame has not come.
        expect(activeField(el)).to.equal('number');
        expect(held.length).to.be.greaterThan(0);
        await userEvent.keyboard(`12${nextYear}`);
        await el.updateComplete;
        expect(inner(el, 'number').value).to.equal('4111 1111 1111 1111');
        expect(inner(el, 'expiry').value).to.equal(`12/${nextYear}`);
        // The frame that was to make the jump comes late and changes nothing.
        for (const callback of held.splice(0)) callback(performance.now());
        expect(activeField(el)).to.equal('csc');
      });

      it('a habitual Tab still reaches the field the jump reached', async () => {
        const el = await heldCardForm();
        await typeInto(el, 'number', VISA);
        await userEvent.keyboard('{Tab}');
        expect(activeField(el)).to.equal('expiry');
      });

      it('no jump once the customer clicked into another field', async () => {
        const el = await heldCardForm();
        await typeInto(el, 'number', VISA);
        await userEvent.click(inner(el, 'name'));
        for (const callback of held.splice(0)) callback(performance.now());
        expect(activeField(el)).to.equal('name');
      });
    });

    it('moves on with a Tab that is not the first key after a jump, and back with Shift+Tab', async () => {
      const el = await mountCardForm();
      await typeInto(el, 'number', VISA);
      await userEvent.keyboard('1{Tab}');
      expect(activeField(el)).to.equal('csc');
      inner(el, 'number').focus();
      inner(el, 'number').select();
      await userEvent.keyboard(VISA);
      expect(activeField(el)).to.equal('expiry');
      await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
      expect(activeField(el)).to.equal('number');
    });
  });

  describe('brand row', () => {
    it('shows the accepted brands before typing, and makes the detected one stand out', async () => {
      const el = await mountCardForm();
      const row = el.shadowRoot!.querySelector('[part~="brand-row"]')!;
      expect(row.getAttribute('aria-label')).to.equal('Accepted cards');
      const names = () => [...row.querySelectorAll('[role="img"]')].map((m) => m.getAttribute('aria-label'));
      expect(names()).to.deep.equal([
        'Visa',
        'Mastercard',
        'American Express',
        'Discover',
        'Diners Club',
        'JCB',
        'UnionPay',
        'Maestro',
      ]);
      const opacity = (brand: string) =>
        getComputedStyle(row.querySelector(`[data-brand="${brand}"]`)!.parentElement!).opacity;
      expect(opacity('american-express')).to.equal('1');
      await typeInto(el, 'number', '37');
      await el.updateComplete;
      // Past the fade.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(opacity('american-express')).to.equal('1');
      expect(Number(opacity('visa'))).to.be.lessThan(0.5);
      const icon = el.shadowRoot!.querySelector('[part~="brand-icon"]')!;
      expect(icon.getAttribute('data-brand')).to.equal('american-express');
      expect(icon.getAttribute('aria-label')).to.equal('American Express');
      await expect(el).to.be.accessible();
    });

    it('lists only the brands of accepted-brands, and is accessible dark and right to left', async () => {
      const wrap = await fixture<HTMLElement>(
        html`<div dir="rtl" lang="ar" style="background: #101114"><gateway-card-form theme="dark" accepted-brands="visa mastercard"></gateway-card-form></div>`,
      );
      const el = wrap.querySelector('gateway-card-form')!;
      await settledCardForm(el);
      const marks = el.shadowRoot!.querySelectorAll('[part~="brand-row"] [role="img"]');
      expect([...marks].map((m) => m.getAttribute('aria-label'))).to.deep.equal(['Visa', 'Mastercard']);
      // Before typing, the mark in the field is a decorative generic card.
      const icon = el.shadowRoot!.querySelector('[part~="brand-icon"]')!;
      expect(icon.getAttribute('aria-hidden')).to.equal('true');
      await expect(el).to.be.accessible();
      await typeInto(el, 'number', '5555');
      await el.updateComplete;
      await expect(el).to.be.accessible();
    });
  });
});
