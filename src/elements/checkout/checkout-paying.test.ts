import { expect, html, waitUntil } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { cardSecrets, secretsIn } from '../../../test/support/card-secrets.ts';
import {
  alertText,
  CSC,
  cardForm,
  checkoutTestBed,
  clickPay,
  fillCard,
  focused,
  mount,
  NAME,
  payButton,
  settled,
  statusText,
  VISA,
  within,
} from '../../../test/support/checkout.ts';
import {
  errorText,
  futureExpiry,
  inner,
  typeInto,
  withPageLanguage,
} from '../../../test/support/elements.ts';
import { DEFAULT_CONFIG, GATEWAY } from '../../../test/support/fake-merchant.ts';
import { texts as de } from '../i18n/languages/de.ts';

// Pay pressed: what is sent where, once, and what the customer sees while and after it is sent.

describe('gateway-checkout', () => {
  const bed = checkoutTestBed();

  describe('paying', () => {
    it('with an invalid form shows the messages, focuses the first invalid field and sends nothing', async () => {
      bed.fake.config = { ...DEFAULT_CONFIG, collect_email: true };
      const el = await mount();
      const before = bed.fake.sent.length;
      await clickPay(el);
      await el.updateComplete;
      expect(focused()).to.equal(inner(el, 'email'));
      expect(errorText(cardForm(el), 'number')).to.equal('Enter a valid card number.');
      expect(errorText(cardForm(el), 'expiry')).to.equal('Enter a valid expiry date (MM/YY).');
      // With the e-mail address in, the first invalid field is the card's expiry date.
      await typeInto(el, 'email', 'ann@example.com');
      await typeInto(cardForm(el), 'number', VISA);
      await clickPay(el);
      await el.updateComplete;
      expect(focused()).to.equal(inner(cardForm(el), 'expiry'));
      // Enter in a field submits too, and is held back the same way.
      await userEvent.keyboard('{Enter}');
      await el.updateComplete;
      expect(bed.fake.sent.length).to.equal(before);
      expect(bed.events.of('gateway-success').length + bed.events.of('gateway-error').length).to.equal(0);
    });

    it('succeeds once, and the card goes to api_do_url only', async () => {
      bed.fake.config = { ...DEFAULT_CONFIG, collect_email: true };
      const el = await mount();
      await typeInto(el, 'email', 'ann@example.com');
      await fillCard(el);
      await clickPay(el);
      await settled(el, 'after paying');

      expect(bed.events.of('gateway-success')).to.deep.equal([
        { orderId: 'ord_1', status: 'paid', amount: 32.25, currency: 'EUR' },
      ]);
      expect(statusText(el)).to.contain('Payment successful');
      expect(alertText(el)).to.equal('');

      // The card went to the order's api_do_url, without the merchant's cookies.
      const payments = bed.fake.paymentPosts();
      expect(payments.length).to.equal(1);
      expect(payments[0]!.url).to.equal(`${GATEWAY}/do/ord_1`);
      expect(payments[0]!.credentials).to.equal('omit');
      const [month, year] = futureExpiry().split('/').map(Number);
      expect(JSON.parse(payments[0]!.body)).to.deep.equal({
        card_number: VISA,
        exp_month: month,
        exp_year: year,
        csc: CSC,
        cardholder_name: NAME,
      });

      // And nowhere else: not the session POST, not any other request, event, attribute.
      // As tokens of their own: the session body's idempotency key is random and may hold "907".
      const secrets = cardSecrets({ number: VISA, csc: CSC });
      const leaks = (where: string, text: string) =>
        expect(secretsIn(text, secrets), `${where}: ${text}`).to.deep.equal([]);
      const session = bed.fake.sessionPosts();
      expect(session.length).to.equal(1);
      const sessionBody = JSON.parse(session[0]!.body) as Record<string, unknown>;
      expect(sessionBody.email).to.equal('ann@example.com');
      expect(sessionBody.idempotency_key).to.match(/^[A-Za-z0-9_-]{16,128}$/);
      for (const request of bed.fake.sent.filter((r) => !r.url.startsWith(GATEWAY))) {
        leaks(`${request.method} ${request.url}`, `${request.url} ${request.body}`);
      }
      expect(bed.fake.statusGets().length).to.be.greaterThan(0);
      for (const request of bed.fake.statusGets()) leaks('status URL', request.url);

      const types = new Set(bed.events.details.map((d) => d.type));
      for (const type of ['gateway-ready', 'gateway-change', 'gateway-success']) {
        expect(types.has(type), type).to.equal(true);
      }
      for (const { type, detail } of bed.events.details) leaks(`event ${type}`, detail);
      expect(bed.events.of('gateway-change').at(-1)).to.deep.equal({
        brand: 'visa',
        complete: true,
        empty: false,
        valid: true,
      });

      const nodes = [el, ...el.shadowRoot!.querySelectorAll('*')];
      for (const node of [...nodes]) {
        if (node.shadowRoot) nodes.push(...node.shadowRoot.querySelectorAll('*'));
      }
      for (const node of nodes) {
        for (const attr of node.attributes) leaks(`${node.localName}[${attr.name}]`, attr.value);
      }
    });

    it('pays once after a double click and Enter', async () => {
      const el = await mount();
      await fillCard(el);
      const release = bed.fake.holdPayments();
      await userEvent.dblClick(payButton(el));
      inner(cardForm(el), 'name').focus();
      await userEvent.keyboard('{Enter}');
      await waitUntil(() => bed.fake.paymentPosts().length > 0, 'no payment POST');
      await userEvent.keyboard('{Enter}');
      // A script submitting the form meanwhile joins the payment under way too.
      el.shadowRoot!.querySelector('form')!.requestSubmit();
      release();
      await settled(el, 'after the double click');
      expect(bed.fake.sessionPosts().length).to.equal(1);
      expect(bed.fake.paymentPosts().length).to.equal(1);
      expect(bed.events.of('gateway-success').length).to.equal(1);
    });

    it('does not pay a paid order again when Pay is pressed after the success', async () => {
      const el = await mount();
      await fillCard(el);
      await clickPay(el);
      await settled(el, 'after paying');
      expect(statusText(el)).to.contain('Payment successful');
      expect(payButton(el).disabled).to.equal(true);
      inner(cardForm(el), 'name').focus();
      await userEvent.keyboard('{Enter}');
      el.shadowRoot!.querySelector('form')!.requestSubmit();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(bed.fake.paymentPosts().length).to.equal(1);
      expect(bed.events.of('gateway-success').length).to.equal(1);
      expect(statusText(el)).to.contain('Payment successful');
    });

    it('shows a decline in plain words, keeps the card but its code, and pays again on a new order', async () => {
      bed.fake.payments = ['declined', 'paid'];
      const el = await mount();
      await fillCard(el);
      await clickPay(el);
      await settled(el, 'after the decline');

      expect(bed.events.of('gateway-decline')).to.deep.equal([
        { orderId: 'ord_1', reason: 'Decline, not sufficient funds', amount: 32.25, currency: 'EUR' },
      ]);
      expect(alertText(el)).to.contain('insufficient funds');
      expect(statusText(el)).to.not.contain('successful');
      expect(inner(cardForm(el), 'number').value).to.equal('4111 1111 1111 1111');
      expect(inner(cardForm(el), 'name').value).to.equal(NAME);
      expect(inner(cardForm(el), 'csc').value).to.equal('');
      await expect(el).to.be.accessible();

      await typeInto(cardForm(el), 'csc', '123');
      await clickPay(el);
      await settled(el, 'after paying again');
      expect(bed.events.of('gateway-success')).to.deep.equal([
        { orderId: 'ord_2', status: 'paid', amount: 32.25, currency: 'EUR' },
      ]);
      const keys = bed.fake
        .sessionPosts()
        .map((r) => (JSON.parse(r.body) as { idempotency_key: string }).idempotency_key);
      expect(keys.length).to.equal(2);
      expect(keys[0]).to.not.equal(keys[1]);
      expect(bed.fake.paymentPosts().map((r) => r.url)).to.deep.equal([
        `${GATEWAY}/do/ord_1`,
        `${GATEWAY}/do/ord_2`,
      ]);
      expect(alertText(el)).to.equal('');
    });

    it('after a lost answer on an unpaid order says so, and pays the same order again', async () => {
      bed.fake.payments = ['lost', 'paid'];
      const el = await mount();
      await fillCard(el);
      await clickPay(el);
      await settled(el, 'after the lost answer');

      expect(alertText(el)).to.equal(
        'The payment did not go through. No money was taken; you can try again.',
      );
      const errors = bed.events.of<{ type: string; message: string }>('gateway-error');
      expect(errors.map((e) => e.type)).to.deep.equal(['network']);
      expect(bed.events.of('gateway-success').length).to.equal(0);
      expect(within(el).getByRole('button', { name: 'Pay €32.25', exact: true }).query()).to.exist;
      // The card is kept for the retry, except its security code, which is asked for again.
      expect(inner(cardForm(el), 'number').value).to.equal('4111 1111 1111 1111');
      expect(inner(cardForm(el), 'csc').value).to.equal('');

      await typeInto(cardForm(el), 'csc', CSC);
      await clickPay(el);
      await settled(el, 'after paying again');
      expect(bed.events.of('gateway-success')).to.deep.equal([
        { orderId: 'ord_1', status: 'paid', amount: 32.25, currency: 'EUR' },
      ]);
      expect(bed.fake.sessionPosts().length).to.equal(1);
      expect(bed.fake.paymentPosts().map((r) => r.url)).to.deep.equal([
        `${GATEWAY}/do/ord_1`,
        `${GATEWAY}/do/ord_1`,
      ]);
      expect(statusText(el)).to.contain('Payment successful');
    });

    it('after a lost answer on a paid order shows the success and pays nothing more', async () => {
      bed.fake.payments = ['lost-paid'];
      const el = await mount();
      await fillCard(el);
      await clickPay(el);
      await settled(el, 'after the lost answer');
      expect(statusText(el)).to.contain('Payment successful');
      expect(bed.events.of('gateway-success')).to.deep.equal([
        { orderId: 'ord_1', status: 'paid', amount: 32.25, currency: 'EUR' },
      ]);
      expect(bed.events.of('gateway-error').length).to.equal(0);
      expect(bed.fake.paymentPosts().length).to.equal(1);
    });
  });

  describe('an order created beforehand', () => {
    it('pays api-do-url as its attributes say: custom AVS, merchant-side saving, MOTO', async () => {
      bed.fake.orders.set('ord_pre', { status: 'issued', reason: null });
      const el = await mount(
        html`<gateway-checkout
          moto
          avs="custom"
          save-method="merchant"
          api-do-url="${GATEWAY}/do/ord_pre"
          status-url="/checkout/status?order=ord_pre&token=t"
        ></gateway-checkout>`,
      );
      expect(payButton(el).textContent?.trim()).to.equal('Pay €32.25');
      await fillCard(el);
      const address = el.shadowRoot!.querySelector('gateway-billing-address')!;
      await typeInto(address, 'address', '1 Main Street');
      await typeInto(address, 'zip_code', '10115');
      await clickPay(el);
      await settled(el, 'after paying the order created beforehand');
      expect(statusText(el)).to.contain('Payment successful');
      expect(bed.fake.sessionPosts()).to.have.length(0);
      const body = JSON.parse(bed.fake.paymentPosts()[0]!.body) as Record<string, unknown>;
      expect(body.avs).to.equal(true);
      expect(body.saved_by_merchant).to.equal(true);
      expect('csc' in body).to.equal(false);
    });
  });

  describe('the merchant server refusing fields', () => {
    it('puts each named field’s message beside the field, in the page’s language, never the server’s words', async () => {
      bed.fake.config = { ...DEFAULT_CONFIG, collect_email: true, avs: 'standard' };
      bed.fake.sessionFields = [
        { path: 'email', message: 'must be an e-mail address', code: 'invalid_format' },
        { path: 'billing_address.zip_code', message: 'must match the country', code: 'invalid' },
      ];
      await withPageLanguage('de', async () => {
        const el = await mount();
        const email = el.shadowRoot!.querySelector<HTMLInputElement>('#email')!;
        // An address this browser-side check accepts; the merchant's rules refuse it all the same.
        await userEvent.type(email, 'anna@example.com');
        await fillCard(el);
        const address = el.shadowRoot!.querySelector('gateway-billing-address')!;
        await typeInto(address, 'address', '1 Main Street');
        await typeInto(address, 'zip_code', '10115');
        await clickPay(el);
        await settled(el, 'after the refusal');
        await el.updateComplete;
        await address.updateComplete;
        expect(alertText(el)).to.equal(
          'Der Shop konnte einige Angaben nicht annehmen. Prüfen Sie die markierten Felder.',
        );
        expect(alertText(el)).to.not.contain('must');
        // Marked once the part that places the server's word has loaded (only such a refusal needs it).
        await waitUntil(() => focused() === email, 'the e-mail field never took the focus', {
          timeout: 5000,
        });
        expect(email.getAttribute('aria-invalid')).to.equal('true');
        expect(el.shadowRoot!.querySelector('#email-error')!.textContent).to.equal(
          'Geben Sie eine gültige E-Mail-Adresse ein, z. B. name@example.com.',
        );
        expect(focused()).to.equal(email);
        expect(errorText(address, 'zip_code')).to.equal(de.postalInvalid);
        expect(inner(address, 'zip_code').getAttribute('aria-invalid')).to.equal('true');
        // Nothing typed is lost, and nothing reached the gateway.
        expect(inner(cardForm(el), 'number').value).to.equal('4111 1111 1111 1111');
        expect(bed.fake.paymentPosts()).to.have.length(0);
        const error = bed.events.of<{ type: string; fields: Array<{ path: string }> }>('gateway-error')[0]!;
        expect(error.type).to.equal('session');
        expect(error.fields.map((f) => f.path)).to.deep.equal(['email', 'billing_address.zip_code']);
        await expect(el).to.be.accessible();

        // Editing a field takes its server message away; the other stays until edited.
        await userEvent.type(email, '.lv');
        await el.updateComplete;
        expect(email.getAttribute('aria-invalid')).to.equal('false');
        expect(errorText(address, 'zip_code')).to.not.equal('');
        await typeInto(address, 'zip_code', '1');
        await address.updateComplete;
        expect(errorText(address, 'zip_code')).to.equal('');
      });
    });

    it('keeps a field it does not show out of the fields, and words the alert without it', async () => {
      bed.fake.sessionFields = [
        { path: 'amount', message: 'is required for a phone order', code: 'required' },
      ];
      const el = await mount();
      await fillCard(el);
      await clickPay(el);
      await settled(el, 'after the refusal');
      expect(alertText(el)).to.equal('The payment could not be started. Check the details and try again.');
      const error = bed.events.of<{ fields: Array<{ path: string; code: string }> }>('gateway-error')[0]!;
      expect(error.fields).to.deep.equal([
        { path: 'amount', message: 'is required for a phone order', code: 'required' },
      ]);
    });
  });
});
