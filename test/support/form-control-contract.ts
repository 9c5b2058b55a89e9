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
