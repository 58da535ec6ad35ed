/**
 * The admin's products (admin.md §3, §5, §7; decisions.md §3, §8): the grid's list with search,
 * gender, category and stock filters; create, edit and delete; per-size stock changes.
 *
 * - Stock is per size; a product's stock is their sum. A write's `sizeStock` sets each size;
 *   without it `stock` goes on the first size (others 0); without either, sizes that stay keep
 *   their stock and new ones start at 0.
 * - Saving claims the images the product now uses and releases the ones it stopped using; those
 *   are deleted (files too) once nothing else refers to them. The form's unsaved uploads are
 *   cleaned up after the save when it names its session.
 * - Deleting a product keeps order history (order items keep their snapshot: title, price, size,
 *   picture; their product link becomes null); its reviews and cart lines go with it.
 */

import {
  type AdminProductListQuery,
  defaultColorFor,
  ADMIN_PRODUCT_MESSAGES as M,
  type Product,
  type ProductWrite,
  type StockUpdate,
  sameLabel,
} from "@vastra/contracts";
import { toPaise } from "@vastra/contracts/money";
import { and, asc, desc, eq, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  categories,
  productCategories,
  productImages,
  productSizes,
  products,
} from "../../db/schema.ts";
import { withActivityContext } from "../activity/context.ts";
import type { Clock } from "../clock.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import type { UploadService } from "../uploads/index.ts";
import { getProductsByIds, isUuid, refreshSearchDocument, toProducts } from "./index.ts";
import {
  adminSearchConditions,
  checkMrp,
  checkSkusFree,
  isSkuClash,
  productDataColumns,
  writeSizeSkus,
} from "./product-data.ts";
import { productColumns } from "./read.ts";
import { qualified } from "./sql.ts";

const productId = qualified(products.id);
const totalStock = sql`(select coalesce(sum(ps.stock), 0) from product_sizes ps where ps.product_id = ${productId})`;
const threshold = qualified(products.lowStockThreshold);

/** The grid's filters as conditions (also the bulk export's: record 0049). */
export function listConditions(query: AdminProductListQuery): SQL[] {
  const conditions: SQL[] = [];
  // Every word typed begins a word of the title, categories, colours, gender, fabric or a SKU
  // (product-data.ts; record 0041).
  if (query.search) conditions.push(...adminSearchConditions(query.search));
  if (query.gender) conditions.push(eq(products.gender, query.gender));
  if (query.category) {
    conditions.push(sql`exists (select 1 from product_categories pc
      where pc.product_id = ${productId} and pc.category_id = ${query.category}::uuid)`);
  }
  if (query.stock === "out-of-stock") conditions.push(sql`${totalStock} = 0`);
  if (query.stock === "low-stock") {
    conditions.push(sql`${totalStock} > 0 and ${totalStock} <= ${threshold}`);
  }
  if (query.stock === "in-stock") conditions.push(sql`${totalStock} > ${threshold}`);
  if (query.stock === "needs-restock") {
    conditions.push(sql`(${totalStock} <= ${threshold} or exists (select 1 from product_sizes ps
      where ps.product_id = ${productId} and ps.stock = 0))`);
  }
  return conditions;
}

type Normalized = {
  title: string;
  description: string;
  pricePaise: number;
  lowStockThreshold: number;
  gender: "Men" | "Women" | "Unisex";
  imageUrl: string;
  colors: string[];
  defaultColor: string | null;
  isHero: boolean;
  heroImage: string | null;
  heroTagline: string | null;
  sizes: string[];
  categoryIds: string[];
  additionalImages: string[];
  colorImages: Array<{ color: string; url: string }>;
  /** GST (record 0037): undefined keeps the product's own. */
  tax: { hsnCode?: string; taxClass?: string };
};

/** The products row's own columns from a normalized form (sizes, categories, images apart). */
function productColumnsOf(n: Normalized) {
  return {
    title: n.title,
    description: n.description,
    pricePaise: n.pricePaise,
    lowStockThreshold: n.lowStockThreshold,
    gender: n.gender,
    imageUrl: n.imageUrl,
    colors: n.colors,
    defaultColor: n.defaultColor,
    isHero: n.isHero,
    heroImage: n.heroImage,
    heroTagline: n.heroTagline,
    ...n.tax,
  };
}

