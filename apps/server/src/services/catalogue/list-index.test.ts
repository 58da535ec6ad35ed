/**
 * The list filter index (record 0052) answers exactly what the SQL path answers: the same page of
 * ids, in the same order, and the same total, for any filters, sort and page; and after a write it
 * never answers from before it (the database answers until the index is read again).
 */
import { type ProductListQuery, productListQuerySchema } from "@vastra/contracts";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCategory, createProduct, setSizeStock } from "../../../test/factories.ts";
import { setupTestDatabase, vitestHooks } from "../../../test/helpers.ts";
import { categories, productCategories, productPopularity, products } from "../../db/schema.ts";
import { createCatalogueService } from "./index.ts";
import { listenCatalogue } from "./read-model.ts";

const database = await setupTestDatabase();
const db = database.db;
const listening = await listenCatalogue(database);
vitestHooks.after(() => listening.close());
/** The SQL path (a service without a read model) and the one with the index. */
const bySql = createCatalogueService({ db });
const served = createCatalogueService({ db, readModel: listening.model });
const index = served.listIndex!;

const kurtas = await createCategory(db, "Kurtas");
const sarees = await createCategory(db, "Sarees");
const jeans = await createCategory(db, "Jeans Wear");
const empty = await createCategory(db, "Nothing Here");
const day = (n: number) => new Date(Date.UTC(2026, 0, n));

// Ties on purpose: equal prices, equal creation times, prices on the bands' bounds, colours and
// sizes differing in case, products without sizes, categories or popularity rows.
const PRICES = [499.99, 500, 999, 999, 1000, 1999, 2000, 4999, 5000, 12000];
const COLOURS = [["Red"], ["red", "Blue"], ["BLUE"], [], ["Maroon", "Indigo"], ["indigo"]];
const SIZES: Array<Array<string | { size: string; stock: number }>> = [
  ["S", "M"],
  [{ size: "M", stock: 0 }],
  [],
  [
    { size: "L", stock: 0 },
    { size: "XL", stock: 3 },
  ],
  ["Free Size"],
  ["32", "m"],
];
const CATEGORY_SETS = [[kurtas.id], [sarees.id], [kurtas.id, jeans.id], [], [jeans.id]];
const GENDERS = ["Men", "Women", "Unisex"] as const;
const ids: string[] = [];
for (let i = 0; i < 48; i++) {
  const product = await createProduct(db, {
    title: `Indexed ${i}`,
    price: PRICES[i % PRICES.length],
    colors: COLOURS[i % COLOURS.length],
    sizes: SIZES[i % SIZES.length],
    categories: CATEGORY_SETS[i % CATEGORY_SETS.length],
    gender: GENDERS[i % GENDERS.length],
    isHero: i % 7 === 0,
    createdAt: day(1 + (i % 9)),
  });
  ids.push(product.id);
}
// Popularity with ties, and some products without a row at all.
for (let i = 0; i < ids.length; i++) {
  if (i % 11 === 3) {
    await db.delete(productPopularity).where(eq(productPopularity.productId, ids[i]!));
  } else {
    await db
      .update(productPopularity)
      .set({ unitsSold: i % 4, rating: (i % 3) * 1.5 })
      .where(eq(productPopularity.productId, ids[i]!));
  }
}
await listening.catchUp();

/** A query as the route parses it (so values are lower-cased as in production). */
const parse = (raw: Record<string, string>): ProductListQuery => productListQuerySchema.parse(raw);

/** A generated record as the query string would carry it (lists comma-separated), parsed. */
function asQuery(q: Record<string, unknown>): ProductListQuery {
  const raw: Record<string, string> = {};
  for (const [key, value] of Object.entries(q)) {
    if (value !== undefined) raw[key] = Array.isArray(value) ? value.join(",") : String(value);
  }
  return parse(raw);
}

const some = <T>(values: readonly T[]) => fc.subarray([...values], { minLength: 1, maxLength: 3 });
/** Each filter left out more often than not, so that many queries still match products. */
const maybe = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 2 });
const queries = fc
  .record({
    category: maybe(
      some([
        kurtas.id,
        sarees.id.toUpperCase(),
        jeans.id,
        empty.id,
        "KURTAS",
        "sarees",
        "jeans wear",
        "Jeans",
        "nothing here",
      ]),
    ),
    size: maybe(some(["S", "m", "L", "XL", "free size", "32", "44"])),
    color: maybe(some(["red", "BLUE", "Indigo", "maroon", "green"])),
    gender: maybe(fc.constantFrom(...GENDERS)),
    inStock: maybe(fc.constantFrom("true", "false")),
    isHero: maybe(fc.constantFrom("true", "false")),
    priceRange: maybe(fc.constantFrom("0-500", "500-1000", "1000-2000", "2000-5000", "5000+")),
    sort: maybe(fc.constantFrom("price-low", "price-high", "newest", "popular")),
    page: maybe(fc.integer({ min: 1, max: 12 })),
    limit: maybe(fc.integer({ min: 1, max: 30 })),
  })
  .map(asQuery);

async function fromSql(query: ProductListQuery) {
  const { products: shown, total } = await bySql.listProducts(query);
  return { ids: shown.map((p) => p._id), total };
}

let shownPages = 0;
async function expectSameAsSql(query: ProductListQuery) {
  const answer = index.answer(query);
  expect(answer, JSON.stringify(query)).toBeDefined();
  expect(answer).toEqual(await fromSql(query));
  if (answer!.ids.length > 1) shownPages++;
}

