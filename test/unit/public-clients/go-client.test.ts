// Replays the 2019 Go client of the v0.6 gateway, sg3des/decta (decta.go, methods.go, types.go;
// the sequence of its own methods_test.go). Its HTTP layer (imroc/req) sends the Bearer key and
// Go's User-Agent on every call, a JSON body as `application/json; charset=UTF-8`, and no body at
// all for its nil-body POST (cancel); every path gets a trailing slash (`path.Join` plus "/").
// What it reads back is decoded into its typed structs, so every field of an answer must fit the
// Go type it declares (see go-json.ts): an order's `number` a string, timestamps whole numbers,
// amounts numbers, a list's `results` an array. Its Order marshals `due` (Unix seconds), an empty
// `phone` and a catalogue product's `id` in the line; `client.original_client` is never sent, as
// two of its OrderClient fields carry that tag and encoding/json then drops both.
// Then the same sequence through our helper.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import { answerChallenge } from '../../../src/sandbox/test-helpers.ts';
import { GatewayClient } from '../../../src/server/index.ts';
import { type GoType, goDecodeErrors, slice, struct } from './go-json.ts';
import { type Json, payAsHostedPage, send, startReplaySandbox } from './replay.ts';

// types.go, field for field (`json` tags), minus OrderClient.original_client (see above).
const Image = struct('Image', () => ({
  id: 'string',
  type: 'string',
  image_type: 'string',
  original_filename: 'string',
  width: 'int',
  height: 'int',
  image: 'string',
}));
const Website: GoType = struct('Website', () => ({
  type: 'string',
  id: 'int',
  uid: 'string',
  brand: Website,
  web_page: 'string',
  logo: Image,
  support_phone_code: 'string',
  support_phone: 'string',
  support_email: 'string',
  default_account: 'string',
  default_language: 'string',
  default_currency: 'string',
  timezone: 'string',
  sms_sender_name: 'string',
  require_terms_on_payment: 'bool',
}));
const Brand = struct('Brand', () => ({
  type: 'string',
  id: 'string',
  badge_code: 'string',
  brand_name: 'string',
  support_email: 'string',
  support_phone_code: 'string',
  support_phone: 'string',
  merchant_url: 'string',
  sms_sender_name: 'string',
  default_currency: 'string',
  default_fee_paid_by: 'string',
  default_invoice_language: 'string',
  default_skip_capture: 'bool',
  default_deny_overdue_payment: 'bool',
  use_dies: 'bool',
  default_request_client_info: slice('string'),
  default_required_client_info: slice('string'),
  default_timezone: 'string',
  logo_text: 'string',
  logo: Image,
  websites: slice(Website),
  branded_card_decline_reason: 'string',
  branded_card_link: 'string',
  branded_card_design: 'string',
  branded_card_types: slice('string'),
  branded_card_status: 'string',
  card_custom_design: Image,
  branded_card_brand_name: 'string',
  branded_card_currencies: slice('string'),
}));
const Product = struct('Product', () => ({
  id: 'string',
  type: 'string',
  brand: Brand,
  title: 'string',
  currency: 'string',
  price: 'float',
  description: 'string',
  tax: 'string',
  images: slice(Image),
}));
const CreatedBy = struct('CreatedBy', () => ({ user_id: 'string', title: 'string' }));
const SavedCardData = struct('SavedCardData', () => ({ type: 'string', last_4_digits: 'string' }));
const personFields = {
  type: 'string',
  id: 'string',
  email: 'string',
  phone: 'string',
  first_name: 'string',
  last_name: 'string',
  birth_date: 'string',
  personal_code: 'string',
  brand_name: 'string',
  legal_name: 'string',
  registration_nr: 'string',
  vat_payer_nr: 'string',
  legal_address: 'string',
  country: 'string',
  state: 'string',
  city: 'string',
  zip_code: 'string',
  bank_account: 'string',
  bank_code: 'string',
  cc: slice('string'),
  bcc: slice('string'),
  saved_card_data: SavedCardData,
} as const satisfies Record<string, GoType>;
const Client = struct('Client', () => ({
  ...personFields,
  display_name: 'string',
  order_count: 'int',
  created_by: CreatedBy,
}));
const OrderClient = struct('OrderClient', () => ({
  ...personFields,
  recurring_paused: 'bool',
  send_to_email: 'bool',
  send_to_phone: 'bool',
  last_order_id: 'string',
  last_order_status: 'any',
  last_order_permitted_actions: 'any',
  last_order_issued: 'int',
  last_order_link: 'any',
  last_order_shortlink: 'any',
  last_order_download_link: 'any',
  last_order_print_link: 'any',
  next_order_issued: 'string',
  is_added: 'bool',
}));
const OrderProduct = struct('OrderProduct', () => ({
  type: 'string',
  id: 'string',
  title: 'string',
  price: 'float',
  description: 'string',
  quantity: 'float',
  tax: 'string',
  tax_percent: 'float',
  discount_percent: 'float',
  discount_amount: 'float',
  image: 'any',
  currency: 'string',
  total: 'float',
  tax_amount: 'float',
}));
const TransactionDetails = struct('TransactionDetails', () => ({
  errors: slice(struct('TransactionError', () => ({ on: 'int', description: 'string' }))),
  card_masked_pan: 'string',
  method: 'string',
  card_issuer_country: struct('CardIssuerCountry', () => ({
    type: 'string',
    iso_code: 'int',
    code: 'string',
    display_name: 'string',
  })),
  cardholder_name: 'string',
  arn: 'string',
  cleared: 'int',
  settled: 'int',
  payment_system: 'string',
  processing_payment_id: 'string',
  enable_3d_secure: 'bool',
  mcc: 'string',
  processing_merchant_id: 'string',
  descriptor: 'string',
  paid_from_ip: 'string',
  created_from_ip: 'string',
  processing_status: struct('ProcessingStatus', () => ({
    description: 'string',
    on: 'string',
    code: 'string',
  })),
  three_d_secure_status: struct('ThreeDSecureStatus', () => ({
    description: 'string',
    on: 'string',
    mpi_status_code: 'string',
  })),
  fraud_check_status: struct('FraudCheckStatus', () => ({ description: 'string', code: 'string' })),
  amount_refunded: 'float',
  amount_reversed: 'float',
  chargebacks: 'any',
  chargebacks_reversed: 'any',
  chargebacks_reason_code: 'float',
  fee_details: struct('FeeDetails', () => ({
    fee_sell: 'float',
    fee_fix_sell: 'float',
    min_fee_fix: 'float',
    max_fee_fix: 'float',
  })),
  rolling_amount: 'float',
}));
const Order = struct('Order', () => ({
  type: 'string',
  id: 'string',
  products: slice(OrderProduct),
  client: OrderClient,
  request_client_info: slice('string'),
  brand: Brand,
  currency: 'string',
  number: 'string',
  due: 'int',
  deny_overdue_payment: 'bool',
  fee_paid_by: 'string',
  skip_capture: 'bool',
  language: 'string',
  notes: 'string',
  is_test: 'bool',
  save_card: 'bool',
  pan_first: 'bool',
  is_moto: 'bool',
  recurring_3d: 'bool',
  verify_card: 'bool',
  use_verified_card: 'bool',
  sdwo_merchant_id: 'string',
  payment_system: 'string',
  dynamic_descriptor: 'string',
  is_payable: 'bool',
  terminal_processing_id: 'string',
  terminal: 'string',
  success_redirect: 'string',
  failure_redirect: 'string',
  cancel_redirect: 'string',
  custom_invoice_url: 'string',
  link: 'string',
  shortlink: 'string',
  download_link: 'string',
  print_link: 'string',
  full_page_checkout: 'string',
  iframe_checkout: 'string',
  direct_post: 'string',
  iframe_checkout_send_invoice: 'bool',
  subtotal: 'float',
  total_tax: 'float',
  total_discount: 'float',
  total: 'float',
  subtotal_override: 'float',
  total_tax_override: 'float',
  total_discount_override: 'float',
  total_override: 'float',
  refund_amount: 'float',
  fee_amount: 'float',
  fee_discount: 'float',
  withdrawal_parts: slice(
    struct('WithdrawalParts', () => ({
      type: 'string',
      delay_remaining: 'int',
      amount: 'float',
      transfer_number: 'string',
    })),
  ),
  created_by: CreatedBy,
  issuer: struct('OrderIssuer', () => ({
    email: 'string',
    phone: 'string',
    brand_name: 'string',
    legal_name: 'string',
    registration_nr: 'string',
    vat_payer_nr: 'string',
    legal_address: 'string',
    bank_account: 'string',
    bank_code: 'string',
  })),
  status: 'string',
  status_changes: slice(struct('OrderStatusChanges', () => ({ new_status: 'any', on: 'int' }))),
  transaction_details: TransactionDetails,
  issued: 'int',
  modified: 'int',
  viewed: 'int',
  captured: 'int',
  paid: 'int',
  issued_override: 'int',
  client_display_name: 'string',
  timezone: 'string',
  from_api: 'bool',
  from_subscription: 'bool',
  issued_by_client: 'bool',
  referrer: 'string',
  referrer_display_name: 'string',
  permitted_actions: slice('string'),
}));

