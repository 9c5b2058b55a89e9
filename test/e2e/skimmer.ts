/**
 * A card skimmer, as a compromised tag manager or chat widget on the merchant's page would run it:
 * capture listeners on window and document, a MutationObserver over the page and every open shadow
 * root, a scan of every field's value, and wrappers around fetch, XMLHttpRequest, postMessage and
 * MessagePort (both what the page sends and what it receives). Everything it sees is kept, as text,
 * in `window.skimmed`. Installed with `page.addInitScript(skimmer, shopOrigin)`: it runs before any
 * of the page's scripts, and only in the shop's own frames (an init script also runs in child
 * frames, where no script of the shop's page could be).
 */
export function skimmer(shopOrigin: string): void {
  if (location.origin !== shopOrigin) return;
  type Any = Record<string, unknown>;
  const seen: Array<{ channel: string; text: string }> = [];
  const known = new Set<string>();
  (window as unknown as { skimmed: typeof seen }).skimmed = seen;
  // The demo page lists the sandbox's test cards in its own text; a test drops that list, then
  // starts over from here, so only what the checkout gives away counts.
  (window as unknown as { skimFromHere: () => void }).skimFromHere = () => {
    seen.length = 0;
    known.clear();
  };
  const note = (channel: string, value: unknown) => {
    let text: string;
    try {
      text = typeof value === 'string' ? value : JSON.stringify(value);
    } catch {
      text = String(value);
    }
    if (!text || known.has(`${channel}\u0000${text}`)) return;
    known.add(`${channel}\u0000${text}`);
    seen.push({ channel, text });
  };

  // Every keystroke, paste and change the page can hear, with the value of the field it came from.
  for (const target of [window, document]) {
    for (const type of [
      'keydown',
      'keypress',
      'keyup',
      'beforeinput',
      'input',
      'change',
      'paste',
      'focusin',
    ]) {
      target.addEventListener(
        type,
        (event) => {
          const field = event.composedPath()[0] as Partial<HTMLInputElement> | undefined;
          const e = event as Partial<KeyboardEvent & InputEvent & ClipboardEvent>;
          note('keyboard', {
            type,
            key: e.key,
            data: e.data,
            value: typeof field?.value === 'string' ? field.value : undefined,
            clipboard: e.clipboardData?.getData('text'),
          });
        },
        true,
      );
    }
  }

  // The page's tree, every open shadow root in it, and whatever frames it can look into.
  const observed = new WeakSet<Node>();
  const shadowRoots = new Set<ShadowRoot>();
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attachShadow.call(this, init);
    shadowRoots.add(root);
    return root;
  };
  const scan = () => {
    const walk = (root: Document | ShadowRoot) => {
      observe(root);
      for (const el of root.querySelectorAll('*')) {
        const value = (el as Partial<HTMLInputElement>).value;
        if (typeof value === 'string' && value) note('dom-value', value);
        for (const attribute of el.getAttributeNames()) note('dom-attribute', el.getAttribute(attribute));
        if (el.shadowRoot) walk(el.shadowRoot);
        if (el instanceof HTMLIFrameElement) {
          // Another origin's document is null here: the skimmer notes that it tried.
          const inner = el.contentDocument;
          if (inner) walk(inner);
          else note('frame-refused', el.src);
        }
      }
    };
    walk(document);
    for (const root of shadowRoots) walk(root);
  };
  const mutations = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData') note('dom-text', (r.target as CharacterData).data);
      else if (r.type === 'attributes')
        note('dom-attribute', (r.target as Element).getAttribute(r.attributeName!));
      else for (const node of r.addedNodes) note('dom-text', node.textContent);
    }
    scan();
  });
  const observe = (root: Node) => {
    if (observed.has(root)) return;
    observed.add(root);
    mutations.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  };
  observe(document);
  setInterval(scan, 25);

  // Everything the page sends or receives.
  const fetch = window.fetch;
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    note('network', { url: String(input instanceof Request ? input.url : input), body: init?.body });
    return fetch.call(this, input, init);
  };
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (
    this: XMLHttpRequest,
    body?: Document | XMLHttpRequestBodyInit | null,
  ) {
    note('network', { xhr: true, body });
    return send.call(this, body);
  };
  const postMessage = window.postMessage;
  window.postMessage = function (this: Window, ...args: unknown[]) {
    note('message-out', args[0]);
    return (postMessage as (...a: unknown[]) => void).apply(this, args);
  } as typeof window.postMessage;
  const framePost = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow')!;
  Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
    ...framePost,
    get(this: HTMLIFrameElement) {
      const win = framePost.get!.call(this) as Window | null;
      if (win) {
        try {
          const original = win.postMessage;
          (win as unknown as Any).postMessage = (...args: unknown[]) => {
            note('message-out', args[0]);
            return (original as (...a: unknown[]) => void).apply(win, args);
          };
        } catch {
          // a cross-origin window's postMessage cannot be replaced: it is still read above and below
        }
      }
      return win;
    },
  });
  window.addEventListener('message', (event) => note('message-in', event.data), true);
  const portPost = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
    note('message-out', args[0]);
    return (portPost as (...a: unknown[]) => void).apply(this, args);
  } as typeof MessagePort.prototype.postMessage;
  const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!;
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    ...onmessage,
    set(this: MessagePort, handler: ((event: MessageEvent) => void) | null) {
      onmessage.set!.call(
        this,
        handler &&
          ((event: MessageEvent) => {
            note('message-in', event.data);
            handler.call(this, event);
          }),
      );
    },
  });
  const addListener = MessagePort.prototype.addEventListener;
  MessagePort.prototype.addEventListener = function (
    this: MessagePort,
    type: string,
    listener: unknown,
    options?: unknown,
  ) {
    if (type === 'message' && typeof listener === 'function') {
      const inner = listener as (event: MessageEvent) => void;
      return addListener.call(
        this,
        type,
        (event: Event) => {
          note('message-in', (event as MessageEvent).data);
          inner.call(this, event as MessageEvent);
        },
        options as AddEventListenerOptions,
      );
    }
    return addListener.call(this, type, listener as EventListener, options as AddEventListenerOptions);
  } as typeof MessagePort.prototype.addEventListener;
}

export interface Skimmed {
  channel: string;
  text: string;
}

/** Drops the page's list of test card numbers and forgets what was seen so far. */
export async function skimFromHere(page: import('@playwright/test').Page): Promise<void> {
  await page.evaluate(() => {
    document.querySelector('.cards')?.remove();
    (window as unknown as { skimFromHere: () => void }).skimFromHere();
  });
}

/** What the skimmer saw so far. */
export const skimmedOf = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { skimmed: Skimmed[] }).skimmed);

/**
 * Whatever in `seen` gives away the card: its number (in any grouping), or, where a person's typing
 * or a field's value shows, any digit at all (the page's own fields hold no digits in these tests),
 * or a key named like card data in anything sent or received.
 */
export function leaks(seen: readonly Skimmed[], card: { number: string; csc: string }): Skimmed[] {
  const digits = (text: string) => text.replace(/\D/g, '');
  const groups = card.number.match(/.{1,4}/g)!.join(' ');
  return seen.filter(({ channel, text }) => {
    if (text.includes(card.number) || text.includes(groups)) return true;
    if ((channel === 'keyboard' || channel === 'dom-value') && /\d/.test(text)) return true;
    // A run of digits that holds the whole number, however it was split up.
    if (digits(text).includes(card.number)) return true;
    return (
      /"(card_number|csc|cvv|cvc|pan|exp_month|exp_year)"\s*:/.test(text) || text.includes(`"${card.csc}"`)
    );
  });
}