describe("the list filter index", () => {
  it("answers every filter, sort and page exactly as the SQL path", async () => {
    await index.refresh();
    expect(index.current).toBe(true);
    shownPages = 0;
    await fc.assert(fc.asyncProperty(queries, expectSameAsSql), { numRuns: 300 });
    // The comparison means something: many of the pages showed products (and so an order). The
    // queries are random: 97-119 of the 300 showed more than one product in eight runs (97 failed CI),
    // so a fifth is asked for, far from chance yet still proof that orders were compared.
    expect(shownPages).toBeGreaterThan(60);
  });

  it("agrees on the edge cases: ties, a page past the end, unknown values", async () => {
    await index.refresh();
    const edges: Array<Record<string, string>> = [
      {},
      { sort: "price-low", limit: "5" },
      { sort: "price-high", page: "3", limit: "4" },
      { sort: "popular", limit: "48" },
      { sort: "popular", page: "2", limit: "40" },
      { page: "99" },
      { category: "no such category" },
      { category: `${kurtas.id},sarees` },
      { color: "RED", size: "M" },
      { priceRange: "500-1000" },
      { priceRange: "5000+", sort: "price-low" },
      { inStock: "true", sort: "popular" },
    ];
    for (const raw of edges) {
      await expectSameAsSql(parse(raw));
    }
    // The popular order leaves out products without a popularity row, yet counts them.
    const all = index.answer(parse({ sort: "popular", limit: "100" }))!;
    expect(all.total).toBe(48);
    expect(all.ids.length).toBeLessThan(48);
  });

  it("is not used without a read model", () => {
    expect(bySql.listIndex).toBeUndefined();
  });
});

describe("after a write", () => {
  /** The served list's ids and total (read model, index or SQL: whichever answers). */
  async function listed(query: ProductListQuery) {
    const { products: shown, total } = await served.listProducts(query);
    return { ids: shown.map((p) => p._id), total };
  }

  async function expectFreshAfter(write: () => Promise<void>, query: ProductListQuery) {
    await index.refresh();
    const before = await listed(query);
    expect(index.answer(query)).toEqual(before);
    await write();
    await listening.catchUp();
    // The index is stale now: the answer is the database's, and it shows the write.
    const after = await listed(query);
    expect(after).toEqual(await fromSql(query));
    expect(after).not.toEqual(before);
    // Read again, the index agrees.
    await index.refresh();
    expect(index.answer(query)).toEqual(after);
  }

  it("a price edit moves the product in the price order", async () => {
    const query = parse({ sort: "price-low", limit: "3" });
    const cheapest = (await listed(query)).ids[0]!;
    await expectFreshAfter(async () => {
      await db.update(products).set({ pricePaise: 9_999_900 }).where(eq(products.id, cheapest));
    }, query);
  });

  it("a size selling out takes the product out of the in-stock list", async () => {
    const query = parse({ inStock: "true", size: "free size", limit: "50" });
    const first = (await listed(query)).ids[0]!;
    await expectFreshAfter(() => setSizeStock(db, first, "Free Size", 0), query);
  });

  it("a category change and a category's new name", async () => {
    const query = parse({ category: "sarees", limit: "50" });
    const someKurta = (await listed(parse({ category: kurtas.id, limit: "1" }))).ids[0]!;
    await expectFreshAfter(async () => {
      await db.insert(productCategories).values({ productId: someKurta, categoryId: sarees.id });
    }, query);
    await expectFreshAfter(async () => {
      await db.update(categories).set({ name: "Silk Sarees" }).where(eq(categories.id, sarees.id));
    }, query);
  });

  it("the popular order after its refresh", async () => {
    const query = parse({ sort: "popular", limit: "5" });
    const last = ids[ids.length - 2]!;
    await expectFreshAfter(async () => {
      await db.execute(
        sql`update product_popularity set units_sold = 1000 where product_id = ${last}`,
      );
    }, query);
  });
});

describe("a filter with more than 32 values", () => {
  it("answers as the SQL path when colours and sizes each have more than 32 values", async () => {
    // 40 more products: 40 shades and 36 numbered sizes, so neither filter fits a 32-bit mask and
    // both are matched by marking their lists (one after the other when both are asked).
    for (let i = 0; i < 40; i++) {
      await createProduct(db, {
        title: `Shaded ${i}`,
        price: PRICES[i % PRICES.length],
        colors: [`Shade ${i}`, i % 2 === 0 ? "Red" : "Teal"],
        sizes: [String(20 + (i % 36)), i % 3 === 0 ? "M" : "S"],
        categories: CATEGORY_SETS[i % CATEGORY_SETS.length],
        gender: GENDERS[i % GENDERS.length],
        createdAt: day(1 + (i % 5)),
      });
    }
    await listening.catchUp();
    await index.refresh();
    expect(index.current).toBe(true);
    const shades = fc
      .record({
        color: maybe(some(["shade 1", "Shade 2", "shade 17", "red", "teal", "blue", "shade 99"])),
        size: maybe(some(["20", "21", "35", "55", "m", "s", "xl"])),
        category: maybe(some([kurtas.id, "sarees", "jeans wear"])),
        gender: maybe(fc.constantFrom(...GENDERS)),
        priceRange: maybe(fc.constantFrom("0-500", "500-1000", "5000+")),
        sort: maybe(fc.constantFrom("price-low", "price-high", "newest", "popular")),
        page: maybe(fc.integer({ min: 1, max: 4 })),
        limit: maybe(fc.integer({ min: 1, max: 30 })),
      })
      .map(asQuery);
    shownPages = 0;
    await fc.assert(fc.asyncProperty(shades, expectSameAsSql), { numRuns: 200 });
    expect(shownPages).toBeGreaterThan(30);
    await expectSameAsSql(parse({ color: "shade 3,Red", size: "23,m", sort: "price-high" }));
  });
});