let sb: Sandbox;
beforeAll(async () => {
  sb = await startReplaySandbox();
});
afterAll(() => sb.close());

const GO_HEADERS = { 'User-Agent': 'Go-http-client/1.1', 'Accept-Encoding': 'gzip' };
/** Decta.URL: the path joined under /api/v0.6 and always ending in a slash. */
const url = (path: string) => `${sb.apiUrl}${path.endsWith('/') ? path : `${path}/`}`;
const auth = () => ({ Authorization: `Bearer ${sb.secretKey}` });

/**
 * handleResponse: >= 400 is an error whose text is `__all__[].message` joined; a body with
 * `results` is a list whose results are decoded into `type`'s slice, anything else into `type`.
 */
function decoded(answer: { status: number; body: Json }, type: GoType | null): Json {
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(400);
  if (!type) return answer.body;
  const list = Array.isArray(answer.body.results);
  expect(goDecodeErrors(list ? answer.body.results : answer.body, list ? slice(type) : type)).toEqual([]);
  return answer.body;
}
const GET = async (path: string, type: GoType) =>
  decoded(await send(url(path), 'GET', { ...auth(), ...GO_HEADERS }), type);
const POST = async (path: string, data: Json | null, type: GoType | null) =>
  decoded(
    await send(
      url(path),
      'POST',
      data === null
        ? { ...auth(), ...GO_HEADERS }
        : { ...auth(), ...GO_HEADERS, 'Content-Type': 'application/json; charset=UTF-8' },
      data ?? undefined,
    ),
    type,
  );
