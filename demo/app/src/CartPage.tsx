import { CartLines } from './CartLines.tsx';
import { useCart } from './cart.ts';
import { Link } from './router.tsx';

export function CartPage() {
  const { cart, error, saving, setQuantity } = useCart();
  return (
    <section className="panel" aria-labelledby="cart-heading" style={{ maxWidth: 640, margin: '0 auto' }}>
      <h1 id="cart-heading">Your cart</h1>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {!cart ? (
        <p className="note">Loading your cart…</p>
      ) : cart.lines.length === 0 ? (
        <p>Your cart is empty.</p>
      ) : (
        <>
          <CartLines cart={cart} onQuantity={setQuantity} busy={saving} />
          <div className="actions">
            <Link className="button" href="/app/checkout">
              Go to checkout
            </Link>
            <span className="note">Prices and the total are the shop server’s.</span>
          </div>
        </>
      )}
    </section>
  );
}
