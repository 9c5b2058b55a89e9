import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../define.ts';
import {
  cardForm,
  checkoutTestBed,
  fillCard,
  focused,
  loaded,
  mount,
  payButton,
  pressPay,
  settled,
  VISA,
} from '../../../test/support/checkout.ts';
import { futureExpiry, inner, typeInto } from '../../../test/support/elements.ts';
import type { GatewayCardForm } from '../card-form/card-form.ts';

// What a screen-reader user meets: every message said in a live region that was there before it
// (a region that appears with its text is often not read), said once; the elements' own language
// marked on their content; required fields saying so; focus that moves only where it may.

/** Every shadow root under a node (the checkout's, its card form's, ...). */
function shadowRoots(node: Element): ShadowRoot[] {
  const roots: ShadowRoot[] = [];
  const walk = (root: ShadowRoot) => {
    roots.push(root);
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
  };
  if (node.shadowRoot) walk(node.shadowRoot);
  return roots;
}

const LIVE = '[role="status"], [role="alert"], [aria-live]';

/** The live region a node is in, if any (the region's live setting must not be "off"). */
function regionOf(node: Node): Element | null {
  const el = node instanceof Element ? node : node.parentElement;
  const region = el?.closest(LIVE) ?? null;
  return region && region.getAttribute('aria-live') !== 'off' ? region : null;
}

/**
 * Records each text that a live region of the element came to say: which region, and whether that
 * region was already in the accessibility tree (present, not display:none) when the recording began.
 */
function recordAnnouncements(el: Element) {
  const before = new Set(shadowRoots(el).flatMap((root) => [...root.querySelectorAll(LIVE)]));
  for (const region of before)
    expect(getComputedStyle(region).display, 'a live region out of the tree').to.not.equal('none');
  const said: Array<{ text: string; early: boolean }> = [];
  const observers: MutationObserver[] = [];
  const watch = () => {
    for (const root of shadowRoots(el)) {
      if (observers.some((o) => (o as unknown as { root: ShadowRoot }).root === root)) continue;
      const observer = new MutationObserver((records) => {
        const regions = new Set(records.map((r) => regionOf(r.target)).filter((r) => r !== null));
        for (const region of regions) {
          const text = region.textContent?.trim() ?? '';
          if (text && said.at(-1)?.text !== text) said.push({ text, early: before.has(region) });
        }
        watch();
      });
      Object.assign(observer, { root });
      observer.observe(root, { subtree: true, childList: true, characterData: true });
      observers.push(observer);
    }
  };
  watch();
  return {
    said,
    stop: () => {
      for (const observer of observers) observer.disconnect();
    },
  };
}

