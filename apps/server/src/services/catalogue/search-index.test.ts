/**
 * A search answered from the postings in memory (search-index.ts, record 0063) is exactly the
 * database's answer (search.ts's SQL): the same page of ids in the same order and the same total,
 * for typos, spelling variants, words that only some products have, words in the title, the
 * categories or colours, or only the description, phrases, filters, sorts and pages; and after a
 * write it never answers from before it.
 */
import { type ProductListQuery, productListQuerySchema } from "@vastra/contracts";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { createCategory, createProduct } from "../../../test/factories.ts";
import { setupTestDatabase, vitestHooks } from "../../../test/helpers.ts";
import { products } from "../../db/schema.ts";
import { createCatalogueService } from "./index.ts";
import { listenCatalogue } from "./read-model.ts";
import { refreshSearchDocument, searchPlan, searchTerms } from "./search.ts";

const database = await setupTestDatabase();
const db = database.db;
const listening = await listenCatalogue(database);
vitestHooks.after(() => listening.close());
const bySql = createCatalogueService({ db });
const served = createCatalogueService({ db, readModel: listening.model });
const index = served.listIndex!;

const kurtas = await createCategory(db, "Kurtas");
const sarees = await createCategory(db, "Silk Sarees");
const jackets = await createCategory(db, "Jackets");
const day = (n: number) => new Date(Date.UTC(2026, 0, n));

// Words in titles, in categories and colours only, and in descriptions only; phrases in both
// orders and with a stop word between; a plural, a spelling variant and typos to correct.
const TITLES = [
  "Nehru Jacket in Maroon",
  "Jacket Nehru Collar Kurta",
  "Cotton Kurta with Jacket",
  "Silk Saree",
  "Banarasi Silk Sarees",
  "Printed T Shirt",
  "Cotton Shirt",
  "Kurti Set",
  "Linen Trousers",
  "Blue Jeans 32",
  "Party Wear Dress",
  "Maroon Silk Kurta",
];
const DESCRIPTIONS = [
  "",
  "Pairs well with a nehru jacket.",
  "Soft cotton, a silk lining.",
  "Wear it to a party.",
  "A kurta for every day.",
];
const COLOURS = [["Maroon"], ["Blue", "Cotton White"], [], ["Silk Grey"]];
const CATEGORY_SETS = [[kurtas.id], [sarees.id], [jackets.id, kurtas.id], []];
const PRICES = [499, 999, 999, 1500, 2500, 6000];
const GENDERS = ["Men", "Women", "Unisex"] as const;
for (let i = 0; i < 60; i++) {
  await createProduct(db, {
    title: TITLES[i % TITLES.length],
    description: DESCRIPTIONS[i % DESCRIPTIONS.length],
    colors: COLOURS[i % COLOURS.length],
    categories: CATEGORY_SETS[i % CATEGORY_SETS.length],
    price: PRICES[i % PRICES.length],
    gender: GENDERS[i % GENDERS.length],
    sizes: i % 5 === 0 ? [{ size: "M", stock: 0 }] : ["M", "L"],
    createdAt: day(1 + (i % 7)),
  });
}
await listening.catchUp();

const WORDS = [
  "kurta",
  "kurtta",
  "kurtas",
  "kurti",
  "nehru",
  "jacket",
  "jackets",
  "silk",
  "saree",
  "sari",
  "maroon",
  "cotton",
  "shirt",
  "tshirt",
  "tee",
  "party",
  "blue",
  "32",
  "the",
  "with",
  "lining",
  "velvet",
];

function asQuery(q: Record<string, unknown>): ProductListQuery {
  const raw: Record<string, string> = {};
  for (const [key, value] of Object.entries(q)) {
    if (value !== undefined) raw[key] = Array.isArray(value) ? value.join(",") : String(value);
  }
  return productListQuerySchema.parse(raw);
}

const maybe = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 1 });
const queries = fc
  .record({
    search: fc
      .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 })
      .map((words) => words.join(" ")),
    category: maybe(fc.constantFrom("kurtas", "silk sarees", jackets.id)),
    color: maybe(fc.constantFrom("maroon", "blue")),
    gender: maybe(fc.constantFrom(...GENDERS)),
    inStock: maybe(fc.constantFrom("true", "false")),
    priceRange: maybe(fc.constantFrom("0-500", "500-1000", "1000-2000", "5000+")),
    sort: maybe(fc.constantFrom("price-low", "price-high", "newest")),
    page: maybe(fc.integer({ min: 1, max: 4 })),
    limit: maybe(fc.integer({ min: 1, max: 12 })),
  })
  .map(asQuery);

async function fromSql(query: ProductListQuery) {
  const { products: shown, total } = await bySql.listProducts(query);
  return { ids: shown.map((p) => p._id), total };
}

const fromIndex = (query: ProductListQuery) =>
  index.search(query, () => searchPlan(db, searchTerms(query.search!)));

let ordered = 0;
async function expectSameAsSql(query: ProductListQuery) {
  const answer = await fromIndex(query);
  expect(answer, JSON.stringify(query)).toBeDefined();
  expect(answer, JSON.stringify(query)).toEqual(await fromSql(query));
  if (answer!.ids.length > 1) ordered++;
}

/** Asks once so the index reads its search part, then waits for it. */
async function readied() {
  await fromIndex(asQuery({ search: "kurta" }));
  await index.refresh();
  expect(index.current).toBe(true);
}

