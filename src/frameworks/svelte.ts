// Svelte 5 typings for the bare tags: `<gateway-checkout session-url="…" ongateway-success={(e) => …}>`.
// Svelte 5 listens to an `on<event>` attribute with the event name as written, and checks a
// template's tags against `SvelteHTMLElements` of `svelte/elements` (svelte-check, the editor).
// Import once in the app: `import type {} from 'gateway-checkout/svelte';` (e.g. in src/app.d.ts).
import type { HTMLAttributes } from 'svelte/elements';
import type { GatewayElementTagNameMap } from './elements.generated.ts';
import type { AttributesOf, EventsOf, GatewayTag } from './types.ts';

type EventAttributes<T extends GatewayTag> = {
  [E in keyof EventsOf<T> & string as `on${E}`]?:
    | ((event: EventsOf<T>[E] & { currentTarget: EventTarget & GatewayElementTagNameMap[T] }) => void)
    | null;
};

/** The template attributes of each tag: Svelte's own for any element, the element's, and its events. */
export type GatewaySvelteElements = {
  [T in GatewayTag]: Omit<HTMLAttributes<GatewayElementTagNameMap[T]>, keyof AttributesOf<T>> &
    AttributesOf<T> &
    EventAttributes<T>;
};

declare module 'svelte/elements' {
  interface SvelteHTMLElements extends GatewaySvelteElements {}
}
