import { expect, html, waitUntil } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import { describe, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import {
  alertText,
  checkoutTestBed,
  clickPay,
  fillCard,
  mount,
  payButton,
  SESSION,
  settled,
  statusText,
  within,
} from '../../../test/support/checkout.ts';
import { GATEWAY } from '../../../test/support/fake-merchant.ts';
import type { GatewayCheckout } from './checkout.ts';

// 3-D Secure: the bank's challenge in its dialog, and a challenge the customer left unfinished.

describe('gateway-checkout', () => {
  const bed = checkoutTestBed();

  describe('3-D Secure', () => {
    async function challenged(): Promise<{
      el: GatewayCheckout;
      dialog: HTMLDialogElement;
      frame: HTMLIFrameElement;
    }> {
      bed.fake.payments = ['3ds'];
      const el = await mount();
      await fillCard(el);
      await clickPay(el);
      await waitUntil(() => el.shadowRoot!.querySelector('dialog')?.open, 'no challenge dialog');
      await el.updateComplete;
      const dialog = within(el)
        .getByRole('dialog', { name: 'Confirm the payment with your bank', exact: true })
        .element() as HTMLDialogElement;
      expect(dialog.matches(':modal')).to.equal(true);
      const frame = dialog.querySelector('iframe')!;
      expect(frame.getAttribute('src')).to.equal('about:blank');
      expect(frame.title).to.equal('Confirm the payment with your bank');
      expect(statusText(el)).to.equal('Waiting for your bank to confirm the payment…');
      return { el, dialog, frame };
    }

    it('opens a modal dialog with the bank page; Escape closes it and says authentication was cancelled', async () => {
      const { el, dialog } = await challenged();
      await expect(el).to.be.accessible();
      await userEvent.keyboard('{Escape}');
      await settled(el, 'after Escape');
      expect(dialog.open).to.equal(false);
      expect(el.shadowRoot!.querySelector('iframe')).to.equal(null);
      expect(alertText(el)).to.equal(
        'You closed your bank’s check before it finished, so the payment is not complete. Nothing has been charged.',
      );
      expect(bed.events.of<{ type: string }>('gateway-error').map((e) => e.type)).to.deep.equal([
        'cancelled',
      ]);
      expect(bed.events.of('gateway-success').length).to.equal(0);
    });

    it('closes by itself on the status once the bank has answered: no message is needed, and one from a page not the gateway’s is ignored', async () => {
      const { el, dialog, frame } = await challenged();
      // A bank's page sends nothing; one that claims the check is over from an origin that is not
      // the challenge address's (about:blank here) is not believed.
      const script = frame.contentDocument!.createElement('script');
      script.textContent = `parent.postMessage({ type: 'gateway-3ds-complete' }, '*');`;
      frame.contentDocument!.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(dialog.open).to.equal(true);
      // The bank approved (it told the gateway): the merchant server now reads the order as paid.
      bed.fake.orders.get('ord_1')!.status = 'paid';
      await waitUntil(() => !dialog.open, 'the dialog stayed open', { timeout: 8000 });
      await settled(el, 'after the challenge');
      expect(statusText(el)).to.contain('Payment successful');
      expect(bed.events.of('gateway-success')).to.deep.equal([
        { orderId: 'ord_1', status: 'paid', amount: 32.25, currency: 'EUR' },
      ]);
      expect(bed.fake.paymentPosts().length).to.equal(1);
    });

    it('closes as soon as the frame lands on an address of the merchant’s, hiding it at once', async () => {
      const { el, dialog, frame } = await challenged();
      const statusReads = bed.fake.statusGets().length;
      // The gateway sends the browser to the order's success_redirect, on the shop's origin; the
      // status still says pending, so only the return can close the dialog.
      frame.src = `${location.origin}/?returned-from-the-bank`;
      await waitUntil(() => !dialog.open, 'the dialog stayed open', { timeout: 3000 });
      expect(frame.style.visibility).to.equal('hidden');
      expect(statusText(el)).to.equal('Confirming the payment…');
      bed.fake.orders.get('ord_1')!.status = 'paid';
      await settled(el, 'after the return');
      expect(bed.fake.statusGets().length).to.be.greaterThan(statusReads);
      expect(statusText(el)).to.contain('Payment successful');
    });

    it('the frame has the size of an EMV challenge window', async () => {
      const { el, frame } = await challenged();
      const { width, height } = frame.getBoundingClientRect();
      const windows = [
        [500, 600],
        [600, 400],
      ].map(String);
      // The whole screen on a small viewport, else one of the windows.
      if (innerWidth > 640 && innerHeight > 512) expect(windows).to.include(String([width, height]));
      else expect(width).to.equal(innerWidth);
      await userEvent.keyboard('{Escape}');
      await settled(el, 'after Escape');
    });

    it('ignores a completion message from anything but its frame', async () => {
      const { el, dialog } = await challenged();
      window.postMessage({ type: 'gateway-3ds-complete' }, '*');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(dialog.open).to.equal(true);
      await userEvent.keyboard('{Escape}');
      await settled(el, 'after Escape');
    });

    for (const threeDs of ['modal', 'redirect'] as const) {
      it(`never opens a javascript: address from the gateway as the bank's page (${threeDs})`, async () => {
        const ran = window as { challengeScriptRan?: boolean };
        delete ran.challengeScriptRan;
        bed.fake.payments = ['3ds'];
        bed.fake.threeDsUrl = 'javascript:window.challengeScriptRan=true';
        const el = await mount(
          html`<gateway-checkout session-url="/checkout/session" three-ds=${threeDs}></gateway-checkout>`,
        );
        await fillCard(el);
        await clickPay(el);
        await settled(el, 'after the refused challenge');
        expect(el.shadowRoot!.querySelector('iframe')).to.equal(null);
        expect(ran.challengeScriptRan).to.equal(undefined);
        expect(alertText(el)).to.equal(
          'The payment did not go through. No money was taken; you can try again.',
        );
        expect(bed.events.of<{ type: string }>('gateway-error').map((e) => e.type)).to.deep.equal(['server']);
        // The customer may pay again: a new order, as no bank check ever took place for the first.
        expect(payButton(el).disabled).to.equal(false);
      });
    }
  });

  describe('3-D Secure left unfinished', () => {
    async function leftChallenge(template: TemplateResult = SESSION): Promise<GatewayCheckout> {
      bed.fake.payments = ['3ds'];
      const el = await mount(template);
      await fillCard(el);
      await clickPay(el);
      await waitUntil(() => el.shadowRoot!.querySelector('dialog')?.open, 'no challenge dialog');
      const dialog = el.shadowRoot!.querySelector('dialog')!;
      // One way out of our own: its Cancel (the bank's page may have its own, inside the frame).
      const ours = [...dialog.querySelectorAll('button')].filter((b) => /Cancel/.test(b.textContent ?? ''));
      expect(ours).to.have.length(1);
      await userEvent.click(ours[0]!);
      await settled(el, 'after Cancel');
      return el;
    }
    const reopen = (el: GatewayCheckout) =>
      within(el).getByRole('button', { name: 'Reopen the bank’s check', exact: true });

    it('says the payment is not complete and offers to reopen the check; approving then pays the same order', async () => {
      const el = await leftChallenge();
      expect(alertText(el)).to.contain('the payment is not complete');
      expect(bed.fake.orders.get('ord_1')!.status).to.equal('in_progress');
      await userEvent.click(reopen(el));
      await waitUntil(() => el.shadowRoot!.querySelector('dialog')?.open, 'the challenge did not reopen');
      bed.fake.orders.get('ord_1')!.status = 'paid';
      await settled(el, 'after the bank approved');
      expect(statusText(el)).to.contain('Payment successful');
      expect(bed.fake.paymentPosts()).to.have.length(1);
      expect(bed.events.of('gateway-success')).to.deep.equal([
        { orderId: 'ord_1', status: 'paid', amount: 32.25, currency: 'EUR' },
      ]);
    });

    it('for an order created beforehand is no dead end: reopen is the way on, and a finished order is said', async () => {
      bed.fake.orders.set('ord_pre', { status: 'issued', reason: null });
      const el = await leftChallenge(
        html`<gateway-checkout api-do-url="${GATEWAY}/do/ord_pre" status-url="/checkout/status?order=ord_pre&token=t"></gateway-checkout>`,
      );
      expect(alertText(el)).to.contain('the payment is not complete');
      expect(payButton(el).hidden).to.equal(true);
      // Meanwhile the bank failed it (the customer finished in another window): reopening says so.
      bed.fake.orders.get('ord_pre')!.status = 'rejected';
      bed.fake.orders.get('ord_pre')!.reason = '3-D Secure authentication failed';
      await userEvent.click(reopen(el));
      await settled(el, 'after reopening a finished order');
      expect(alertText(el)).to.equal('Your bank could not confirm the payment. No money was taken.');
      expect(bed.fake.paymentPosts()).to.have.length(1);
    });
  });
});
