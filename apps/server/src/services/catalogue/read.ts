/**
 * The product read shape (contracts' productSchema) for a batch of product rows: sizes with their
 * stock, images, categories and rating figures come from four batched queries, whatever the count.
 * The data (row, images, categories) and the live figures (stock, ratings) load apart, so that the
 * read model (read-model.ts) can keep them apart.
 */

import { discountPercentOf, type Product, stockStatusOf } from "@vastra/contracts";
import { isUuid } from "@vastra/contracts/ids";
import { and, asc, eq, getTableColumns, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import {
  categories,
  productCategories,
  productImages,
  productSizes,
  products,
  reviews,
} from "../../db/schema.ts";

export type ProductRow = Omit<
  typeof products.$inferSelect,
  "searchDocument" | "searchVector" | "adminSearch"
>;

/** Every product column but the search texts and vector (which only the searches read). */
export const productColumns = (() => {
  const {
    searchDocument: _,
    searchVector: __,
    adminSearch: ___,
    ...columns
  } = getTableColumns(products);
  return columns;
})();

export { isUuid } from "@vastra/contracts/ids";

/** Rupees (2 decimals) from integer paise. */
export const rupees = (paise: number) => Math.round(paise) / 100;

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/**
 * A product's data that changes only when the product or its categories are edited: the read model
 * keeps it apart from its live figures (ProductLive), which orders, cancels and reviews change.
 */
export type ProductBase = {
  row: ProductRow;
  additionalImages: string[];
  colorImages: Array<{ color: string; imageUrl: string }>;
  categoryIds: string[];
  categoryName: string | null;
  /** Each size's SKU (record 0041): data, edited with the product, not a live figure. */
  sizeSkus: Array<{ size: string; sku: string }>;
};

/** A product's sizes with their stock (in the product's size order) and its rating figures. */
export type ProductLive = {
  sizeStock: Array<{ size: string; stock: number }>;
  averageRating: number;
  reviewCount: number;
  /** Verified buyers' fit answers, counted (record 0046); null when none. */
  fit: { runsSmall: number; trueToSize: number; runsLarge: number } | null;
};

/** The data of these rows (images and categories: two batched queries), by product id. */
export async function loadBases(db: DbOrTx, rows: ProductRow[]): Promise<Map<string, ProductBase>> {
  const found = new Map<string, ProductBase>();
  if (rows.length === 0) return found;
  const ids = rows.map((r) => r.id);
  const [images, cats, skus] = await Promise.all([
    db
      .select({
        productId: productImages.productId,
        color: productImages.color,
        url: productImages.url,
      })
      .from(productImages)
      .where(inArray(productImages.productId, ids))
      .orderBy(asc(productImages.position), asc(productImages.id)),
    db
      .select({ productId: productCategories.productId, id: categories.id, name: categories.name })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(inArray(productCategories.productId, ids))
      .orderBy(asc(productCategories.position), asc(categories.name)),
    db
      .select({ productId: productSizes.productId, size: productSizes.size, sku: productSizes.sku })
      .from(productSizes)
      .where(inArray(productSizes.productId, ids))
      .orderBy(asc(productSizes.position), asc(productSizes.size)),
  ]);
  const imagesOf = groupBy(images, (r) => r.productId);
  const categoriesOf = groupBy(cats, (r) => r.productId);
  const skusOf = groupBy(skus, (r) => r.productId);
  for (const row of rows) {
    const productImagesList = imagesOf.get(row.id) ?? [];
    const productCats = categoriesOf.get(row.id) ?? [];
    found.set(row.id, {
      row,
      additionalImages: productImagesList.filter((i) => i.color === null).map((i) => i.url),
      colorImages: productImagesList
        .filter((i) => i.color !== null)
        .map((i) => ({ color: i.color!, imageUrl: i.url })),
      categoryIds: productCats.map((c) => c.id),
      categoryName: productCats[0]?.name ?? null,
      sizeSkus: (skusOf.get(row.id) ?? []).map(({ size, sku }) => ({ size, sku })),
    });
  }
  return found;
}

/** The live figures of these products (sizes with stock, ratings: two batched queries), by id. */
export async function loadLives(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, ProductLive>> {
  const found = new Map<string, ProductLive>();
  if (ids.length === 0) return found;
  const list = [...ids];
  const [sizes, ratings] = await Promise.all([
    db
      .select({
        productId: productSizes.productId,
        size: productSizes.size,
        stock: productSizes.stock,
      })
      .from(productSizes)
      .where(inArray(productSizes.productId, list))
      .orderBy(asc(productSizes.position), asc(productSizes.size)),
    db
      .select({
        productId: reviews.productId,
        average: sql<string>`round(avg(${reviews.rating})::numeric, 2)`,
        count: sql<number>`count(*)::int`,
        // The fit answers (record 0046), counted in the same pass.
        runsSmall: sql<number>`count(*) filter (where ${reviews.fit} = 'runs_small')::int`,
        trueToSize: sql<number>`count(*) filter (where ${reviews.fit} = 'true_to_size')::int`,
        runsLarge: sql<number>`count(*) filter (where ${reviews.fit} = 'runs_large')::int`,
      })
      .from(reviews)
      // A hidden review (record 0042) counts in neither the average nor the count.
      .where(and(inArray(reviews.productId, list), isNull(reviews.hiddenAt)))
      .groupBy(reviews.productId),
  ]);
  const sizesOf = groupBy(sizes, (r) => r.productId);
  const ratingOf = new Map(ratings.map((r) => [r.productId, r]));
  for (const id of list) {
    const rating = ratingOf.get(id);
    found.set(id, {
      sizeStock: (sizesOf.get(id) ?? []).map(({ size, stock }) => ({ size, stock })),
      averageRating: rating ? Number(rating.average) : 0,
      reviewCount: rating ? Number(rating.count) : 0,
      fit:
        rating &&
        Number(rating.runsSmall) + Number(rating.trueToSize) + Number(rating.runsLarge) > 0
          ? {
              runsSmall: Number(rating.runsSmall),
              trueToSize: Number(rating.trueToSize),
              runsLarge: Number(rating.runsLarge),
            }
          : null,
    });
  }
  return found;
}

/** The read shape of a product from its data and its live figures. */
export function assembleProduct(base: ProductBase, live: ProductLive): Product {
  const { row } = base;
  const { sizeStock } = live;
  const stock = sizeStock.reduce((sum, s) => sum + s.stock, 0);
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    price: rupees(row.pricePaise),
    imageUrl: row.imageUrl,
    additionalImages: base.additionalImages,
    colorImages: base.colorImages,
    sizes: sizeStock.map((s) => s.size),
    sizeStock,
    colors: row.colors,
    defaultColor: row.defaultColor,
    gender: row.gender,
    stock,
    lowStockThreshold: row.lowStockThreshold,
    stockStatus: stockStatusOf(stock, row.lowStockThreshold),
    inStock: stock > 0,
    isLowStock: stock > 0 && stock <= row.lowStockThreshold,
    category: base.categoryName,
    categories: base.categoryIds,
    isHero: row.isHero,
    heroImage: row.heroImage,
    heroTagline: row.heroTagline,
    averageRating: live.averageRating,
    reviewCount: live.reviewCount,
    fit: live.fit,
    createdAt: row.createdAt.toISOString(),
    mrp: row.mrpPaise === null ? null : rupees(row.mrpPaise),
    discountPercent: discountPercentOf(row.pricePaise, row.mrpPaise),
    sku: row.sku,
    sizeSkus: base.sizeSkus,
    fabric: row.fabric,
    care: row.care,
    hsnCode: row.hsnCode,
    taxClass: row.taxClass,
  };
}

/** The read shapes of these rows, in the same order (always from the database). */
export async function toProducts(db: DbOrTx, rows: ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const [bases, lives] = await Promise.all([
    loadBases(db, rows),
    loadLives(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((row) => assembleProduct(bases.get(row.id)!, lives.get(row.id)!));
}

/** The rows of these products, in the order of `ids` (unknown ids left out). */
export async function getProductRows(db: DbOrTx, ids: readonly string[]): Promise<ProductRow[]> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return [];
  const rows = await db.select(productColumns).from(products).where(inArray(products.id, valid));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return valid.map((id) => byId.get(id)).filter((r): r is ProductRow => r !== undefined);
}

/** The read shapes of these products, in the order of `ids` (unknown ids left out). */
export async function getProductsByIds(db: DbOrTx, ids: readonly string[]): Promise<Product[]> {
  return toProducts(db, await getProductRows(db, ids));
}
