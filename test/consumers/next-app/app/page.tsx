import { Checkout } from './checkout';

export default function Page() {
  return (
    <main>
      <h1>Green tea</h1>
      <Checkout />
    </main>
  );
}