function normalize(body: ProductWrite): Normalized {
  const colors = body.colors.map((c) => c.trim());
  const sizes = body.sizes.map((s) => s.trim());
  const heroImage = body.heroImage?.trim() || null;
  return {
    title: body.title.trim(),
    description: body.description.trim(),
    pricePaise: toPaise(body.price ?? 0),
    lowStockThreshold: body.lowStockThreshold,
    gender: body.gender ?? "Unisex",
    imageUrl: body.imageUrl.trim(),
    colors,
    defaultColor: defaultColorFor(colors, body.defaultColor),
    isHero: body.isHero,
    heroImage,
    heroTagline: body.heroTagline?.trim() || null,
    sizes,
    categoryIds: [...new Set(body.categories.map((c) => c.toLowerCase()))],
    additionalImages: [...new Set(body.additionalImages.map((u) => u.trim()))],
    colorImages: body.colorImages.map((ci) => ({
      // Spelled as in the colour list.
      color: colors.find((c) => sameLabel(c, ci.color)) ?? ci.color.trim(),
      url: ci.imageUrl.trim(),
    })),
    tax: {
      ...(body.hsnCode ? { hsnCode: body.hsnCode } : {}),
      ...(body.taxClass ? { taxClass: body.taxClass } : {}),
    },
  };
}

/** Every image URL a product holds. */
const imagesOf = (p: {
  imageUrl: string;
  heroImage: string | null;
  additionalImages: string[];
  colorImages: Array<{ url: string }>;
}) => [p.imageUrl, p.heroImage, ...p.additionalImages, ...p.colorImages.map((c) => c.url)];

/**
 * Each size's stock after a write (see the header): a number to write, or undefined to keep the
 * stock the size has (so a sale made while the form was open is not written over).
 */
function stockFor(
  body: ProductWrite,
  sizes: string[],
  existing: Array<{ size: string; stock: number }>,
): Array<number | undefined> {
  const kept = (size: string) => {
    if (existing.some((s) => s.size === size)) return undefined;
    // Only the spelling changed ("m" → "M"): a new row that carries the old stock over.
    return existing.find((s) => sameLabel(s.size, size))?.stock ?? 0;
  };
  if (body.sizeStock) {
    return sizes.map(
      (size) => body.sizeStock!.find((s) => sameLabel(s.size, size))?.stock ?? kept(size),
    );
  }
  if (body.stock !== undefined && body.stock !== null) {
    return sizes.map((_, i) => (i === 0 ? body.stock! : 0));
  }
  return sizes.map(kept);
}

/** A write refused by a SKU's unique index (another write took it meanwhile): the admin's message. */
function skuClashes<T>(write: Promise<T>): Promise<T> {
  return write.catch((error: unknown) => {
    if (isSkuClash(error)) throw ValidationError.field("sku", M.skuTakenMeanwhile);
    throw error;
  });
}

