/**
 * The admin's product calls (admin.md §3, §5, §7; decisions.md §3): the list with search, gender
 * and stock filters, the product write body (every field of the add/edit form) with the messages
 * of admin.md §5, and the per-size stock call. The same checks run in the form (productFieldErrors)
 * and on the server (productWriteSchema), so both say the same thing.
 */
import { GENDERS, productSchema } from "./catalogue.ts";
import { pageParams } from "./common.ts";
import { productTaxSchema } from "./gst.ts";
import { isWholePaise } from "./money.ts";
import { z } from "./zod.ts";

export const ADMIN_PRODUCTS_PAGE_DEFAULT = 24;
export const ADMIN_PRODUCTS_PAGE_MAX = 100;

/** The stock filter of the grid: one value per stock status (decisions.md §3 thresholds). */
/**
 * The Products tab's stock filter. `needs-restock` is the Overview's Low stock card: out of stock,
 * at or under the threshold, or sold out in any size.
 */
export const STOCK_FILTERS = ["in-stock", "low-stock", "out-of-stock", "needs-restock"] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

export const STOCK_OPERATIONS = ["add", "subtract", "set"] as const;
export type StockOperation = (typeof STOCK_OPERATIONS)[number];

export const PRODUCT_LIMITS = {
  title: 200,
  description: 5000,
  size: 20,
  color: 40,
  sizes: 30,
  colors: 30,
  images: 10,
  categories: 20,
  tagline: 200,
  url: 500,
  /** Rupees. */
  maxPrice: 10_000_000,
  maxStock: 1_000_000,
} as const;

export const ADMIN_PRODUCT_MESSAGES = {
  required: "Please fill in all required fields",
  image: "Please upload a product image",
  sizes: "Please add at least one size",
  heroTagline: "Hero tagline is required for hero products",
  created: "Product created successfully!",
  updated: "Product updated successfully!",
  deleted: "Product deleted successfully!",
  stockUpdated: "Stock updated successfully!",
  notFound: "Product not found",
  price: "Please enter a price of 0 or more, with at most 2 decimals",
  priceTooHigh: `Please enter a price of at most ₹${PRODUCT_LIMITS.maxPrice.toLocaleString("en-IN")}`,
  stockNumber: "Please enter a whole number of 0 or more",
  stockTooHigh: `Stock can be at most ${PRODUCT_LIMITS.maxStock.toLocaleString("en-IN")} per size`,
  lowStockThreshold: "Low stock threshold must be a whole number of 0 or more",
  unknownCategory: "Please choose categories that exist",
  imageUrl: "This image address is not valid; please upload the image again",
  operation: "operation must be add, subtract or set",
  sizeEmpty: "Sizes cannot be empty",
  colorEmpty: "Colours cannot be empty",
  duplicateSize: (size: string) => `Size ${size} is already in the list`,
  duplicateColor: (color: string) => `Colour ${color} is already in the list`,
  sizeStockUnknown: (size: string) => `Stock was given for ${size}, which is not one of the sizes`,
  colorImageColor: (color: string) => `Add the colour ${color} before giving it an image`,
  noSuchSize: (size: string) => `This product has no size ${size}`,
  belowZero: (size: string, have: number, take: number) =>
    `Cannot subtract ${take}: size ${size} has only ${have} in stock`,
  // Product data (record 0041).
  mrp: "Please enter an MRP of more than 0, with at most 2 decimals, or leave it empty",
  mrpNotAbovePrice:
    "The MRP must be more than the price (leave it empty when there is no discount)",
  sku: "A SKU is 1 to 40 letters, digits, '-', '_', '.' or '/', starting with a letter or digit",
  skuTaken: (sku: string) => `SKU ${sku} is already used by another product`,
  duplicateSku: (sku: string) => `SKU ${sku} is given twice`,
  skuTakenMeanwhile: "One of these SKUs is already used by another product; please choose another",
  sizeSkuUnknown: (size: string) => `A SKU was given for ${size}, which is not one of the sizes`,
} as const;

/** What a SKU may be: letters, digits and - _ . /, starting with a letter or digit. */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/;
export const PRODUCT_TEXT_LIMITS = { fabric: 200, care: 1000, sku: 40 } as const;

