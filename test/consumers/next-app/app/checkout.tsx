'use client';

import { GatewayCheckout } from 'gateway-checkout/react';
import { useState } from 'react';

export function Checkout() {
  const [paid, setPaid] = useState<string | null>(null);
  return (
    <>
      <GatewayCheckout
        sessionUrl="/api/checkout/session"
        onSuccess={(e) => setPaid(e.detail.orderId)} // e.detail: { orderId, status, amount, currency }
        onDecline={(e) => console.info(e.detail.reason)}
      />
      {paid && <p role="status">Thank you: order {paid}</p>}
    </>
  );
}
