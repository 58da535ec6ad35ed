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

/**
 * The whole-percent discount of a price from its MRP (record 0041), rounded down so that it never
 * claims more than the shopper saves; null without an MRP above the price.
 */
export function discountPercentOf(price: number, mrp: number | null | undefined): number | null {
  if (mrp === null || mrp === undefined || !(mrp > price) || mrp <= 0) return null;
  const percent = Math.floor(((mrp - price) / mrp) * 100 + 1e-9);
  return percent >= 1 ? percent : null;
}

/** At most this many values of one list filter (category, size, colour) are read. */
export const LIST_FILTER_MAX_VALUES = 20;

/**
 * The values of a many-valued list filter (`size=M,L` or `size=M&size=L`): split on commas,
 * trimmed, without empties, duplicates dropped ignoring case (the first spelling kept), sorted
 * (ignoring case) so that `M,L` and `L,M` are one query, at most LIST_FILTER_MAX_VALUES.
 */
export function listFilterValues(raw: string | readonly string[] | null | undefined): string[] {
  const parts = (typeof raw === "string" ? [raw] : (raw ?? []))
    .flatMap((value) => value.split(","))
    .map((value) => value.trim().slice(0, 200))
    .filter(Boolean);
  const byKey = new Map<string, string>();
  for (const value of parts) {
    const key = value.toLocaleLowerCase("en-IN");
    if (!byKey.has(key)) byKey.set(key, value);
  }
  return [...byKey.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, value]) => value)
    .slice(0, LIST_FILTER_MAX_VALUES);
}
