// CUSTOM_ELEMENTS_SCHEMA lets the template use <gateway-checkout> as it is: attributes pass
// through, and (gateway-success) listens to the element's own event, typed by the package.
import { Component, CUSTOM_ELEMENTS_SCHEMA, signal } from '@angular/core';
import type { CheckoutSuccessDetail } from 'gateway-checkout';

@Component({
  selector: 'app-root',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main>
      <h1>Jasmine tea</h1>
      <gateway-checkout session-url="/checkout/session" (gateway-success)="paid($event)"></gateway-checkout>
      @if (order()) {
        <p role="status">Thank you: order {{ order() }}</p>
      }
    </main>
  `,
})
export class AppComponent {
  readonly order = signal<string | null>(null);

  paid(event: Event) {
    this.order.set((event as CustomEvent<CheckoutSuccessDetail>).detail.orderId);
  }
}
