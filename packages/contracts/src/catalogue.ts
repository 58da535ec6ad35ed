import { z } from "./zod.ts";

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

export const categorySchema = z
  .object({ _id: z.string(), name: z.string() })
  .meta({ id: "Category" });
export type Category = z.infer<typeof categorySchema>;

export const sizeStockSchema = z.object({
  size: z.string(),
  stock: z.number().int().nonnegative(),
});
export const colorImageSchema = z.object({ color: z.string(), imageUrl: z.string() });

/** The product as everyone reads it (storefront.md §3 + admin.md §3 + decisions.md §3). */
export const productSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    /** Rupees, 2 decimals. */
    price: z.number(),
    imageUrl: z.string(),
    additionalImages: z.array(z.string()),
    colorImages: z.array(colorImageSchema),
    sizes: z.array(z.string()),
    sizeStock: z.array(sizeStockSchema),
    colors: z.array(z.string()),
    defaultColor: z.string().nullable(),
    gender: z.enum(GENDERS),
    stock: z.number().int(),
    lowStockThreshold: z.number().int(),
    stockStatus: z.enum(STOCK_STATUSES),
    inStock: z.boolean(),
    isLowStock: z.boolean(),
    /** The first category's name. */
    category: z.string().nullable(),
    /** Category ids. */
    categories: z.array(z.string()),
    isHero: z.boolean(),
    heroImage: z.string().nullable(),
    heroTagline: z.string().nullable(),
    averageRating: z.number(),
    reviewCount: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: "Product" });
export type Product = z.infer<typeof productSchema>;

const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : undefined));

/** GET /api/products query keys (decisions.md §3). Unknown keys are ignored, as links may carry more. */
export const productListQuerySchema = z.object({
  search: optionalText,
  /** A category id or name. */
  category: optionalText,
  size: optionalText,
  color: optionalText,
  gender: z.enum(GENDERS).optional().catch(undefined),
  inStock: z
    .enum(["true", "false"])
    .optional()
    .catch(undefined)
    .transform((v) => v === "true"),
  isHero: z
    .enum(["true", "false"])
    .optional()
    .catch(undefined)
    .transform((v) => (v === undefined ? undefined : v === "true")),
  priceRange: z.enum(PRICE_RANGES).optional().catch(undefined),
  sort: z.enum(PRODUCT_SORTS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).default(1).catch(1),
  /** Out of range is clamped to 1-100; not a number falls back to the default. */
  limit: z.coerce
    .number()
    .int()
    .default(PRODUCTS_PAGE_DEFAULT)
    .catch(PRODUCTS_PAGE_DEFAULT)
    .transform((v) => Math.min(PRODUCTS_PAGE_MAX, Math.max(1, v))),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

export const filterOptionsSchema = z
  .object({ colors: z.array(z.string()), sizes: z.array(z.string()) })
  .meta({ id: "FilterOptions" });
export type FilterOptions = z.infer<typeof filterOptionsSchema>;

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
