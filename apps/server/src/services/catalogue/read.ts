/**
 * The product read shape (contracts' productSchema) for a batch of product rows: sizes with their
 * stock, images, categories and rating figures come from four batched queries, whatever the count.
 */
import { type Product, stockStatusOf } from "@vastra/contracts";
import { asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import {
  categories,
  productCategories,
  productImages,
  productSizes,
  products,
  reviews,
} from "../../db/schema.ts";

export type ProductRow = Omit<typeof products.$inferSelect, "searchDocument" | "searchVector">;

/** Every product column but the search document and vector (which only search reads). */
export const productColumns = (() => {
  const { searchDocument: _, searchVector: __, ...columns } = getTableColumns(products);
  return columns;
})();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

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

/** The read shapes of these rows, in the same order. */
export async function toProducts(db: DbOrTx, rows: ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [sizes, images, cats, ratings] = await Promise.all([
    db
      .select({
        productId: productSizes.productId,
        size: productSizes.size,
        stock: productSizes.stock,
      })
      .from(productSizes)
      .where(inArray(productSizes.productId, ids))
      .orderBy(asc(productSizes.position), asc(productSizes.size)),
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
      .select({
        productId: reviews.productId,
        average: sql<string>`round(avg(${reviews.rating})::numeric, 2)`,
        count: sql<number>`count(*)::int`,
      })
      .from(reviews)
      .where(inArray(reviews.productId, ids))
      .groupBy(reviews.productId),
  ]);
  const sizesOf = groupBy(sizes, (r) => r.productId);
  const imagesOf = groupBy(images, (r) => r.productId);
  const categoriesOf = groupBy(cats, (r) => r.productId);
  const ratingOf = new Map(ratings.map((r) => [r.productId, r]));

  return rows.map((row) => {
    const sizeStock = (sizesOf.get(row.id) ?? []).map(({ size, stock }) => ({ size, stock }));
    const stock = sizeStock.reduce((sum, s) => sum + s.stock, 0);
    const productImagesList = imagesOf.get(row.id) ?? [];
    const productCats = categoriesOf.get(row.id) ?? [];
    const rating = ratingOf.get(row.id);
    return {
      _id: row.id,
      title: row.title,
      description: row.description,
      price: rupees(row.pricePaise),
      imageUrl: row.imageUrl,
      additionalImages: productImagesList.filter((i) => i.color === null).map((i) => i.url),
      colorImages: productImagesList
        .filter((i) => i.color !== null)
        .map((i) => ({ color: i.color!, imageUrl: i.url })),
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
      category: productCats[0]?.name ?? null,
      categories: productCats.map((c) => c.id),
      isHero: row.isHero,
      heroImage: row.heroImage,
      heroTagline: row.heroTagline,
      averageRating: rating ? Number(rating.average) : 0,
      reviewCount: rating ? Number(rating.count) : 0,
      createdAt: row.createdAt.toISOString(),
    };
  });
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
