// Type helpers shared by the React, JSX and Vue typings. Everything element-specific comes from
// elements.generated.ts (the custom-elements manifest), so these stay the same when elements change.
import type {
  GatewayElementAttributeMap,
  GatewayElementEventMaps,
  GatewayElementTagNameMap,
} from './elements.generated.ts';

export type {
  GatewayBillingAddressEventMap,
  GatewayCardFormEventMap,
  GatewayCheckoutEventMap,
  GatewayElementAttributeMap,
  GatewayElementEventMaps,
  GatewayElementTagNameMap,
  GatewaySaveConsentEventMap,
} from './elements.generated.ts';

export type GatewayTag = keyof GatewayElementTagNameMap;

/** `gateway-new-payment` → `NewPayment`, `change` → `Change`. */
export type EventStem<E extends string> = E extends `gateway-${infer Rest}` ? Pascal<Rest> : Pascal<E>;
type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Capitalize<Head>}${Pascal<Tail>}`
  : Capitalize<S>;

/** What an attribute takes as text: a list property (e.g. accepted brands) is written as one string. */
export type AttributeValue<T> = [Exclude<T, undefined>] extends [boolean]
  ? boolean
  : [Exclude<T, undefined>] extends [number]
    ? number
    : [Exclude<T, undefined>] extends [string]
      ? Exclude<T, undefined>
      : string;

/** The attributes of an element, typed by the property each one sets. */
export type AttributesOf<T extends GatewayTag> = {
  [A in keyof GatewayElementAttributeMap[T]]?: AttributeValue<
    GatewayElementTagNameMap[T][GatewayElementAttributeMap[T][A] & keyof GatewayElementTagNameMap[T]]
  >;
};

/** The properties an element's attributes set, typed as the element types them. */
export type PropertiesOf<T extends GatewayTag> = {
  [A in keyof GatewayElementAttributeMap[T] as GatewayElementAttributeMap[T][A] &
    string]?: GatewayElementTagNameMap[T][GatewayElementAttributeMap[T][A] &
    keyof GatewayElementTagNameMap[T]];
};

/** Every event of an element, by event name. */
export type EventsOf<T extends GatewayTag> = GatewayElementEventMaps[T];

/** `onSuccess`, `onNewPayment`, `onCardChange`…: the callback name of each event. */
export const callbackName = (event: string): string =>
  `on${event.replace(/^gateway-/, '').replace(/(?:^|-)(\w)/g, (_m, c: string) => c.toUpperCase())}`;

type Assert<T extends true> = T;
type DocumentedEvent = { [T in GatewayTag]: keyof EventsOf<T> }[GatewayTag];
/**
 * Compiles only while every `gateway-*` event in HTMLElementEventMap is documented with an @fires
 * line on the element that fires it, so no event escapes the framework typings.
 */
export type EveryGatewayEventIsDocumented = Assert<
  [Exclude<Extract<keyof HTMLElementEventMap, `gateway-${string}`>, DocumentedEvent>] extends [never]
    ? true
    : false
>;
