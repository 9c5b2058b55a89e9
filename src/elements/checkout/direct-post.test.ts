import { expect, waitUntil } from '@open-wc/testing';
import { afterEach, describe, it } from 'vitest';
import type { CheckoutSession, CheckoutStatus } from '../../protocol/session.ts';
import { directPostFrom } from './direct-post.ts';

// The checkout's Direct Post frame, followed from its loads: the in-page form sent into it, or the
// isolated fields' relay page it opens on. Pages of another origin are `data:` pages here (their
// address cannot be read, as the gateway's and the bank's); the shop's return route is any page of
// this origin.

const RETURN = new URL('/__direct_post_return__', location.href).href;
const OTHER = 'data:text/html,<p>the gateway or the bank';
const session = {
  order_id: 'o-1',
  api_do_url: 'https://gateway.example/pay/1/',
  status_url: '/status',
  direct_post: 'https://gateway.example/direct/1/',
  transport: 'direct-post',
} as CheckoutSession;
const body = { card_number: '4111111111111111', exp_month: 5, exp_year: 34, csc: '737' };
const pending = { status: 'in_progress', outcome: 'pending' } as CheckoutStatus;

let root: HTMLElement;
afterEach(() => root?.remove());

function checkout(): { dialog: HTMLDialogElement; frame: () => HTMLIFrameElement | null } {
  root = document.createElement('div');
  root.innerHTML = `<dialog part="challenge" aria-label="Confirm the payment with your bank"><div class="challenge-head"><button>Cancel</button></div></dialog>`;
  document.body.append(root);
  return {
    dialog: root.querySelector('dialog')!,
    frame: () => root.querySelector('iframe'),
  };
}

describe('the Direct Post frame', () => {
  it('for the isolated fields: opens on their relay page, names the frame to them once it loaded, shows the bank, and ends back on the shop', async () => {
    const { dialog, frame } = checkout();
    const named: string[] = [];
    const phases: string[] = [];
    const result = directPostFrom(root)(
      session,
      {
        src: OTHER,
        submit: async (name) => {
          named.push(name);
          // The fields' relay sends the form: the gateway's page, then the bank's, replaces it.
          queueMicrotask(() => {
            frame()!.src = `${OTHER}?bank`;
          });
          return true;
        },
      },
      10_000,
      async () => pending,
      (phase) => phases.push(phase),
    );
    await waitUntil(() => named.length === 1, 'the frame was named to the fields');
    expect(named[0]).to.equal(frame()!.name);
    expect(named[0]).to.match(/^gateway-direct-post-[0-9a-f-]{36}$/);
    // Not once for the relay page's own load: the bank's page shows in the dialog.
    await waitUntil(() => dialog.open, 'the bank shows');
    expect(phases).to.deep.equal(['challenge']);
    frame()!.src = RETURN;
    expect(await result).to.deep.equal({ ok: true, response: { status: 'returned' } });
    expect(dialog.open).to.equal(false);
    expect(frame()).to.equal(null);
  });

  it('for the isolated fields: a form they did not send closes the frame and shows nothing', async () => {
    const { dialog, frame } = checkout();
    const result = await directPostFrom(root)(
      session,
      { src: OTHER, submit: async () => false },
      10_000,
      async () => pending,
    );
    expect(result).to.deep.equal({ ok: false, error: 'network' });
    expect(dialog.open).to.equal(false);
    expect(frame()).to.equal(null);
  });

  it('in the page: posts the card form into the frame, once, and keeps nothing of it', async () => {
    const { frame } = checkout();
    const sent: Array<{ action: string; target: string; fields: [string, string][] }> = [];
    const submit = HTMLFormElement.prototype.submit;
    HTMLFormElement.prototype.submit = function (this: HTMLFormElement) {
      sent.push({
        action: this.action,
        target: this.target,
        fields: [...new FormData(this)].map(([k, v]) => [k, String(v)] as [string, string]),
      });
    };
    let result: Promise<unknown>;
    try {
      result = directPostFrom(root)(session, body, 10_000, async () => pending);
    } finally {
      HTMLFormElement.prototype.submit = submit;
    }
    expect(sent).to.deep.equal([
      {
        action: session.direct_post,
        target: frame()!.name,
        fields: [
          ['number', '4111111111111111'],
          ['exp_month', '05'],
          ['exp_year', '34'],
          ['csc', '737'],
        ],
      },
    ]);
    expect(root.querySelector('form')).to.equal(null);
    frame()!.src = RETURN;
    expect(await result).to.deep.equal({ ok: true, response: { status: 'returned' } });
  });
});
