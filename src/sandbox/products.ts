/** The product catalogue (/products/): entries an order line can name, each with its tax. */
import { randomUUID } from 'node:crypto';
import { type ProductResource, productCreateSchema, toMajor, toMinor } from '../protocol/index.ts';
import { type Clock, unix } from './clock.ts';
import { parseRequest } from './drf.ts';
import type { Taxes } from './resources.ts';
import { type ApiResult, invalid, notFound, ok } from './results.ts';

interface ProductRecord {
  id: string;
  seq: number;
  created: Date;
  title: string;
  priceMinor: number;
  description: string | null;
  currency: string | null;
  tax: string | null;
}

/** PATCH takes any part of a product; PUT and POST take the whole of it. */
const productPatchSchema = productCreateSchema.partial();

export interface ProductsOptions {
  /** The sandbox's own origin, for a product's `link`. */
  origin: () => string;
  /** The merchant's brand as its account holds it (white-label shops show `brand.brand_name`). */
  brandName: string;
}

export class Products {
  private readonly byId = new Map<string, ProductRecord>();
  private seq = 0;
  /** One merchant account, one brand: every product carries it. */
  private readonly brand: { id: string; brand_name: string };

  constructor(
    private readonly clock: Clock,
    private readonly taxes: Taxes,
    private readonly opts: ProductsOptions,
  ) {
    this.brand = { id: randomUUID(), brand_name: opts.brandName };
  }

  create(input: unknown): ApiResult {
    const checked = parseRequest(productCreateSchema, input);
    if (!checked.ok) return checked.result;
    const unknownTax = this.unknownTax(checked.value.tax);
    if (unknownTax) return { ...unknownTax, ignored: checked.ignored };
    const product: ProductRecord = {
      id: randomUUID(),
      seq: ++this.seq,
      created: this.clock.now(),
      title: checked.value.title,
      priceMinor: toMinor(checked.value.price),
      description: checked.value.description ?? null,
      currency: checked.value.currency ?? null,
      tax: checked.value.tax ?? null,
    };
    this.byId.set(product.id, product);
    return { ...ok(this.json(product)), ignored: checked.ignored };
  }

  /** PUT (`partial` false: the whole product, fields left out are cleared) or PATCH. */
  update(id: string, input: unknown, partial: boolean): ApiResult {
    const product = this.byId.get(id);
    if (!product) return notFound('Product not found');
    const checked = parseRequest(partial ? productPatchSchema : productCreateSchema, input);
    if (!checked.ok) return checked.result;
    const next = checked.value;
    const unknownTax = this.unknownTax(next.tax);
    if (unknownTax) return { ...unknownTax, ignored: checked.ignored };
    if (next.title !== undefined) product.title = next.title;
    if (next.price !== undefined) product.priceMinor = toMinor(next.price);
    if (!partial || 'description' in next) product.description = next.description ?? null;
    if (!partial || 'currency' in next) product.currency = next.currency ?? null;
    if (!partial || 'tax' in next) product.tax = next.tax ?? null;
    return { ...ok(this.json(product)), ignored: checked.ignored };
  }

  get(id: string): ProductResource | undefined {
    const product = this.byId.get(id);
    return product && this.json(product);
  }

  /** Newest first. */
  list(): ProductResource[] {
    return [...this.byId.values()].sort((a, b) => b.seq - a.seq).map((p) => this.json(p));
  }

  /** The tax id a product names, if the product exists and has one. */
  taxOf(id: string | undefined): string | null {
    return (id && this.byId.get(id)?.tax) || null;
  }

  private unknownTax(tax: string | null | undefined): ApiResult | null {
    if (tax == null || this.taxes.percentOf(tax) !== undefined) return null;
    return invalid([{ path: 'tax', message: 'is not a known tax id', code: 'invalid' }]);
  }

  private json(p: ProductRecord): ProductResource {
    return {
      id: p.id,
      title: p.title,
      price: toMajor(p.priceMinor),
      description: p.description,
      currency: p.currency,
      tax: p.tax,
      tax_percent: p.tax === null ? null : (this.taxes.percentOf(p.tax) ?? null),
      brand: { ...this.brand },
      link: `${this.opts.origin()}/products/${p.id}/`,
      created: unix(p.created),
    };
  }
}
