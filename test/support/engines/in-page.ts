// Functions that run inside the page under test, sent there by a driver (puppeteer's evaluate,
// WebDriver's execute). Each is self-contained: it is serialised with Function.prototype.toString,
// so it may use nothing from this module's scope.

/** A role and accessible name as the page's scripts receive them: a RegExp travels as its parts. */
export interface Query {
  role: string;
  name: { exact: string } | { source: string; flags: string };
}

/**
 * Every rendered element with this ARIA role and accessible name in the document, looking through
 * open shadow roots (the elements' inputs live in theirs). The name follows the accessible-name
 * rules the checkout relies on: aria-labelledby, aria-label, the input's <label>, the contents of a
 * button, link or heading, then title and placeholder.
 */
export function locateAll(query: Query): Element[] {
  const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const textOf = (el: Element): string => {
    if (el instanceof HTMLElement && el.hidden) return '';
    if (el.getAttribute('aria-hidden') === 'true') return '';
    let text = '';
    for (const node of el.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) text += node.textContent;
      else if (node instanceof Element && !['STYLE', 'SCRIPT', 'TEMPLATE'].includes(node.tagName))
        text += ` ${node.getAttribute('aria-label') ?? textOf(node)} `;
    }
    return text;
  };
  const roleOf = (el: Element): string => {
    const explicit = el.getAttribute('role')?.split(' ')[0];
    if (explicit) return explicit;
    const tag = el.localName;
    if (tag === 'button' || tag === 'summary') return 'button';
    if (tag === 'a' && el.hasAttribute('href')) return 'link';
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'select') return (el as HTMLSelectElement).multiple ? 'listbox' : 'combobox';
    if (tag === 'dialog') return 'dialog';
    if (tag === 'table') return 'table';
    if (tag === 'tr') return 'row';
    if (tag === 'input') {
      const type = (el as HTMLInputElement).type;
      if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
      if (type === 'checkbox' || type === 'radio') return type;
      if (['text', 'email', 'tel', 'url', 'search', 'password'].includes(type))
        return el.hasAttribute('list') ? 'combobox' : 'textbox';
    }
    return '';
  };
  const nameOf = (el: Element): string => {
    const root = el.getRootNode() as Document | ShadowRoot;
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) {
      const parts = labelledBy.split(/\s+/).map((id) => root.getElementById(id));
      const named = squash(parts.map((part) => (part ? textOf(part) : '')).join(' '));
      if (named) return named;
    }
    const label = squash(el.getAttribute('aria-label'));
    if (label) return label;
    const labels = (el as HTMLInputElement).labels;
    if (labels?.length) return squash([...labels].map(textOf).join(' '));
    if (['button', 'link', 'heading', 'row', 'checkbox', 'radio'].includes(roleOf(el))) {
      const value = el instanceof HTMLInputElement && el.type !== 'checkbox' ? el.value : '';
      const content = squash(value || textOf(el));
      if (content) return content;
    }
    return squash(el.getAttribute('title') ?? el.getAttribute('placeholder'));
  };
  const matches =
    'exact' in query.name
      ? (
          (exact: string) => (name: string) =>
            name === exact
        )(query.name.exact)
      : (
          (pattern: RegExp) => (name: string) =>
            pattern.test(name)
        )(new RegExp(query.name.source, query.name.flags));
  const found: Element[] = [];
  const visit = (root: Document | ShadowRoot) => {
    for (const el of root.querySelectorAll('*')) {
      if (roleOf(el) === query.role && el.checkVisibility() && matches(nameOf(el))) found.push(el);
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  visit(document);
  return found;
}

/** The first iframe titled `title`, looking through open shadow roots (the checkout frames its fields). */
export function locateFrame(title: string): HTMLIFrameElement | null {
  const visit = (root: Document | ShadowRoot): HTMLIFrameElement | null => {
    for (const el of root.querySelectorAll('*')) {
      if (el instanceof HTMLIFrameElement && el.title === title) return el;
      const inner = el.shadowRoot ? visit(el.shadowRoot) : null;
      if (inner) return inner;
    }
    return null;
  };
  return visit(document);
}

/**
 * Whether some rendered element's text matches, looking through open shadow roots: what a person
 * reads on the page (status lines, alerts, the frame's messages).
 */
export function hasText(text: { exact: string } | { source: string; flags: string }): boolean {
  const matches =
    'exact' in text
      ? (
          (part: string) => (content: string) =>
            content.includes(part)
        )(text.exact)
      : (
          (pattern: RegExp) => (content: string) =>
            pattern.test(content)
        )(new RegExp(text.source, text.flags));
  const visit = (root: Document | ShadowRoot): boolean => {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot && visit(el.shadowRoot)) return true;
      if (['STYLE', 'SCRIPT', 'TEMPLATE', 'HEAD', 'TITLE'].includes(el.tagName)) continue;
      const own = [...el.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join('');
      if (!own.trim()) continue;
      const content = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (matches(content) && el.checkVisibility()) return true;
    }
    return false;
  };
  return visit(document);
}

/** The element that has the focus, looking into open shadow roots. */
export function deepActiveElement(): Element | null {
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}

/**
 * What a page keeps for a test when the driver has no console and no init script (classic
 * WebDriver): its uncaught errors and unhandled rejections, and the checkout's events (which carry
 * no card data, so a page may keep them). Installed once per document.
 */
export function installTrap(): void {
  const w = window as unknown as {
    engineTrap?: { errors: string[]; events: Array<{ type: string; detail: unknown }> };
  };
  if (w.engineTrap) return;
  const trap: { errors: string[]; events: Array<{ type: string; detail: unknown }> } = {
    errors: [],
    events: [],
  };
  w.engineTrap = trap;
  addEventListener('error', (event) => trap.errors.push(String(event.message || event.error)));
  addEventListener('unhandledrejection', (event) => trap.errors.push(String(event.reason)));
  for (const type of [
    'gateway-ready',
    'gateway-change',
    'gateway-success',
    'gateway-decline',
    'gateway-error',
  ])
    document.addEventListener(type, (event) =>
      trap.events.push({ type, detail: JSON.parse(JSON.stringify((event as CustomEvent).detail ?? null)) }),
    );
}

export function readTrap(): { errors: string[]; events: Array<{ type: string; detail: unknown }> } {
  const w = window as unknown as {
    engineTrap?: { errors: string[]; events: Array<{ type: string; detail: unknown }> };
  };
  return w.engineTrap ?? { errors: [], events: [] };
}

/** Resolves once the element's box stayed put from one painted frame to the next (or after 1 s). */
export function settled(el: Element): Promise<void> {
  return new Promise((resolve) => {
    const until = Date.now() + 1000;
    let last = '';
    const check = () => {
      const rect = el.getBoundingClientRect();
      const now = `${rect.x},${rect.y},${rect.width},${rect.height}`;
      if (now === last || Date.now() > until) resolve();
      else {
        last = now;
        requestAnimationFrame(check);
      }
    };
    requestAnimationFrame(check);
  });
}
