/**
 * The catalogue as shoppers read it: categories, the filtered, sorted, paged and searched product
 * list (one query for the page, one for the count, then batched look-ups for the page's products),
 * one product, and the filter options.
 */
import {
  type Category,
  type FilterOptions,
  type Product,
  type ProductListQuery,
  type ProductSort,
  priceRangeBounds,
} from "@vastra/contracts";
import { and, asc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, productPopularity, productSizes, products } from "../../db/schema.ts";
import { NotFoundError } from "../errors.ts";
import { getProductRows, isUuid, productColumns, toProducts } from "./read.ts";
import { type SearchOrder, searchProductIds, searchTerms } from "./search.ts";
import { sortSizes } from "./sizes.ts";
import { qualified } from "./sql.ts";

export { getProductsByIds, isUuid, rupees, toProducts } from "./read.ts";
export {
  refreshSearchDocument,
  refreshSearchDocumentForCategories,
  searchTerms,
} from "./search.ts";
export { compareSizes, sortSizes } from "./sizes.ts";

export const PRODUCT_NOT_FOUND = "Product not found";

const productId = qualified(products.id);

/**
 * The list filters as SQL conditions on products (every one optional, all combined with AND).
 * Category, size and in-stock are uncorrelated `in (…)` sets, which PostgreSQL runs as one
 * semi-join over an index (product_categories' category_id, product_sizes_size_lower_idx,
 * product_sizes_in_stock_idx) instead of a look-up per product; the same conditions serve the
 * page, its count and the search.
 */
function filterConditions(query: ProductListQuery): SQL[] {
  const conditions: SQL[] = [];
  const { category, size, color } = query;
  if (category) {
    const byId = isUuid(category) ? sql`c.id = ${category}::uuid or ` : sql``;
    conditions.push(sql`${productId} in (
      select pc.product_id from product_categories pc join categories c on c.id = pc.category_id
      where ${byId}lower(c.name) = lower(${category}))`);
  }
  if (size) {
    conditions.push(sql`${productId} in (
      select ps.product_id from product_sizes ps where lower(ps.size) = lower(${size}))`);
  }
  if (color) {
    // Served by products_colors_lower_idx (a GIN index of the lower-cased colours).
    conditions.push(
      sql`lower_text_array(${qualified(products.colors)}) @> array[lower(${color})]::text[]`,
    );
  }
  if (query.gender) conditions.push(eq(products.gender, query.gender));
  if (query.inStock) {
    conditions.push(sql`${productId} in (
      select ps.product_id from product_sizes ps where ps.stock > 0)`);
  }
  if (query.isHero !== undefined) conditions.push(eq(products.isHero, query.isHero));
  if (query.priceRange) {
    const { min, max } = priceRangeBounds(query.priceRange);
    conditions.push(gte(products.pricePaise, min * 100));
    if (max !== undefined) conditions.push(lt(products.pricePaise, max * 100));
  }
  return conditions;
}

/** The product's popularity figures (popularity.ts), for ordering a search's candidates. */
const unitsSold = (id: SQL) =>
  sql`coalesce((select pp.units_sold from product_popularity pp where pp.product_id = ${id}), 0)`;
const averageRating = (id: SQL) =>
  sql`coalesce((select pp.rating from product_popularity pp where pp.product_id = ${id}), 0)`;

/** The list's order; relevance only when searching. Ties go to the newest, then the id. */
function orderFor(sort: ProductSort | "relevance"): SearchOrder {
  return ({ id, createdAt, pricePaise, score }) => {
    const rest = [
      ...(sort === "relevance" || score === undefined ? [] : [sql`${score} desc`]),
      sql`${createdAt} desc`,
      sql`${id} asc`,
    ];
    switch (sort) {
      case "price-low":
        return [sql`${pricePaise} asc`, ...rest];
      case "price-high":
        return [sql`${pricePaise} desc`, ...rest];
      case "popular":
        return [sql`${unitsSold(id)} desc`, sql`${averageRating(id)} desc`, ...rest];
      case "newest":
        return [sql`${createdAt} desc`, sql`${id} asc`];
      case "relevance":
        return score ? [sql`${score} desc`, ...rest] : rest;
    }
  };
}

