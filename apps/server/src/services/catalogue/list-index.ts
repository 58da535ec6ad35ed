/**
 * The list's filter index (issue #11, record 0052): every product's list-relevant facts as typed
 * arrays, so that a list query never asked before (no search) is answered from memory — the page's
 * ids in order and the exact total — instead of by SQL (the sorted page and the count over every
 * product cost ~20 ms of database time each at 100,000 products).
 *
 * Products are numbered by their place in the newest order (created_at desc, id asc), computed by
 * PostgreSQL, so that order is the numbering itself; the price orders are that numbering sorted by
 * price (ties keep it: created_at desc, id asc, as the SQL does); the popular order is read off
 * product_popularity exactly as the SQL page reads it (a product without a popularity row is
 * counted in the total but never on a page, as there). Category, size and colour are lists of
 * product numbers per value, matched on the values PostgreSQL lower-cased (lower(), the same
 * lower_text_array as the SQL filter). Memory: at 100,000 products with ~4 sizes each, ~7 MB
 * (ids 1.6 MB packed, prices and the three orders 1.6 MB, the value lists ~4 B per link).
 *
 * Exactness (the read model's rule, record 0028): each part records the epochs it was read under
 * (read before its query, kept only when unchanged after) and answers only while they hold: the
 * products part under `catalogue` (category names included: their edits bump it), the in-stock
 * flags under `catalogue` and `inStock`, the popular order under `catalogue` and `popularity`.
 * A query the index cannot answer now goes to SQL, and one background refresh starts (never two
 * at once), re-reading only the parts that are stale. Each part is read by one statement: one
 * snapshot, so its numbering is consistent within it; the parts read apart share the numbering
 * because `catalogue` did not move between them (and the product count is checked too).
 *
 * Searches (record 0063): once one is asked, the products' search vectors are a part too (as
 * postings, search-index.ts), and a search (but for the popular sort) is answered from them.
 * After edits of a few products (their own notices), the parts are patched from one read of those
 * products rather than read whole, and a built index refreshes itself soon after each change.
 */
import type { ProductListQuery } from "@vastra/contracts";
import { priceRangeBounds } from "@vastra/contracts";
import { isUuid } from "@vastra/contracts/ids";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "../../db/client.ts";
import type { CatalogueReadModel, Epochs } from "./read-model.ts";
import type { SearchPlan } from "./search.ts";
import { SearchPostings } from "./search-index.ts";

type Log = { warn(obj: object, msg: string): void };

/** After a failed refresh, none is tried again for this long (the database may be away). */
const RETRY_AFTER_MS = 5_000;
/**
 * Once built, the index reads again soon after a change, not at the next ask (which would go to
 * the database meanwhile): this long after the change, and at most one such refresh started per
 * REFRESH_SPACING_MS (a burst of edits makes one refresh, not one each).
 */
const REFRESH_AFTER_CHANGE_MS = 50;
const REFRESH_SPACING_MS = 1_000;
/**
 * Up to this many products changed by their own notices (an edit, not a category rename or a bulk
 * change), the parts are patched from one read of those products instead of read again whole.
 */
const PATCH_MAX = 200;
/**
 * On a database that answers one statement at a time (PGlite), a search that finds the index not
 * current starts its read only once searches pause this long: the read (all parts, ~0.7 s on a
 * fresh PGlite at 10,000 products) would otherwise hold up every search queued behind it.
 */
const QUIET_BEFORE_READ_MS = 250;

/**
 * A filter with several values per product (category, size, colour) or one (gender): each value's
 * products as a list sorted by number and, when there are at most 32 values, each product's values
 * as the bits of one number (a product's membership then costs one test, not a pass over a list).
 */
type Facet = { keys: string[]; lists: Int32Array[]; masks?: Uint32Array };

/** The products part: everything but the in-stock flags and the popular order. */
type Products = {
  epochs: Partial<Epochs>;
  count: number;
  /** Each product's id as its 16 bytes, by number. */
  ids: Uint8Array;
  prices: Int32Array;
  /** Each product's created_at in microseconds (to tell that a changed product kept its place). */
  created: Float64Array;
  hero: Uint8Array;
  genders: Facet;
  /** The categories' ids (keys) and lower-cased names, in the facet's order. */
  categoryNames: string[];
  categories: Facet;
  sizes: Facet;
  colours: Facet;
  priceLow: Int32Array;
  priceHigh: Int32Array;
  /** Each product's place in priceLow and priceHigh. */
  rankLow: Int32Array;
  rankHigh: Int32Array;
  /** Working space of pageFrom (synchronous, so one per part is enough). */
  scratch: Scratch;
};
/** The parts read apart, numbered as the products part `of` (valid only beside that one). */
type InStock = { epochs: Partial<Epochs>; of: Products; flags: Uint8Array };
/** The popular order, and each product's place in it (-1: no popularity row, never on a page). */
type Popular = { epochs: Partial<Epochs>; of: Products; order: Int32Array; rank: Int32Array };
/** The search's postings (search-index.ts), read once a search has been asked. */
type Search = { epochs: Partial<Epochs>; of: Products; postings: SearchPostings };

