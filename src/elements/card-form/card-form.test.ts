import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../define.ts';
import { cardSecrets, secretsIn } from '../../../test/support/card-secrets.ts';
import {
  errorText,
  futureExpiry,
  inner,
  nextFrame,
  pasteInto,
  settledCardForm,
  typeInto,
} from '../../../test/support/elements.ts';
import { runFormControlContract } from '../../../test/support/form-control-contract.ts';
import { clearSecurityCode, readCard } from './card-access.ts';
import type { CardChangeDetail, GatewayCardForm } from './card-form.ts';

const VISA = '4111111111111111';
const AMEX = '378282246310005';

async function cardForm(template = html`<gateway-card-form></gateway-card-form>`) {
  const el = await fixture<GatewayCardForm>(template);
  await settledCardForm(el);
  return el;
}

async function fillCard(el: GatewayCardForm, csc = '123') {
  await typeInto(el, 'number', VISA);
  await typeInto(el, 'expiry', futureExpiry().replace('/', ''));
  if (!el.moto) await typeInto(el, 'csc', csc);
  if (el.requireName) await typeInto(el, 'name', 'Ann Lee');
  await el.updateComplete;
}

function active(el: GatewayCardForm): string {
  return (el.shadowRoot?.activeElement as HTMLElement | null)?.id ?? '';
}