const count = sql<number>`count(*)::int`;

export function createCatalogueService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** Every category, by name. */
    async listCategories(): Promise<Category[]> {
      const rows = await db
        .select({ _id: categories.id, name: categories.name })
        .from(categories)
        .orderBy(sql`lower(${categories.name})`, asc(categories.name));
      return rows;
    },

    /** One page of the products matching the query, and how many match in all. */
    async listProducts(query: ProductListQuery): Promise<{ products: Product[]; total: number }> {
      const conditions = filterConditions(query);
      const offset = (query.page - 1) * query.limit;
      const terms = query.search ? searchTerms(query.search) : [];
      if (query.search && terms.length === 0) return { products: [], total: 0 };

      if (terms.length === 0) {
        const where = and(...conditions);
        if (query.sort === "popular") {
          // Read off product_popularity_order_idx: the ORDER BY is the index's, column for column.
          const [rows, totals] = await Promise.all([
            db
              .select(productColumns)
              .from(productPopularity)
              .innerJoin(products, eq(products.id, productPopularity.productId))
              .where(where)
              .orderBy(
                sql`${qualified(productPopularity.unitsSold)} desc nulls last`,
                sql`${qualified(productPopularity.rating)} desc nulls last`,
                sql`${qualified(productPopularity.createdAt)} desc nulls last`,
                sql`${qualified(productPopularity.productId)} asc`,
              )
              .limit(query.limit)
              .offset(offset),
            db.select({ count }).from(products).where(where),
          ]);
          return { products: await toProducts(db, rows), total: Number(totals[0]?.count ?? 0) };
        }
        const [rows, totals] = await Promise.all([
          db
            .select(productColumns)
            .from(products)
            .where(where)
            .orderBy(
              ...orderFor(query.sort ?? "newest")({
                id: productId,
                createdAt: qualified(products.createdAt),
                pricePaise: qualified(products.pricePaise),
              }),
            )
            .limit(query.limit)
            .offset(offset),
          db.select({ count }).from(products).where(where),
        ]);
        return { products: await toProducts(db, rows), total: Number(totals[0]?.count ?? 0) };
      }

      // Searching: ranked ids of the page, then their products.
      const { ids, total } = await searchProductIds(db, {
        terms,
        conditions,
        order: orderFor(query.sort ?? "relevance"),
        limit: query.limit,
        offset,
      });
      const rows = await getProductRows(db, ids);
      return { products: await toProducts(db, rows), total };
    },

    async getProduct(id: string): Promise<Product> {
      if (!isUuid(id)) throw new NotFoundError(PRODUCT_NOT_FOUND);
      const rows = await db.select(productColumns).from(products).where(eq(products.id, id));
      const [product] = await toProducts(db, rows);
      if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
      return product;
    },

    /** The colours (alphabetical) and sizes (garment order) found in the catalogue. */
    async filterOptions(): Promise<FilterOptions> {
      const [colorRows, sizeRows] = await Promise.all([
        db
          .selectDistinct({ color: sql<string>`unnest(${qualified(products.colors)})` })
          .from(products),
        db.selectDistinct({ size: productSizes.size }).from(productSizes),
      ]);
      const colors = new Map<string, string>();
      for (const { color } of colorRows) {
        const trimmed = color.trim();
        const key = trimmed.toLowerCase();
        const kept = colors.get(key);
        // Of two spellings differing only in case, keep one deterministically.
        if (trimmed && (!kept || trimmed < kept)) colors.set(key, trimmed);
      }
      return {
        colors: [...colors.values()].sort((a, b) =>
          a.localeCompare(b, "en", { sensitivity: "base" }),
        ),
        sizes: sortSizes(sizeRows.map((r) => r.size)),
      };
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