/** The product-data fields' checks (record 0041): MRP above the price, SKUs well-formed and apart. */
export function productDataErrors(p: {
  price?: number | null;
  mrp?: number | null;
  sku?: string | null;
  sizes?: readonly string[];
  sizeSkus?: ReadonlyArray<{ size: string; sku: string }>;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  const M = ADMIN_PRODUCT_MESSAGES;
  if (p.mrp !== undefined && p.mrp !== null) {
    if (
      Number.isNaN(p.mrp) ||
      p.mrp <= 0 ||
      !isWholePaise(p.mrp) ||
      p.mrp > PRODUCT_LIMITS.maxPrice
    )
      errors.mrp = M.mrp;
    else if (typeof p.price === "number" && !Number.isNaN(p.price) && p.mrp <= p.price)
      errors.mrp = M.mrpNotAbovePrice;
  }
  const sku = p.sku?.trim();
  if (sku && !SKU_PATTERN.test(sku)) errors.sku = M.sku;
  const sizeSkus = (p.sizeSkus ?? []).filter((s) => s.sku.trim());
  const badSize = sizeSkus.find((s) => !SKU_PATTERN.test(s.sku.trim()));
  const unknown = sizeSkus.find((s) => !(p.sizes ?? []).some((size) => sameLabel(size, s.size)));
  const dup = firstDuplicate(sizeSkus.map((s) => s.sku));
  if (badSize) errors.sizeSkus = M.sku;
  else if (unknown) errors.sizeSkus = M.sizeSkuUnknown(unknown.size.trim());
  else if (dup) errors.sizeSkus = M.duplicateSku(dup.toUpperCase());
  return errors;
}

/**
 * A stored image (/images/<id>-w<width>.webp): what product image fields hold. Outside addresses
 * are refused: the store's pages only load their own images (Content-Security-Policy img-src).
 */
const IMAGE_URL = /^\/images\/[A-Za-z0-9_-]+\.webp$/;
export const isProductImageUrl = (url: string) =>
  url.length <= PRODUCT_LIMITS.url && IMAGE_URL.test(url);

/** Two sizes (or colours) are the same when they match trimmed, ignoring case. */
export const sameLabel = (a: string, b: string) =>
  a.trim().toLocaleLowerCase("en-IN") === b.trim().toLocaleLowerCase("en-IN");

/** The first repeated entry of a list (compared trimmed, ignoring case), if any. */
export function firstDuplicate(list: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const item of list) {
    const key = item.trim().toLocaleLowerCase("en-IN");
    if (seen.has(key)) return item.trim();
    seen.add(key);
  }
  return undefined;
}

const imageUrl = z.string().max(PRODUCT_LIMITS.url);
const nullableText = (max: number) => z.string().max(max).nullable().optional();

/**
 * POST /api/admin/products and PUT /api/admin/products/{id}: every product field (admin.md §7).
 * `sizeStock` gives each size its stock; without it `stock` goes on the first size (decisions.md §3)
 * and, on an edit, sizes that stay keep their stock. sessionId and the old* fields of the spec's
 * body are accepted; the server knows the old images itself. So are the entity's _id and computed
 * fields (ignored). Any other field is refused.
 */