/** Reusable arrays: the products that passed, and marks that need no clearing (a new stamp each). */
class Scratch {
  readonly passed: Int32Array;
  readonly marks: Uint32Array;
  #stamp = 0;
  constructor(count: number) {
    this.passed = new Int32Array(count);
    this.marks = new Uint32Array(count);
  }
  /** A stamp no mark holds yet. */
  stamp(): number {
    if (this.#stamp === 0xffff_ffff) {
      this.marks.fill(0);
      this.#stamp = 0;
    }
    return ++this.#stamp;
  }
  get bytes(): number {
    return this.passed.byteLength + this.marks.byteLength;
  }
}

function facetOf(count: number, entries: Array<[string, Int32Array]>): Facet {
  const keys = entries.map(([key]) => key);
  // Sorted: a list then yields its products in the newest order.
  const lists = entries.map(([, list]) => list.sort());
  if (lists.length > 32) return { keys, lists };
  const masks = new Uint32Array(count);
  lists.forEach((list, bit) => {
    const flag = 2 ** bit;
    for (let i = 0; i < list.length; i++) masks[list[i]!]! |= flag;
  });
  return { keys, lists, masks };
}

function facetBytes(facet: Facet): number {
  let bytes = facet.masks?.byteLength ?? 0;
  for (let i = 0; i < facet.keys.length; i++) {
    bytes += facet.keys[i]!.length + facet.lists[i]!.byteLength;
  }
  return bytes;
}

/** The number of the product with this id (its 16 bytes found in `ids`), or -1. */
function numberOf(ids: Uint8Array, id: string): number {
  const hex = id.replaceAll("-", "");
  if (hex.length !== 32) return -1;
  const bytes = Buffer.from(hex, "hex");
  const first = bytes.readUInt32BE(0);
  const view = new DataView(ids.buffer, ids.byteOffset, ids.byteLength);
  for (let n = 0; n < ids.byteLength / 16; n++) {
    if (view.getUint32(n * 16) !== first) continue;
    if (bytes.equals(ids.subarray(n * 16, n * 16 + 16))) return n;
  }
  return -1;
}

/** The facet's indexes of these keys, or undefined when one is not among its keys. */
function indexesOf(facet: Facet, keys: readonly string[]): Set<number> | undefined {
  const found = new Set<number>();
  for (const key of keys) {
    const i = facet.keys.indexOf(key);
    if (i < 0) return undefined;
    found.add(i);
  }
  return found;
}

/** Puts product n in exactly these values' lists (each kept sorted), and its mask to match. */
function setValues(facet: Facet, n: number, chosen: Set<number>): void {
  facet.lists.forEach((list, i) => {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (list[mid]! < n) low = mid + 1;
      else high = mid;
    }
    const has = list[low] === n;
    if (has === chosen.has(i)) return;
    const next = new Int32Array(list.length + (has ? -1 : 1));
    next.set(list.subarray(0, low));
    if (has) next.set(list.subarray(low + 1), low);
    else {
      next[low] = n;
      next.set(list.subarray(low), low + 1);
    }
    facet.lists[i] = next;
  });
  if (facet.masks) {
    let bits = 0;
    for (const i of chosen) bits |= 2 ** i;
    facet.masks[n] = bits;
  }
}

/** Each product's place in an order (-1 for a product not in it). */
function ranksOf(order: Int32Array, count: number): Int32Array {
  const rank = new Int32Array(count).fill(-1);
  for (let i = 0; i < order.length; i++) rank[order[i]!] = i;
  return rank;
}

/**
 * One row of a part's statement: its `data` is big-endian 32-bit integers (int4send, run
 * together by string_agg), or the ids' 16 bytes each (uuid_send): binary, so a 100,000-long list
 * arrives as one buffer instead of a text array parsed character by character.
 */
type Row = { kind: string; key: string | null; name: string | null; data: Uint8Array | null };

/** The products numbered in the newest order, for the statements below. */
const RANKED = sql`ranked as (
  select id, (row_number() over (order by created_at desc, id asc) - 1)::int as n from products)`;
/** The same, with the columns the products part reads (one scan of products, not one each). */
const RANKED_WIDE = sql`ranked as (
  select id, price_paise, gender, is_hero, colors, created_at,
         (row_number() over (order by created_at desc, id asc) - 1)::int as n
    from products)`;

/** A timestamp as whole microseconds since 1970 (exact in a double until the year 2255). */
const MICROSECONDS = (column: SQL) => sql`(extract(epoch from ${column}) * 1000000)::int8`;

/** The same, with each product's search vector. */
const RANKED_SEARCH = sql`ranked as (
  select id, search_vector, (row_number() over (order by created_at desc, id asc) - 1)::int as n
    from products)`;

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

