import { relayChannel } from './relay.ts';

// The relay page's script, apart from the definitions both sides import: only the server (which
// writes it into the page) and the tests need it.

/**
 * The relay page's script, run as it is in the page (serialised: it may use nothing outside it;
 * the server names it by its hash). `prefix` is `relayChannel('')`.
 */
function relay(prefix: string): void {
  const name = window.name;
  if (!name) return;
  const me = crypto.randomUUID();
  const channel = new BroadcastChannel(prefix + name);
  channel.onmessage = (event) => {
    const data = event.data as { ask?: unknown; to?: unknown; action?: unknown; fields?: unknown } | null;
    if (!data || typeof data !== 'object') return;
    if (data.ask === true) channel.postMessage({ here: me });
    if (data.to !== me || typeof data.action !== 'string' || !Array.isArray(data.fields)) return;
    // Once: the channel closes with the first form.
    channel.postMessage({ took: me });
    channel.close();
    const form = document.createElement('form');
    form.method = 'post';
    form.action = data.action;
    form.acceptCharset = 'utf-8';
    for (const [key, value] of data.fields as [string, string][]) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = String(key);
      input.value = String(value);
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  };
}

export const RELAY_SCRIPT = `(${relay})(${JSON.stringify(relayChannel(''))});`;
