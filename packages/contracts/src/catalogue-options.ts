/**
 * The catalogue's option lists and rules that pages use in the browser, without zod (importing a
 * schema module would put zod in every storefront bundle). catalogue.ts re-exports all of it.
 */
export const GENDERS = ["Men", "Women", "Unisex"] as const;
export type Gender = (typeof GENDERS)[number];
export const STOCK_STATUSES = ["In Stock", "Low Stock", "Out of Stock"] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** Price bands of the list filter and the advertisement link builder (rupees). */
export const PRICE_RANGES = ["0-500", "500-1000", "1000-2000", "2000-5000", "5000+"] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];
export const PRODUCT_SORTS = ["price-low", "price-high", "newest", "popular"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const PRODUCTS_PAGE_DEFAULT = 24;
export const PRODUCTS_PAGE_MAX = 100;
export const TOTAL_COUNT_HEADER = "X-Total-Count";

/** stockStatus from stock and threshold (decisions.md §3). */
export function stockStatusOf(stock: number, lowStockThreshold: number): StockStatus {
  if (stock <= 0) return "Out of Stock";
  if (stock <= lowStockThreshold) return "Low Stock";
  return "In Stock";
}

/** The [min, max) rupee bounds of a price band; max undefined means no upper bound. */
export function priceRangeBounds(range: PriceRange): { min: number; max: number | undefined } {
  if (range === "5000+") return { min: 5000, max: undefined };
  const [min, max] = range.split("-").map(Number) as [number, number];
  return { min, max };
}
