import {
  GENDERS,
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
  ...pageParams(PRODUCTS_PAGE_DEFAULT, PRODUCTS_PAGE_MAX),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

export const filterOptionsSchema = z
  .object({ colors: z.array(z.string()), sizes: z.array(z.string()) })
  .meta({ id: "FilterOptions" });
export type FilterOptions = z.infer<typeof filterOptionsSchema>;
