import { CartLines } from './CartLines.tsx';
import { money, useCart, useProducts } from './cart.ts';
import { Link } from './router.tsx';

export function CartPage() {
  const { cart, error, saving, setQuantity } = useCart();
  const products = useProducts();
  const more = products.filter((p) => !cart?.lines.some((l) => l.sku === p.sku));
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
      {cart && more.length > 0 && (
        <>
          <h2 className="more-heading">More from the pantry</h2>
          <ul className="lines">
            {more.map((product) => (
              <li key={product.sku}>
                <span>{product.title}</span>
                <span className="price">{money(product.price)}</span>
                <button
                  type="button"
                  className="add"
                  aria-label={`Add ${product.title}`}
                  disabled={saving}
                  onClick={() => setQuantity(product.sku, 1)}
                >
                  Add
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
