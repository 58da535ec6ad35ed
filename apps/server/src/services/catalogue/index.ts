/**
 * The catalogue as shoppers read it: categories, the filtered, sorted, paged and searched product
 * list (one query for the page's ids, one for the count, then the page's products from the read
 * model, loading only those it lacks), one product, and the filter options. Answers are ready
 * bytes kept by the read model (read-model.ts) until a notice says what they show changed. A list
 * without search that is not kept takes its ids and count from the filter index (list-index.ts,
 * record 0052) when that is current, else from SQL.
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
import { ListIndex } from "./list-index.ts";
import {
  assembleProduct,
  isUuid,
  loadLives,
  loadParts,
  type ProductBase,
  type ProductLive,
} from "./read.ts";
import { type Answer, CatalogueReadModel, type Epochs, ReadyBody } from "./read-model.ts";
import { type SearchOrder, searchPlan, searchProductIds, searchTerms } from "./search.ts";
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

/** The count entries' placeholder body (they keep a total only). */
const EMPTY = new ReadyBody(Buffer.alloc(0));

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
  // Each of category, size and colour may name several values (the contract lower-cases, sorts
  // and dedupes them): a product with any of them matches (record 0041).
  const textArray = (values: readonly string[]) =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}::text`),
      sql`, `,
    )}]::text[]`;
  if (category && category.length > 0) {
    const ids = category.filter(isUuid);
    const byId =
      ids.length > 0
        ? sql`c.id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) or `
        : sql``;
    conditions.push(sql`${productId} in (
      select pc.product_id from product_categories pc join categories c on c.id = pc.category_id
      where ${byId}lower(c.name) = any(${textArray(category)}))`);
  }
  if (size && size.length > 0) {
    conditions.push(sql`${productId} in (
      select ps.product_id from product_sizes ps where lower(ps.size) = any(${textArray(size)}))`);
  }
  if (color && color.length > 0) {
    // Served by products_colors_lower_idx (a GIN index of the lower-cased colours): && is
    // "has any of", @> of one value "has it".
    conditions.push(
      color.length === 1
        ? sql`lower_text_array(${qualified(products.colors)}) @> ${textArray(color)}`
        : sql`lower_text_array(${qualified(products.colors)}) && ${textArray(color)}`,
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

/** The query's values in a fixed order: the key of its answer. */
function queryKey(query: object): string {
  return JSON.stringify(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/** What a list answer depends on beyond the products' data: the popular order, in-stock lists. */
function listDepends(query: ProductListQuery): Array<keyof Epochs> {
  const depends: Array<keyof Epochs> = ["catalogue"];
  if (query.inStock) depends.push("inStock");
  if (query.sort === "popular") depends.push("popularity");
  return depends;
}

export type ReadyList = { body: ReadyBody; total: number };

/**
 * The catalogue service. With a read model (the app's, kept fresh by the database's notices), the
 * answers come from memory as ready bytes; without one, every read goes to the database.
 */
export function createCatalogueService(deps: {
  db: Db;
  readModel?: CatalogueReadModel;
  /**
   * Whether unseen list queries (no search) are answered from the in-memory filter index while the
   * read model serves (record 0052). Default: on (the store's LIST_INDEX setting).
   */
  listIndex?: boolean;
  /** The database answers one statement at a time (PGlite; the list index waits for quiet). */
  oneConnection?: boolean;
  log?: { warn(obj: object, msg: string): void };
}) {
  const { db } = deps;
  const model = deps.readModel ?? new CatalogueReadModel(false);
  const listIndex =
    model.keeps && (deps.listIndex ?? true)
      ? new ListIndex({
          db,
          model,
          oneConnection: deps.oneConnection,
          log: deps.log ?? { warn: (obj, msg) => console.warn(msg, obj) },
        })
      : undefined;

  /**
   * These products' data and live figures, from memory, loading the missing ones in batches; in
   * the order of `ids`, unknown ids left out.
   */
  async function productsFor(
    ids: readonly string[],
  ): Promise<{ ids: string[]; bases: ProductBase[]; lives: ProductLive[] }> {
    const since = model.epochsOf(["catalogue", "live"]);
    const bases = new Map<string, ProductBase>();
    const lives = new Map<string, ProductLive>();
    for (const id of ids) {
      const base = model.bases.get(id);
      if (base) bases.set(id, base);
      const live = model.lives.get(id);
      if (live) lives.set(id, live);
    }
    const missingBases = ids.filter((id) => !bases.has(id));
    const missingLives = ids.filter((id) => !lives.has(id));
    // One statement: the missing data, with the live figures of the same products.
    const missing = missingBases.length > 0 ? new Set([...missingBases, ...missingLives]) : null;
    const { bases: loadedBases, lives: loadedLives } = missing
      ? await loadParts(db, [...missing], { bases: true, lives: true })
      : { bases: undefined, lives: await loadLives(db, missingLives) };
    const keepBases = model.unchangedSince({ catalogue: since.catalogue });
    const keepLives = model.unchangedSince(since);
    for (const [id, base] of loadedBases ?? []) {
      bases.set(id, base);
      if (keepBases) model.bases.set(id, base);
    }
    for (const [id, live] of loadedLives) {
      lives.set(id, live);
      if (keepLives) model.lives.set(id, live);
    }
    const found = ids.filter((id) => bases.has(id) && lives.has(id));
    return {
      ids: found,
      bases: found.map((id) => bases.get(id)!),
      lives: found.map((id) => lives.get(id)!),
    };
  }

  /** True when every product of the answer still has the live entry it was assembled from. */
  function livesHold(answer: Answer): boolean {
    const { ids = [], lives = [] } = answer;
    for (let i = 0; i < ids.length; i++) if (model.lives.get(ids[i]!) !== lives[i]) return false;
    return true;
  }

  /** The answer's products again with their current live figures (the ids and total stand). */
  async function reassemble(key: string, answer: Answer): Promise<Answer> {
    const { ids = [], bases = [] } = answer;
    const since = model.epochsOf(["live"]);
    const current = await productsFor(ids);
    const livesById = new Map(current.ids.map((id, i) => [id, current.lives[i]!]));
    const lives = ids.map((id, i) => livesById.get(id) ?? answer.lives![i]!);
    const fresh: Answer = {
      ...answer,
      lives,
      body: ReadyBody.of(bases.map((base, i) => assembleProduct(base, lives[i]!))),
    };
    if (model.unchangedSince({ ...answer.epochs, ...since })) model.answers.set(key, fresh);
    return fresh;
  }

  /** The page's ids and the total, from the database. */
  async function pageOf(
    query: ProductListQuery,
    countKey: string,
  ): Promise<{ ids: string[]; total: number }> {
    const conditions = filterConditions(query);
    const offset = (query.page - 1) * query.limit;
    const terms = query.search ? searchTerms(query.search) : [];
    if (query.search && terms.length === 0) return { ids: [], total: 0 };
    // Without search: from the filter index when it is current (else it starts its refresh).
    const indexed = query.search ? undefined : listIndex?.answer(query);
    if (indexed) return indexed;
    if (terms.length > 0) {
      // Searching: ranked ids of the page, with the number of matches; from the search's postings
      // in memory when the index is current (else it starts its refresh), or from the database.
      const found = await listIndex?.search(query, () => searchPlan(db, terms));
      if (found) return found;
      try {
        return await searchProductIds(db, {
          terms,
          conditions,
          order: orderFor(query.sort ?? "relevance"),
          limit: query.limit,
          offset,
        });
      } finally {
        listIndex?.searchAnswered();
      }
    }
    const where = and(...conditions);
    // The count is the filters' (not the page's or the order's): kept per filters and version.
    const counted = async () => {
      const since = model.epochsOf(listDepends({ ...query, sort: undefined }));
      const kept = model.answers.get(countKey);
      if (kept?.total !== undefined && model.unchangedSince(kept.epochs)) return kept.total;
      const totals = await db.select({ count }).from(products).where(where);
      const total = Number(totals[0]?.count ?? 0);
      if (model.unchangedSince(since)) {
        model.answers.set(countKey, { body: EMPTY, epochs: since, total });
      }
      return total;
    };
    const page =
      query.sort === "popular"
        ? // Read off product_popularity_order_idx: the ORDER BY is the index's, column for column.
          db
            .select({ id: productPopularity.productId })
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
            .offset(offset)
        : db
            .select({ id: products.id })
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
            .offset(offset);
    const [rows, total] = await Promise.all([page, counted()]);
    return { ids: rows.map((r) => r.id), total };
  }

  const service = {
    /** The list filter index, when the service has one (tests: await its refresh). */
    listIndex,

    /** Every category, by name. */
    async listCategories(): Promise<Category[]> {
      const rows = await db
        .select({ _id: categories.id, name: categories.name })
        .from(categories)
        .orderBy(sql`lower(${categories.name})`, asc(categories.name));
      return rows;
    },

    categoriesBody(): Promise<ReadyBody> {
      return model.single("categories", ["categories"], () => service.listCategories());
    },

    /** One page of the products matching the query (ready bytes), and how many match in all. */
    async listProductsBody(query: ProductListQuery): Promise<ReadyList> {
      const key = `list:${queryKey(query)}`;
      const depends = listDepends(query);
      const kept = model.answers.get(key);
      if (kept && model.unchangedSince(kept.epochs)) {
        if (livesHold(kept)) return { body: kept.body, total: kept.total ?? 0 };
        const since = model.epochsOf(["live"]);
        const fresh = await model.shared(key, since, () => reassemble(key, kept));
        return { body: fresh.body, total: fresh.total ?? 0 };
      }
      const since = model.epochsOf(depends);
      const answer = await model.shared(key, since, async () => {
        const filters = { ...query, page: undefined, limit: undefined, sort: undefined };
        const countKey = `count:${queryKey(filters)}`;
        const page = await pageOf(query, countKey);
        const shown = await productsFor(page.ids);
        const made: Answer = {
          body: ReadyBody.of(shown.bases.map((base, i) => assembleProduct(base, shown.lives[i]!))),
          epochs: since,
          total: page.total,
          ...shown,
        };
        if (model.unchangedSince(since)) model.answers.set(key, made);
        return made;
      });
      return { body: answer.body, total: answer.total ?? 0 };
    },

    /** One page of the products matching the query, and how many match in all. */
    async listProducts(query: ProductListQuery): Promise<{ products: Product[]; total: number }> {
      const { body, total } = await service.listProductsBody(query);
      return { products: JSON.parse(body.json.toString()) as Product[], total };
    },

    /** One product, as ready bytes. */
    async productBody(id: string): Promise<ReadyBody> {
      if (!isUuid(id)) throw new NotFoundError(PRODUCT_NOT_FOUND);
      const key = `product:${id.toLowerCase()}`;
      const kept = model.answers.get(key);
      if (
        kept &&
        model.unchangedSince(kept.epochs) &&
        model.bases.get(kept.ids![0]!) === kept.bases![0] &&
        livesHold(kept)
      ) {
        return kept.body;
      }
      const since = model.epochsOf(["catalogue", "live"]);
      const answer = await model.shared(key, since, async () => {
        const shown = await productsFor([id.toLowerCase()]);
        const [base] = shown.bases;
        if (!base) return undefined;
        const made: Answer = {
          body: ReadyBody.of(assembleProduct(base, shown.lives[0]!)),
          // Its own entries are checked instead: an edit elsewhere leaves this answer standing.
          epochs: {},
          ...shown,
        };
        if (model.unchangedSince(since)) model.answers.set(key, made);
        return made;
      });
      if (!answer) throw new NotFoundError(PRODUCT_NOT_FOUND);
      return answer.body;
    },

    async getProduct(id: string): Promise<Product> {
      return JSON.parse((await service.productBody(id)).json.toString()) as Product;
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

    filterOptionsBody(): Promise<ReadyBody> {
      return model.single("filter-options", ["catalogue"], () => service.filterOptions());
    },
  };
  return service;
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
