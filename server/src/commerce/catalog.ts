/**
 * The store's catalogue (the site's products.json): the server's prices and stock are the
 * ones that count; a visitor's request names only a product, a SKU and a quantity.
 */
import type { FastifyInstance } from 'fastify';
import { siteFile } from '../site-files';
import { ProductType, type Product, type ProductVariant } from '../../../contract/commerce/product';
import type { SubscriptionPlan } from '../../../contract/commerce/subscription';

export interface CatalogProduct extends Product {
  sku?: string;
  subscriptionPlan?: SubscriptionPlan;
  variants?: Array<ProductVariant & { sku: string }>;
}

export interface Catalog {
  products: CatalogProduct[];
  donatePages: Record<string, { title: string }>;
}

export interface Sellable {
  product: CatalogProduct;
  sku: string;
  /** Minor units: the sale price when on sale. */
  unitPrice: number;
  /** null: unlimited. */
  stock: number | null;
  options: string;
}

/**
 * The site's products.json, read as it is now (an edited price counts from the next request,
 * as every site file does); broken or absent, an empty store, which the log says once.
 */
export async function loadCatalog(app: FastifyInstance): Promise<Catalog> {
  const parsed = (await siteFile(app, 'products.json')) as Partial<Catalog>;
  const donatePages = parsed.donatePages && typeof parsed.donatePages === 'object' && !Array.isArray(parsed.donatePages) ? parsed.donatePages : {};
  return { products: Array.isArray(parsed.products) ? parsed.products : [], donatePages };
}

/** A product's variant by SKU (the first variant when no SKU is given), with its price. */
export function sellable(catalog: Catalog, productId: string, sku?: string): Sellable | null {
  const product = catalog.products.find((p) => p.id === productId);
  if (!product) return null;
  if (product.productType === ProductType.DIGITAL) {
    if (sku !== undefined && sku !== product.sku) return null;
    const price = product.onSale && product.salePriceCents !== undefined ? product.salePriceCents : (product.priceCents ?? 0);
    return { product, sku: product.sku ?? product.id, unitPrice: price, stock: null, options: '' };
  }
  const variant = sku === undefined ? product.variants?.[0] : product.variants?.find((v) => v.sku === sku);
  if (!variant) return null;
  return {
    product,
    sku: variant.sku,
    unitPrice: variant.onSale && variant.salePrice !== undefined ? variant.salePrice : variant.price,
    stock: variant.unlimited ? null : Math.max(0, variant.qtyInStock ?? 0),
    options: (variant.optionValues ?? []).map((o) => o.value).join(', '),
  };
}
