/**
 * Product stock and price rules (spec part 2 §4, §5), pure.
 */
export interface ProductVariant {
  /** Minor units (cents). */
  price: number;
  salePrice?: number;
  onSale?: boolean;
  unlimited?: boolean;
  stock?: number;
}

export interface Product {
  id: string;
  title: string;
  isDigital?: boolean;
  /** A digital product's own sale flag and prices. */
  onSale?: boolean;
  price?: number;
  salePrice?: number;
  variants?: ProductVariant[];
}

/** Part 2 §5: prices up to 100,000,000 minor units. */
export const MAX_PRICE = 100_000_000;

const variantsOf = (product: Product): ProductVariant[] =>
  product.isDigital ? [{ price: product.price ?? 0, salePrice: product.salePrice, onSale: product.onSale, unlimited: true }] : (product.variants ?? []);

/** Sold out when no variant is unlimited or has stock above zero; digital products never are. */
export function isSoldOut(product: Product): boolean {
  if (product.isDigital) return false;
  return !variantsOf(product).some((v) => v.unlimited === true || (v.stock ?? 0) > 0);
}

/** Unlimited for digital products or when any variant is unlimited, else the sum of stock. */
export function totalStock(product: Product): number {
  if (product.isDigital || variantsOf(product).some((v) => v.unlimited === true)) return Number.POSITIVE_INFINITY;
  return variantsOf(product).reduce((sum, v) => sum + Math.max(0, v.stock ?? 0), 0);
}

/** On sale if any variant is (a digital product: its own flag). */
export function isOnSale(product: Product): boolean {
  return product.isDigital ? product.onSale === true : variantsOf(product).some((v) => v.onSale === true);
}

/** Prices vary when variants differ in sale flag, sale price or price. */
export function pricesVary(product: Product): boolean {
  const [first, ...rest] = variantsOf(product);
  return !!first && rest.some((v) => !!v.onSale !== !!first.onSale || (v.salePrice ?? 0) !== (first.salePrice ?? 0) || v.price !== first.price);
}

/** What a visitor pays for a variant (minor units). */
export const effectivePrice = (variant: ProductVariant) => (variant.onSale && variant.salePrice !== undefined ? variant.salePrice : variant.price);

/** The lowest price a visitor can pay: the 'from {startingPrice}' value. */
export function startingPrice(product: Product): number {
  const prices = variantsOf(product).map(effectivePrice);
  return prices.length > 0 ? Math.min(...prices) : 0;
}

/** Part 1 §9: 'from {startingPrice}'. */
export const fromPrice = (startingPriceText: string) => `from ${startingPriceText}`;
