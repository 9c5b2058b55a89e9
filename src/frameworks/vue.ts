// Vue 3 typings for the bare tags (with `isCustomElement` in the template compiler options):
// `<gateway-checkout session-url="…" @gateway-success="…">`. A template's `@gateway-success` is the
// prop `onGatewaySuccess`, which Vue turns back into a `gateway-success` listener on the element.
import type { DefineComponent } from 'vue';
import type { EventStem, EventsOf, GatewayTag, PropertiesOf } from './types.ts';

type EventProps<T extends GatewayTag> = {
  [E in keyof EventsOf<T> &
    string as `on${E extends `gateway-${string}` ? `Gateway${EventStem<E>}` : EventStem<E>}`]?: (
    event: EventsOf<T>[E],
  ) => void;
};

/** The template props of each tag: the elements' properties (kebab-case in templates) and events. */
export type GatewayVueComponents = {
  [T in GatewayTag]: DefineComponent<PropertiesOf<T> & EventProps<T>>;
};

declare module 'vue' {
  interface GlobalComponents extends GatewayVueComponents {}
}
