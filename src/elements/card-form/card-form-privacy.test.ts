import { expect, fixture, html } from '@open-wc/testing';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../define.ts';
import { cardSecrets, secretsIn } from '../../../test/support/card-secrets.ts';
import {
  errorText,
  fillCardForm,
  futureExpiry,
  inner,
  mountCardForm,
  typeInto,
} from '../../../test/support/elements.ts';
import { clearSecurityCode, readCard } from './card-access.ts';

const VISA = '4111111111111111';

// Card data stays in the form: read only through card access, never in events, attributes or storage.

describe('gateway-card-form', () => {
  describe('card access', () => {
    it('reads the card only when complete and valid', async () => {
      const el = await mountCardForm();
      expect(readCard(el)).to.equal(null);
      await fillCardForm(el);
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
      const el = await mountCardForm(html`<gateway-card-form moto></gateway-card-form>`);
      await fillCardForm(el);
      expect(readCard(el)?.csc).to.equal(undefined);
      expect(readCard(el)?.number).to.equal(VISA);
    });

    it('clears only the security code after a decline', async () => {
      const el = await mountCardForm();
      await fillCardForm(el);
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
