/**
 * Where the isolated fields live, as the parent computes it: the fields page's address with who
 * frames it and which channel to name, and the Pay button's page beside it. Part of the script-tag
 * bundle's first load, apart from the parent's end of the messages (`parent-bridge.ts`, loaded on
 * demand): the frames start loading while that part is still on its way.
 */

import { frameAddress, payButtonAddress } from '../shared/frame-address.ts';

/**
 * The address of the page that frames the fields: this document's, or, while a merchant's server
 * renders the checkout into a page (gateway-checkout/ssr), that page's.
 */
let framingPage = (): string => location.href;

export function framingPageHref(): string {
  return framingPage();
}

/** Runs `render` as for the page at `href`: the server's render of a checkout for that page. */
export function renderingFor<T>(href: string, render: () => T): T {
  const before = framingPage;
  framingPage = () => href;
  try {
    return render();
  } finally {
    framingPage = before;
  }
}

/**
 * The frame the server rendered into the page for these fields (its `src`), taken as this page's
 * own when it names this page, the same fields page and session: its channel is the one the fields
 * page already knows. Null for anything else, which is then made anew.
 */
export function renderedTarget(
  src: string | null,
  fieldsOrigin: string,
  session: string | undefined,
): FieldsTarget | null {
  const page = fieldsPageOf(fieldsOrigin);
  if (!page || !src) return null;
  try {
    const url = new URL(src);
    const address = new URLSearchParams(url.hash.slice(1));
    const channel = address.get('channel') ?? '';
    url.hash = url.search = '';
    if (
      url.href !== page.page ||
      address.get('parent') !== new URL(framingPage()).origin ||
      (address.get('session') ?? undefined) !== session ||
      !/^[\w-]{8,64}$/.test(channel)
    )
      return null;
    return { origin: page.origin, src, buttonSrc: payButtonAddress(page.page, channel), channel };
  } catch {
    return null;
  }
}

/** A `fields-origin` value: an origin (the page at its root) or the fields page's own address. */
export function fieldsPageOf(value: string): { origin: string; page: string } | null {
  try {
    const url = new URL(value);
    if (!/^https?:$/.test(url.protocol)) return null;
    url.hash = url.search = '';
    return { origin: url.origin, page: url.href };
  } catch {
    return null;
  }
}

/** One frame of the fields, as the page names it: where it is, and the nonce of its channel. */
export interface FieldsTarget {
  readonly origin: string;
  /** The fields page's address, with this page's origin, the channel and the session after `#`. */
  readonly src: string;
  /** The Pay button's page, paired with these fields. */
  readonly buttonSrc: string;
  readonly channel: string;
}

/**
 * A new frame of the fields at `fields-origin` (null when it names none); `session` absolute. The
 * fields page is built with its form rendered in each language we ship, each page carrying that
 * language's texts only (and English): `?lang=` asks for the page's language, so the frame shows it
 * from its first paint (a server without that page serves English, and the fields speak English).
 */
export function fieldsTarget(
  fieldsOrigin: string,
  session: string | undefined,
  language = 'en',
): FieldsTarget | null {
  const page = fieldsPageOf(fieldsOrigin);
  if (!page) return null;
  const channel = crypto.randomUUID();
  const lang = language.slice(0, 2).toLowerCase();
  const url = new URL(page.page);
  if (lang !== 'en' && /^[a-z]{2}$/.test(lang)) url.searchParams.set('lang', lang);
  return {
    origin: page.origin,
    src: frameAddress(url.href, { parent: new URL(framingPage()).origin, channel, session }),
    buttonSrc: payButtonAddress(page.page, channel),
    channel,
  };
}
