/**
 * The `direct-post` transport of the checkout's in-page card form and of the isolated fields,
 * loaded on demand when a session asks for it (and, after a failed payment POST, to tell a gateway
 * that refuses browsers from a failing network). The card goes in the body of one HTML form POST
 * to the order's `direct_post`, into a frame of the checkout's own inside its 3-D Secure dialog
 * (sent from the page, or from the isolated fields' frame into their relay page in it): the gateway answers with
 * redirects, to the bank's check (then the dialog shows the frame) and back to the merchant's
 * return route, the order's `success_redirect` / `failure_redirect`. The form exists for the
 * instant of its submission; nothing of the card stays in the page.
 *
 * What the frame shows is read from its loads: a page of this origin is the return route (the flow
 * came back); a page of another origin is the gateway's or the bank's, and the status tells which:
 * `in_progress` is the bank waiting for the customer, `issued` a form the gateway refused (nothing
 * charged), anything else a result the gateway showed instead of redirecting.
 */
import { formFields } from '../../card/direct-form.ts';
import type { DirectPoster, DirectTransport, PayerResult } from '../../flow/post-payment.ts';
import type { CheckoutStatus } from '../../protocol/session.ts';
import { postForm } from '../shared/form-post.ts';

/**
 * How the card form gets into the frame: `submit` sends it into the frame named `name` once the
 * frame has its first page (`src`; none: the frame's own empty page, and `submit` runs at once).
 * False: nothing was sent.
 */
interface Sender {
  readonly src?: string;
  submit(name: string, frame: HTMLIFrameElement): boolean | Promise<boolean>;
}

/**
 * Opens the frame in the checkout's dialog, has the form sent into it and follows it until the
 * gateway sends it back: what the in-page form and the isolated fields share.
 */
function follow(
  root: ParentNode,
  sender: Sender,
  timeoutMs: number,
  readStatus: () => Promise<CheckoutStatus | null>,
  onPhase?: (phase: 'challenge') => void,
): Promise<PayerResult> {
  return new Promise<PayerResult>((resolve) => {
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
    // The frame's first page comes from elsewhere (the fields' relay): it is the one load not to read.
    let sending = Boolean(sender.src);
    if (sender.src) frame.src = sender.src;
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
    const send = async () => {
      if (!(await sender.submit(name, frame))) finish({ ok: false, error: 'network' });
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
        // Another origin: the gateway's, the bank's, or the first page the sender asked for.
      }
      if (href === 'about:blank' || done) return;
      if (sending) {
        sending = false;
        return send();
      }
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
    if (!sender.src) void send();
  });
}

/**
 * Sends the card form from `root` (the checkout's shadow root), or has the isolated fields send
 * theirs into the frame opened on their relay page (the card never passes through this page), and
 * follows the frame.
 */
export const directPostFrom =
  (root: ParentNode): DirectPoster =>
  (session, form, timeoutMs, readStatus, onPhase) =>
    follow(
      root,
      'src' in form
        ? form
        : {
            submit: (name, frame) => {
              postForm((f) => frame.after(f), session.direct_post!, name, formFields(form));
              return true;
            },
          },
      timeoutMs,
      readStatus,
      onPhase,
    );

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
