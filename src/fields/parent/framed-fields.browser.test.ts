import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../define.ts';
import { futureExpiry } from '../../../test/support/elements.ts';
import { fieldsFrame, readCard } from '../../elements/card-form/card-access.ts';
import type { CardChangeDetail, GatewayCardForm } from '../../elements/card-form/card-form.ts';
import type { FieldsState } from '../shared/messages.ts';
import { fieldsTarget } from './address.ts';
import { frameLoaded } from './framed-fields.ts';
import { FieldsFrame } from './parent-bridge.ts';

// The card form used alone with `fields-origin`: its fields in a frame of the fields page. Here the
// page comes from the test server itself (same origin, so the test can type into it); the
// end-to-end tests frame it from a second origin.
const FIELDS_PAGE = new URL('/src/fields/frame/index.html', location.href).href;

/** A card form in isolated mode inside a host form, once its frame has answered. */
async function framedForm() {
  const form = await fixture<HTMLFormElement>(
    html`<form><fieldset><gateway-card-form name="card" fields-origin=${FIELDS_PAGE}></gateway-card-form></fieldset><button>Pay</button></form>`,
  );
  const el = form.querySelector('gateway-card-form') as GatewayCardForm;
  const frame = () => el.shadowRoot!.querySelector('iframe')!;
  const fieldsForm = () =>
    frame().contentDocument?.querySelector('gateway-card-form') as GatewayCardForm | null | undefined;
  await waitUntil(() => fieldsForm()?.shadowRoot?.getElementById('number'), 'the fields rendered', {
    timeout: 15_000,
  });
  const input = (id: string) => fieldsForm()!.shadowRoot!.getElementById(id) as HTMLInputElement;
  const type = async (id: string, text: string) => {
    input(id).focus();
    await userEvent.keyboard(text);
  };
  return { form, el, frame, input, type };
}