describe('gateway-card-form', () => {
  describe('defaults', () => {
    it('renders labelled inputs with autocomplete tokens and numeric keyboards', async () => {
      const el = await cardForm();
      const expected = [
        ['number', 'Card number', 'cc-number', 'numeric'],
        ['expiry', 'Expiry date', 'cc-exp', 'numeric'],
        ['csc', 'Security code', 'cc-csc', 'numeric'],
        ['name', 'Cardholder name', 'cc-name', 'text'],
      ];
      for (const [id, label, autocomplete, inputmode] of expected) {
        const input = inner(el, id as string);
        expect(el.shadowRoot!.querySelector(`label[for=${id}]`)?.textContent).to.equal(label);
        expect(input.getAttribute('autocomplete')).to.equal(autocomplete);
        expect(input.getAttribute('inputmode')).to.equal(inputmode);
        // The security code is also described by where it is printed ("3 digits on the back").
        expect(input.getAttribute('aria-describedby')).to.equal(
          id === 'csc' ? 'csc-hint csc-error' : `${id}-error`,
        );
        expect(input.getAttribute('aria-invalid')).to.equal('false');
        expect(inner(el, `${id}-error`)).to.exist;
      }
      expect(el.brand).to.equal(null);
      expect(el.moto).to.equal(false);
      expect(el.requireName).to.equal(true);
      expect(el.acceptedBrands).to.deep.equal([]);
      expect(el.shadowRoot!.mode).to.equal('open');
      expect(el.checkValidity()).to.equal(false);
    });

    it('is accessible when empty', async () => {
      const el = await cardForm();
      await expect(el).to.be.accessible();
    });

    it('hides the security code with moto and the name with require-name="false"', async () => {
      const el = await cardForm(html`<gateway-card-form moto require-name="false"></gateway-card-form>`);
      expect(el.shadowRoot!.getElementById('csc')).to.equal(null);
      expect(el.shadowRoot!.getElementById('name')).to.equal(null);
      expect(el.requireName).to.equal(false);
    });
  });

  describe('typing', () => {
    it('groups a Visa number 4-4-4-4, shows and announces the brand', async () => {
      const el = await cardForm();
      await typeInto(el, 'number', '41111111');
      await el.updateComplete;
      expect(inner(el, 'number').value).to.equal('4111 1111');
      expect(el.brand).to.equal('visa');
      const icon = el.shadowRoot!.querySelector('[part~="brand-icon"]')!;
      expect(icon.getAttribute('role')).to.equal('img');
      expect(icon.getAttribute('aria-label')).to.equal('Visa');
      expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.equal('Visa card');
    });

    it('groups American Express 4-6-5 and asks for a 4-digit code', async () => {
      const el = await cardForm();
      await typeInto(el, 'number', AMEX);
      await el.updateComplete;
      expect(inner(el, 'number').value).to.equal('3782 822463 10005');
      expect(el.brand).to.equal('american-express');
      expect(active(el)).to.equal('expiry');
      inner(el, 'csc').focus();
      await userEvent.keyboard('12345');
      expect(inner(el, 'csc').value).to.equal('1234');
      // Changing the number to a Visa cuts the code to three digits, and the form agrees.
      inner(el, 'number').select();
      await pasteInto(el, 'number', VISA);
      await el.updateComplete;
      expect(inner(el, 'csc').value).to.equal('123');
      await typeInto(el, 'expiry', futureExpiry().replace('/', ''));
      await typeInto(el, 'name', 'Ann Lee');
      await el.updateComplete;
      expect(readCard(el)?.csc).to.equal('123');
    });

    it('groups Diners 4-6-4', async () => {
      const el = await cardForm();
      await typeInto(el, 'number', '36227206271667');
      expect(inner(el, 'number').value).to.equal('3622 720627 1667');
    });

    it('ignores letters and stops at 19 digits for unknown brands', async () => {
      const el = await cardForm();
      await typeInto(el, 'number', '9a99999999999999999999');
      expect(inner(el, 'number').value).to.equal('9999 9999 9999 9999 999');
    });

    it('keeps the caret when deleting in the middle', async () => {
      const el = await cardForm();
      await typeInto(el, 'number', '4111222233334444');
      const input = inner(el, 'number');
      input.focus();
      // Caret after "4111 22" (7), as a person moves it with the arrow keys.
      await userEvent.keyboard('{ArrowLeft>12}');
      expect(input.selectionStart).to.equal(7);
      await userEvent.keyboard('{Backspace}');
      await nextFrame();
      expect(input.value).to.equal('4111 2223 3334 444');
      expect(input.selectionStart).to.equal(6);
      await userEvent.keyboard('9');
      await nextFrame();
      expect(input.value).to.equal('4111 2922 3333 4444');
      expect(input.selectionStart).to.equal(7);
    });

    it('keeps the caret when a deletion changes the brand and its grouping', async () => {
      const el = await cardForm();
      await typeInto(el, 'number', '3782822463');
      const input = inner(el, 'number');
      expect(input.value).to.equal('3782 822463');
      await userEvent.keyboard('{Home}{ArrowRight}{Backspace}');
      await nextFrame();
      // "782822463": no brand any more, regrouped 4-4-4-4, the caret stays at the start.
      expect(el.brand).to.equal(null);
      expect(input.value).to.equal('7828 2246 3');
      expect(input.selectionStart).to.equal(0);
      // "3" back in: American Express again, 4-6 grouping, caret after the "3".
      await userEvent.keyboard('3');
      await nextFrame();
      expect(el.brand).to.equal('american-express');
      expect(input.value).to.equal('3782 822463');
      expect(input.selectionStart).to.equal(1);
    });

    it('takes a pasted "4111-1111 1111 1111"', async () => {
      const el = await cardForm();
      await pasteInto(el, 'number', '4111-1111 1111 1111');
      await el.updateComplete;
      expect(inner(el, 'number').value).to.equal('4111 1111 1111 1111');
      expect(el.brand).to.equal('visa');
    });

    it('takes a pasted number of another brand over a selected one', async () => {
      const el = await cardForm();
      await typeInto(el, 'number', AMEX);
      inner(el, 'number').focus();
      inner(el, 'number').select();
      await pasteInto(el, 'number', '');
      inner(el, 'number').select();
      await pasteInto(el, 'number', '4111 1111 1111 1111');
      expect(inner(el, 'number').value).to.equal('4111 1111 1111 1111');
    });

    it('moves on to the next field when one is complete', async () => {
      const el = await cardForm();
      await typeInto(el, 'number', VISA);
      expect(active(el)).to.equal('expiry');
      await userEvent.keyboard(futureExpiry().replace('/', ''));
      expect(active(el)).to.equal('csc');
      await userEvent.keyboard('123');
      expect(active(el)).to.equal('name');
    });

    it('does not move on from a number that is not valid', async () => {
      const el = await cardForm();
      await typeInto(el, 'number', '4111111111111112');
      expect(active(el)).to.equal('number');
    });
  });

  describe('expiry', () => {
    it('turns "4" into "04/"', async () => {
      const el = await cardForm();
      await typeInto(el, 'expiry', '4');
      expect(inner(el, 'expiry').value).to.equal('04/');
      await userEvent.keyboard('30');
      expect(inner(el, 'expiry').value).to.equal('04/30');
    });

    for (const pasted of ['12/2030', '1230', '12 / 30']) {
      it(`takes a pasted "${pasted}"`, async () => {
        const el = await cardForm();
        await pasteInto(el, 'expiry', pasted);
        expect(inner(el, 'expiry').value).to.equal('12/30');
      });
    }

    it('rejects a past date after the field is left', async () => {
      const el = await cardForm();
      await typeInto(el, 'expiry', '0120');
      await userEvent.keyboard('{Tab}');
      await el.updateComplete;
      expect(errorText(el, 'expiry')).to.equal('The card has expired.');
    });
  });

  describe('validation messages', () => {
    it('waits until the field is left, never while a valid prefix is typed', async () => {
      const el = await cardForm();
      await typeInto(el, 'number', '4111');
      await el.updateComplete;
      expect(errorText(el, 'number')).to.equal('');
      expect(inner(el, 'number').getAttribute('aria-invalid')).to.equal('false');
      expect(el.matches(':state(invalid)')).to.equal(true);
      expect(el.matches(':state(user-invalid)')).to.equal(false);
      await userEvent.keyboard('{Tab}');
      await el.updateComplete;
      expect(errorText(el, 'number')).to.equal('Enter a valid card number.');
      expect(el.matches(':state(user-invalid)')).to.equal(true);
      expect(inner(el, 'number').getAttribute('aria-invalid')).to.equal('true');
      await expect(el).to.be.accessible();
      // Back in the field and typing on: the prefix is valid again, the message goes away.
      inner(el, 'number').focus();
      await userEvent.keyboard('1');
      await el.updateComplete;
      expect(errorText(el, 'number')).to.equal('');
    });

    it('shows a wrong full number at once after leaving', async () => {
      const el = await cardForm();
      await typeInto(el, 'number', '4111111111111112');
      await userEvent.keyboard('{Tab}');
      await el.updateComplete;
      expect(errorText(el, 'number')).to.equal('Enter a valid card number.');
    });

    it('limits brands with accepted-brands', async () => {
      const el = await cardForm(
        html`<gateway-card-form accepted-brands="visa mastercard"></gateway-card-form>`,
      );
      expect(el.acceptedBrands).to.deep.equal(['visa', 'mastercard']);
      await typeInto(el, 'number', AMEX);
      await userEvent.keyboard('{Tab}');
      await el.updateComplete;
      expect(errorText(el, 'number')).to.equal('This card brand is not accepted here.');
      expect(el.validity.typeMismatch).to.equal(true);
    });

    it('shows every message after a submit attempt of the host form', async () => {
      const form = await fixture<HTMLFormElement>(html`<form><gateway-card-form></gateway-card-form></form>`);
      const el = form.querySelector('gateway-card-form')!;
      const submitted = vi.fn((e: Event) => e.preventDefault());
      form.addEventListener('submit', submitted);
      form.requestSubmit();
      await el.updateComplete;
      expect(submitted.mock.calls.length).to.equal(0);
      expect(form.checkValidity()).to.equal(false);
      expect(errorText(el, 'number')).to.equal('Enter a valid card number.');
      expect(errorText(el, 'expiry')).to.equal('Enter a valid expiry date (MM/YY).');
      expect(errorText(el, 'csc')).to.equal('Enter the 3-digit security code.');
      expect(errorText(el, 'name')).to.equal('This field is required.');
      await expect(el).to.be.accessible();
      await fillCard(el);
      expect(form.checkValidity()).to.equal(true);
      form.requestSubmit();
      expect(submitted.mock.calls.length).to.equal(1);
    });

    it('reportValidity shows the errors, focuses the first invalid field and returns false', async () => {
      const el = await cardForm();
      await typeInto(el, 'number', VISA);
      inner(el, 'name').focus();
      expect(el.reportValidity()).to.equal(false);
      await el.updateComplete;
      expect(active(el)).to.equal('expiry');
      expect(errorText(el, 'expiry')).to.equal('Enter a valid expiry date (MM/YY).');
      expect(el.validity.valueMissing).to.equal(true);
      expect(el.validationMessage).to.equal('Enter a valid expiry date (MM/YY).');
    });
  });

  describe('clearing', () => {
    it('clear() empties every field without an event', async () => {
      const el = await cardForm();
      await fillCard(el);
      const changes = vi.fn();
      el.addEventListener('gateway-card-change', changes);
      el.clear();
      await el.updateComplete;
      for (const id of ['number', 'expiry', 'csc', 'name']) expect(inner(el, id).value).to.equal('');
      expect(changes.mock.calls.length).to.equal(0);
    });
  });

  describe('validation', () => {
    it('runs once per keystroke', async () => {
      const el = await cardForm();
      const validations = vi.spyOn(el as unknown as { errors(): unknown }, 'errors');
      for (const [id, key] of [
        ['number', '4'],
        ['expiry', '1'],
        ['csc', '1'],
        ['name', 'A'],
      ] as const) {
        inner(el, id).focus();
        await el.updateComplete;
        validations.mockClear();
        await userEvent.keyboard(key);
        await el.updateComplete;
        expect(validations.mock.calls.length, id).to.equal(1);
      }
    });

    it('runs once per keystroke on the keystrokes that complete a field and move the focus on', async () => {
      const el = await cardForm();
      inner(el, 'number').focus();
      await el.updateComplete;
      const validations = vi.spyOn(el as unknown as { errors(): unknown }, 'errors');
      const keys = [...VISA, ...futureExpiry().replace('/', ''), ...'123', 'A'];
      for (const key of keys) await userEvent.keyboard(key);
      await el.updateComplete;
      expect(active(el)).to.equal('name');
      expect(inner(el, 'name').value).to.equal('A');
      expect(validations.mock.calls.length).to.equal(keys.length);
    });
  });

  describe('events', () => {
    it('fires gateway-card-change on user input with brand, complete, empty and valid', async () => {
      const el = await cardForm();
      const details: CardChangeDetail[] = [];
      el.addEventListener('gateway-card-change', (e) => details.push(e.detail));
      await typeInto(el, 'number', '4');
      expect(JSON.stringify(details.at(-1))).to.equal(
        JSON.stringify({ brand: null, complete: false, empty: false, valid: false }),
      );
      await userEvent.keyboard('1');
      expect(details.at(-1)?.brand).to.equal('visa');
      // The rest, moving on field by field as each completes.
      await userEvent.keyboard(`11111111111111${futureExpiry().replace('/', '')}123Ann Lee`);
      expect(JSON.stringify(details.at(-1))).to.equal(
        JSON.stringify({ brand: 'visa', complete: true, empty: false, valid: true }),
      );
    });

    it('bubbles out of shadow roots and is not fired by programmatic changes', async () => {
      const el = await cardForm();
      const seen = vi.fn();
      document.body.addEventListener('gateway-card-change', seen);
      el.moto = true;
      el.language = 'de';
      el.acceptedBrands = ['visa'];
      await el.updateComplete;
      el.clear();
      await el.updateComplete;
      expect(seen.mock.calls.length).to.equal(0);
      await typeInto(el, 'number', '5');
      expect(seen.mock.calls.length).to.equal(1);
      const event = seen.mock.calls[0]![0] as CustomEvent<CardChangeDetail>;
      expect(event.bubbles && event.composed).to.equal(true);
      document.body.removeEventListener('gateway-card-change', seen);
    });
  });

  it('shows every change of its options and state made between keys that change nothing on screen', async () => {
    const el = await cardForm();
    const fields = () => [...el.shadowRoot!.querySelectorAll('input')].map((input) => input.id);
    await typeInto(el, 'number', '41111');
    await el.updateComplete;
    el.requireName = true;
    await el.updateComplete;
    expect(fields()).to.deep.equal(['number', 'expiry', 'csc', 'name']);
    await typeInto(el, 'name', 'Ann');
    el.moto = true;
    await el.updateComplete;
    expect(fields()).to.deep.equal(['number', 'expiry', 'name']);
    el.disabled = true;
    await el.updateComplete;
    expect(inner(el, 'number').disabled).to.equal(true);
    el.disabled = false;
    await el.updateComplete;
    expect(inner(el, 'number').disabled).to.equal(false);
    el.clear();
    await el.updateComplete;
    expect(inner(el, 'name').value).to.equal('');
    await typeInto(el, 'number', '37');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.contain('American Express');
    el.acceptedBrands = ['visa'];
    await typeInto(el, 'number', '8282');
    inner(el, 'expiry').focus();
    await nextFrame();
    await el.updateComplete;
    expect(errorText(el, 'number')).not.to.equal('');
    expect(inner(el, 'number').getAttribute('aria-invalid')).to.equal('true');
  });

  describe('keyboard', () => {
    it('moves through every field with Tab and back with Shift+Tab', async () => {
      const el = await cardForm();
      el.focus();
      expect(active(el)).to.equal('number');
      await userEvent.keyboard('{Tab}');
      expect(active(el)).to.equal('expiry');
      await userEvent.keyboard('{Tab}');
      expect(active(el)).to.equal('csc');
      await userEvent.keyboard('{Tab}');
      expect(active(el)).to.equal('name');
      await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
      expect(active(el)).to.equal('csc');
    });
  });

  describe('languages', () => {
    it('uses the language attribute', async () => {
      const el = await cardForm(html`<gateway-card-form language="lv"></gateway-card-form>`);
      expect(el.shadowRoot!.querySelector('label[for=number]')?.textContent).to.equal('Kartes numurs');
      await expect(el).to.be.accessible();
    });

    it('follows the nearest lang of the page', async () => {
      const wrap = await fixture<HTMLElement>(
        html`<div lang="de-AT"><gateway-card-form></gateway-card-form></div>`,
      );
      const el = wrap.querySelector('gateway-card-form')!;
      expect(el.shadowRoot!.querySelector('label[for=expiry]')?.textContent).to.equal('Ablaufdatum');
      el.language = 'ru';
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('label[for=csc]')?.textContent).to.equal('Код безопасности');
      el.language = 'xx';
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('label[for=csc]')?.textContent).to.equal('Security code');
    });

    for (const [language, label] of [
      ['fr', 'Numéro de carte'],
      ['es', 'Número de tarjeta'],
    ]) {
      it(`speaks ${language}`, async () => {
        const el = await cardForm(html`<gateway-card-form language=${language!}></gateway-card-form>`);
        expect(el.shadowRoot!.querySelector('label[for=number]')?.textContent).to.equal(label);
      });
    }
  });

  describe('following the page', () => {
    it('re-renders in the language of a lang set on an ancestor after it rendered', async () => {
      const wrap = await fixture<HTMLElement>(html`<div><gateway-card-form></gateway-card-form></div>`);
      const el = wrap.querySelector('gateway-card-form')!;
      const label = () => el.shadowRoot!.querySelector('label[for=number]')?.textContent;
      wrap.setAttribute('lang', 'de');
      await waitUntil(() => label() === 'Kartennummer', 'no German after lang="de"');
      wrap.setAttribute('lang', 'fr');
      await waitUntil(() => label() === 'Numéro de carte', 'no French after lang="fr"');
      // A language set on the element wins over the page.
      el.language = 'lv';
      await el.updateComplete;
      wrap.setAttribute('lang', 'es');
      await nextFrame();
      expect(label()).to.equal('Kartes numurs');
    });

    it('takes theme tokens set on the page body', async () => {
      const style = document.createElement('style');
      style.textContent = 'body { --gateway-color-border: rgb(7, 8, 9); --gateway-radius: 13px; }';
      document.head.append(style);
      try {
        const el = await cardForm();
        for (const id of ['number', 'expiry', 'csc', 'name']) {
          expect(getComputedStyle(inner(el, id)).borderTopColor, id).to.equal('rgb(7, 8, 9)');
          expect(getComputedStyle(inner(el, id)).borderTopLeftRadius, id).to.equal('13px');
        }
      } finally {
        style.remove();
      }
    });
  });

  describe('themes', () => {
    it('is accessible filled, in the dark scheme, on the page’s own background', async () => {
      const page = await fixture<HTMLElement>(
        html`<div style="background: #101114; padding: 8px"><gateway-card-form theme="dark"></gateway-card-form></div>`,
      );
      const el = page.querySelector('gateway-card-form') as GatewayCardForm;
      await el.updateComplete;
      await fillCard(el);
      expect(getComputedStyle(el).colorScheme).to.equal('dark');
      // No panel of its own: the page shows through, and the inputs take the dark palette.
      expect(getComputedStyle(el).backgroundColor).to.equal('rgba(0, 0, 0, 0)');
      expect(getComputedStyle(inner(el, 'number')).backgroundColor).to.equal('rgb(38, 39, 44)');
      await expect(el).to.be.accessible();
    });

    it('is accessible right to left, with the brand badge at the inline end', async () => {
      const wrap = await fixture<HTMLElement>(
        html`<div dir="rtl" lang="en"><gateway-card-form></gateway-card-form></div>`,
      );
      const el = wrap.querySelector('gateway-card-form')!;
      await typeInto(el, 'number', '41');
      await el.updateComplete;
      const icon = el.shadowRoot!.querySelector('[part~="brand-icon"]')!.getBoundingClientRect();
      const input = inner(el, 'number').getBoundingClientRect();
      expect(icon.left - input.left).to.be.lessThan(input.right - icon.right);
      // The digits keep their left-to-right order: "4111 1111" must not read as "1111 4111".
      expect(getComputedStyle(inner(el, 'number')).direction).to.equal('ltr');
      expect(getComputedStyle(inner(el, 'number')).textAlign).to.equal('right');
      await expect(el).to.be.accessible();
    });
  });

  describe('card access', () => {
    it('reads the card only when complete and valid', async () => {
      const el = await cardForm();
      expect(readCard(el)).to.equal(null);
      await fillCard(el);
      const [month, year] = futureExpiry().split('/').map(Number);
      expect(readCard(el)).to.deep.equal({
        number: VISA,
        expMonth: month,
        expYear: year,
        csc: '123',
        cardholderName: 'Ann Lee',
      });
    });

    it('leaves the security code out with moto', async () => {
      const el = await cardForm(html`<gateway-card-form moto></gateway-card-form>`);
      await fillCard(el);
      expect(readCard(el)?.csc).to.equal(undefined);
      expect(readCard(el)?.number).to.equal(VISA);
    });

    it('clears only the security code after a decline', async () => {
      const el = await cardForm();
      await fillCard(el);
      clearSecurityCode(el);
      await el.updateComplete;
      expect(inner(el, 'csc').value).to.equal('');
      expect(inner(el, 'number').value).to.equal('4111 1111 1111 1111');
      expect(readCard(el)).to.equal(null);
      expect(errorText(el, 'csc')).to.equal('');
    });
  });

  describe('card data never leaves the form', () => {
    const CSC = '907';
    const captured: string[] = [];
    const types = new Set<string>();
    const listener = (event: Event) => {
      types.add(event.type);
      if (event instanceof CustomEvent) captured.push(JSON.stringify(event.detail) ?? '');
    };
    const eventTypes = [
      ...Object.keys(window)
        .filter((key) => key.startsWith('on'))
        .map((key) => key.slice(2)),
      'gateway-card-change',
      'textInput',
    ];
    const logs: string[] = [];
    beforeEach(() => {
      for (const type of eventTypes) {
        window.addEventListener(type, listener, true);
        document.addEventListener(type, listener, true);
      }
      for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
        vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
          logs.push(args.map(String).join(' '));
        });
      }
    });
    afterEach(() => {
      for (const type of eventTypes) {
        window.removeEventListener(type, listener, true);
        document.removeEventListener(type, listener, true);
      }
      vi.restoreAllMocks();
    });

    it('is in no attribute, FormData entry, event, property, storage or console line', async () => {
      const form = await fixture<HTMLFormElement>(
        html`<form><input name="other" value="x" /><gateway-card-form name="card"></gateway-card-form></form>`,
      );
      const el = form.querySelector('gateway-card-form')!;
      await typeInto(el, 'number', VISA);
      await typeInto(el, 'expiry', futureExpiry().replace('/', ''));
      await typeInto(el, 'csc', CSC);
      await typeInto(el, 'name', 'Ann Lee');
      await userEvent.keyboard('{Tab}');
      await el.updateComplete;
      expect(readCard(el)?.number, 'the test typed a whole card').to.equal(VISA);

      // As tokens of their own, so a random id in markup or storage cannot pass for the code.
      const secrets = cardSecrets({ number: VISA, csc: CSC });
      const leaks = (where: string, text: string | null | undefined) => {
        if (secretsIn(text, secrets).length > 0) throw new Error(`${where} holds card data: ${text}`);
      };
      // Attributes of the element and of everything in its shadow root.
      for (const attr of el.attributes) leaks(`attribute ${attr.name}`, attr.value);
      for (const node of el.shadowRoot!.querySelectorAll('*')) {
        for (const attr of node.attributes) leaks(`${node.localName} attribute ${attr.name}`, attr.value);
      }
      expect(inner(el, 'number').hasAttribute('value')).to.equal(false);
      leaks('shadow markup', el.shadowRoot!.innerHTML.replace(/<!--[\s\S]*?-->/g, ''));
      leaks('light markup', el.outerHTML);
      // The host form's data: the card form takes part in validity but submits nothing.
      const data = [...new FormData(form).entries()];
      expect(data).to.deep.equal([['other', 'x']]);
      for (const [key, value] of data) leaks(`FormData ${key}`, String(value));
      // Every event's detail.
      expect(types.has('gateway-card-change')).to.equal(true);
      expect(types.has('input')).to.equal(true);
      expect(captured.length).to.be.greaterThan(10);
      for (const detail of captured) leaks('event detail', detail);
      // Every enumerable or own property of the element.
      const keys = new Set<string | symbol>([
        ...Object.getOwnPropertyNames(el),
        ...Object.getOwnPropertySymbols(el),
      ]);
      for (const key in el) keys.add(key);
      for (const key of keys) {
        let value: unknown;
        try {
          value = (el as unknown as Record<string | symbol, unknown>)[key];
        } catch {
          continue;
        }
        if (typeof value === 'string') leaks(`property ${String(key)}`, value);
        else if (value && typeof value === 'object' && !(value instanceof Node)) {
          try {
            leaks(`property ${String(key)}`, JSON.stringify(value));
          } catch {
            // circular structures are not data holders we set
          }
        }
      }
      // Storage and console.
      for (const storage of [localStorage, sessionStorage]) {
        for (let i = 0; i < storage.length; i++) leaks('storage', storage.getItem(storage.key(i)!));
      }
      for (const line of logs) leaks('console', line);
    });
  });
});

runFormControlContract<GatewayCardForm>('gateway-card-form', () => ({
  template: html`<gateway-card-form name="card"></gateway-card-form>`,
  controls: ['number', 'expiry', 'csc', 'name'],
  fill: (el) => fillCard(el),
  // Card data never goes into the host form's FormData.
  formData: {},
  isEmpty: (el) => ['number', 'expiry', 'csc', 'name'].every((id) => inner(el, id).value === '') && !el.brand,
  submitField: 'name',
}));