const DELETE = async (path: string) =>
  decoded(await send(url(path), 'DELETE', { ...auth(), ...GO_HEADERS }), null);

/** A catalogue product made in the merchant's dashboard before the client runs (its GetProducts lists it). */
const seedProduct = () =>
  send(
    `${sb.apiUrl}/products/`,
    'POST',
    { ...auth(), 'Content-Type': 'application/json' },
    {
      title: 'Gift card',
      currency: 'EUR',
      price: 10,
    },
  );

describe('sg3des/decta Go client, unchanged', () => {
  it('runs its own test sequence: products, clients, an order, cancel, delete', async () => {
    await seedProduct();
    // TestProducts: GetProducts, the last one's id kept for the order.
    const products = await GET('/products/', Product);
    expect(products.results.length).toBeGreaterThan(0);
    const productID: string = products.results.at(-1).id;

    // TestNewClient: the struct marshalled with its omitempty rules; the answer decoded into it.
    const client = await POST(
      '/clients/',
      { email: 'test@test.com', phone: '+123456789000', first_name: 'test-name', last_name: 'last-name' },
      Client,
    );
    const clientID: string = client.id;
    expect(clientID).toEqual(expect.any(String));

    // TestGetClients, TestGetClient (which fails unless the id read back is the one asked for).
    expect((await GET('/clients/', Client)).results.map((c: Json) => c.id)).toContain(clientID);
    expect((await GET(`/clients/${clientID}`, Client)).id).toBe(clientID);

    // TestNewOrder: Order{Language, Due, Client{Email, SendToEmail}, Products[{Title, ID, Price, Quantity}]}.
    const due = Math.floor(Date.now() / 1000) + 180;
    const order = await POST(
      '/orders/',
      {
        products: [{ id: productID, title: 'test', price: 10, quantity: 2 }],
        client: { email: 'test@test.com', phone: '', send_to_email: true },
        language: 'en',
        due,
      },
      Order,
    );
    const orderID: string = order.id;
    expect(order).toMatchObject({ status: 'issued', due, total: 20, language: 'en' });

    // TestGetOrder, TestGetOrders.
    expect(await GET(`/orders/${orderID}`, Order)).toMatchObject({ id: orderID, due, status: 'issued' });
    expect((await GET('/orders/', Order)).results.map((o: Json) => o.id)).toContain(orderID);

    // TestCancelOrder (no body), TestDeleteOrder, TestDeleteClient: each only checks for an error.
    await POST(`/orders/${orderID}/cancel/`, null, null);
    expect((await GET(`/orders/${orderID}`, Order)).status).toBe('cancelled');
    await DELETE(`/orders/${orderID}`);
    expect((await send(url(`/orders/${orderID}`), 'GET', auth())).status).toBe(404);
    await DELETE(`/clients/${clientID}`);
    expect((await send(url(`/clients/${clientID}`), 'GET', auth())).status).toBe(404);
  });

  it('reads an error as its __all__ messages', async () => {
    const refused = await send(url('/orders/00000000-0000-4000-8000-000000000000/cancel'), 'POST', {
      ...auth(),
      ...GO_HEADERS,
    });
    expect(refused.status).toBe(404);
    expect(refused.body.__all__.map((m: Json) => m.message).join('; ')).toBe('Order not found');
  });

  it('decodes a paid order except the transaction fields it types as objects', async () => {
    const order = await POST(
      '/orders/',
      {
        products: [{ title: 'test', price: 10, quantity: 1 }],
        client: { email: 'paid@test.com', phone: '', send_to_email: true },
      },
      Order,
    );
    await payAsHostedPage(sb, order.full_page_checkout, order.api_do_url);
    const paid = await send(url(`/orders/${order.id}`), 'GET', { ...auth(), ...GO_HEADERS });
    expect(paid.body.status).toBe('paid');
    // The sandbox answers the newer plain values by default (what current PHP clients read); this
    // 2019 client declares objects for exactly these, and nothing else of a paid order fails.
    expect(goDecodeErrors(paid.body, Order)).toEqual([
      'transaction_details.card_issuer_country: cannot unmarshal string into decta.CardIssuerCountry',
      'transaction_details.processing_status: cannot unmarshal string into decta.ProcessingStatus',
    ]);
  });

  it('decodes a paid order whole from a sandbox answering the object shapes, 3-D Secure included', async () => {
    const objects = await startReplaySandbox({ transactionDetails: 'objects' });
    try {
      const at = (path: string) => `${objects.apiUrl}${path}`;
      const headers = { Authorization: `Bearer ${objects.secretKey}`, ...GO_HEADERS };
      const created = await send(
        at('/orders/'),
        'POST',
        { ...headers, 'Content-Type': 'application/json; charset=UTF-8' },
        { products: [{ title: 'test', price: 10, quantity: 1 }], client: { email: 'paid@test.com' } },
      );
      const order = decoded(created, Order);
      const started = await send(
        order.api_do_url,
        'POST',
        { 'Content-Type': 'application/json' },
        {
          card_number: '4000000000003220',
          exp_month: 12,
          exp_year: 39,
          csc: '123',
          cardholder_name: 'Go Client',
        },
      );
      // The customer approves at the bank, on its own origin.
      await answerChallenge(started.body.threed_check_url, 'approve');
      const paid = await send(at(`/orders/${order.id}/`), 'GET', headers);
      expect(paid.body.status).toBe('paid');
      expect(goDecodeErrors(paid.body, Order)).toEqual([]);
      expect(paid.body.transaction_details.three_d_secure_status.mpi_status_code).toBe('authenticated');
      // And its JSON null cancel (a nil body marshalled) is taken on an order waiting on 3-D Secure.
      const waiting = decoded(
        await send(
          at('/orders/'),
          'POST',
          { ...headers, 'Content-Type': 'application/json' },
          {
            products: [{ title: 'test', price: 10 }],
            client: { email: 'wait@test.com' },
          },
        ),
        Order,
      );
      await send(
        waiting.api_do_url,
        'POST',
        { 'Content-Type': 'application/json' },
        {
          card_number: '4000000000003220',
          exp_month: 12,
          exp_year: 39,
          csc: '123',
        },
      );
      const cancelled = await send(
        at(`/orders/${waiting.id}/cancel/`),
        'POST',
        { ...headers, 'Content-Type': 'application/json; charset=UTF-8' },
        'null',
      );
      expect(cancelled.status).toBe(200);
      expect(goDecodeErrors(cancelled.body, Order)).toEqual([]);
      expect(cancelled.body.status).toBe('cancelled');
    } finally {
      await objects.close();
    }
  });

  it('runs the same sequence through GatewayClient', async () => {
    const gateway = new GatewayClient({ baseUrl: sb.url, secretKey: sb.secretKey });
    const product = await gateway.products.create({ title: 'Gift card', currency: 'EUR', price: 10 });
    expect((await gateway.products.list()).results.map((p) => p.id)).toContain(product.id);
    const client = await gateway.clients.create({ email: 'helper@test.com', phone: '+123456789000' });
    expect((await gateway.clients.get(client.id)).id).toBe(client.id);
    const due = Math.floor(Date.now() / 1000) + 180;
    const order = await gateway.orders.createOneStep({
      products: [{ id: product.id, title: 'test', price: 10, quantity: 2 }],
      client: { email: 'helper@test.com', send_to_email: true },
      language: 'en',
      due,
    });
    expect(await gateway.orders.get(order.id)).toMatchObject({ id: order.id, total: 20, due });
    expect((await gateway.orders.list()).results.map((o) => o.id)).toContain(order.id);
    expect((await gateway.orders.cancel(order.id)).status).toBe('cancelled');
    await gateway.orders.delete(order.id);
    await gateway.clients.delete(client.id);
    await expect(gateway.clients.get(client.id)).rejects.toMatchObject({ status: 404 });
  });
});
