import { type BrowserContext, expect, type Page } from '@playwright/test';
import type { Secret } from './card-secrets.ts';

export { cardNumberSecret, type Secret, securityCodeSecret } from './card-secrets.ts';

/**
 * Records everything a page (and every frame in it) lets out or keeps, so a test can say where card
 * data went: every request with its URL, headers and body; every console message and page error;
 * every CustomEvent detail and postMessage payload; every URL the page had (history included); and
 * on each snapshot, localStorage, sessionStorage, cookies, and every attribute of every element in
 * the document and in every shadow root. Install before the first navigation.
 */

export interface RecordedRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: string;
  readonly body: string;
}

interface PageTrace {
  /** CustomEvent details and postMessage data, JSON. */
  readonly events: string[];
  /** Every URL history went through. */
  readonly urls: string[];
}

export interface Snapshot {
  readonly frame: string;
  readonly url: string;
  readonly localStorage: string;
  readonly sessionStorage: string;
  readonly cookie: string;
  readonly attributes: string[];
  readonly trace: PageTrace;
}

/** One place a secret showed up that it must not. */
export interface Leak {
  readonly where: string;
  readonly what: string;
}

export class ContainmentRecorder {
  readonly requests: RecordedRequest[] = [];
  readonly console: string[] = [];
  readonly snapshots: Snapshot[] = [];
  readonly #context: BrowserContext;

  private constructor(context: BrowserContext) {
    this.#context = context;
  }

  static async install(context: BrowserContext): Promise<ContainmentRecorder> {
    const recorder = new ContainmentRecorder(context);
    context.on('request', (request) => {
      recorder.requests.push({
        url: request.url(),
        method: request.method(),
        headers: JSON.stringify(request.headers()),
        body: request.postData() ?? '',
      });
    });
    context.on('page', (page) => recorder.#watch(page));
    for (const page of context.pages()) recorder.#watch(page);
    await context.addInitScript(traceInPage);
    return recorder;
  }

  #watch(page: Page): void {
    page.on('console', (message) => this.console.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => this.console.push(`pageerror: ${error.message}\n${error.stack ?? ''}`));
  }

  /** Takes the state of every frame of every page, and the browser's cookies (HttpOnly ones too). */
  async snapshot(): Promise<void> {
    for (const page of this.#context.pages()) {
      for (const frame of page.frames()) {
        const taken = await frame.evaluate(takeSnapshot).catch(() => null);
        if (taken) this.snapshots.push({ frame: frame.url(), ...taken });
      }
    }
    const cookies = await this.#context.cookies();
    this.snapshots.push({
      frame: 'browser cookie jar',
      url: '',
      localStorage: '',
      sessionStorage: '',
      cookie: JSON.stringify(cookies),
      attributes: [],
      trace: { events: [], urls: [] },
    });
  }

  /**
   * Every place a secret appears, except the bodies of requests `allowed` accepts. Snapshot first:
   * what a page holds now is only seen through a snapshot.
   */
  leaks(secrets: readonly Secret[], allowed: (request: RecordedRequest) => boolean): Leak[] {
    const found: Leak[] = [];
    const look = (where: string, text: string) => {
      for (const secret of secrets) {
        if (secret.pattern.test(text)) found.push({ where, what: secret.name });
      }
    };
    for (const r of this.requests) {
      const where = `${r.method} ${r.url}`;
      look(`${where} (URL)`, r.url);
      look(`${where} (headers)`, r.headers);
      if (!allowed(r)) look(`${where} (body)`, r.body);
    }
    for (const line of this.console) look('console', line);
    for (const s of this.snapshots) {
      look(`${s.frame}: URL`, s.url);
      look(`${s.frame}: localStorage`, s.localStorage);
      look(`${s.frame}: sessionStorage`, s.sessionStorage);
      look(`${s.frame}: cookies`, s.cookie);
      for (const attribute of s.attributes)
        look(`${s.frame}: attribute ${attribute.slice(0, 80)}`, attribute);
      for (const url of s.trace.urls) look(`${s.frame}: history`, url);
      for (const detail of s.trace.events) look(`${s.frame}: event ${detail.slice(0, 80)}`, detail);
    }
    return found;
  }

