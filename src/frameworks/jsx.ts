// React 19 JSX typings for the bare tags: `<gateway-checkout session-url="…" ongateway-success={…}>`.
// React 19 sets a custom element's known properties, passes other props as attributes, and listens
// to `on<event>` props, with the event name taken as written.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { GatewayElementTagNameMap } from './elements.generated.ts';
import type { AttributesOf, EventsOf, GatewayTag } from './types.ts';

type EventProps<T extends GatewayTag> = {
  [E in keyof EventsOf<T> & string as `on${E}`]?: (event: EventsOf<T>[E]) => void;
};

/** The JSX props of each tag: React's own (key, ref, className, style…), attributes and events. */
export type GatewayIntrinsicElements = {
  [T in GatewayTag]: Omit<
    DetailedHTMLProps<HTMLAttributes<GatewayElementTagNameMap[T]>, GatewayElementTagNameMap[T]>,
    keyof AttributesOf<T>
  > &
    AttributesOf<T> &
    EventProps<T>;
};

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements extends GatewayIntrinsicElements {}
  }
}
