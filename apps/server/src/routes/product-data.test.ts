/**
 * Product data a clothing shop needs (issue #16, record 0041): MRP with its discount, SKUs per
 * size, fabric and care; the admin's product search on the demo catalogue; the list's filters
 * taking several values at once.
 */
import {
  ADMIN_PRODUCT_MESSAGES as M,
  type Product,
  productListQuerySchema,
} from "@vastra/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser } from "../../test/factories.ts";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";
import { categories, productSizes, products } from "../db/schema.ts";
import { seedDemo } from "../seed/demo.ts";
import { createCatalogueService } from "../services/catalogue/index.ts";
import { CatalogueReadModel } from "../services/catalogue/read-model.ts";
import { imageServiceForDataDir } from "../services/images/index.ts";

const clock = createTestClock("2026-11-21T10:00:00Z");
const { app, database, config } = await buildTestApp({ clock });
const db = database.db;
// The demo catalogue, with small pictures to keep this quick.
const images = imageServiceForDataDir(config.dataDir, { widths: [120] });
await seedDemo(db, { images, now: clock() });
const admin = await createUser(db, { isAdmin: true, now: clock() });
const asAdmin = { cookie: admin.cookie };
const [kurtas] = await db.select().from(categories).where(eq(categories.name, "Kurtas"));

function productBody(overrides: Record<string, unknown> = {}) {
  return {
    title: "Mulmul Test Kurta",
    description: "A test kurta.",
    price: 1299,
    lowStockThreshold: 5,
    gender: "Women",
    sizes: ["S", "M", "L"],
    sizeStock: [
      { size: "S", stock: 2 },
      { size: "M", stock: 7 },
      { size: "L", stock: 1 },
    ],
    colors: ["Teal"],
    categories: [kurtas!.id],
    imageUrl: "/images/aaaaaaaaaaaaaaaaaaaaaaaa-w1280.webp",
    additionalImages: [],
    colorImages: [],
    isHero: false,
    ...overrides,
  };
}