export const productWriteSchema = z
  .object({
    title: z.string().max(PRODUCT_LIMITS.title).default(""),
    description: z.string().max(PRODUCT_LIMITS.description).default(""),
    /** Rupees, up to 2 decimals. */
    price: z.number({ error: ADMIN_PRODUCT_MESSAGES.required }).nullable().optional(),
    stock: z
      .number({ error: ADMIN_PRODUCT_MESSAGES.stockNumber })
      .int(ADMIN_PRODUCT_MESSAGES.stockNumber)
      .min(0, ADMIN_PRODUCT_MESSAGES.stockNumber)
      .max(PRODUCT_LIMITS.maxStock, ADMIN_PRODUCT_MESSAGES.stockTooHigh)
      .nullable()
      .optional(),
    lowStockThreshold: z
      .number({ error: ADMIN_PRODUCT_MESSAGES.lowStockThreshold })
      .int(ADMIN_PRODUCT_MESSAGES.lowStockThreshold)
      .min(0, ADMIN_PRODUCT_MESSAGES.lowStockThreshold)
      .max(PRODUCT_LIMITS.maxStock, ADMIN_PRODUCT_MESSAGES.lowStockThreshold)
      .default(10),
    gender: z.enum(GENDERS, { error: ADMIN_PRODUCT_MESSAGES.required }).nullable().optional(),
    sizes: z.array(z.string().max(PRODUCT_LIMITS.size)).max(PRODUCT_LIMITS.sizes).default([]),
    sizeStock: z
      .array(
        z
          .object({
            size: z.string().max(PRODUCT_LIMITS.size),
            stock: z
              .number({ error: ADMIN_PRODUCT_MESSAGES.stockNumber })
              .int(ADMIN_PRODUCT_MESSAGES.stockNumber)
              .min(0, ADMIN_PRODUCT_MESSAGES.stockNumber)
              .max(PRODUCT_LIMITS.maxStock, ADMIN_PRODUCT_MESSAGES.stockTooHigh),
          })
          .strict(),
      )
      .max(PRODUCT_LIMITS.sizes)
      .optional(),
    colors: z.array(z.string().max(PRODUCT_LIMITS.color)).max(PRODUCT_LIMITS.colors).default([]),
    defaultColor: nullableText(PRODUCT_LIMITS.color),
    categories: z
      .array(z.uuid(ADMIN_PRODUCT_MESSAGES.unknownCategory))
      .max(PRODUCT_LIMITS.categories)
      .default([]),
    imageUrl: imageUrl.default(""),
    additionalImages: z.array(imageUrl).max(PRODUCT_LIMITS.images).default([]),
    colorImages: z
      .array(z.object({ color: z.string().max(PRODUCT_LIMITS.color), imageUrl }).strict())
      .max(PRODUCT_LIMITS.colors)
      .default([]),
    isHero: z.boolean().default(false),
    heroImage: nullableText(PRODUCT_LIMITS.url),
    heroTagline: nullableText(PRODUCT_LIMITS.tagline),
    // Product data (record 0041): MRP in rupees (null: none); an empty SKU takes the default.
    mrp: z.number({ error: ADMIN_PRODUCT_MESSAGES.mrp }).nullable().optional(),
    sku: z.string().max(PRODUCT_TEXT_LIMITS.sku, ADMIN_PRODUCT_MESSAGES.sku).nullable().optional(),
    sizeSkus: z
      .array(
        z
          .object({
            size: z.string().max(PRODUCT_LIMITS.size),
            sku: z.string().max(PRODUCT_TEXT_LIMITS.sku, ADMIN_PRODUCT_MESSAGES.sku),
          })
          .strict(),
      )
      .max(PRODUCT_LIMITS.sizes)
      .optional(),
    fabric: z.string().max(PRODUCT_TEXT_LIMITS.fabric).nullable().optional(),
    care: z.string().max(PRODUCT_TEXT_LIMITS.care).nullable().optional(),
    // GST (record 0037): absent on an edit keeps what the product has.
    hsnCode: productTaxSchema.shape.hsnCode.optional(),
    taxClass: productTaxSchema.shape.taxClass.optional(),
    sessionId: z.string().max(100).optional(),
    oldImageUrl: z.string().max(PRODUCT_LIMITS.url).nullable().optional(),
    oldHeroImage: z.string().max(PRODUCT_LIMITS.url).nullable().optional(),
    oldColorImages: z.array(z.unknown()).max(100).optional(),
    oldAdditionalImages: z.array(z.unknown()).max(100).optional(),
    // The product's own id and computed fields (admin.md §3), sent back by a form that holds the
    // whole product: ignored (the path names the product; the server computes the rest).
    _id: z.string().max(100).optional(),
    inStock: z.boolean().optional(),
    isLowStock: z.boolean().optional(),
    stockStatus: z.string().max(50).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    for (const [field, message] of Object.entries(productFieldErrors(body))) {
      ctx.addIssue({ code: "custom", path: [field], message });
    }
    for (const [field, message] of Object.entries(productDataErrors(body))) {
      ctx.addIssue({ code: "custom", path: [field], message });
    }
  })
  .meta({ id: "ProductWrite" });
export type ProductWriteInput = z.input<typeof productWriteSchema>;
export type ProductWrite = z.output<typeof productWriteSchema>;

/** What the form and the server check beyond types, field by field, most important first. */
export type ProductFieldInput = {
  title?: string;
  price?: number | null;
  gender?: string | null;
  imageUrl?: string;
  sizes?: readonly string[];
  sizeStock?: ReadonlyArray<{ size: string; stock: number }>;
  colors?: readonly string[];
  colorImages?: ReadonlyArray<{ color: string; imageUrl: string }>;
  additionalImages?: readonly string[];
  isHero?: boolean;
  heroImage?: string | null;
  heroTagline?: string | null;
};

