/**
 * A hostile script on the merchant's checkout page, as a compromised tag or widget would run it
 * against the isolated card fields: it never reads a digit, it tries to spend the card. It holds
 * the page's end of every MessageChannel the page opens (the one to the card fields among them),
 * hears what the fields say, and can send anything the page can send, whenever it likes.
 * Installed with `page.addInitScript(hostileParent, shopOrigin)`; it runs in the shop's own
 * frames only. Driver-neutral: the attacks are plain functions on `window.hostile`, so a Firefox or
 * WebKit driver can run the same ones through its own `evaluate`.
 */
export function hostileParent(shopOrigin: string): void {
  if (location.origin !== shopOrigin) return;
  const ports: MessagePort[] = [];
  const heard: unknown[] = [];
  const Channel = window.MessageChannel;
  window.MessageChannel = class extends Channel {
    constructor() {
      super();
      ports.push(this.port1);
      this.port1.addEventListener('message', (event) => heard.push(event.data));
    }
  };
  const hostile = {
    /** Everything the fields said on any channel the page opened. */
    heard,
    /** Sends a message to the card fields as the page would: over the page's own end of the channel. */
    send(message: unknown): number {
      for (const port of ports) port.postMessage(message);
      return ports.length;
    },
    /** The fields' latest press the script heard (the customer pressed Pay), or null. */
    lastPress(): number | null {
      const press = heard.filter((m) => (m as { type?: string } | null)?.type === 'press').at(-1);
      return (press as { id: number } | undefined)?.id ?? null;
    },
    /**
     * On the customer's next press (or the fields' next message of type `on`), answers before the
     * page does, with `message` (its `id` set to the press's): the race a script on the page can
     * always run.
     */
    answerFirst(message: Record<string, unknown>, on = 'press'): void {
      for (const port of ports) {
        port.addEventListener('message', function first(event) {
          const data = event.data as { type?: string; id?: number } | null;
          if (data?.type !== on) return;
          port.removeEventListener('message', first);
          port.postMessage({ ...message, id: data.id });
        });
      }
    },
    /**
     * Puts the visit's cart on another scenario, through the shop's own picker, as any script of
     * the shop's page can (it has the page's cookies): the customer's checkout is paid so from now on.
     */
    async scenario(name: string): Promise<void> {
      const res = await fetch('/scenario', { method: 'POST', body: new URLSearchParams({ scenario: name }) });
      if (!res.ok) throw new Error(`the shop refused scenario ${name}: ${res.status}`);
    },
    /**
     * Frames the fields' own Pay button page (pay.html) with the fields' channel, read from the
     * fields frame's address, at a place of the script's choosing: a second button on the channel.
     */
    framePayOfItsOwn(): void {
      const frame = document
        .querySelector('gateway-checkout')!
        .shadowRoot!.querySelector('gateway-card-form')!
        .shadowRoot!.querySelector('iframe')!;
      const channel = new URLSearchParams(new URL(frame.src).hash.slice(1)).get('channel')!;
      const own = document.createElement('iframe');
      own.id = 'own-pay';
      own.title = 'Own pay';
      own.src = new URL(`pay.html#channel=${channel}`, frame.src).href;
      own.style.cssText = 'position:fixed;top:8px;left:8px;width:260px;height:60px;border:0;z-index:30';
      document.body.append(own);
    },
    /** Makes an order of its own at the shop, through the shop's own session endpoint, as anyone may. */
    async order(
      sessionUrl: string,
      body: Record<string, unknown>,
    ): Promise<{ order_id: string; api_do_url: string }> {
      const key = `hostile-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}`;
      // The shop's bot check costs a bot some hashing, no more: it solves the challenge as the
      // page's own script does.
      const puzzle = (await (await fetch('/bot-check/challenge')).json()) as {
        challenge: string;
        bits: number;
      };
      let nonce = 0;
      for (; ; nonce++) {
        const text = new TextEncoder().encode(`${puzzle.challenge}:${nonce}`);
        const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', text));
        let zero = true;
        for (let i = 0; i < puzzle.bits; i++) if (hash[i >> 3]! & (128 >> (i & 7))) zero = false;
        if (zero) break;
      }
      const answer = await fetch('/bot-check/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ challenge: puzzle.challenge, nonce: String(nonce) }),
      });
      const { token } = (await answer.json()) as { token: string };
      const res = await fetch(sessionUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, idempotency_key: key, verification: token }),
      });
      if (!res.ok)
        throw new Error(`the shop refused the attacker's order: ${res.status} ${await res.text()}`);
      return res.json();
    },
  };
  (window as unknown as { hostile: typeof hostile }).hostile = hostile;
}

/** The shape of `window.hostile` for test code that drives it through `evaluate`. */
export interface Hostile {
  heard: unknown[];
  send(message: unknown): number;
  lastPress(): number | null;
  answerFirst(message: Record<string, unknown>, on?: string): void;
  scenario(name: string): Promise<void>;
  framePayOfItsOwn(): void;
  order(sessionUrl: string, body: Record<string, unknown>): Promise<{ order_id: string; api_do_url: string }>;
}