describe('gateway-card-form with fields-origin', () => {
  it('shows a titled frame of the fields page instead of inputs of its own', async () => {
    const { el, frame, input } = await framedForm();
    expect(el.shadowRoot!.querySelectorAll('input')).to.have.length(0);
    expect(frame().title).to.equal('Card details');
    expect(new URL(frame().src).pathname).to.equal('/src/fields/frame/index.html');
    expect(input('number').getAttribute('autocomplete')).to.equal('cc-number');
    // The frame is as tall as the fields it shows.
    await waitUntil(() => frame().getBoundingClientRect().height > 150, 'the frame took its height');
    await expect(el).to.be.accessible();
  });

  it('keeps the host form invalid until the card in the frame is, and fires gateway-card-change on typing', async () => {
    const { form, el, type } = await framedForm();
    const changes: CardChangeDetail[] = [];
    el.addEventListener('gateway-card-change', (e) => changes.push(e.detail));
    expect(form.checkValidity()).to.equal(false);
    await type('number', '4111111111111111');
    await type('expiry', futureExpiry().replace('/', ''));
    await type('csc', '123');
    await type('name', 'Ann Lee');
    await waitUntil(() => changes.at(-1)?.valid, 'the last change says valid');
    expect(changes.at(-1)).to.deep.equal({ brand: 'visa', complete: true, empty: false, valid: true });
    expect(form.checkValidity()).to.equal(true);
    // Nothing of the card is in this document: no reader; the frame pays, from its own origin.
    expect(readCard(el)).to.equal(null);
    expect(fieldsFrame(el)).to.not.equal(null);
    expect(JSON.stringify(changes)).not.to.contain('4111');
  });

  it('Enter in a field of the frame submits the host form, as Enter in a native field would', async () => {
    const { form, type } = await framedForm();
    // As with any field: an invalid form stops a submit unless it opts out of validation.
    form.noValidate = true;
    let submitted = 0;
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      submitted++;
    });
    await type('number', '4');
    await userEvent.keyboard('{Enter}');
    await waitUntil(() => submitted === 1, 'the host form was submitted');
  });

  it('passes disabled and clear() to the fields, and reportValidity() shows the frame’s messages', async () => {
    const { el, input, type } = await framedForm();
    await type('number', '4111111111111111');
    el.disabled = true;
    await waitUntil(() => input('number').disabled, 'the frame’s inputs are disabled');
    el.disabled = false;
    await waitUntil(() => !input('number').disabled, 'and enabled again');
    el.clear();
    await waitUntil(() => input('number').value === '', 'clear() emptied the frame');
    expect(el.reportValidity()).to.equal(false);
    const error = () => input('number').getAttribute('aria-invalid');
    await waitUntil(() => error() === 'true', 'the frame shows the number’s error');
  });

  it('disables the frame’s inputs exactly while its own state or its fieldset is, in any order', async () => {
    const { form, el, input } = await framedForm();
    const fieldset = form.querySelector('fieldset')!;
    const ids = ['number', 'expiry', 'csc', 'name'];
    const disabled = () => ids.map((id) => input(id).disabled);
    /** Waits for the frame to follow; a state that must hold is checked again once messages had time to land. */
    const expectFrame = async (on: boolean, step: string) => {
      await el.updateComplete;
      await waitUntil(() => disabled().every((d) => d === on), step, { timeout: 5_000 });
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(disabled(), step).to.deep.equal(ids.map(() => on));
    };
    el.disabled = true;
    await expectFrame(true, 'own');
    fieldset.disabled = true;
    await expectFrame(true, 'own + fieldset');
    el.disabled = false;
    await expectFrame(true, 'fieldset only');
    fieldset.disabled = false;
    await expectFrame(false, 'neither');
    fieldset.disabled = true;
    await expectFrame(true, 'fieldset');
    el.disabled = true;
    fieldset.disabled = false;
    await expectFrame(true, 'own only');
    el.disabled = false;
    await expectFrame(false, 'neither again');
  });

  it('hears what the frame said before its bridge arrived: the hello, and that it loaded', async () => {
    // The script-tag bundle renders the frame at once and loads the bridge beside it: the fields
    // may say hello first. The card form keeps that hello for the bridge, which answers it then.
    const target = fieldsTarget(FIELDS_PAGE, undefined)!;
    const iframe = document.createElement('iframe');
    const early = { hello: null as MessageEvent | null, loaded: false };
    const keep = (event: MessageEvent) => {
      if (event.source === iframe.contentWindow) early.hello = event;
    };
    addEventListener('message', keep);
    iframe.addEventListener('load', () => (early.loaded = true));
    iframe.src = target.src;
    document.body.append(iframe);
    try {
      await waitUntil(() => early.hello && early.loaded, 'the fields said hello with no bridge listening', {
        timeout: 15_000,
      });
      removeEventListener('message', keep);
      const states: FieldsState[] = [];
      const frame = new FieldsFrame(target, {
        resize: () => {},
        state: (state) => states.push(state),
        press: () => {},
        refused: () => {},
        unavailable: () => {},
      });
      frame.attach(iframe, early);
      frame.configure({
        language: 'en',
        dir: 'ltr',
        scheme: null,
        tokens: {},
        lineHeight: 'normal',
        acceptedBrands: [],
        requireName: true,
        autoAdvance: true,
        disabled: false,
      });
      await waitUntil(() => states.length > 0, 'the fields connected and rendered for this bridge');
      expect(states[0]).to.include({ empty: true, valid: false });
      frame.detach();
    } finally {
      removeEventListener('message', keep);
      iframe.remove();
    }
  });
});

describe('frameLoaded (a server-rendered checkout waits for its fields frame to load before taking over)', () => {
  const page = (query: string) => new URL(`/src/fields/frame/pay.html?${query}`, location.href).href;
  const frame = (src: string) => {
    const iframe = document.createElement('iframe');
    iframe.src = src;
    document.body.append(iframe);
    return iframe;
  };
  const settled = async (promise: Promise<void>, ms: number) =>
    Promise.race([promise.then(() => true), new Promise((go) => setTimeout(() => go(false), ms))]);

  it('settles at once without a frame, and for a frame loaded already', async () => {
    expect(await settled(frameLoaded(null, 5000), 50)).to.equal(true);
    const loaded = frame(page('loaded'));
    await new Promise((go) => loaded.addEventListener('load', go, { once: true }));
    expect(await settled(frameLoaded(loaded, 5000), 50)).to.equal(true);
    loaded.remove();
  });

  it('settles when a frame still loading has loaded', async () => {
    const loading = frame(page('loading'));
    let isLoaded = false;
    loading.addEventListener('load', () => (isLoaded = true), { once: true });
    await frameLoaded(loading, 5000);
    expect(isLoaded).to.equal(true);
    loading.remove();
  });

  it('settles after the limit when the frame never loads', async () => {
    // Never in a document: it never loads.
    const never = document.createElement('iframe');
    never.src = page('never');
    const started = performance.now();
    await frameLoaded(never, 200);
    expect(performance.now() - started).to.be.within(190, 1000);
  });
});
