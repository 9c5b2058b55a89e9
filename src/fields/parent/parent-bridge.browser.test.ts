import { waitUntil } from '@open-wc/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { hello } from '../shared/handshake.ts';
import type { PayOutcome } from '../shared/messages.ts';
import { FieldsFrame } from './parent-bridge.ts';

// The parent's end of the fields' channel against a stand-in fields page (same origin, so the test
// can speak for it): what the bridge does with the frame's messages, in the orders they can come.

interface StandIn {
  frame: HTMLIFrameElement;
  /** What the bridge sent the fields over the port. */
  got: () => Array<{ type: string; id?: number }>;
  /** Sends a message as the fields. */
  say: (message: unknown) => void;
}

async function standIn(bridge: FieldsFrame, channel: string): Promise<StandIn> {
  const frame = document.createElement('iframe');
  // The fields' side of the handshake: hello when told, then the port it is given.
  frame.srcdoc = `<script>
    window.got = [];
    addEventListener('message', (e) => {
      if (e.data && e.data.sayHello) return parent.postMessage(e.data.sayHello, '*');
      if (e.ports[0]) { window.port = e.ports[0]; window.port.onmessage = (m) => window.got.push(m.data); }
    });
  </script>`;
  document.body.append(frame);
  await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  bridge.attach(frame, { hello: null, loaded: true });
  const inner = frame.contentWindow as unknown as Window & { port?: MessagePort; got: unknown[] };
  inner.postMessage({ sayHello: hello(channel, crypto.randomUUID()) }, '*');
  await waitUntil(() => inner.port, 'the bridge connected');
  return {
    frame,
    got: () => inner.got as Array<{ type: string; id?: number }>,
    say: (message) => inner.port!.postMessage(message),
  };
}

const events = () => {
  const heard = { presses: 0, refused: [] as string[] };
  return {
    heard,
    events: {
      resize: () => {},
      state: () => {},
      press: () => heard.presses++,
      refused: (m: string) => heard.refused.push(m),
      unavailable: () => {},
    },
  };
};

const ORDER = {
  order_id: 'ord_1',
  status_url: 'https://shop.example/checkout/status/ord_1',
  amount: 100,
  currency: 'EUR',
};
const REFUSED: PayOutcome = { ok: false, error: 'refused' };

