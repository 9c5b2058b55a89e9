// For the consumer test only: the same checkout without an address reader, as a route handler
// gets it. It must refuse every session and say in the log what to set, never count nobody.
import { createCheckoutHandler } from 'gateway-checkout/server';
import { config, gateway } from './gateway';

export const unread = createCheckoutHandler({
  client: gateway,
  config: () => config,
  buildOrder: () => ({ products: [{ title: 'Green tea', price: 12.5 }] }),
});
