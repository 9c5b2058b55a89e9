/** One sandbox's in-memory gateway: its resources, wired to one clock and one webhook dispatcher. */
import type { Clock } from './clock.ts';
import type { TransactionDetailsShape } from './order-json.ts';
import { OrderBook } from './orders.ts';
import { Payments } from './payments.ts';
import { Products } from './products.ts';
import { Clients, Taxes } from './resources.ts';
import type { WebhookDispatcher } from './webhooks.ts';

export interface GatewayOptions {
  avsEnabled: boolean;
  /** Where the merchant is located (ISO 3166 alpha-2): saving an EU card in Europe needs 3-D Secure. */
  merchantCountry: string;
  clock: Clock;
  hooks: WebhookDispatcher;
  /** The sandbox's own origin (http://127.0.0.1:PORT), known once it listens. */
  origin: () => string;
  /** The merchant's brand on its products. */
  brandName: string;
  /** How `transaction_details` values are answered (see order-json.ts). */
  transactionDetails: TransactionDetailsShape;
}

export class Gateway {
  readonly clients: Clients;
  readonly taxes = new Taxes();
  readonly products: Products;
  readonly orders: OrderBook;
  readonly payments: Payments;
  readonly hooks: WebhookDispatcher;
  readonly clock: Clock;

  constructor(opts: GatewayOptions) {
    this.clock = opts.clock;
    this.hooks = opts.hooks;
    this.clients = new Clients(opts.clock);
    this.products = new Products(opts.clock, this.taxes, opts);
    this.orders = new OrderBook({
      ...opts,
      clients: this.clients,
      taxes: this.taxes,
      products: this.products,
    });
    this.payments = new Payments({ ...opts, orders: this.orders, clients: this.clients });
  }
}