/** Product n's id as text (8-4-4-4-12 lower-case hex, as PostgreSQL writes a uuid). */
function idOf(ids: Uint8Array, n: number): string {
  let text = "";
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) text += "-";
    text += HEX[ids[n * 16 + i]!];
  }
  return text;
}

function ints(row: Row | undefined): Int32Array {
  const data = row?.data;
  if (!data) return new Int32Array(0);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const out = new Int32Array(data.byteLength >> 2);
  for (let i = 0; i < out.length; i++) out[i] = view.getInt32(i * 4);
  return out;
}

/**
 * The numbers 0…count-1 sorted by price (ascending, or descending), ties in number order: one
 * native sort of price·2²¹ + number keys (exact below 2⁵³: prices are 32-bit, numbers < 2²¹).
 */
function byPrice(prices: Int32Array, descending: boolean): Int32Array {
  const count = prices.length;
  const order = new Int32Array(count);
  if (count >= 2 ** 21) {
    for (let n = 0; n < count; n++) order[n] = n;
    return order.sort((a, b) =>
      descending ? prices[b]! - prices[a]! || a - b : prices[a]! - prices[b]! || a - b,
    );
  }
  const keys = new Float64Array(count);
  const shift = 2 ** 21;
  for (let n = 0; n < count; n++) {
    keys[n] = (descending ? 2 ** 31 - 1 - prices[n]! : prices[n]! + 2 ** 31) * shift + n;
  }
  keys.sort();
  for (let i = 0; i < count; i++) order[i] = keys[i]! % shift;
  return order;
}

export type ListIndexPage = { ids: string[]; total: number };

export class ListIndex {
  readonly #db: DbOrTx;
  readonly #model: CatalogueReadModel;
  readonly #log?: Log;
  #products?: Products;
  #inStock?: InStock;
  #popular?: Popular;
  #search?: Search;
  /** Whether a search has been asked (the search part is read from then on). */
  #searched = false;
  #refreshing?: Promise<void>;
  #retryAt = 0;
  #soon?: NodeJS.Timeout;
  #lastStarted = Number.NEGATIVE_INFINITY;
  /** How often the products part was read whole, and patched (tests, and the logs). */
  readonly reads = { whole: 0, patched: 0 };
  /** The products changed by their notices since the products part was read ("all": not known). */
  #changed: Set<string> | "all" = "all";

  readonly #oneConnection: boolean;
  #quiet?: NodeJS.Timeout;

  constructor(deps: {
    db: DbOrTx;
    model: CatalogueReadModel;
    log?: Log;
    /** The database answers one statement at a time (PGlite): see QUIET_BEFORE_READ_MS. */
    oneConnection?: boolean;
  }) {
    this.#db = deps.db;
    this.#model = deps.model;
    this.#log = deps.log;
    this.#oneConnection = deps.oneConnection ?? false;
    deps.model.changed.add((kind, productId) => {
      if (kind === "catalogue") {
        if (productId && this.#changed !== "all" && this.#changed.size < PATCH_MAX) {
          this.#changed.add(productId);
        } else this.#changed = "all";
      }
      this.#refreshSoon();
    });
  }

