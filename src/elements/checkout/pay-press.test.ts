import { expect, html, waitUntil } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { cdp, userEvent } from 'vitest/browser';
import '../../define.ts';
import {
  cardForm,
  checkoutTestBed,
  focused,
  mount,
  payButton,
  statusText,
  VISA,
} from '../../../test/support/checkout.ts';
import { errorText, futureExpiry, inner, typeInto } from '../../../test/support/elements.ts';
import { DEFAULT_CONFIG } from '../../../test/support/fake-merchant.ts';

// A press on a control below a field takes the focus out of that field at pointerdown; its click
// goes to what is under the pointer at release. Nothing a left field shows may move that control
// in between, or the press is lost. The presses here are real mouse events (through CDP).

/** Where a point of this frame is in the top page's viewport, which CDP's mouse works in. */
function onScreen(x: number, y: number): { x: number; y: number } {
  let win: Window = window;
  while (win.frameElement) {
    const frame = win.frameElement as HTMLElement;
    const box = frame.getBoundingClientRect();
    const scale = frame.offsetWidth ? box.width / frame.offsetWidth : 1;
    x = box.left + frame.clientLeft * scale + x * scale;
    y = box.top + frame.clientTop * scale + y * scale;
    win = win.parent;
  }
  return { x, y };
}

const mouse = (type: 'mouseMoved' | 'mousePressed' | 'mouseReleased', at: { x: number; y: number }) =>
  cdp().send('Input.dispatchMouseEvent', {
    type,
    ...at,
    button: type === 'mouseMoved' ? 'none' : 'left',
    buttons: type === 'mousePressed' ? 1 : 0,
    clickCount: type === 'mouseMoved' ? 0 : 1,
  });

/**
 * Presses the upper edge of a control (where a person's press is lost first when the control
 * moves down), runs `meanwhile` with the button held, then releases at the same point.
 */
async function press(target: Element, meanwhile: () => Promise<void> = async () => {}): Promise<void> {
  const box = target.getBoundingClientRect();
  const at = onScreen(box.left + box.width / 2, box.top + Math.min(box.height / 4, 6));
  await mouse('mouseMoved', at);
  await mouse('mousePressed', at);
  await meanwhile();
  await mouse('mouseReleased', at);
}

/** Lets every update the press caused run and paint. */
const settle = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));