const create = (body: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/api/admin/products", headers: asAdmin, payload: body });
const update = (id: string, body: Record<string, unknown>) =>
  app.inject({ method: "PUT", url: `/api/admin/products/${id}`, headers: asAdmin, payload: body });
const shopperProduct = async (id: string) =>
  (await app.inject({ method: "GET", url: `/api/products/${id}` })).json() as Product;
const productCount = async () => (await db.select({ id: products.id }).from(products)).length;

async function adminSearch(search: string): Promise<string[]> {
  const res = await app.inject({
    method: "GET",
    url: `/api/admin/products?limit=100&search=${encodeURIComponent(search)}`,
    headers: asAdmin,
  });
  expect(res.statusCode).toBe(200);
  const titles = (res.json() as Product[]).map((p) => p.title).sort();
  expect(Number(res.headers["x-total-count"])).toBe(titles.length);
  return titles;
}

async function list(query: string): Promise<{ titles: string[]; total: number }> {
  const res = await app.inject({ method: "GET", url: `/api/products?limit=100&${query}` });
  expect(res.statusCode).toBe(200);
  return {
    // Ids: test products share a title.
    titles: (res.json() as Product[]).map((p) => p._id).sort(),
    total: Number(res.headers["x-total-count"]),
  };
}

describe("MRP and discount", () => {
  it("saves an MRP above the price and shows the whole-percent discount to shoppers", async () => {
    const res = await create(productBody({ price: 1299, mrp: 1999 }));
    expect(res.statusCode).toBe(201);
    const { product } = res.json() as { product: Product };
    expect(product).toMatchObject({ price: 1299, mrp: 1999, discountPercent: 35 });
    expect(await shopperProduct(product._id)).toMatchObject({ mrp: 1999, discountPercent: 35 });
    // Cleared: no MRP, no discount.
    const cleared = await update(product._id, productBody({ price: 1299, mrp: null }));
    expect(cleared.json().product).toMatchObject({ mrp: null, discountPercent: null });
    expect(await shopperProduct(product._id)).toMatchObject({ mrp: null, discountPercent: null });
  });

  it.each([
    [1299, M.mrpNotAbovePrice],
    [1000, M.mrpNotAbovePrice],
    [0, M.mrp],
    [-5, M.mrp],
    [1999.999, M.mrp],
  ])("refuses an MRP of %s for a price of 1299, and saves nothing", async (mrp, message) => {
    const before = await productCount();
    const res = await create(productBody({ price: 1299, mrp }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ mrp: message });
    expect(await productCount()).toBe(before);
  });

  it("refuses a price raised to the kept MRP, and changes nothing", async () => {
    const { product } = (await create(productBody({ price: 999, mrp: 1499 }))).json() as {
      product: Product;
    };
    // The MRP is not sent: the one kept must still be above the new price.
    const res = await update(product._id, productBody({ price: 1499 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ mrp: M.mrpNotAbovePrice });
    expect(await shopperProduct(product._id)).toMatchObject({ price: 999, mrp: 1499 });
  });
});

describe("SKUs, fabric and care", () => {
  it("gives a new product a default SKU and each size its own, and shows fabric and care", async () => {
    const res = await create(
      productBody({ fabric: "  Mulmul cotton ", care: "Hand wash cold; dry in shade." }),
    );
    const { product } = res.json() as { product: Product };
    expect(product.sku).toMatch(/^VS-[0-9A-F]{10}$/);
    expect(product.sizeSkus).toEqual([
      { size: "S", sku: `${product.sku}-S` },
      { size: "M", sku: `${product.sku}-M` },
      { size: "L", sku: `${product.sku}-L` },
    ]);
    expect(await shopperProduct(product._id)).toMatchObject({
      sku: product.sku,
      sizeSkus: product.sizeSkus,
      fabric: "Mulmul cotton",
      care: "Hand wash cold; dry in shade.",
    });
  });

  it("saves SKUs the admin types (upper-cased), and refuses one another product uses", async () => {
    const first = (
      await create(
        productBody({
          sku: "kur-101",
          sizeSkus: [
            { size: "S", sku: "kur-101-s" },
            { size: "m", sku: "KUR-101-MED" },
          ],
        }),
      )
    ).json().product as Product;
    expect(first.sku).toBe("KUR-101");
    expect(first.sizeSkus).toEqual([
      { size: "S", sku: "KUR-101-S" },
      { size: "M", sku: "KUR-101-MED" },
      { size: "L", sku: "KUR-101-L" },
    ]);
    const before = await productCount();
    // Another product's base SKU, or a size's, in any case: refused with the SKU named.
    const taken = await create(productBody({ sku: "Kur-101-Med" }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({ sku: M.skuTaken("KUR-101-MED") });
    const sizeTaken = await create(
      productBody({ sku: "KUR-102", sizeSkus: [{ size: "S", sku: "kur-101" }] }),
    );
    expect(sizeTaken.json().errors).toEqual({ sizeSkus: M.skuTaken("KUR-101") });
    expect(await productCount()).toBe(before);
    // Twice in one product, or malformed.
    const twice = await create(
      productBody({
        sizeSkus: [
          { size: "S", sku: "X-1" },
          { size: "M", sku: "x-1" },
        ],
      }),
    );
    expect(twice.json().errors).toEqual({ sizeSkus: M.duplicateSku("X-1") });
    const bad = await create(productBody({ sku: "has space" }));
    expect(bad.json().errors).toEqual({ sku: M.sku });
    expect(await productCount()).toBe(before);
    // Its own SKUs may be sent back unchanged, and a size's emptied goes back to the default.
    const again = await update(
      first._id,
      productBody({
        sku: "KUR-101",
        sizeSkus: [
          { size: "S", sku: "" },
          { size: "M", sku: "KUR-101-MED" },
        ],
      }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().product.sizeSkus).toEqual([
      { size: "S", sku: "KUR-101-S" },
      { size: "M", sku: "KUR-101-MED" },
      { size: "L", sku: "KUR-101-L" },
    ]);
  });

  it("shows a size's SKU change to shoppers at once (the catalogue is told)", async () => {
    const { product } = (await create(productBody())).json() as { product: Product };
    expect((await shopperProduct(product._id)).sizeSkus[1]!.sku).toBe(`${product.sku}-M`);
    // Only the size's SKU changes (no other column of the product or its sizes).
    await db
      .update(productSizes)
      .set({ sku: "ONLY-SKU-M" })
      .where(eq(productSizes.sku, `${product.sku}-M`));
    await expect
      .poll(async () => (await shopperProduct(product._id)).sizeSkus.map((s) => s.sku))
      .toContain("ONLY-SKU-M");
  });

  it("gives every demo product a readable SKU, fabric and care, and some an MRP", async () => {
    const rows = await db
      .select({
        sku: products.sku,
        fabric: products.fabric,
        care: products.care,
        mrp: products.mrpPaise,
        price: products.pricePaise,
      })
      .from(products)
      .where(eq(products.description, products.description));
    const demo = rows.filter((r) => r.sku.startsWith("VS-") && /^VS-[A-Z]{3}-\d{3}$/.test(r.sku));
    expect(demo.length).toBeGreaterThanOrEqual(60);
    for (const r of demo) {
      expect(r.fabric).not.toBe("");
      expect(r.care).not.toBe("");
      if (r.mrp !== null) expect(r.mrp).toBeGreaterThan(r.price);
    }
    expect(demo.filter((r) => r.mrp !== null).length).toBeGreaterThanOrEqual(10);
  });
});

describe("the admin's product search (demo catalogue)", () => {
  it("matches the word as the start of a word of the title, fabric, category, colour or SKU", async () => {
    // Before: also every product whose description mentions mulmul in passing. Now: the ones
    // made of it (their fabric says so).
    expect(await adminSearch("Mulmul")).toEqual(
      expect.arrayContaining([
        "Chikankari Cotton Kurta",
        "Kalamkari Print Cotton Saree",
        "Mul Cotton Kurta Pant Set",
      ]),
    );
    expect((await adminSearch("Mulmul")).filter((t) => !t.startsWith("Mulmul Test"))).toHaveLength(
      3,
    );
    // A word only a description mentions ("pair it with white palazzos") finds nothing else.
    expect(await adminSearch("palazzos")).toEqual([]);
    expect(await adminSearch("palazzo")).toEqual(["Leheriya Cotton Kurta Palazzo Set"]);
    // "Nehru" is in a kurta's description ("a Nehru jacket for receptions"): not a match.
    expect(await adminSearch("nehru")).toEqual([
      "Bandhgala Nehru Jacket",
      "Brocade Nehru Jacket",
      "Khadi Nehru Jacket",
      "Printed Cotton Nehru Jacket",
    ]);
  });

  it("needs every word typed, as a prefix, ignoring case and accents, and is not typo-tolerant", async () => {
    expect(await adminSearch("NEHRU khadi")).toEqual(["Khadi Nehru Jacket"]);
    expect(await adminSearch("nehr jack khad")).toEqual(["Khadi Nehru Jacket"]);
    expect(await adminSearch("Khādī Nehru")).toEqual(["Khadi Nehru Jacket"]);
    expect(await adminSearch("nehru saree")).toEqual([]);
    // Inside a word is not the start of one ("red" is not in "embroidered").
    expect(await adminSearch("mbroidered")).toEqual([]);
    // A typo finds nothing (the shopper's search is the typo-tolerant one).
    expect(await adminSearch("Mulmal")).toEqual([]);
  });

  it("finds a product the admin just made or renamed by every word of its title (an 's' included)", async () => {
    // The search text once had every 's' of a written title turned into a space: 'Silk Sash
    // Saree' was stored as 'ilk  a h  aree' and its own title did not find it.
    const made = await create(productBody({ title: "Silk Sash Saree xs5s9" }));
    expect(made.statusCode).toBe(201);
    expect(await adminSearch("silk sash saree")).toEqual(["Silk Sash Saree xs5s9"]);
    expect(await adminSearch("xs5s9")).toEqual(["Silk Sash Saree xs5s9"]);
    const id = (made.json() as { product: Product }).product._id;
    expect(
      (await update(id, productBody({ title: "Sequinned Sharara Set xs5s9" }))).statusCode,
    ).toBe(200);
    expect(await adminSearch("sequinned sharara xs5s9")).toEqual(["Sequinned Sharara Set xs5s9"]);
    expect(await adminSearch("silk sash")).toEqual([]);
  });

  it("finds a product by its SKU or a size's SKU", async () => {
    const [jacket] = await db
      .select({ sku: products.sku, title: products.title })
      .from(products)
      .where(eq(products.title, "Khadi Nehru Jacket"));
    expect(jacket!.sku).toMatch(/^VS-JKT-\d{3}$/);
    expect(await adminSearch(jacket!.sku.toLowerCase())).toEqual(["Khadi Nehru Jacket"]);
    const [one] = await adminSearch("vs-sar-006");
    expect(one).toBe("Kalamkari Print Cotton Saree");
    expect(await adminSearch("VS-SAR-006-FREESIZE")).toEqual(["Kalamkari Print Cotton Saree"]);
  });
});

describe("the list's filters with several values", () => {
  it("takes a product with any of the sizes, colours or categories; AND across filters", async () => {
    const m = await list("size=M");
    const l = await list("size=L");
    const both = await list("size=M,L");
    const union = [...new Set([...m.titles, ...l.titles])].sort();
    expect(both.titles).toEqual(union);
    expect(both.total).toBe(union.length);
    expect(both.total).toBeGreaterThan(Math.max(m.total, l.total) - 1);

    const sarees = await list("category=Sarees");
    const kurtaList = await list("category=Kurtas");
    const either = await list("category=Kurtas,Sarees");
    expect(either.total).toBe(sarees.total + kurtaList.total);
    // By id as well as by name, mixed.
    const byId = await list(`category=Sarees,${kurtas!.id}`);
    expect(byId.titles).toEqual(either.titles);

    const indigo = await list("color=Indigo");
    const maroon = await list("color=maroon");
    const colours = await list("color=Indigo,Maroon");
    expect(colours.titles).toEqual([...new Set([...indigo.titles, ...maroon.titles])].sort());

    // AND across: sarees in indigo or maroon are those in both answers.
    const sareesInColours = await list("category=Sarees&color=Indigo,Maroon");
    expect(sareesInColours.titles).toEqual(sarees.titles.filter((t) => colours.titles.includes(t)));
    expect(sareesInColours.total).toBeGreaterThan(0);
  });

  it("reads the old single-value URLs, repeated keys and stray commas alike", async () => {
    const one = await list("size=Free%20Size");
    expect(one.total).toBeGreaterThan(0);
    expect((await list("size=Free%20Size,")).titles).toEqual(one.titles);
    expect((await list("size=M&size=L")).titles).toEqual((await list("size=M,L")).titles);
    expect((await list("size=%2C%2C")).total).toBe((await list("")).total);
  });

  it("keeps one answer for `M,L`, `L,M` and `l, m, M` (values sorted and deduped)", async () => {
    const model = new CatalogueReadModel(true);
    const catalogue = createCatalogueService({ db, readModel: model });
    const parse = (size: string) => productListQuerySchema.parse({ size, limit: "5" });
    expect(parse("L,M").size).toEqual(["l", "m"]);
    const first = await catalogue.listProductsBody(parse("M,L"));
    const second = await catalogue.listProductsBody(parse("L,M"));
    const third = await catalogue.listProductsBody(parse("l, m, M,"));
    expect(second.body).toBe(first.body);
    expect(third.body).toBe(first.body);
    expect(third.total).toBe(first.total);
    const lists = [...model.answers.keys()].filter((k) => k.startsWith("list:"));
    const counts = [...model.answers.keys()].filter((k) => k.startsWith("count:"));
    expect(lists).toHaveLength(1);
    expect(counts).toHaveLength(1);
    // Another page of the same filters shares the count.
    await catalogue.listProductsBody(productListQuerySchema.parse({ size: "m,l", page: "2" }));
    expect([...model.answers.keys()].filter((k) => k.startsWith("count:"))).toHaveLength(1);
  });
});
