import type { FrameAddress } from '../shared/frame-address.ts';
import { hello, isAgain, isConnect } from '../shared/handshake.ts';
import type { FromFrame, ToFrame } from '../shared/messages.ts';
import { parseToFrame, type Refused } from './to-frame.ts';

export interface ParentLink {
  send(message: FromFrame): void;
}

/**
 * The frame's end of the handshake: says hello to the parent origin named in the frame's address
 * (a message addressed so that no other origin can receive it), and takes the MessagePort of the
 * parent's answer when it comes from that window and that origin. Then every message goes over the
 * port, and `onMessage` gets each as a `ToFrame` or as the reason it was refused.
 *
 * The address is not trusted for more than where to say hello: the page's `frame-ancestors`
 * decides who may frame it, the hello reaches the parent only if it has that origin, and the
 * parent's answer counts only with that `event.origin`. `ancestorOrigins` must agree too where the
 * engine reports a real origin: Firefox reports `"null"` for a frame rendered without a referrer,
 * which tells nothing either way, so the handshake's origin checks decide alone there.
 */
export function connectToParent(
  address: FrameAddress,
  onMessage: (message: ToFrame | Refused, link: ParentLink) => void,
  onConnected: (link: ParentLink) => void,
): boolean {
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (window.parent === window || !parentMayBe(address.parent, ancestors)) return false;
  let port: MessagePort | null = null;
  const link: ParentLink = { send: (message) => port?.postMessage(message) };
  // This load of the page: a hello said again is the same frame's, not a frame that reloaded.
  const sayHello = hello(address.channel, crypto.randomUUID());
  const onWindowMessage = (event: MessageEvent) => {
    if (port || event.source !== window.parent || event.origin !== address.parent) return;
    // The page did not hear us (it listened only once its script came): say it again.
    if (isAgain(event.data, address.channel)) {
      window.parent.postMessage(sayHello, address.parent);
      return;
    }
    if (!isConnect(event.data, address.channel) || !event.ports[0]) return;
    port = event.ports[0];
    window.removeEventListener('message', onWindowMessage);
    port.onmessage = (e: MessageEvent) => {
      // Refusals too: the frame tells the page's code what it would not do.
      onMessage(parseToFrame(e.data), link);
    };
    onConnected(link);
  };
  window.addEventListener('message', onWindowMessage);
  window.parent.postMessage(sayHello, address.parent);
  return true;
}

/** Whether `location.ancestorOrigins` (where the engine has it and names a real origin) agrees. */
export function parentMayBe(parent: string, ancestors: DOMStringList | undefined): boolean {
  const reported = ancestors?.length ? ancestors[0] : null;
  return !reported || reported === 'null' || reported === parent;
}
