// A Server Component rendering the wrapper directly (props only; callbacks need a client
// component): works because gateway-checkout/react is marked 'use client'.
import { GatewayCheckout } from 'gateway-checkout/react';

export default function Page() {
  return (
    <main>
      <h1>Green tea</h1>
      <GatewayCheckout sessionUrl="/api/checkout/session" />
    </main>
  );
}