describe('the parent’s end of the fields’ channel', () => {
  afterEach(() => {
    for (const frame of document.querySelectorAll('iframe')) frame.remove();
  });

  it('answers a press with the page’s data and hears its order and outcome', async () => {
    const channel = crypto.randomUUID();
    const { heard, events: on } = events();
    const bridge = new FieldsFrame({ origin: location.origin, src: '', buttonSrc: '', channel }, on);
    const fields = await standIn(bridge, channel);
    fields.say({ type: 'press', id: 7 });
    await waitUntil(() => heard.presses === 1, 'the press was heard');
    const orders: unknown[] = [];
    const outcome = bridge.answer({ email: 'a@example.com' }, (order) => orders.push(order))!;
    await waitUntil(() => fields.got().some((m) => m.type === 'session-data'), 'the data went');
    expect(fields.got().find((m) => m.type === 'session-data')).toMatchObject({ id: 7 });
    fields.say({ type: 'order', id: 7, order: ORDER });
    fields.say({
      type: 'paid',
      id: 7,
      outcome: { ok: true, response: { status: 'paid', threed_check_url: null } },
    });
    expect(await outcome).toMatchObject({ ok: true });
    expect(orders).toEqual([ORDER]);
  });

  it('takes the outcome of a press another holder of the port answered first, however late the page answers, and sends nothing more', async () => {
    const channel = crypto.randomUUID();
    const { heard, events: on } = events();
    const bridge = new FieldsFrame({ origin: location.origin, src: '', buttonSrc: '', channel }, on);
    const fields = await standIn(bridge, channel);
    fields.say({ type: 'press', id: 3 });
    await waitUntil(() => heard.presses === 1, 'the press was heard');
    // The fields acted on someone else's answer and are done with the press before the page (its
    // bot check still running) answers: the page must not wait for ever.
    fields.say({ type: 'paid', id: 3, outcome: REFUSED });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outcome = await Promise.race([
      bridge.answer({ email: 'a@example.com' }, () => {}),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1000)),
    ]);
    expect(outcome).toEqual(REFUSED);
    expect(fields.got().filter((m) => m.type === 'session-data')).toEqual([]);
  });

  it('follows the order of such a press while it is paid, and waits for its outcome', async () => {
    const channel = crypto.randomUUID();
    const { heard, events: on } = events();
    const bridge = new FieldsFrame({ origin: location.origin, src: '', buttonSrc: '', channel }, on);
    const fields = await standIn(bridge, channel);
    fields.say({ type: 'press', id: 4 });
    await waitUntil(() => heard.presses === 1, 'the press was heard');
    fields.say({ type: 'order', id: 4, order: ORDER });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const orders: unknown[] = [];
    const outcome = bridge.answer({ email: 'a@example.com' }, (order) => orders.push(order))!;
    expect(orders).toEqual([ORDER]);
    fields.say({ type: 'paid', id: 4, outcome: REFUSED });
    expect(await outcome).toEqual(REFUSED);
    expect(fields.got().filter((m) => m.type === 'session-data')).toEqual([]);
  });

  it('forgets what came for a press once a new press comes', async () => {
    const channel = crypto.randomUUID();
    const { heard, events: on } = events();
    const bridge = new FieldsFrame({ origin: location.origin, src: '', buttonSrc: '', channel }, on);
    const fields = await standIn(bridge, channel);
    fields.say({ type: 'press', id: 5 });
    fields.say({ type: 'paid', id: 5, outcome: REFUSED });
    fields.say({ type: 'press', id: 6 });
    await waitUntil(() => heard.presses === 2, 'both presses were heard');
    void bridge.answer({ email: 'a@example.com' }, () => {});
    await waitUntil(() => fields.got().some((m) => m.type === 'session-data'), 'the data went');
    expect(fields.got().find((m) => m.type === 'session-data')).toMatchObject({ id: 6 });
  });

  describe('an order the fields pay by Direct Post', () => {
    const PAGE = 'https://fields.example/checkout/?lang=de#parent=x';
    const POSTED: PayOutcome = { ok: true, response: { status: 'posted', threed_check_url: null } };

    /** A bridge whose press 3 was answered, with a follower that records what it was asked. */
    async function paying(channel = crypto.randomUUID()) {
      const { heard, events: on } = events();
      const bridge = new FieldsFrame({ origin: location.origin, src: PAGE, buttonSrc: '', channel }, on);
      const fields = await standIn(bridge, channel);
      fields.say({ type: 'press', id: 3 });
      await waitUntil(() => heard.presses === 1, 'the press was heard');
      const asked: Array<{ src: string; sent: Promise<boolean> }> = [];
      const followed = { ok: true, response: { status: 'returned' } } as const;
      const outcome = bridge.answer(
        {},
        () => {},
        async (form) => {
          asked.push({ src: form.src, sent: form.submit('gateway-direct-post-test-frame') });
          await asked.at(-1)!.sent;
          return followed;
        },
      )!;
      return { fields, asked, outcome, followed };
    }

    it('opens the frame on the relay page beside the fields page once they ask, names it to them, and answers what the frame came back with', async () => {
      const { fields, asked, outcome, followed } = await paying();
      // Asked before the order: not followed, nothing named.
      fields.say({ type: 'direct-post', id: 3 });
      fields.say({ type: 'order', id: 3, order: ORDER });
      fields.say({ type: 'direct-post', id: 3 });
      fields.say({ type: 'direct-post', id: 3 });
      await waitUntil(() => asked.length === 1, 'the frame was opened');
      await waitUntil(() => fields.got().some((m) => m.type === 'relay'), 'the frame was named');
      expect(asked[0]!.src).toBe('https://fields.example/checkout/relay.html');
      expect(fields.got().filter((m) => m.type === 'relay')).toEqual([
        { type: 'relay', id: 3, name: 'gateway-direct-post-test-frame' },
      ]);
      fields.say({ type: 'paid', id: 3, outcome: POSTED });
      expect(await asked[0]!.sent).toBe(true);
      expect(await outcome).toEqual(followed);
    });

    it('closes the frame when the fields did not send the form, and answers their word', async () => {
      const { fields, asked, outcome } = await paying();
      fields.say({ type: 'order', id: 3, order: ORDER });
      fields.say({ type: 'direct-post', id: 3 });
      await waitUntil(() => asked.length === 1, 'the frame was opened');
      fields.say({ type: 'paid', id: 3, outcome: REFUSED });
      expect(await asked[0]!.sent).toBe(false);
      expect(await outcome).toEqual(REFUSED);
    });
  });
});
