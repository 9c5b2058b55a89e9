/**
 * The `direct-post` transport of the checkout's in-page card form, loaded on demand when a session
 * asks for it (and, after a failed payment POST, to tell a gateway that refuses browsers from a
 * failing network). The card goes in the body of one HTML form POST to the order's `direct_post`,
 * into a frame of the checkout's own inside its 3-D Secure dialog: the gateway answers with
 * redirects, to the bank's check (then the dialog shows the frame) and back to the merchant's
 * return route, the order's `success_redirect` / `failure_redirect`. The form exists for the
 * instant of its submission; nothing of the card stays in the page.
 *
 * What the frame shows is read from its loads: a page of this origin is the return route (the flow
 * came back); a page of another origin is the gateway's or the bank's, and the status tells which:
 * `in_progress` is the bank waiting for the customer, `issued` a form the gateway refused (nothing
 * charged), anything else a result the gateway showed instead of redirecting.
 */
import type { DirectPoster, DirectTransport, PayerResult } from '../../flow/post-payment.ts';
import type { DirectPaymentBody } from '../../protocol/direct-payment.ts';

/** The form's fields: Direct Post names the card `number` and takes the month as two digits. */
export function formFields(body: DirectPaymentBody): [string, string][] {
  const fields: [string, string][] = [];
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (key === 'card_number') fields.push(['number', String(value)]);
    else if (key === 'exp_month') fields.push([key, String(value).padStart(2, '0')]);
    else fields.push([key, String(value)]);
  }
  return fields;
}

/** Sends the card form from `root` (the checkout's shadow root) and follows its frame. */
export const directPostFrom =
  (root: ParentNode): DirectPoster =>
  (session, body, timeoutMs, readStatus, onPhase) =>
    new Promise<PayerResult>((resolve) => {
      const dialog = root.querySelector<HTMLDialogElement>('dialog[part="challenge"]');
      const head = dialog?.querySelector('.challenge-head');
      if (!dialog || !head) {
        resolve({ ok: false, error: 'server', message: 'the checkout has no dialog for Direct Post' });
        return;
      }
      const name = `gateway-direct-post-${crypto.randomUUID()}`;
      const frame = document.createElement('iframe');
      frame.name = name;
      frame.title = dialog.getAttribute('aria-label') ?? '';
      // Sized as the challenge's own frame: one of EMV 3-D Secure's windows (the checkout's styles).
      frame.setAttribute('part', 'challenge-frame');
      // Outside the dialog's rendered part (after its head), so a render of the checkout leaves it be.
      head.after(frame);
      let shown = false;
      let done = false;
      const cancelButton = head.querySelector('button');
      const finish = (result: PayerResult) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        dialog.removeEventListener('cancel', onCancel);
        cancelButton?.removeEventListener('click', onClose);
        if (shown) dialog.close();
        frame.remove();
        resolve(result);
      };
      // Closed: the status says whether the check ended anyway (then the flow reads the result).
      const onClose = async () => {
        const status = await readStatus();
        finish(
          status && status.outcome !== 'pending'
            ? { ok: true, response: { status: status.status } }
            : { ok: false, error: 'cancelled' },
        );
      };
      const onCancel = (event: Event) => {
        event.preventDefault();
        void onClose();
      };
      // Until the bank's check shows, the gateway's answer is due in the payment's time; then the
      // customer takes theirs.
      const timer = setTimeout(() => finish({ ok: false, error: 'timeout' }), timeoutMs);
      frame.addEventListener('load', async () => {
        let href: string | null = null;
        try {
          href = frame.contentWindow?.location.href ?? null;
        } catch {
          // Another origin: the gateway's or the bank's page.
        }
        if (href === 'about:blank' || done) return;
        if (href) return finish({ ok: true, response: { status: 'returned' } });
        const status = await readStatus();
        if (done) return;
        if (status && status.status !== 'in_progress' && status.outcome !== 'pending')
          return finish({ ok: true, response: { status: status.status } });
        if (status?.status === 'issued') return finish({ ok: false, error: 'rejected' });
        if (shown) return;
        // The bank waits for the customer (or the status cannot be read: show what the gateway shows).
        shown = true;
        clearTimeout(timer);
        onPhase?.('challenge');
        dialog.addEventListener('cancel', onCancel);
        cancelButton?.addEventListener('click', onClose);
        if (!dialog.open) dialog.showModal();
      });

      const form = document.createElement('form');
      form.method = 'post';
      form.action = session.direct_post!;
      form.target = name;
      form.acceptCharset = 'utf-8';
      form.hidden = true;
      for (const [key, value] of formFields(body)) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = key;
        input.value = value;
        form.append(input);
      }
      head.after(form);
      form.submit();
      // The submission has its body already: the card leaves the page with the form.
      form.remove();
    });

/**
 * Whether the gateway at `apiDoUrl` is reachable but answers this browser without CORS (a
 * host-to-host `api_do_url`), after a payment POST failed at the network level. A plain GET with
 * CORS fails, a GET without (`no-cors`, whose answer cannot be read) arrives: the gateway is there
 * and refuses browsers. Both failing is the network. Nothing of the card is sent by either.
 */
export async function browserRefused(apiDoUrl: string): Promise<boolean> {
  const get = (mode: RequestMode) =>
    fetch(apiDoUrl, { mode, credentials: 'omit', cache: 'no-store', referrerPolicy: 'no-referrer' }).then(
      () => true,
      () => false,
    );
  if (await get('cors')) return false;
  if (!(await get('no-cors'))) return false;
  console.error(
    `gateway-checkout: the gateway refused this browser's payment to api_do_url (it answers no CORS request: a host-to-host address). Nothing was sent. Switch the checkout to the Direct Post transport: createCheckoutHandler({ transport: 'direct-post' }).`,
  );
  return true;
}

/** The transport as the payment flow takes it, for the checkout whose shadow root is `root`. */
export const transportIn = (root: ParentNode): DirectTransport => ({
  post: directPostFrom(root),
  refused: browserRefused,
});