export function productFieldErrors(p: ProductFieldInput): Record<string, string> {
  const errors: Record<string, string> = {};
  const M = ADMIN_PRODUCT_MESSAGES;
  if (!p.title?.trim()) errors.title = M.required;
  if (p.price === undefined || p.price === null || Number.isNaN(p.price)) errors.price = M.required;
  else if (p.price < 0 || !isWholePaise(p.price)) errors.price = M.price;
  else if (p.price > PRODUCT_LIMITS.maxPrice) errors.price = M.priceTooHigh;
  if (!p.gender) errors.gender = M.required;
  if (!p.imageUrl?.trim()) errors.imageUrl = M.image;
  else if (!isProductImageUrl(p.imageUrl)) errors.imageUrl = M.imageUrl;

  const sizes = p.sizes ?? [];
  if (sizes.length === 0) errors.sizes = M.sizes;
  else if (sizes.some((s) => !s.trim())) errors.sizes = M.sizeEmpty;
  else {
    const dup = firstDuplicate(sizes);
    if (dup) errors.sizes = M.duplicateSize(dup);
  }
  if (!errors.sizes && p.sizeStock) {
    const dup = firstDuplicate(p.sizeStock.map((s) => s.size));
    const unknown = p.sizeStock.find((s) => !sizes.some((size) => sameLabel(size, s.size)));
    if (dup) errors.sizeStock = M.duplicateSize(dup);
    else if (unknown) errors.sizeStock = M.sizeStockUnknown(unknown.size.trim());
  }

  const colors = p.colors ?? [];
  if (colors.some((c) => !c.trim())) errors.colors = M.colorEmpty;
  else {
    const dup = firstDuplicate(colors);
    if (dup) errors.colors = M.duplicateColor(dup);
  }
  for (const image of p.colorImages ?? []) {
    if (!colors.some((c) => sameLabel(c, image.color))) {
      errors.colorImages = M.colorImageColor(image.color.trim());
      break;
    }
    if (!isProductImageUrl(image.imageUrl)) {
      errors.colorImages = M.imageUrl;
      break;
    }
  }
  if (!errors.colorImages) {
    const dup = firstDuplicate((p.colorImages ?? []).map((c) => c.color));
    if (dup) errors.colorImages = `Colour ${dup} has more than one image`;
  }
  if ((p.additionalImages ?? []).some((u) => !isProductImageUrl(u)))
    errors.additionalImages = M.imageUrl;
  if (p.heroImage && !isProductImageUrl(p.heroImage)) errors.heroImage = M.imageUrl;
  if (p.isHero && !p.heroTagline?.trim()) errors.heroTagline = M.heroTagline;
  return errors;
}

/** The default colour after an edit of the colours (admin.md §4): kept if still there, else the first. */
export function defaultColorFor(
  colors: readonly string[],
  current: string | null | undefined,
): string | null {
  const kept = current ? colors.find((c) => sameLabel(c, current)) : undefined;
  return kept?.trim() ?? colors[0]?.trim() ?? null;
}

/** GET /api/admin/products query: unknown or wrong values fall back to "all". */
export const adminProductListQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined),
  gender: z.enum(GENDERS).optional().catch(undefined),
  stock: z.enum(STOCK_FILTERS).optional().catch(undefined),
  /** A category id. */
  category: z.uuid().optional().catch(undefined),
  ...pageParams(ADMIN_PRODUCTS_PAGE_DEFAULT, ADMIN_PRODUCTS_PAGE_MAX),
});
export type AdminProductListQuery = z.output<typeof adminProductListQuerySchema>;

/** PATCH /api/admin/products/{id}/stock: one size's stock (the first size without `size`). */
export const stockUpdateSchema = z
  .object({
    stock: z
      .number({ error: ADMIN_PRODUCT_MESSAGES.stockNumber })
      .int(ADMIN_PRODUCT_MESSAGES.stockNumber)
      .min(0, ADMIN_PRODUCT_MESSAGES.stockNumber)
      .max(PRODUCT_LIMITS.maxStock, ADMIN_PRODUCT_MESSAGES.stockTooHigh),
    operation: z.enum(STOCK_OPERATIONS, { error: ADMIN_PRODUCT_MESSAGES.operation }),
    size: z.string().trim().min(1).max(PRODUCT_LIMITS.size).optional(),
  })
  .strict()
  .meta({ id: "StockUpdate" });
export type StockUpdate = z.output<typeof stockUpdateSchema>;

export const productReplySchema = z
  .object({ message: z.string(), product: productSchema })
  .meta({ id: "ProductReply" });
export type ProductReply = z.infer<typeof productReplySchema>;
