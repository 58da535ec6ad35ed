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
 */
import type { ProductListQuery } from "@vastra/contracts";
import { priceRangeBounds } from "@vastra/contracts";
import { isUuid } from "@vastra/contracts/ids";
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "../../db/client.ts";
import type { CatalogueReadModel, Epochs } from "./read-model.ts";

type Log = { warn(obj: object, msg: string): void };

/** After a failed refresh, none is tried again for this long (the database may be away). */
const RETRY_AFTER_MS = 5_000;

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
  select id, price_paise, gender, is_hero, colors,
         (row_number() over (order by created_at desc, id asc) - 1)::int as n
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
  #refreshing?: Promise<void>;
  #retryAt = 0;

  constructor(deps: { db: DbOrTx; model: CatalogueReadModel; log?: Log }) {
    this.#db = deps.db;
    this.#model = deps.model;
    this.#log = deps.log;
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

  /** Whether every part is current (tests, and after a refresh). */
  get current(): boolean {
    return !!(
      this.#current(this.#products) &&
      this.#current(this.#inStock) &&
      this.#current(this.#popular)
    );
  }

  /** The bytes its arrays hold (the memory it keeps, give or take the small maps). */
  get bytes(): number {
    const p = this.#products;
    let bytes = this.#inStock?.flags.byteLength ?? 0;
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
    this.#refreshing = this.#refresh()
      .catch((err) => {
        this.#retryAt = performance.now() + RETRY_AFTER_MS;
        this.#log?.warn({ err: String(err) }, "building the list filter index failed");
      })
      .finally(() => {
        this.#refreshing = undefined;
      });
    return this.#refreshing;
  }

  async #refresh(): Promise<void> {
    if (!this.#current(this.#products)) {
      const since = this.#model.epochsOf(["catalogue"]);
      const products = await this.#readProducts(since);
      if (!this.#model.unchangedSince(since)) return;
      this.#products = products;
    }
    const products = this.#products!;
    if (!this.#current(this.#inStock)) {
      const since = this.#model.epochsOf(["catalogue", "inStock"]);
      const rows = await this.#read(sql`
        select 'count' as kind, null as key, null as name, int4send(count(*)::int) as data
          from ranked
        union all
        select 'instock', null, null, string_agg(int4send(r.n), ''::bytea) from ranked r
         where r.id in (select ps.product_id from product_sizes ps where ps.stock > 0)`);
      if (!this.#model.unchangedSince(since) || !this.#sameCount(rows, products)) return;
      const flags = new Uint8Array(products.count);
      for (const n of ints(rows.find((r) => r.kind === "instock"))) flags[n] = 1;
      this.#inStock = { epochs: since, of: products, flags };
    }
    if (!this.#current(this.#popular)) {
      const since = this.#model.epochsOf(["catalogue", "popularity"]);
      // The SQL page's order, column for column (product_popularity_order_idx).
      const rows = await this.#read(sql`
        select 'count' as kind, null as key, null as name, int4send(count(*)::int) as data
          from ranked
        union all
        select 'popular', null, null, string_agg(int4send(r.n), ''::bytea
                 order by pp.units_sold desc nulls last, pp.rating desc nulls last,
                 pp.created_at desc nulls last, pp.product_id asc)
          from product_popularity pp join ranked r on r.id = pp.product_id`);
      if (!this.#model.unchangedSince(since) || !this.#sameCount(rows, products)) return;
      const order = ints(rows.find((r) => r.kind === "popular"));
      this.#popular = { epochs: since, of: products, order, rank: ranksOf(order, products.count) };
    }
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
  if (groups.some((g) => g.chosen.length === 0)) return { ids: [], total: 0 };
  groups.sort((a, b) => a.size - b.size);
  const driver = groups.shift();

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
  const { marks, passed } = scratch;
  const passes = (n: number): boolean => {
    if (flags && flags[n] !== 1) return false;
    if (hero >= 0 && products.hero[n] !== hero) return false;
    const price = prices[n]!;
    if (price < low || price >= high) return false;
    for (let g = 0; g < masks.length; g++) if ((masks[g]![n]! & wants[g]!) === 0) return false;
    return marked === 0 || marks[n] === marked;
  };

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
