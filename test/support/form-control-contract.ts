// The contract every form-associated element of ours keeps with a host <form>, as a native control
// does: one suite run for each element, so the elements cannot drift apart.
import { expect, fixture, fixtureCleanup } from '@open-wc/testing';
import { html, type TemplateResult } from 'lit';
import { afterEach, describe, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { inner } from './elements.ts';

/** The form-associated surface the contract exercises. */
interface FormControl extends HTMLElement {
  readonly updateComplete: Promise<boolean>;
  disabled: boolean;
  readonly form: HTMLFormElement | null;
  readonly validity: ValidityState;
  checkValidity(): boolean;
}

export interface FormControlContract<E extends FormControl> {
  /** The element, `name`d (when it has a form value) and required, inside nothing. */
  readonly template: TemplateResult;
  /** Every inner control's id, in tab order. */
  readonly controls: readonly string[];
  /** Makes it valid as a person would (typing, clicking). */
  fill(el: E): Promise<void>;
  /** What the host form's FormData holds once filled; card data must never be in it. */
  readonly formData: Readonly<Record<string, string>>;
  /** Whether the element shows no entry of a person's (after a reset). */
  isEmpty(el: E): boolean;
  /** The inner text field where Enter submits the host form, or null where none (a lone checkbox). */
  readonly submitField: string | null;
}

export function runFormControlContract<E extends FormControl>(
  tag: string,
  contract: () => FormControlContract<E>,
): void {
  describe(`${tag}: form control contract`, () => {
    afterEach(() => fixtureCleanup());

    async function inForm(): Promise<{ form: HTMLFormElement; el: E; fieldset: HTMLFieldSetElement }> {
      const form = await fixture<HTMLFormElement>(
        html`<form><fieldset>${contract().template}</fieldset></form>`,
      );
      const el = form.querySelector(tag) as E;
      // A valid form would really submit and leave the test page.
      form.addEventListener('submit', (event) => event.preventDefault());
      await el.updateComplete;
      return { form, el, fieldset: form.querySelector('fieldset')! };
    }

    it('gives the host form its value once filled, and nothing before', async () => {
      const { form, el } = await inForm();
      expect([...new FormData(form).keys()].filter((key) => !(key in contract().formData))).to.deep.equal([]);
      await contract().fill(el);
      await el.updateComplete;
      expect(Object.fromEntries(new FormData(form))).to.deep.equal(contract().formData);
    });

    it('is required: invalid with valueMissing while empty, valid once filled', async () => {
      const { el } = await inForm();
      expect(el.checkValidity()).to.equal(false);
      expect(el.validity.valueMissing).to.equal(true);
      await contract().fill(el);
      await el.updateComplete;
      expect(el.checkValidity()).to.equal(true);
      expect(el.validity.valid).to.equal(true);
    });

    it('is reset with its form: empty again, invalid, and no message showing', async () => {
      const { form, el } = await inForm();
      await contract().fill(el);
      form.reset();
      expect(el.checkValidity()).to.equal(false);
      await el.updateComplete;
      expect(contract().isEmpty(el)).to.equal(true);
      form.requestSubmit();
      await el.updateComplete;
      expect(el.matches(':state(user-invalid)')).to.equal(true);
      form.reset();
      await el.updateComplete;
      expect(el.matches(':state(user-invalid)')).to.equal(false);
    });

    it('is disabled with its fieldset and by its own attribute', async () => {
      const { el, fieldset } = await inForm();
      fieldset.disabled = true;
      await el.updateComplete;
      for (const id of contract().controls) expect(inner(el, id).disabled, id).to.equal(true);
      fieldset.disabled = false;
      await el.updateComplete;
      for (const id of contract().controls) expect(inner(el, id).disabled, id).to.equal(false);
      el.disabled = true;
      await el.updateComplete;
      expect(el.hasAttribute('disabled')).to.equal(true);
      for (const id of contract().controls) expect(inner(el, id).disabled, id).to.equal(true);
      await expect(el).to.be.accessible();
    });

    /** Every inner control's disabled state, once the element has rendered what it was told. */
    async function controlsDisabled(el: E): Promise<boolean[]> {
      await el.updateComplete;
      return contract().controls.map((id) => inner(el, id).disabled);
    }

    async function expectDisabled(el: E, disabled: boolean, step: string): Promise<void> {
      expect(await controlsDisabled(el), step).to.deep.equal(contract().controls.map(() => disabled));
    }

    it('follows its own disabled property both ways, as a framework sets it, with no attribute written by hand', async () => {
      const { el } = await inForm();
      el.disabled = true;
      await expectDisabled(el, true, 'property true');
      expect(el.hasAttribute('disabled'), 'reflected').to.equal(true);
      expect(el.matches(':disabled'), ':disabled').to.equal(true);
      el.disabled = false;
      await expectDisabled(el, false, 'property false');
      expect(el.hasAttribute('disabled'), 'reflected').to.equal(false);
      expect(el.matches(':disabled'), ':disabled').to.equal(false);
      // Twice more, as a checkout locks and unlocks it on every attempt.
      for (const round of [1, 2]) {
        el.disabled = true;
        await expectDisabled(el, true, `round ${round}: true`);
        el.disabled = false;
        await expectDisabled(el, false, `round ${round}: false`);
      }
    });

    it('ends enabled when its property goes true and back to false before it renders', async () => {
      const { el } = await inForm();
      el.disabled = true;
      el.disabled = false;
      await expectDisabled(el, false, 'true then false in one task');
      el.disabled = true;
      await el.updateComplete;
      el.disabled = false;
      el.disabled = true;
      await expectDisabled(el, true, 'false then true in one task');
    });

    it('mixes property and attribute: whichever was set last is its own state', async () => {
      const { el } = await inForm();
      el.setAttribute('disabled', '');
      await expectDisabled(el, true, 'attribute set');
      expect(el.disabled).to.equal(true);
      el.disabled = false;
      await expectDisabled(el, false, 'property false after the attribute');
      expect(el.hasAttribute('disabled')).to.equal(false);
      el.disabled = true;
      await expectDisabled(el, true, 'property true');
      el.removeAttribute('disabled');
      await expectDisabled(el, false, 'attribute removed after the property');
      expect(el.disabled).to.equal(false);
    });

    it('is disabled while its own state or its fieldset is, in any order of changes', async () => {
      const { el, fieldset } = await inForm();
      // Own first, fieldset on top, own off: the fieldset still holds it.
      el.disabled = true;
      await expectDisabled(el, true, 'own');
      fieldset.disabled = true;
      await expectDisabled(el, true, 'own + fieldset');
      el.disabled = false;
      await expectDisabled(el, true, 'fieldset only');
      expect(el.disabled, 'its own property is its own').to.equal(false);
      expect(el.matches(':disabled'), ':disabled').to.equal(true);
      fieldset.disabled = false;
      await expectDisabled(el, false, 'neither');
      // Fieldset first, own on top, fieldset off: its own state still holds it.
      fieldset.disabled = true;
      await expectDisabled(el, true, 'fieldset');
      el.disabled = true;
      await expectDisabled(el, true, 'fieldset + own');
      fieldset.disabled = false;
      await expectDisabled(el, true, 'own only');
      el.disabled = false;
      await expectDisabled(el, false, 'neither again');
      // Both changed in one task, either way round.
      el.disabled = true;
      fieldset.disabled = true;
      el.disabled = false;
      await expectDisabled(el, true, 'fieldset set between two property writes');
      fieldset.disabled = false;
      el.disabled = true;
      el.disabled = false;
      await expectDisabled(el, false, 'fieldset cleared, property back and forth');
    });

    it('starts disabled inside a disabled fieldset, and is enabled when the fieldset is', async () => {
      const form = await fixture<HTMLFormElement>(
        html`<form><fieldset disabled>${contract().template}</fieldset></form>`,
      );
      const el = form.querySelector(tag) as E;
      await expectDisabled(el, true, 'first render in a disabled fieldset');
      expect(el.disabled).to.equal(false);
      (form.querySelector('fieldset') as HTMLFieldSetElement).disabled = false;
      await expectDisabled(el, false, 'fieldset enabled');
    });

    it('is enabled in the first legend of a disabled fieldset and disabled by an outer one, as a native input is', async () => {
      const form = await fixture<HTMLFormElement>(
        html`<form><fieldset id="outer"><fieldset disabled><legend>${contract().template}</legend></fieldset></fieldset></form>`,
      );
      const el = form.querySelector(tag) as E;
      const native = document.createElement('input');
      el.after(native);
      await expectDisabled(el, false, 'in the legend');
      expect(native.matches(':disabled'), 'a native input there').to.equal(false);
      (form.querySelector('#outer') as HTMLFieldSetElement).disabled = true;
      await expectDisabled(el, true, 'outer fieldset disabled');
      expect(native.matches(':disabled'), 'a native input there').to.equal(true);
    });

    it('takes its disabled property set before it is connected, as a framework creating it does', async () => {
      const form = await fixture<HTMLFormElement>(html`<form><fieldset></fieldset></form>`);
      const fieldset = form.querySelector('fieldset')!;
      const el = document.createElement(tag) as E;
      el.disabled = true;
      fieldset.append(el);
      await expectDisabled(el, true, 'created disabled');
      el.disabled = false;
      await expectDisabled(el, false, 'then enabled');
      // Disabled again and the fieldset toggled before the first render of a fresh one.
      const other = document.createElement(tag) as E;
      fieldset.disabled = true;
      fieldset.append(other);
      other.disabled = true;
      other.disabled = false;
      fieldset.disabled = false;
      await expectDisabled(other, false, 'fieldset toggled before the first render');
    });

    it('follows the form it is moved into: disabled in a disabled fieldset, enabled out of it', async () => {
      const page = await fixture<HTMLDivElement>(
        html`<div><form id="a"><fieldset disabled>${contract().template}</fieldset></form><form id="b"><fieldset></fieldset></form></div>`,
      );
      const el = page.querySelector(tag) as E;
      const [from, to] = [...page.querySelectorAll('fieldset')] as [HTMLFieldSetElement, HTMLFieldSetElement];
      await expectDisabled(el, true, 'in the disabled fieldset');
      to.append(el);
      await expectDisabled(el, false, 'moved to an enabled form');
      expect(el.form?.id).to.equal('b');
      from.append(el);
      await expectDisabled(el, true, 'moved back');
      el.disabled = true;
      to.append(el);
      await expectDisabled(el, true, 'own state moves with it');
      el.disabled = false;
      await expectDisabled(el, false, 'and off again');
    });

    it('matches :state(invalid) at once and :state(user-invalid) only after a submit attempt', async () => {
      const { form, el } = await inForm();
      expect(el.matches(':state(invalid)')).to.equal(true);
      expect(el.matches(':state(user-invalid)')).to.equal(false);
      const submits = vi.fn((event: Event) => event.preventDefault());
      form.addEventListener('submit', submits);
      form.requestSubmit();
      await el.updateComplete;
      expect(submits.mock.calls.length).to.equal(0);
      expect(el.matches(':state(user-invalid)')).to.equal(true);
      await contract().fill(el);
      await el.updateComplete;
      expect(el.matches(':state(invalid)')).to.equal(false);
      expect(el.matches(':state(user-invalid)')).to.equal(false);
    });

    it('submits its host form on Enter in a text field, once, as a native input does', async () => {
      const { form, el } = await inForm();
      const submits = vi.fn((event: Event) => event.preventDefault());
      form.addEventListener('submit', submits);
      await contract().fill(el);
      await el.updateComplete;
      const field = contract().submitField;
      inner(el, field ?? contract().controls[0]!).focus();
      await userEvent.keyboard('{Enter}');
      expect(submits.mock.calls.length).to.equal(field ? 1 : 0);
      // Shift+Enter is not a submission.
      await userEvent.keyboard('{Shift>}{Enter}{/Shift}');
      expect(submits.mock.calls.length).to.equal(field ? 1 : 0);
    });
  });
}
