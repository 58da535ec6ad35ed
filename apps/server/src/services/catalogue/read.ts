/**
 * The product read shape (contracts' productSchema) for a batch of products: the row, sizes with
 * their stock, images, categories and rating figures come from one statement, whatever the count.
 * The data (row, images, categories, SKUs) and the live figures (stock, ratings) are kept apart,
 * so that the read model (read-model.ts) can keep and drop them apart.
 */

import { discountPercentOf, type Product, stockStatusOf } from "@vastra/contracts";
import { isUuid } from "@vastra/contracts/ids";
import { and, eq, getTableColumns, inArray, isNull, sql } from "drizzle-orm";
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

/** The live figures of these products (sizes with stock, ratings: one statement), by id. */
export async function loadLives(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, ProductLive>> {
  return (await loadParts(db, ids, { bases: false, lives: true })).lives;
}

type Parts = { bases: Map<string, ProductBase>; lives: Map<string, ProductLive> };

/**
 * The data and/or the live figures of these products in one statement (one round trip, one pooled
 * connection): each part is aggregated per product over the batch (set-based: a GROUP BY each,
 * joined to the products), and arrives as JSON text. Unknown ids are left out.
 */
export async function loadParts(
  db: DbOrTx,
  ids: readonly string[],
  want: { bases: boolean; lives: boolean },
): Promise<Parts> {
  const parts: Parts = { bases: new Map(), lives: new Map() };
  const list = [...new Set(ids.filter(isUuid))];
  if (list.length === 0) return parts;
  const images = db.$with("part_images").as(
    db
      .select({
        productId: productImages.productId,
        list: sql<string>`json_agg(json_build_array(${productImages.color}, ${productImages.url}) order by ${productImages.position}, ${productImages.id})::text`.as(
          "images",
        ),
      })
      .from(productImages)
      .where(inArray(productImages.productId, list))
      .groupBy(productImages.productId),
  );
  const cats = db.$with("part_categories").as(
    db
      .select({
        productId: productCategories.productId,
        list: sql<string>`json_agg(json_build_array(${categories.id}, ${categories.name}) order by ${productCategories.position}, ${categories.name})::text`.as(
          "categories",
        ),
      })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(inArray(productCategories.productId, list))
      .groupBy(productCategories.productId),
  );
  // Sizes in the product's size order, with both their SKU (data) and their stock (live).
  const sizes = db.$with("part_sizes").as(
    db
      .select({
        productId: productSizes.productId,
        list: sql<string>`json_agg(json_build_array(${productSizes.size}, ${productSizes.sku}, ${productSizes.stock}) order by ${productSizes.position}, ${productSizes.size})::text`.as(
          "sizes",
        ),
      })
      .from(productSizes)
      .where(inArray(productSizes.productId, list))
      .groupBy(productSizes.productId),
  );
  const ratings = db.$with("part_ratings").as(
    db
      .select({
        productId: reviews.productId,
        average: sql<string>`round(avg(${reviews.rating})::numeric, 2)::text`.as("average"),
        count: sql<number>`count(*)::int`.as("review_count"),
        // The fit answers (record 0046), counted in the same pass.
        runsSmall: sql<number>`count(*) filter (where ${reviews.fit} = 'runs_small')::int`.as(
          "runs_small",
        ),
        trueToSize: sql<number>`count(*) filter (where ${reviews.fit} = 'true_to_size')::int`.as(
          "true_to_size",
        ),
        runsLarge: sql<number>`count(*) filter (where ${reviews.fit} = 'runs_large')::int`.as(
          "runs_large",
        ),
      })
      .from(reviews)
      // A hidden review (record 0042) counts in neither the average nor the count.
      .where(and(inArray(reviews.productId, list), isNull(reviews.hiddenAt)))
      .groupBy(reviews.productId),
  );
  let query = db
    .with(images, cats, sizes, ratings)
    .select({
      row: productColumns,
      images: want.bases ? images.list : sql<null>`null`,
      categories: want.bases ? cats.list : sql<null>`null`,
      sizes: sizes.list,
      average: want.lives ? ratings.average : sql<null>`null`,
      count: want.lives ? ratings.count : sql<null>`null`,
      runsSmall: want.lives ? ratings.runsSmall : sql<null>`null`,
      trueToSize: want.lives ? ratings.trueToSize : sql<null>`null`,
      runsLarge: want.lives ? ratings.runsLarge : sql<null>`null`,
    })
    .from(products)
    .leftJoin(sizes, eq(sizes.productId, products.id))
    .where(inArray(products.id, list))
    .$dynamic();
  if (want.bases) {
    query = query
      .leftJoin(images, eq(images.productId, products.id))
      .leftJoin(cats, eq(cats.productId, products.id));
  }
  if (want.lives) query = query.leftJoin(ratings, eq(ratings.productId, products.id));
  const rows = await query;
  for (const found of rows) {
    const id = found.row.id;
    const sizeList = parseList<[string, string, number]>(found.sizes);
    if (want.bases) {
      const imageList = parseList<[string | null, string]>(found.images);
      const catList = parseList<[string, string]>(found.categories);
      parts.bases.set(id, {
        row: found.row,
        additionalImages: imageList.filter(([color]) => color === null).map(([, url]) => url),
        colorImages: imageList
          .filter(([color]) => color !== null)
          .map(([color, url]) => ({ color: color!, imageUrl: url })),
        categoryIds: catList.map(([catId]) => catId),
        categoryName: catList[0]?.[1] ?? null,
        sizeSkus: sizeList.map(([size, sku]) => ({ size, sku })),
      });
    }
    if (want.lives) {
      const count = Number(found.count ?? 0);
      const small = Number(found.runsSmall ?? 0);
      const fits = Number(found.trueToSize ?? 0);
      const large = Number(found.runsLarge ?? 0);
      parts.lives.set(id, {
        sizeStock: sizeList.map(([size, , stock]) => ({ size, stock })),
        averageRating: count > 0 ? Number(found.average) : 0,
        reviewCount: count,
        fit:
          small + fits + large > 0
            ? { runsSmall: small, trueToSize: fits, runsLarge: large }
            : null,
      });
    }
  }
  return parts;
}

/** A json_agg's text (null when the product has none). */
function parseList<T>(text: string | null): T[] {
  return text === null ? [] : (JSON.parse(text) as T[]);
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
  const { bases, lives } = await loadParts(
    db,
    rows.map((r) => r.id),
    { bases: true, lives: true },
  );
  // A product deleted since its row was read is left out.
  return rows.flatMap((row) => {
    const base = bases.get(row.id);
    const live = lives.get(row.id);
    return base && live ? [assembleProduct(base, live)] : [];
  });
}

/** The read shapes of these products, in the order of `ids` (unknown ids left out). */
export async function getProductsByIds(db: DbOrTx, ids: readonly string[]): Promise<Product[]> {
  const { bases, lives } = await loadParts(db, ids, { bases: true, lives: true });
  return [...new Set(ids)].flatMap((id) => {
    const base = bases.get(id);
    const live = lives.get(id);
    return base && live ? [assembleProduct(base, live)] : [];
  });
}
