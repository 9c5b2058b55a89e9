import { money, type PricedCart } from './cart.ts';

interface Props {
  cart: PricedCart;
  /** Given on the cart page: quantities can change there. */
  onQuantity?: (sku: string, quantity: number) => void;
  busy?: boolean;
}

/** The cart's lines and totals, as the server priced them. */
export function CartLines({ cart, onQuantity, busy = false }: Props) {
  return (
    <>
      <ul className="lines">
        {cart.lines.map((line) => (
          <li key={line.sku}>
            <span>
              {line.title}
              <br />
              <span className="price">{money(line.price, cart.currency)} each</span>
            </span>
            {onQuantity ? (
              <span className="stepper">
                <button
                  type="button"
                  aria-label={`One less ${line.title}`}
                  disabled={busy}
                  onClick={() => onQuantity(line.sku, line.quantity - 1)}
                >
                  −
                </button>
                <output aria-label={`Quantity of ${line.title}`}>{line.quantity}</output>
                <button
                  type="button"
                  aria-label={`One more ${line.title}`}
                  disabled={busy || line.quantity >= 20}
                  onClick={() => onQuantity(line.sku, line.quantity + 1)}
                >
                  +
                </button>
              </span>
            ) : (
              <span className="price">× {line.quantity}</span>
            )}
            <span className="total">{money(line.total, cart.currency)}</span>
          </li>
        ))}
      </ul>
      <dl className="sum">
        <dt>Shipping</dt>
        <dd>{money(cart.shipping, cart.currency)}</dd>
        <dt className="grand">Total</dt>
        <dd className="grand" data-testid="cart-total">
          {money(cart.total, cart.currency)}
        </dd>
      </dl>
    </>
  );
}
