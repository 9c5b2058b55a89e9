import { GatewayCheckout } from 'gateway-checkout/react';
import { useState } from 'react';
import { CartLines } from './CartLines.tsx';
import { useCart } from './cart.ts';
import { Link, navigate } from './router.tsx';

export function CheckoutPage() {
  const { cart, error } = useCart();
  // The shop refuses a session for a cart edited since this page showed it (another tab).
  const [cartRefused, setCartRefused] = useState(false);

  if (error)
    return (
      <p role="alert" className="error">
        {error}
      </p>
    );
  if (!cart) return <p className="note">Loading your cart…</p>;
  if (cart.lines.length === 0)
    return (
      <section className="panel">
        <h1>Checkout</h1>
        <p>
          Your cart is empty. <Link href="/app/">Back to the cart</Link>
        </p>
      </section>
    );

  return (
    <div className="columns">
      <section className="panel" aria-labelledby="summary-heading">
        <h2 id="summary-heading">Order summary</h2>
        <CartLines cart={cart} />
        <p className="actions">
          <Link href="/app/">Edit the cart</Link>
        </p>
        <div className="cards">
          <strong>Sandbox test cards</strong> (any future expiry, any security code)
          <ul>
            <li>4111 1111 1111 1111 approved</li>
            <li>4000 0000 0000 0002 declined</li>
            <li>4000 0000 0000 3220 3-D Secure</li>
          </ul>
        </div>
      </section>
      <section className="panel" aria-labelledby="pay-heading">
        <h1 id="pay-heading">Checkout</h1>
        {/* The cart version in the session address: the server refuses to charge a cart edited since. */}
        <GatewayCheckout
          sessionUrl={`/shop/checkout/session?cart=${cart.version}`}
          onSuccess={(event) => navigate(`/app/thank-you/${event.detail.orderId}`, { replace: true })}
          onError={(event) => setCartRefused(event.detail.type === 'session')}
        />
        {cartRefused && (
          <p className="note">
            The shop did not accept this cart as shown. <Link href="/app/">Review the cart</Link>
          </p>
        )}
      </section>
    </div>
  );
}
