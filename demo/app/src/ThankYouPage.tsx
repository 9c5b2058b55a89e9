import { useEffect, useState } from 'react';
import { money } from './cart.ts';
import { Link } from './router.tsx';

interface PaidOrder {
  number: string | null;
  status: string;
  paid: boolean;
  total: number | null;
  currency: string;
  card: string | null;
}

/** The result as the shop's server read it from the gateway, not as the browser was told. */
export function ThankYouPage({ orderId }: { orderId: string }) {
  const [order, setOrder] = useState<PaidOrder | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    fetch(`/shop/orders/${encodeURIComponent(orderId)}`, { signal: controller.signal })
      .then(async (response) => {
        const body = await response.json();
        if (!response.ok) throw new Error(body.error?.message ?? `the shop answered ${response.status}`);
        setOrder(body as PaidOrder);
      })
      .catch((e: Error) => {
        if (!controller.signal.aborted) setError(e.message);
      });
    return () => controller.abort();
  }, [orderId]);

  if (error)
    return (
      <p role="alert" className="error">
        {error}
      </p>
    );
  if (!order) return <p className="note">Checking your payment…</p>;
  return (
    <section
      className="panel done"
      aria-labelledby="done-heading"
      style={{ maxWidth: 520, margin: '0 auto' }}
    >
      {order.paid ? (
        <>
          <span className="tick" aria-hidden="true">
            ✓
          </span>
          <h1 id="done-heading">Thank you for your order</h1>
          <p>
            Order <strong>{order.number}</strong>:{' '}
            {order.total !== null && money(order.total, order.currency)} paid
            {order.card && ` with the card ending ${order.card.slice(-4)}`}.
          </p>
        </>
      ) : (
        <>
          <h1 id="done-heading">Your order is not paid</h1>
          <p>The gateway reports it as {order.status}.</p>
        </>
      )}
      <p>
        <Link href="/app/">Back to the shop</Link>
      </p>
    </section>
  );
}
