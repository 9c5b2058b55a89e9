import type { OrderRuleOptions } from '../protocol/index.ts';
import { OrdersApi } from './client-orders.ts';
import { ClientsApi, ProductsApi, TaxesApi, WebhooksApi } from './client-resources.ts';
import { type HttpOptions, HttpSender } from './http.ts';

export * from './client-orders.ts';
export * from './client-resources.ts';
export type { CreateOrderOptions, ListOptions, RequestOptions } from './client-support.ts';

export interface GatewayClientOptions extends HttpOptions {
  /** What only the merchant knows (AVS enabled, account funding network); applied to every order. */
  orderRules?: OrderRuleOptions;
}

/**
 * Typed client of the v0.6 gateway. The only holder of the secret key: keep it on the server.
 * Exact in what it sends (every body checked against the spec's rules first), lenient in what it
 * reads (unknown fields kept, `transaction_details` read in either published shape).
 *
 * ```ts
 * const gateway = new GatewayClient({ baseUrl: 'http://127.0.0.1:8406', secretKey: process.env.GATEWAY_KEY! });
 * const order = await gateway.orders.createOneStep({ client: { email }, products: [{ title: 'Tea', price: 4.5 }] });
 * ```
 */
export class GatewayClient {
  readonly http: HttpSender;
  readonly orderRules: OrderRuleOptions;
  readonly clients: ClientsApi;
  readonly orders: OrdersApi;
  readonly taxes: TaxesApi;
  readonly products: ProductsApi;
  readonly webhooks: WebhooksApi;

  constructor(options: GatewayClientOptions) {
    this.http = new HttpSender(options);
    this.orderRules = options.orderRules ?? {};
    this.clients = new ClientsApi(this.http);
    this.orders = new OrdersApi(
      this.http,
      this.orderRules,
      async (email) => (await this.clients.findOrCreate(email)).id,
    );
    this.taxes = new TaxesApi(this.http);
    this.products = new ProductsApi(this.http);
    this.webhooks = new WebhooksApi(this.http);
  }
}
