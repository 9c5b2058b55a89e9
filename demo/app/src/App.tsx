import { CartPage } from './CartPage.tsx';
import { CheckoutPage } from './CheckoutPage.tsx';
import { Link, usePath } from './router.tsx';
import { ThankYouPage } from './ThankYouPage.tsx';

export function App() {
  const path = usePath();
  const paid = /^\/app\/thank-you\/([\w-]+)$/.exec(path)?.[1];
  return (
    <>
      <header className="shop">
        <Link className="brand" href="/app/">
          Baltic Pantry
        </Link>
        <nav aria-label="Shop">
          <Link href="/app/" aria-current={path === '/app/' ? 'page' : undefined}>
            Cart
          </Link>
          <a href="/">Script-tag checkout</a>
          <a href="/vue/">Vue page</a>
        </nav>
      </header>
      <main className="shop">
        {path === '/app/checkout' ? <CheckoutPage /> : paid ? <ThankYouPage orderId={paid} /> : <CartPage />}
      </main>
    </>
  );
}