export function createAdminProductService(deps: { db: Db; clock: Clock; uploads: UploadService }) {
  const { db, clock, uploads } = deps;

  async function checkCategories(tx: Tx, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const found = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, ids));
    if (found.length !== ids.length) {
      throw ValidationError.field("categories", M.unknownCategory);
    }
  }

  /**
   * Sizes, images and categories of a product, replaced by the normalized write. Sizes that stay
   * keep their rows (upsert), so stock they keep is never rewritten.
   */
  async function writeParts(
    tx: Tx,
    id: string,
    n: Normalized,
    stocks: Array<number | undefined>,
  ): Promise<void> {
    await tx
      .delete(productSizes)
      .where(and(eq(productSizes.productId, id), notInArray(productSizes.size, n.sizes)));
    await tx
      .insert(productSizes)
      .values(
        n.sizes.map((size, position) => ({
          productId: id,
          size,
          position,
          stock: stocks[position] ?? 0,
        })),
      )
      .onConflictDoUpdate({
        target: [productSizes.productId, productSizes.size],
        set: { position: sql`excluded.position` },
      });
    for (const [i, size] of n.sizes.entries()) {
      const stock = stocks[i];
      if (stock === undefined) continue;
      await tx
        .update(productSizes)
        .set({ stock })
        .where(and(eq(productSizes.productId, id), eq(productSizes.size, size)));
    }
    await tx.delete(productImages).where(eq(productImages.productId, id));
    const images = [
      ...n.additionalImages.map((url) => ({ color: null, url })),
      ...n.colorImages.map((c) => ({ color: c.color, url: c.url })),
    ];
    if (images.length > 0) {
      await tx
        .insert(productImages)
        .values(images.map((image, position) => ({ productId: id, position, ...image })));
    }
    await tx.delete(productCategories).where(eq(productCategories.productId, id));
    if (n.categoryIds.length > 0) {
      await tx
        .insert(productCategories)
        .values(
          n.categoryIds.map((categoryId, position) => ({ productId: id, categoryId, position })),
        );
    }
    await refreshSearchDocument(tx, [id]);
  }

  async function afterSave(released: string[], sessionId: string | undefined): Promise<void> {
    if (released.length > 0) await uploads.purgeReleased();
    if (sessionId && isUuid(sessionId)) await uploads.cleanupSession(sessionId.toLowerCase());
  }

  async function readOne(id: string): Promise<Product> {
    const [product] = await getProductsByIds(db, [id]);
    if (!product) throw new NotFoundError(M.notFound);
    return product;
  }

  return {
    async list(query: AdminProductListQuery): Promise<{ products: Product[]; total: number }> {
      const where = and(...listConditions(query));
      const [rows, totals] = await Promise.all([
        db
          .select(productColumns)
          .from(products)
          .where(where)
          .orderBy(desc(products.createdAt), asc(products.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ count: sql<number>`count(*)::int` }).from(products).where(where),
      ]);
      return { products: await toProducts(db, rows), total: Number(totals[0]?.count ?? 0) };
    },

    async get(id: string): Promise<Product> {
      if (!isUuid(id)) throw new NotFoundError(M.notFound);
      return readOne(id);
    },

    async create(body: ProductWrite, sessionId?: string, actorId?: string): Promise<Product> {
      const n = normalize(body);
      const id = await skuClashes(
        db.transaction(async (tx) => {
          await withActivityContext(tx, { actorId, reason: "admin edit" });
          await checkCategories(tx, n.categoryIds);
          const data = productDataColumns(body);
          checkMrp(n.pricePaise, data.mrpPaise);
          await checkSkusFree(tx, null, body, n.sizes);
          const now = clock();
          const [row] = await tx
            .insert(products)
            .values({ ...productColumnsOf(n), ...data, createdAt: now, updatedAt: now })
            .returning({ id: products.id });
          await writeParts(tx, row!.id, n, stockFor(body, n.sizes, []));
          await writeSizeSkus(tx, row!.id, body, n.sizes);
          if (body.sizeSkus) await refreshSearchDocument(tx, [row!.id]);
          await uploads.claim(tx, imagesOf(n));
          return row!.id;
        }),
      );
      await afterSave([], sessionId ?? body.sessionId);
      return readOne(id);
    },

    async update(
      id: string,
      body: ProductWrite,
      sessionId?: string,
      actorId?: string,
    ): Promise<Product> {
      if (!isUuid(id)) throw new NotFoundError(M.notFound);
      const n = normalize(body);
      const released = await skuClashes(
        db.transaction(async (tx) => {
          await withActivityContext(tx, { actorId, reason: "admin edit" });
          const [row] = await tx
            .select({
              imageUrl: products.imageUrl,
              heroImage: products.heroImage,
              mrpPaise: products.mrpPaise,
            })
            .from(products)
            .where(eq(products.id, id))
            .for("update");
          if (!row) throw new NotFoundError(M.notFound);
          await checkCategories(tx, n.categoryIds);
          const data = productDataColumns(body);
          // An MRP not given stays: it must still be above the (new) price.
          checkMrp(n.pricePaise, data.mrpPaise === undefined ? row.mrpPaise : data.mrpPaise);
          await checkSkusFree(tx, id, body, n.sizes);
          const [existingSizes, existingImages] = await Promise.all([
            tx
              .select({ size: productSizes.size, stock: productSizes.stock })
              .from(productSizes)
              .where(eq(productSizes.productId, id)),
            tx
              .select({ url: productImages.url })
              .from(productImages)
              .where(eq(productImages.productId, id)),
          ]);
          const before = [row.imageUrl, row.heroImage, ...existingImages.map((i) => i.url)];
          await tx
            .update(products)
            .set({ ...productColumnsOf(n), ...data, updatedAt: clock() })
            .where(eq(products.id, id));
          await writeParts(tx, id, n, stockFor(body, n.sizes, existingSizes));
          await writeSizeSkus(tx, id, body, n.sizes);
          if (body.sizeSkus) await refreshSearchDocument(tx, [id]);
          const after = imagesOf(n);
          await uploads.claim(tx, after);
          return uploads.release(
            tx,
            before.filter((url): url is string => !!url && !after.includes(url)),
          );
        }),
      );
      await afterSave(released, sessionId ?? body.sessionId);
      return readOne(id);
    },

    async remove(id: string, actorId?: string): Promise<void> {
      if (!isUuid(id)) throw new NotFoundError(M.notFound);
      const released = await db.transaction(async (tx) => {
        await withActivityContext(tx, { actorId, reason: "admin edit" });
        const [row] = await tx
          .select({ imageUrl: products.imageUrl, heroImage: products.heroImage })
          .from(products)
          .where(eq(products.id, id))
          .for("update");
        if (!row) throw new NotFoundError(M.notFound);
        const images = await tx
          .select({ url: productImages.url })
          .from(productImages)
          .where(eq(productImages.productId, id));
        // Sizes, images, categories, reviews and cart lines go with it (ON DELETE CASCADE);
        // order items keep their snapshot (product_id set null).
        await tx.delete(products).where(eq(products.id, id));
        return uploads.release(tx, [
          row.imageUrl,
          ...(row.heroImage ? [row.heroImage] : []),
          ...images.map((i) => i.url),
        ]);
      });
      await afterSave(released, undefined);
    },

    /** One size's stock (the first size without `size`): add, subtract (never below 0) or set. */
    async updateStock(
      id: string,
      change: StockUpdate,
      actorId?: string,
    ): Promise<{ product: Product; size: string; before: number; after: number }> {
      if (!isUuid(id)) throw new NotFoundError(M.notFound);
      const result = await db.transaction(async (tx) => {
        const [exists] = await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.id, id));
        if (!exists) throw new NotFoundError(M.notFound);
        const sizes = await tx
          .select({ size: productSizes.size, stock: productSizes.stock })
          .from(productSizes)
          .where(eq(productSizes.productId, id))
          .orderBy(asc(productSizes.position), asc(productSizes.size))
          .for("update");
        const target = change.size ? sizes.find((s) => sameLabel(s.size, change.size!)) : sizes[0];
        if (!target) {
          throw ValidationError.field("size", M.noSuchSize(change.size ?? ""));
        }
        let next = change.stock;
        if (change.operation === "add") next = target.stock + change.stock;
        if (change.operation === "subtract") {
          if (change.stock > target.stock) {
            throw ValidationError.field(
              "stock",
              M.belowZero(target.size, target.stock, change.stock),
            );
          }
          next = target.stock - change.stock;
        }
        if (next > 1_000_000) throw ValidationError.field("stock", M.stockTooHigh);
        await withActivityContext(tx, { actorId, reason: "admin edit" });
        await tx
          .update(productSizes)
          .set({ stock: next })
          .where(and(eq(productSizes.productId, id), eq(productSizes.size, target.size)));
        return { size: target.size, before: target.stock, after: next };
      });
      return { product: await readOne(id), ...result };
    },
  };
}
export type AdminProductService = ReturnType<typeof createAdminProductService>;