describe('gateway-checkout for a screen-reader and keyboard user', () => {
  const bed = checkoutTestBed();

  it('says each step of a payment in a live region present since first paint, and the success once', async () => {
    const el = await mount();
    const log = recordAnnouncements(el);
    // A Pay with nothing typed: the count of fields to look at.
    await pressPay(el);
    await waitUntil(() => log.said.some((s) => /fields need your attention/.test(s.text)), 'no count said');
    await fillCard(el);
    await pressPay(el);
    await settled(el, 'after Pay');
    await waitUntil(() => focused()?.getAttribute('part') === 'result', 'the result panel has no focus');
    log.stop();
    const texts = log.said.map((s) => s.text);
    expect(texts).to.include('Processing the payment…');
    for (const s of log.said) expect(s.early, `"${s.text}" in a region that appeared with it`).to.equal(true);
    // The panel takes the focus and says the success; the status region does not say it again.
    expect(texts.filter((t) => /Payment successful/.test(t))).to.deep.equal([]);
    const panel = el.shadowRoot!.querySelector('[part="result"]')!;
    expect(panel.textContent).to.contain('Payment successful');
  });

  it('says a decline in the alert region present since first paint, the gateway’s own words marked English', async () => {
    bed.fake.payments = ['declined'];
    bed.fake.declineReason = 'Decline, pick up card';
    const el = await mount(
      html`<gateway-checkout session-url="/checkout/session" language="de"></gateway-checkout>`,
    );
    const log = recordAnnouncements(el);
    await fillCard(el);
    await pressPay(el);
    await settled(el, 'after Pay');
    log.stop();
    const alert = el.shadowRoot!.querySelector('[role="alert"]')!;
    expect(alert.textContent).to.equal('Zahlung abgelehnt: Decline, pick up card');
    const english = alert.querySelector('span[lang="en"]')!;
    expect(english.textContent).to.equal('Decline, pick up card');
    expect(english.matches(':lang(en)')).to.equal(true);
    expect(alert.matches(':lang(de)')).to.equal(true);
    expect(log.said.map((s) => s.text)).to.include('Zahlung abgelehnt: Decline, pick up card');
    for (const s of log.said) expect(s.early, `"${s.text}" in a region that appeared with it`).to.equal(true);
  });

  it('marks its content with the language it is in: a German checkout on an English page', async () => {
    const wrap = await fixture<HTMLElement>(
      html`<div lang="en"><gateway-checkout session-url="/checkout/session" language="de"></gateway-checkout></div>`,
    );
    const el = wrap.querySelector('gateway-checkout')!;
    await loaded(el);
    const form = el.shadowRoot!.querySelector('form')!;
    expect(form.getAttribute('lang')).to.equal('de');
    const number = inner(cardForm(el), 'number');
    expect(number.matches(':lang(de)'), 'the card number is read in German').to.equal(true);
    expect(el.matches(':lang(en)'), 'the page around it stays English').to.equal(true);
    expect(number.labels?.[0]?.textContent).to.equal('Kartennummer');
    // A language we have no texts for is shown, and marked, in English.
    el.language = 'ja';
    await el.updateComplete;
    expect(form.getAttribute('lang')).to.equal('en');
    expect(number.matches(':lang(en)')).to.equal(true);
  });

  it('lays Arabic out right to left, the card digits left to right', async () => {
    const wrap = await fixture<HTMLElement>(
      html`<div lang="en"><gateway-checkout session-url="/checkout/session" language="ar"></gateway-checkout></div>`,
    );
    const el = wrap.querySelector('gateway-checkout')!;
    await loaded(el);
    const form = el.shadowRoot!.querySelector('form')!;
    expect([form.getAttribute('lang'), getComputedStyle(form).direction]).to.deep.equal(['ar', 'rtl']);
    const card = cardForm(el);
    expect(inner(card, 'number').labels?.[0]?.textContent).to.equal('رقم البطاقة');
    for (const id of ['number', 'expiry', 'csc'])
      expect(getComputedStyle(inner(card, id)).direction, id).to.equal('ltr');
    // The name runs as it is written.
    await typeInto(card, 'name', 'سارة أحمد');
    expect(getComputedStyle(inner(card, 'name')).direction).to.equal('rtl');
    await expect(el).to.be.accessible();
  });

  it('says which fields are required', async () => {
    const el = await mount();
    for (const id of ['number', 'expiry', 'csc', 'name']) {
      const input = inner(cardForm(el), id);
      // The native required state: what the accessibility tree reports as required.
      expect(input.matches(':required'), id).to.equal(true);
    }
  });
});

describe('gateway-card-form moving focus on', () => {
  const bed = checkoutTestBed();
  async function typeWhole(el: GatewayCardForm): Promise<void> {
    await typeInto(el, 'number', VISA);
    await new Promise((go) => requestAnimationFrame(() => requestAnimationFrame(go)));
  }

  it('moves on from a complete number, and said so once as the number was first reached', async () => {
    const el = await fixture<GatewayCardForm>(html`<gateway-card-form></gateway-card-form>`);
    const region = el.shadowRoot!.querySelector('[role="status"]')!;
    expect(region.textContent).to.equal('');
    inner(el, 'number').focus();
    await el.updateComplete;
    expect(region.textContent).to.equal('Focus moves on when a field is complete.');
    await typeWhole(el);
    expect(focused()).to.equal(inner(el, 'expiry'));
    // The brand took the region's place; the note never comes back.
    expect(region.textContent).to.equal('Visa card');
    await userEvent.click(inner(el, 'number'));
    await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
    await el.updateComplete;
    expect(region.textContent).to.equal('');
  });

  it('keeps focus where the customer put it with auto-advance="off", and says nothing of it', async () => {
    const el = await fixture<GatewayCardForm>(
      html`<gateway-card-form auto-advance="off"></gateway-card-form>`,
    );
    inner(el, 'number').focus();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.equal('');
    await typeWhole(el);
    await typeInto(el, 'expiry', futureExpiry().replace('/', ''));
    await new Promise((go) => requestAnimationFrame(() => requestAnimationFrame(go)));
    expect(focused()).to.equal(inner(el, 'expiry'));
  });

  it('takes auto-advance="off" from the checkout, and from the merchant server’s configuration', async () => {
    const off = await mount(
      html`<gateway-checkout session-url="/checkout/session" auto-advance="off"></gateway-checkout>`,
    );
    expect(cardForm(off).autoAdvance).to.equal('off');
    off.remove();
    bed.fake.config = { ...bed.fake.config, auto_advance: false };
    const el = await mount();
    const card = cardForm(el);
    expect(card.autoAdvance).to.equal('off');
    inner(card, 'number').focus();
    await typeWhole(card);
    expect(focused()).to.equal(inner(card, 'number'));
    expect(payButton(el).disabled).to.equal(false);
  });
});