describe('a press that takes the focus out of a field', () => {
  const bed = checkoutTestBed();

  it('on Pay, from a half-typed code: Pay stays put until released, then answers that press', async () => {
    const el = await mount();
    const form = cardForm(el);
    await typeInto(form, 'number', VISA);
    await typeInto(form, 'expiry', futureExpiry().replace('/', ''));
    await typeInto(form, 'name', 'Ann Lee');
    await typeInto(form, 'csc', '12');
    const top = payButton(el).getBoundingClientRect().top;
    await press(payButton(el), async () => {
      await settle();
      // The focus has left the code; its message waits, and nothing below it moved.
      expect(focused()).to.equal(payButton(el));
      expect(errorText(form, 'csc')).to.equal('');
      expect(payButton(el).getBoundingClientRect().top).to.equal(top);
    });
    await settle();
    // The press was Pay's: every message, the focus on the first invalid field, the count said.
    expect(errorText(form, 'csc')).to.equal('Enter the 3-digit security code.');
    expect(focused()).to.equal(inner(form, 'csc'));
    await waitUntil(() => statusText(el) === '1 field needs your attention.', 'Pay was not pressed');
    expect(bed.fake.sessionPosts().length).to.equal(0);

    await userEvent.keyboard('3');
    await press(payButton(el));
    await waitUntil(() => bed.fake.paymentPosts().length === 1, 'no payment after the second press');
    await waitUntil(() => /Payment successful/.test(statusText(el) ?? ''), 'not paid');
    expect(bed.fake.sessionPosts().length).to.equal(1);
  });

  it('on the consent box: the box is ticked, and the message of the field left shows after the press', async () => {
    bed.fake.config = {
      ...DEFAULT_CONFIG,
      save: { method: 'one-click', consent_required: true, merchant_name: 'Lindenhof Books' },
    };
    const el = await mount();
    const form = cardForm(el);
    const consent = el.shadowRoot!.querySelector('gateway-save-consent')!;
    await typeInto(form, 'number', '4111 1111');
    const box = inner(consent, 'consent');
    const top = box.getBoundingClientRect().top;
    await press(box, async () => {
      await settle();
      expect(errorText(form, 'number')).to.equal('');
      expect(box.getBoundingClientRect().top).to.equal(top);
    });
    await settle();
    expect(box.checked).to.equal(true);
    expect(errorText(form, 'number')).to.equal('Enter a valid card number.');
  });

  it('an empty field left by a press or by Tab shows nothing until Pay', async () => {
    const el = await mount();
    const form = cardForm(el);
    inner(form, 'number').focus();
    await userEvent.keyboard('{Tab}');
    await userEvent.keyboard('{Tab}');
    await form.updateComplete;
    expect(errorText(form, 'number')).to.equal('');
    expect(errorText(form, 'expiry')).to.equal('');
    expect(inner(form, 'number').getAttribute('aria-invalid')).to.equal('false');
    expect(form.matches(':state(user-invalid)')).to.equal(false);
    await press(payButton(el));
    await settle();
    for (const [id, message] of [
      ['number', 'Enter a valid card number.'],
      ['expiry', 'Enter a valid expiry date (MM/YY).'],
      ['csc', 'Enter the 3-digit security code.'],
      ['name', 'This field is required.'],
    ] as const) {
      expect(errorText(form, id), id).to.equal(message);
    }
    expect(focused()).to.equal(inner(form, 'number'));
    await waitUntil(() => statusText(el) === '4 fields need your attention.', 'no count');
  });

  it('by keyboard: a wrong field left with Tab shows its message at once', async () => {
    const el = await mount();
    const form = cardForm(el);
    await typeInto(form, 'number', '4111 1111');
    await userEvent.keyboard('{Tab}');
    await form.updateComplete;
    expect(errorText(form, 'number')).to.equal('Enter a valid card number.');
    expect(inner(form, 'number').getAttribute('aria-invalid')).to.equal('true');
    // Back in the field, its message stays until the person types again.
    inner(form, 'number').focus();
    await form.updateComplete;
    expect(errorText(form, 'number')).to.equal('Enter a valid card number.');
    await userEvent.keyboard('1');
    await form.updateComplete;
    expect(errorText(form, 'number')).to.equal('');
  });

  it('the e-mail field: left empty it says nothing until Pay, left wrong it says so at once', async () => {
    bed.fake.config = { ...DEFAULT_CONFIG, collect_email: true };
    const el = await mount();
    inner(el, 'email').focus();
    await userEvent.keyboard('{Tab}');
    await el.updateComplete;
    expect(errorText(el, 'email')).to.equal('');
    expect(inner(el, 'email').getAttribute('aria-invalid')).to.equal('false');
    await typeInto(el, 'email', 'ann@');
    await userEvent.keyboard('{Tab}');
    await el.updateComplete;
    expect(errorText(el, 'email')).to.equal('Enter a valid e-mail address, like name@example.com.');
    inner(el, 'email').select();
    await userEvent.keyboard('{Backspace}');
    await press(payButton(el));
    await settle();
    expect(errorText(el, 'email')).to.equal('Enter your e-mail address.');
    expect(focused()).to.equal(inner(el, 'email'));
  });

  it('the address and the consent box, left empty, say nothing until Pay', async () => {
    bed.fake.config = {
      ...DEFAULT_CONFIG,
      avs: 'standard',
      save: { method: 'one-click', consent_required: true, merchant_name: 'Lindenhof Books' },
    };
    const el = await mount();
    const address = el.shadowRoot!.querySelector('gateway-billing-address')!;
    const consent = el.shadowRoot!.querySelector('gateway-save-consent')!;
    inner(address, 'country').focus();
    // Country, address, postal code, then the consent box and on to Pay, touching nothing.
    for (let i = 0; i < 4; i++) await userEvent.keyboard('{Tab}');
    await el.updateComplete;
    expect(focused()).to.equal(payButton(el));
    expect(errorText(address, 'address')).to.equal('');
    expect(errorText(address, 'zip_code')).to.equal('');
    expect(errorText(consent, 'consent')).to.equal('');
    expect(address.matches(':state(user-invalid)')).to.equal(false);
    await userEvent.keyboard('{Enter}');
    await settle();
    expect(errorText(address, 'address')).to.equal('This field is required.');
    expect(errorText(address, 'zip_code')).to.equal('This field is required.');
    expect(errorText(consent, 'consent')).to.equal('This field is required.');
  });

  it('MOTO: "New payment" takes the press that leaves a half-typed expiry date', async () => {
    bed.fake.payments = ['declined'];
    const el = await mount(html`<gateway-checkout moto session-url="/checkout/session"></gateway-checkout>`);
    const form = cardForm(el);
    await typeInto(form, 'number', VISA);
    await typeInto(form, 'expiry', futureExpiry().replace('/', ''));
    await typeInto(form, 'name', 'Ann Lee');
    await press(payButton(el));
    await waitUntil(() => el.shadowRoot!.querySelector('[part~="new-payment"]'), 'no New payment');
    // The agent starts on another date before thinking better of it and moving to the next caller.
    inner(form, 'expiry').select();
    await userEvent.keyboard('1');
    const next = el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="new-payment"]')!;
    const top = next.getBoundingClientRect().top;
    await press(next, async () => {
      await settle();
      expect(next.getBoundingClientRect().top).to.equal(top);
    });
    await settle();
    for (const id of ['number', 'expiry', 'name']) expect(inner(form, id).value, id).to.equal('');
    expect(el.shadowRoot!.querySelector('[part~="new-payment"]')).to.equal(null);
    // The form starts over clean: the date left behind is empty now, and empty says nothing.
    expect(errorText(form, 'expiry')).to.equal('');
  });
});