  /** After a change: a refresh shortly, when the index was built (something asks it). */
  #refreshSoon(): void {
    if (this.#soon || !this.#products || !this.#model.serving) return;
    const wait = Math.max(
      REFRESH_AFTER_CHANGE_MS,
      this.#lastStarted + REFRESH_SPACING_MS - performance.now(),
    );
    this.#soon = setTimeout(() => {
      this.#soon = undefined;
      if (this.#refreshing) return; // it schedules the next one when it ends stale
      if (!this.current) void this.refresh();
    }, wait);
    this.#soon.unref();
  }

  /**
   * The page's ids and the total for a list query without search, or undefined when the index
   * cannot answer it exactly now (not built, stale, the model not serving): then a refresh starts
   * in the background, and the caller asks the database.
   */
  answer(query: ProductListQuery): ListIndexPage | undefined {
    if (query.search || !this.#model.serving) return undefined;
    const products = this.#current(this.#products);
    const inStock = query.inStock ? this.#current(this.#inStock) : undefined;
    const popular = query.sort === "popular" ? this.#current(this.#popular) : undefined;
    if (!products || (query.inStock && !inStock) || (query.sort === "popular" && !popular)) {
      void this.refresh();
      return undefined;
    }
    return pageFrom(products, inStock, popular, query);
  }

  /**
   * The page's ids and the total for a search (sorted by relevance, newest or price), or undefined
   * when the index cannot answer it exactly now (as `answer`; the popular sort always goes to the
   * database). `plan` turns the search into lexemes (searchPlan: one statement); the parts must
   * still be current after it.
   */
  async search(
    query: ProductListQuery,
    plan: () => Promise<SearchPlan | undefined>,
  ): Promise<ListIndexPage | undefined> {
    if (!query.search || query.sort === "popular" || !this.#model.serving) return undefined;
    this.#searched = true;
    const parts = () => {
      const products = this.#current(this.#products);
      const inStock = query.inStock ? this.#current(this.#inStock) : undefined;
      const search = this.#current(this.#search);
      return products && search && (!query.inStock || inStock)
        ? { products, inStock, search }
        : undefined;
    };
    if (!parts()) {
      if (this.#oneConnection) this.searchAnswered();
      else void this.refresh();
      return undefined;
    }
    const lexemes = await plan();
    const now = parts();
    if (!lexemes || !now) return undefined;
    const filter = filterOf(now.products, now.inStock, query, false);
    if (!filter) return { ids: [], total: 0 };
    const { found, score } = now.search.postings.match(lexemes, filter.passes);
    return searchPageOf(now.products, found, score, query);
  }

  /**
   * On one connection: a search was asked, or the database answered one the index could not
   * (its caller says so), so the read waits for QUIET_BEFORE_READ_MS from now.
   */
  searchAnswered(): void {
    if (!this.#oneConnection || this.current) return;
    clearTimeout(this.#quiet);
    this.#quiet = setTimeout(() => void this.refresh(), QUIET_BEFORE_READ_MS);
    this.#quiet.unref();
  }

  /** Whether every part is current (tests, and after a refresh). */
  get current(): boolean {
    return !!(
      this.#current(this.#products) &&
      this.#current(this.#inStock) &&
      this.#current(this.#popular) &&
      (!this.#searched || this.#current(this.#search))
    );
  }

  /** The bytes its arrays hold (the memory it keeps, give or take the small maps). */
  get bytes(): number {
    const p = this.#products;
    let bytes = (this.#inStock?.flags.byteLength ?? 0) + (this.#search?.postings.bytes ?? 0);
    bytes += (this.#popular?.order.byteLength ?? 0) + (this.#popular?.rank.byteLength ?? 0);
    if (!p) return bytes;
    bytes += p.ids.byteLength + p.prices.byteLength + p.hero.byteLength + p.scratch.bytes;
    bytes += p.priceLow.byteLength + p.priceHigh.byteLength;
    bytes += p.rankLow.byteLength + p.rankHigh.byteLength;
    for (const facet of [p.genders, p.categories, p.sizes, p.colours]) bytes += facetBytes(facet);
    for (const name of p.categoryNames) bytes += name.length;
    return bytes;
  }

  #current<T extends { epochs: Partial<Epochs>; of?: Products }>(
    part: T | undefined,
  ): T | undefined {
    if (!part || !this.#model.unchangedSince(part.epochs)) return undefined;
    // The parts read apart share the numbering only with the products part they were read for.
    if (part.of && (part.of !== this.#products || !this.#current(this.#products))) return undefined;
    return part;
  }

  /**
   * Re-reads the stale parts: one refresh at a time (a call meanwhile gets the running one);
   * failures are logged, never thrown, and hold further refreshes back for a few seconds.
   */
  refresh(): Promise<void> {
    if (this.#refreshing) return this.#refreshing;
    if (!this.#model.serving || performance.now() < this.#retryAt) return Promise.resolve();
    this.#lastStarted = performance.now();
    this.#refreshing = this.#refresh()
      .catch((err) => {
        this.#retryAt = performance.now() + RETRY_AFTER_MS;
        // A read cut off by the model's close or suspension (shutdown, a lost listener) is not news.
        if (this.#model.serving) {
          this.#log?.warn({ err: String(err) }, "building the list filter index failed");
        }
      })
      .finally(() => {
        this.#refreshing = undefined;
        // A change while it read: read again (spaced), rather than at the next ask.
        if (!this.current && performance.now() >= this.#retryAt) this.#refreshSoon();
      });
    return this.#refreshing;
  }

  async #refresh(): Promise<void> {
    const changed = this.#changed;
    if (this.#products && !this.#current(this.#products) && changed !== "all") {
      const patched = await this.#patch([...changed]);
      // Another change came meanwhile: the next refresh (scheduled when this one ends) goes on.
      if (patched === "raced") return;
      if (patched === "done" && this.current) return;
    }
    // Every stale part is read at once, each by its own statement (the pool's connections): the
    // parts numbered by the products part are checked against it (same count, `catalogue`
    // unchanged since their read began), so they may be read beside it.
    const productsStale = !this.#current(this.#products);
    /** A part's read, started now, with the product count (checked against the products part). */
    const read = (keys: Array<keyof Epochs>, query: SQL, ranked = RANKED) => {
      const since = this.#model.epochsOf(keys);
      const counted = sql`
        select 'count' as kind, null as key, null as name, int4send(count(*)::int) as data
          from ranked
        union all ${query}`;
      const rows = this.#read(counted, ranked).then(
        (value) => ({ value }),
        (err: unknown) => ({ err }),
      );
      return { since, rows };
    };
    const inStockRead = !this.#current(this.#inStock)
      ? read(
          ["catalogue", "inStock"],
          sql`
          select 'instock' as kind, null as key, null as name,
                 string_agg(int4send(r.n), ''::bytea)
            from ranked r
           where r.id in (select ps.product_id from product_sizes ps where ps.stock > 0)`,
        )
      : undefined;
    // The SQL page's order, column for column (product_popularity_order_idx).
    const popularRead = !this.#current(this.#popular)
      ? read(
          ["catalogue", "popularity"],
          sql`
          select 'popular' as kind, null as key, null as name, string_agg(int4send(r.n), ''::bytea
                   order by pp.units_sold desc nulls last, pp.rating desc nulls last,
                   pp.created_at desc nulls last, pp.product_id asc)
            from product_popularity pp join ranked r on r.id = pp.product_id`,
        )
      : undefined;
    const searchRead =
      this.#searched && !this.#current(this.#search)
        ? read(
            ["catalogue"],
            sql`
            select 'vectors' as kind, null as key, null as name,
                   string_agg(tsvectorsend(r.search_vector), ''::bytea order by r.n)
              from ranked r`,
            RANKED_SEARCH,
          )
        : undefined;
    /** A part's rows, when they are still good for the products part (else undefined). */
    const partRows = async (
      part: ReturnType<typeof read> | undefined,
      products: Products,
    ): Promise<Row[] | undefined> => {
      if (!part) return undefined;
      const done = await part.rows;
      if ("err" in done) throw done.err;
      return this.#model.unchangedSince(part.since) && this.#sameCount(done.value, products)
        ? done.value
        : undefined;
    };
    try {
      if (productsStale) {
        const since = this.#model.epochsOf(["catalogue"]);
        const products = await this.#readProducts(since);
        if (!this.#model.unchangedSince(since)) return;
        this.#products = products;
        this.#changed = new Set();
        this.reads.whole++;
      }
      const products = this.#products!;
      const inStock = await partRows(inStockRead, products);
      if (inStock) {
        const flags = new Uint8Array(products.count);
        for (const n of ints(inStock.find((r) => r.kind === "instock"))) flags[n] = 1;
        this.#inStock = { epochs: inStockRead!.since, of: products, flags };
      }
      const popular = await partRows(popularRead, products);
      if (popular) {
        const order = ints(popular.find((r) => r.kind === "popular"));
        const rank = ranksOf(order, products.count);
        this.#popular = { epochs: popularRead!.since, of: products, order, rank };
      }
      const vectors = await partRows(searchRead, products);
      if (vectors) {
        const data = vectors.find((r) => r.kind === "vectors")?.data ?? new Uint8Array(0);
        const postings = SearchPostings.read(data, products.count);
        // A vector without positions cannot be matched here by weight: searches stay with SQL.
        if (postings) this.#search = { epochs: searchRead!.since, of: products, postings };
      }
    } finally {
      // Whatever was left unread is settled (its error, if any, already caught).
      await Promise.all([inStockRead?.rows, popularRead?.rows, searchRead?.rows]);
    }
  }

  /**
   * Patches the parts for these changed products from one read of them, when each is still where
   * the numbering has it (same id, same created_at, same product count) and has only filter
   * values the index knows: their price, hero flag, filter values, in-stock flag and search
   * vector. The popular order stands (the numbering did not move, and its own changes bump
   * `popularity`). "full": the parts must be read whole; "raced": a change came meanwhile.
   */
  async #patch(ids: string[]): Promise<"done" | "full" | "raced"> {
    const products = this.#products!;
    if (ids.length === 0) return "full";
    const since = this.#model.epochsOf(["catalogue", "inStock", "popularity"]);
    const rows = rowsOf<{
      id: string;
      created: string;
      price_paise: number;
      gender: string;
      is_hero: boolean;
      colours: string[];
      categories: string[];
      sizes: string[];
      in_stock: boolean;
      vector: Uint8Array;
      total: number;
    }>(
      await this.#db.execute(sql`
        select p.id::text, ${MICROSECONDS(sql`p.created_at`)}::text as created, p.price_paise,
          p.gender::text as gender, p.is_hero,
          array(select lower(c) from unnest(p.colors) c) as colours,
          array(select pc.category_id::text from product_categories pc
                 where pc.product_id = p.id) as categories,
          array(select lower(ps.size) from product_sizes ps where ps.product_id = p.id) as sizes,
          exists (select 1 from product_sizes ps where ps.product_id = p.id and ps.stock > 0)
            as in_stock,
          tsvectorsend(p.search_vector) as vector,
          (select count(*)::int from products) as total
        from products p
        where p.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`),
    );
    if (!this.#model.unchangedSince({ catalogue: since.catalogue })) return "raced";
    if (this.#products !== products) return "raced";
    if (rows.length !== ids.length || rows.some((row) => row.total !== products.count)) {
      return "full";
    }
    // Everything checked before anything is changed.
    const patches = [];
    for (const row of rows) {
      const n = numberOf(products.ids, row.id);
      if (n < 0 || products.created[n] !== Number(row.created)) return "full";
      const genders = indexesOf(products.genders, [row.gender]);
      const categories = indexesOf(products.categories, row.categories);
      const sizes = indexesOf(products.sizes, row.sizes);
      const colours = indexesOf(products.colours, row.colours);
      if (!genders || !categories || !sizes || !colours) return "full";
      patches.push({ n, row, genders, categories, sizes, colours });
    }
    const search = this.#search?.of === products ? this.#search : undefined;
    const postings = search?.postings.patched(
      new Map(patches.map(({ n, row }) => [n, row.vector])),
    );
    if (search && !postings) return "full";
    let pricesMoved = false;
    for (const { n, row, genders, categories, sizes, colours } of patches) {
      if (products.prices[n] !== row.price_paise) pricesMoved = true;
      products.prices[n] = row.price_paise;
      products.hero[n] = row.is_hero ? 1 : 0;
      setValues(products.genders, n, genders);
      setValues(products.categories, n, categories);
      setValues(products.sizes, n, sizes);
      setValues(products.colours, n, colours);
    }
    if (pricesMoved) {
      products.priceLow = byPrice(products.prices, false);
      products.priceHigh = byPrice(products.prices, true);
      products.rankLow = ranksOf(products.priceLow, products.count);
      products.rankHigh = ranksOf(products.priceHigh, products.count);
    }
    products.epochs = { catalogue: since.catalogue };
    this.#changed = new Set();
    this.reads.patched++;
    const inStock = this.#inStock;
    if (inStock?.of === products && inStock.epochs.inStock === since.inStock) {
      for (const { n, row } of patches) inStock.flags[n] = row.in_stock ? 1 : 0;
      inStock.epochs = { catalogue: since.catalogue, inStock: since.inStock };
    }
    const popular = this.#popular;
    if (popular?.of === products && popular.epochs.popularity === since.popularity) {
      popular.epochs = { catalogue: since.catalogue, popularity: since.popularity };
    }
    if (search && postings) {
      this.#search = { epochs: { catalogue: since.catalogue }, of: products, postings };
    }
    return "done";
  }

  #sameCount(rows: Row[], products: Products): boolean {
    return ints(rows.find((r) => r.kind === "count"))[0] === products.count;
  }

  async #read(query: ReturnType<typeof sql>, ranked = RANKED): Promise<Row[]> {
    return rowsOf<Row>(await this.#db.execute(sql`with ${ranked} ${query}`));
  }

  /** The products part, in one statement (one snapshot). */
  async #readProducts(epochs: Partial<Epochs>): Promise<Products> {
    const rows = await this.#read(
      sql`
      select 'ids' as kind, null as key, null as name,
             string_agg(uuid_send(r.id), ''::bytea order by r.n) as data
        from ranked r
      union all
      select 'prices', null, null, string_agg(int4send(r.price_paise), ''::bytea order by r.n)
        from ranked r
      union all
      select 'created', null, null,
             string_agg(int8send(${MICROSECONDS(sql`r.created_at`)}), ''::bytea order by r.n)
        from ranked r
      union all
      select 'hero', null, null, string_agg(int4send(r.n), ''::bytea) from ranked r where r.is_hero
      union all
      select 'gender', r.gender::text, null, string_agg(int4send(r.n), ''::bytea)
        from ranked r group by r.gender
      union all
      select 'category', c.id::text, lower(c.name), string_agg(int4send(r.n), ''::bytea)
        from categories c join product_categories pc on pc.category_id = c.id
        join ranked r on r.id = pc.product_id group by c.id
      union all
      select 'size', lower(ps.size), null, string_agg(int4send(r.n), ''::bytea)
        from product_sizes ps join ranked r on r.id = ps.product_id group by lower(ps.size)
      union all
      -- lower() of each colour: what lower_text_array (the SQL filter's) does, element by element.
      select 'colour', lower(c.colour), null, string_agg(int4send(r.n), ''::bytea)
        from ranked r cross join lateral unnest(r.colors) as c(colour)
       group by lower(c.colour)`,
      RANKED_WIDE,
    );
    const of = (kind: string) => rows.filter((r) => r.kind === kind);
    const ids = of("ids")[0]?.data ?? new Uint8Array(0);
    const count = ids.byteLength / 16;
    const prices = ints(of("prices")[0]);
    const createdData = of("created")[0]?.data ?? new Uint8Array(0);
    const createdView = new DataView(
      createdData.buffer,
      createdData.byteOffset,
      createdData.byteLength,
    );
    const created = new Float64Array(count);
    for (let n = 0; n < count; n++) created[n] = Number(createdView.getBigInt64(n * 8));
    const hero = new Uint8Array(count);
    for (const n of ints(of("hero")[0])) hero[n] = 1;
    const facet = (kind: string) =>
      facetOf(
        count,
        of(kind).flatMap((row) =>
          row.key === null ? [] : [[row.key, ints(row)] as [string, Int32Array]],
        ),
      );
    // Ties keep the numbering's order: created_at desc, id asc.
    const priceLow = byPrice(prices, false);
    const priceHigh = byPrice(prices, true);
    return {
      epochs,
      count,
      // A copy: the driver's buffer may be a slice of a larger one.
      ids: Uint8Array.from(ids),
      prices,
      created,
      hero,
      genders: facet("gender"),
      // In the facet's order: the rows of kind 'category', each with its key (the id).
      categoryNames: of("category").flatMap((row) => (row.key === null ? [] : [row.name ?? ""])),
      categories: facet("category"),
      sizes: facet("size"),
      colours: facet("colour"),
      priceLow,
      priceHigh,
      rankLow: ranksOf(priceLow, count),
      rankHigh: ranksOf(priceHigh, count),
      scratch: new Scratch(count),
    };
  }
}

/**
 * The query's filters as one test per product (undefined: a filter none of whose values exist,
 * so nothing passes). With `withDriver`, the filter with the fewest products is left out of the
 * test and given back, to enumerate the candidates from.
 */
function filterOf(
  products: Products,
  inStock: InStock | undefined,
  query: ProductListQuery,
  withDriver: boolean,
): { driver?: Group; passes: (n: number) => boolean } | undefined {
  const { scratch } = products;
  const groups: Group[] = [];
  const { category, size, color } = query;
  if (category && category.length > 0) {
    const values = new Set(category);
    const ids = new Set(category.filter(isUuid).map((v) => v.toLowerCase()));
    const chosen: number[] = [];
    products.categories.keys.forEach((id, i) => {
      if (ids.has(id) || values.has(products.categoryNames[i]!)) chosen.push(i);
    });
    groups.push(groupOf(products.categories, chosen));
  }
  if (size && size.length > 0) groups.push(groupOf(products.sizes, chosenOf(products.sizes, size)));
  if (color && color.length > 0) {
    groups.push(groupOf(products.colours, chosenOf(products.colours, color)));
  }
  if (query.gender) {
    groups.push(groupOf(products.genders, chosenOf(products.genders, [query.gender])));
  }
  if (groups.some((g) => g.chosen.length === 0)) return undefined;
  groups.sort((a, b) => a.size - b.size);
  const driver = withDriver ? groups.shift() : undefined;

  // The other filters: a bit mask each, or (more than 32 values) their products marked, each such
  // filter marking anew only what the one before it marked (so the last stamp means all of them).
  const masks: Uint32Array[] = [];
  const wants: number[] = [];
  let marked = 0;
  for (const group of groups) {
    const { facet, chosen } = group;
    if (facet.masks) {
      masks.push(facet.masks);
      wants.push(chosen.reduce((bits, i) => bits | (2 ** i), 0));
      continue;
    }
    const before = marked;
    marked = scratch.stamp();
    for (const i of chosen) {
      const list = facet.lists[i]!;
      for (let j = 0; j < list.length; j++) {
        const n = list[j]!;
        if (before === 0 || scratch.marks[n] === before) scratch.marks[n] = marked;
      }
    }
  }
  const flags = query.inStock ? inStock!.flags : undefined;
  const hero = query.isHero === undefined ? -1 : query.isHero ? 1 : 0;
  const { prices } = products;
  let low = Number.NEGATIVE_INFINITY;
  let high = Number.POSITIVE_INFINITY;
  if (query.priceRange) {
    const { min, max } = priceRangeBounds(query.priceRange);
    low = min * 100;
    if (max !== undefined) high = max * 100;
  }
  const { marks } = scratch;
  const passes = (n: number): boolean => {
    if (flags && flags[n] !== 1) return false;
    if (hero >= 0 && products.hero[n] !== hero) return false;
    const price = prices[n]!;
    if (price < low || price >= high) return false;
    for (let g = 0; g < masks.length; g++) if ((masks[g]![n]! & wants[g]!) === 0) return false;
    return marked === 0 || marks[n] === marked;
  };
  return { driver, passes };
}

/** A filter's chosen values: a product passes with any of them. */
type Group = { facet: Facet; chosen: number[]; size: number };

function groupOf(facet: Facet, chosen: number[]): Group {
  let size = 0;
  for (const i of chosen) size += facet.lists[i]!.length;
  return { facet, chosen, size };
}

/** The indexes of these keys in the facet (unknown keys left out). */
function chosenOf(facet: Facet, keys: readonly string[]): number[] {
  return keys.map((key) => facet.keys.indexOf(key)).filter((i) => i >= 0);
}

/**
 * The query's page and total from current parts. The smallest filter's lists give the candidates
 * (already in the newest order); every other condition is one test per candidate (a bit, a flag, a
 * price; a filter of more than 32 values marks its lists first). The page is then cut in the
 * query's order: the candidates' places in that order sorted, when they are few, or else the order
 * walked until the page is full.
 */
function pageFrom(
  products: Products,
  inStock: InStock | undefined,
  popular: Popular | undefined,
  query: ProductListQuery,
): ListIndexPage {
  const { count, scratch } = products;
  const filter = filterOf(products, inStock, query, true);
  if (!filter) return { ids: [], total: 0 };
  const { driver, passes } = filter;
  const { marks, passed } = scratch;

  // The products that pass, in the newest order (ascending numbers).
  let total = 0;
  if (!driver) {
    for (let n = 0; n < count; n++) if (passes(n)) passed[total++] = n;
  } else if (driver.chosen.length === 1) {
    const list = driver.facet.lists[driver.chosen[0]!]!;
    for (let i = 0; i < list.length; i++) if (passes(list[i]!)) passed[total++] = list[i]!;
  } else {
    const union = new Int32Array(driver.size);
    let at = 0;
    for (const i of driver.chosen) {
      union.set(driver.facet.lists[i]!, at);
      at += driver.facet.lists[i]!.length;
    }
    union.sort();
    for (let i = 0; i < union.length; i++) {
      const n = union[i]!;
      if ((i === 0 || union[i - 1] !== n) && passes(n)) passed[total++] = n;
    }
  }

  const offset = (query.page - 1) * query.limit;
  const ids: string[] = [];
  if (total <= offset || query.limit <= 0) return { ids, total };
  const end = Math.min(total, offset + query.limit);
  const [order, rank] =
    query.sort === "price-low"
      ? [products.priceLow, products.rankLow]
      : query.sort === "price-high"
        ? [products.priceHigh, products.rankHigh]
        : query.sort === "popular"
          ? [popular!.order, popular!.rank]
          : [undefined, undefined];
  if (!order || !rank) {
    for (let i = offset; i < end; i++) ids.push(idOf(products.ids, passed[i]!));
  } else if (total * 16 < count) {
    // Few: their places in the order, sorted (a product with no place is never on the page).
    const places = new Int32Array(total);
    let placed = 0;
    for (let i = 0; i < total; i++) {
      const place = rank[passed[i]!]!;
      if (place >= 0) places[placed++] = place;
    }
    const sorted = places.subarray(0, placed).sort();
    for (let i = offset; i < Math.min(placed, offset + query.limit); i++) {
      ids.push(idOf(products.ids, order[sorted[i]!]!));
    }
  } else {
    // Many: the order walked, each product that passed marked, until the page is full.
    const stamp = scratch.stamp();
    for (let i = 0; i < total; i++) marks[passed[i]!] = stamp;
    let seen = 0;
    for (let i = 0; i < order.length && ids.length < query.limit; i++) {
      const n = order[i]!;
      if (marks[n] === stamp && seen++ >= offset) ids.push(idOf(products.ids, n));
    }
  }
  return { ids, total };
}

/**
 * A search's page: the matches (ascending numbers, the newest order) sorted by the query's order
 * as search.ts's SQL sorts them (orderFor): relevance (score, then the newest), newest, or a price
 * order with the score, then the newest, breaking ties.
 */
function searchPageOf(
  products: Products,
  found: Int32Array,
  score: Int32Array,
  query: ProductListQuery,
): ListIndexPage {
  const total = found.length;
  const offset = (query.page - 1) * query.limit;
  const end = Math.min(total, offset + query.limit);
  const ids: string[] = [];
  if (query.sort === "newest") {
    // The matches are in the newest order already.
    for (let i = offset; i < end; i++) ids.push(idOf(products.ids, found[i]!));
    return { ids, total };
  }
  if (query.sort !== "price-low" && query.sort !== "price-high" && products.count < 2 ** 21) {
    // By relevance: one native sort of (127 - score)·2²¹ + number keys (a score is at most 74:
    // 9 per word, 8 words, and the phrase's 2; numbers < 2²¹), exact in a double.
    const keys = new Float64Array(total);
    for (let i = 0; i < total; i++) keys[i] = (127 - score[i]!) * 2 ** 21 + found[i]!;
    keys.sort();
    for (let i = offset; i < end; i++) ids.push(idOf(products.ids, keys[i]! % 2 ** 21));
    return { ids, total };
  }
  const { prices } = products;
  const places = Int32Array.from({ length: total }, (_, i) => i);
  const byScore = (a: number, b: number) => score[b]! - score[a]! || found[a]! - found[b]!;
  if (query.sort === "price-low") {
    places.sort((a, b) => prices[found[a]!]! - prices[found[b]!]! || byScore(a, b));
  } else if (query.sort === "price-high") {
    places.sort((a, b) => prices[found[b]!]! - prices[found[a]!]! || byScore(a, b));
  } else places.sort(byScore);
  for (let i = offset; i < end; i++) ids.push(idOf(products.ids, found[places[i]!]!));
  return { ids, total };
}