  /** The requests `allowed` accepts that carried a secret: the card must really have gone there. */
  carried(secret: Secret, allowed: (request: RecordedRequest) => boolean): RecordedRequest[] {
    return this.requests.filter((r) => allowed(r) && secret.pattern.test(r.body));
  }
}

/** The values of every input, textarea and select, in the document and every shadow root, per frame. */
export async function fieldValues(page: Page, detached?: string): Promise<string[]> {
  const values: string[] = [];
  for (const frame of page.frames()) {
    const found = await frame.evaluate(collectValues, detached ?? null).catch(() => [] as string[]);
    values.push(...found);
  }
  return values;
}

/** Asserts that no field, anywhere on the page, holds the secret. */
export async function expectNoFieldHolds(page: Page, secret: Secret, detached?: string): Promise<void> {
  const holding = (await fieldValues(page, detached)).filter((v) => secret.pattern.test(v));
  expect(holding, `a field still holds the ${secret.name}`).toEqual([]);
}

// ---- In the page (serialised by Playwright: no closures over this module). ----

function traceInPage(): void {
  const w = window as unknown as { __containment?: PageTrace };
  if (w.__containment) return;
  const trace: PageTrace = { events: [], urls: [location.href] };
  w.__containment = trace;
  const json = (value: unknown) => {
    try {
      return JSON.stringify(value) ?? String(value);
    } catch {
      return String(value);
    }
  };
  const dispatch = EventTarget.prototype.dispatchEvent;
  EventTarget.prototype.dispatchEvent = function (this: EventTarget, event: Event) {
    if (event instanceof CustomEvent) trace.events.push(`${event.type} ${json(event.detail)}`);
    return dispatch.call(this, event);
  };
  window.addEventListener('message', (event) => trace.events.push(`message ${json(event.data)}`), true);
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      trace.urls.push(String(args[2] ?? ''), json(args[0]));
      return original.apply(this, args);
    };
  }
  window.addEventListener('popstate', () => trace.urls.push(location.href));
  window.addEventListener('hashchange', () => trace.urls.push(location.href));
}

function takeSnapshot() {
  const attributes: string[] = [];
  const walk = (root: Document | ShadowRoot) => {
    for (const el of root.querySelectorAll('*')) {
      for (const attribute of el.attributes)
        attributes.push(`${el.localName}[${attribute.name}]=${attribute.value}`);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  const storage = (s: Storage) => JSON.stringify(Object.entries({ ...s }));
  const trace = (window as unknown as { __containment?: PageTrace }).__containment ?? {
    events: [],
    urls: [],
  };
  return {
    url: location.href,
    localStorage: storage(localStorage),
    sessionStorage: storage(sessionStorage),
    cookie: document.cookie,
    attributes,
    trace: { events: [...trace.events], urls: [...trace.urls, location.href] },
  };
}

/** `detached`: a window property holding an element taken out of the document, searched as well. */
function collectValues(detached: string | null): string[] {
  const values: string[] = [];
  const walk = (root: Document | ShadowRoot | Element) => {
    for (const el of root.querySelectorAll('*')) {
      if (
        el instanceof HTMLInputElement ||
        el instanceof HTMLTextAreaElement ||
        el instanceof HTMLSelectElement
      )
        values.push(el.value);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  const kept = detached ? (window as unknown as Record<string, Element | undefined>)[detached] : undefined;
  if (kept) {
    if (kept.shadowRoot) walk(kept.shadowRoot);
    walk(kept);
  }
  return values;
}

/** The JSON card POST of the default transport: to the order's api_do_url (`/pay/<token>/`) at `gateway`. */
export const isApiDoPost = (gateway: string) => (r: RecordedRequest) =>
  r.method === 'POST' &&
  new URL(r.url).origin === gateway &&
  /^\/pay\/[^/]+\/$/.test(new URL(r.url).pathname);

/**
 * The card form of the Direct Post transport: the one POST to the order's `direct_post`
 * (`/direct/<token>/`) at `gateway`, urlencoded. Only its body may carry the card; its URL, its
 * headers and every redirect after it (the bank's page, the shop's return route) may not.
 */
export const isDirectPost = (gateway: string) => (r: RecordedRequest) =>
  r.method === 'POST' &&
  new URL(r.url).origin === gateway &&
  /^\/direct\/[^/]+\/$/.test(new URL(r.url).pathname) &&
  /application\/x-www-form-urlencoded/i.test(r.headers);
