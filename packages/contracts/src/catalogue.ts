import {
  GENDERS,
  listFilterValues,
  PRICE_RANGES,
  PRODUCT_SORTS,
  PRODUCTS_PAGE_DEFAULT,
  PRODUCTS_PAGE_MAX,
  STOCK_STATUSES,
} from "./catalogue-options.ts";
import { pageParams } from "./common.ts";
import { z } from "./zod.ts";

export * from "./catalogue-options.ts";

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
    /**
     * Verified buyers' fit answers, counted (record 0046); null when none. Optional for readers
     * built before it; the shop always sends it.
     */
    fit: z
      .object({
        runsSmall: z.number().int(),
        trueToSize: z.number().int(),
        runsLarge: z.number().int(),
      })
      .nullable()
      .optional(),
    createdAt: z.string(),
    // Product data (record 0041).
    /** The MRP (compare-at price) in rupees, above the price; null when none. */
    mrp: z.number().nullable(),
    /** Whole percent off the MRP (rounded down); null without an MRP. */
    discountPercent: z.number().int().nullable(),
    /** The product's base SKU. */
    sku: z.string(),
    /** Each size's SKU, in the size order. */
    sizeSkus: z.array(z.object({ size: z.string(), sku: z.string() })),
    fabric: z.string(),
    care: z.string(),
    // GST (record 0037): printed on tax invoices; absent on older clients' fixtures.
    /** The HSN code (4, 6 or 8 digits). */
    hsnCode: z.string().optional(),
    /** The GST rate class: apparel or fabric. */
    taxClass: z.string().optional(),
  })
  .meta({ id: "Product" });
export type Product = z.infer<typeof productSchema>;

const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * A many-valued filter (record 0041): `M,L` (or the key repeated) as its values lower-cased,
 * deduplicated and sorted, so that `M,L` and `l,m` are one query; undefined when none.
 */
const listValues = z
  // The key repeated (`size=M&size=L`) arrives as an array: the same as `size=M,L`.
  .preprocess((v) => (Array.isArray(v) ? v.join(",") : v), z.string().max(2000).optional())
  .catch(undefined)
  .transform((v) => {
    const values = [...new Set(listFilterValues(v).map((x) => x.toLocaleLowerCase("en-IN")))];
    return values.length > 0 ? values : undefined;
  });

/** GET /api/products query keys (decisions.md §3). Unknown keys are ignored, as links may carry more. */
export const productListQuerySchema = z.object({
  search: optionalText,
  /** Category ids or names, comma-separated: a product in any of them. */
  category: listValues,
  /** Sizes, comma-separated: a product with any of them. */
  size: listValues,
  /** Colours, comma-separated: a product in any of them. */
  color: listValues,
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
  ...pageParams(PRODUCTS_PAGE_DEFAULT, PRODUCTS_PAGE_MAX),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

export const filterOptionsSchema = z
  .object({ colors: z.array(z.string()), sizes: z.array(z.string()) })
  .meta({ id: "FilterOptions" });
export type FilterOptions = z.infer<typeof filterOptionsSchema>;