describe("a search from the postings in memory", () => {
  it("answers every search, filter, sort and page exactly as the SQL path", async () => {
    await readied();
    ordered = 0;
    await fc.assert(fc.asyncProperty(queries, expectSameAsSql), { numRuns: 250 });
    // Orders were compared: many answers showed more than one product.
    expect(ordered).toBeGreaterThan(80);
  });

  it("agrees on phrases, typos, variants, stop words and words no product has", async () => {
    await readied();
    for (const search of [
      "nehru jacket",
      "jacket nehru",
      "kurta jacket",
      "kurtta",
      "sari",
      "tshirt",
      "t shirt",
      "the",
      "the kurta",
      "velvet",
      "velvet kurta",
      "silk cotton maroon",
      "lining",
    ]) {
      await expectSameAsSql(asQuery({ search }));
      await expectSameAsSql(asQuery({ search, sort: "price-high", limit: "5", page: "2" }));
    }
    // The typo is corrected and the phrase ranks first: the comparison is not of empty answers.
    const jacket = await fromIndex(asQuery({ search: "nehru jackt" }));
    expect(jacket?.total).toBeGreaterThan(0);
    expect(jacket).toEqual(await fromSql(asQuery({ search: "nehru jackt" })));
  });

  it("on one connection (PGlite), reads its postings once searches pause", async () => {
    const patient = createCatalogueService({ db, readModel: listening.model, oneConnection: true });
    const waiting = patient.listIndex!;
    const query = asQuery({ search: "nehru jacket" });
    // Not read yet: the database answers, and the read waits for a pause.
    expect(await waiting.search(query, () => searchPlan(db, searchTerms("nehru jacket")))).toBe(
      undefined,
    );
    expect((await patient.listProducts(query)).total).toBeGreaterThan(0);
    await vi.waitFor(() => expect(waiting.current).toBe(true), { timeout: 10_000 });
    expect(await waiting.search(query, () => searchPlan(db, searchTerms("nehru jacket")))).toEqual(
      await fromSql(query),
    );
  });

  it("leaves the popular sort to the database", async () => {
    await readied();
    expect(await fromIndex(asQuery({ search: "kurta", sort: "popular" }))).toBeUndefined();
  });
});

describe("after a write", () => {
  it("never answers from before the write", async () => {
    await readied();
    const query = asQuery({ search: "velvet" });
    expect(await fromIndex(query)).toEqual({ ids: [], total: 0 });
    const [first] = await db.select({ id: products.id }).from(products).limit(1);
    await db.update(products).set({ title: "Velvet Kurta" }).where(eq(products.id, first!.id));
    await refreshSearchDocument(db, [first!.id]);
    await listening.catchUp();
    // Never the answer from before: either the database's (the index stale) or, once the index
    // has patched itself (it does soon after a change), the same from memory.
    const now = await fromIndex(query);
    if (now) expect(now).toEqual({ ids: [first!.id], total: 1 });
    const listed = await served.listProducts(query);
    expect(listed.products.map((p) => p._id)).toEqual([first!.id]);
    await index.refresh();
    expect(await fromIndex(query)).toEqual({ ids: [first!.id], total: 1 });
  });
});

describe("patched after edits", () => {
  it("after a few products' edits, patches the index from them, and answers as the SQL path", async () => {
    await readied();
    const all = await db.select({ id: products.id }).from(products).orderBy(products.title);
    const [a, b, c, d] = all.map((p) => p.id);
    const patchedBefore = index.reads.patched;
    const wholeBefore = index.reads.whole;
    // A new word (a lexeme the postings never had), a price, a colour the filter knows, a hero
    // flag, a product moved into a category: each its own transaction and notice.
    await db
      .update(products)
      .set({ title: "Brocade Nehru Jacket", pricePaise: 123_400 })
      .where(eq(products.id, a!));
    await refreshSearchDocument(db, [a!]);
    await db.update(products).set({ pricePaise: 100 }).where(eq(products.id, b!));
    await db
      .update(products)
      .set({ colors: ["Blue"] })
      .where(eq(products.id, c!));
    await refreshSearchDocument(db, [c!]);
    await db.update(products).set({ isHero: true }).where(eq(products.id, d!));
    await listening.catchUp();
    await index.refresh();
    expect(index.current).toBe(true);
    expect(index.reads.whole).toBe(wholeBefore);
    expect(index.reads.patched).toBeGreaterThan(patchedBefore);

    const brocade = await fromIndex(asQuery({ search: "brocade" }));
    expect(brocade).toEqual({ ids: [a], total: 1 });
    for (const search of ["nehru jacket", "maroon", "kurta", "silk cotton", "blue", "brocade"]) {
      for (const sort of ["price-low", "price-high", "newest", undefined]) {
        await expectSameAsSql(asQuery({ search, sort, limit: "8" }));
        await expectSameAsSql(asQuery({ search, sort, color: "blue", inStock: "true" }));
      }
    }
    ordered = 0;
    await fc.assert(fc.asyncProperty(queries, expectSameAsSql), { numRuns: 100 });
    expect(ordered).toBeGreaterThan(30);
    // The lists without search too (the products part was patched, not read again).
    for (const raw of [{ sort: "price-low" }, { color: "blue" }, { isHero: "true" }]) {
      const query = asQuery({ ...raw, limit: "60" });
      const { products: shown, total } = await bySql.listProducts(query);
      expect(index.answer(query)).toEqual({ ids: shown.map((p) => p._id), total });
    }
  });

  it("reads the index whole when a product is added (the numbering moves)", async () => {
    await readied();
    const wholeBefore = index.reads.whole;
    const added = await createProduct(db, { title: "Organza Saree", createdAt: day(3) });
    await listening.catchUp();
    await index.refresh();
    expect(index.current).toBe(true);
    expect(index.reads.whole).toBe(wholeBefore + 1);
    expect(await fromIndex(asQuery({ search: "organza" }))).toEqual({ ids: [added.id], total: 1 });
    await expectSameAsSql(asQuery({ search: "saree", sort: "newest" }));
  });
});
