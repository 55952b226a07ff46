/**
 * Products (spec part 2 §3 structuredContent, §4 stock, §5 limits), pure: no DOM, no imports.
 * Prices are in minor units (cents).
 */
export const ProductType = { PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 } as const;
export type ProductTypeValue = (typeof ProductType)[keyof typeof ProductType];

export interface ProductVariant {
  price: number;
  salePrice?: number;
  onSale?: boolean;
  qtyInStock?: number;
  unlimited?: boolean;
  sku?: string;
  optionValues?: Array<{ optionName?: string; value: string }>;
}

export interface Product {
  id: string;
  title: string;
  productType?: ProductTypeValue;
  variants?: ProductVariant[];
  /** A digital product's own prices and sale flag. */
  priceCents?: number;
  salePriceCents?: number;
  onSale?: boolean;
}

/** Part 2 §5 and §9 limits. */
export const MAX_PRICE = 100_000_000;
export const MAX_SKU_LENGTH = 60;
export const MAX_TAG_LENGTH = 50;
export const MAX_CATEGORY_LENGTH = 25;

export const isDigital = (product: Product): boolean => product.productType === ProductType.DIGITAL;

const variantsOf = (product: Product): ProductVariant[] =>
  isDigital(product)
    ? [{ price: product.priceCents ?? 0, salePrice: product.salePriceCents, onSale: product.onSale, unlimited: true }]
    : (product.variants ?? []);

/** Sold out when no variant is unlimited or has stock above zero; digital products never are. */
export function isSoldOut(product: Product): boolean {
  if (isDigital(product)) return false;
  return !variantsOf(product).some((v) => v.unlimited === true || (v.qtyInStock ?? 0) > 0);
}

/** Unlimited for digital products or when any variant is unlimited, else the sum of stock. */
export function totalStock(product: Product): number {
  if (isDigital(product) || variantsOf(product).some((v) => v.unlimited === true)) return Number.POSITIVE_INFINITY;
  return variantsOf(product).reduce((sum, v) => sum + Math.max(0, v.qtyInStock ?? 0), 0);
}

/** On sale if any variant is (a digital product: its own flag). */
export function isOnSale(product: Product): boolean {
  return isDigital(product) ? product.onSale === true : variantsOf(product).some((v) => v.onSale === true);
}

/** Prices vary when variants differ in sale flag, sale price or price. */
export function pricesVary(product: Product): boolean {
  const [first, ...rest] = variantsOf(product);
  return !!first && rest.some((v) => !!v.onSale !== !!first.onSale || (v.salePrice ?? 0) !== (first.salePrice ?? 0) || v.price !== first.price);
}

/** The first variant (a digital product's own prices): what a single price line shows. */
export const firstVariant = (product: Product): ProductVariant | undefined => variantsOf(product)[0];

/** What a visitor pays for a variant (minor units). */
export const effectivePrice = (variant: ProductVariant) => (variant.onSale && variant.salePrice !== undefined ? variant.salePrice : variant.price);

/** The lowest price a visitor can pay: the 'from {startingPrice}' value. */
export function startingPrice(product: Product): number {
  const prices = variantsOf(product).map(effectivePrice);
  return prices.length > 0 ? Math.min(...prices) : 0;
}

/** Part 2 §9: 'from {startingPrice}'. */
export const fromPrice = (startingPriceText: string) => `from ${startingPriceText}`;

export const isValidPrice = (minor: unknown): boolean => Number.isInteger(minor) && (minor as number) >= 0 && (minor as number) <= MAX_PRICE;
export const isValidSku = (sku: unknown): boolean => typeof sku === 'string' && sku.trim() !== '' && sku.length <= MAX_SKU_LENGTH;
export const isValidTag = (tag: unknown): boolean => typeof tag === 'string' && tag.trim() !== '' && tag.length <= MAX_TAG_LENGTH;
export const isValidCategory = (category: unknown): boolean => typeof category === 'string' && category.trim() !== '' && category.length <= MAX_CATEGORY_LENGTH;

/** Part 2 §5: a US zip code is exactly five digits. */
export const isUsZip = (zip: unknown): boolean => typeof zip === 'string' && /^\d{5}$/.test(zip);

/** Part 2 §9: a generated SKU is 'SQ' and seven digits. `random` answers [0, 1). */
export function generateSku(random: () => number = Math.random): string {
  return `SQ${String(Math.floor(random() * 1e7)).padStart(7, '0')}`;
}
