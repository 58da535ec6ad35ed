/**
 * The catalogue read model seen from outside (record 0028): answers come from memory, yet a write
 * is visible at once to the process that made it, and within a second to another process on the
 * same database, each with its own connection pool and listener (on PGlite: two apps on the one
 * in-process database, each with its own listener).
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Product } from "@vastra/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { createCategory, createUser } from "../../test/factories.ts";
import { buildTestApp, testDatabaseKind, vitestHooks } from "../../test/helpers.ts";
import { type Database, openDatabase, rowsOf } from "../db/client.ts";
import { createCatalogueService } from "../services/catalogue/index.ts";
import { listenCatalogue } from "../services/catalogue/read-model.ts";

const { app, database } = await buildTestApp();
const db = database.db;
const admin = await createUser(db, { isAdmin: true });
const kurtas = await createCategory(db, "Read Model Kurtas");

/** The other process: its own pool on the same PostgreSQL database (PGlite: the same database). */
async function otherDatabase(): Promise<Database> {
  if (testDatabaseKind() === "pglite") return database;
  const url = new URL(inject("testDatabaseUrl"));
  url.pathname = `/${(database as Database & { name?: string }).name}`;
  const other = await openDatabase({ kind: "postgres", url: url.href, max: 4 });
  vitestHooks.after(() => other.close());
  return other;
}
const { app: other } = await buildTestApp({ database: await otherDatabase() });

let made = 0;
async function newProduct(price: number, stock = 5): Promise<string> {
  made++;
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/products",
    headers: { cookie: admin.cookie },
    payload: productBody({ title: `Read Model Kurta ${made}`, price, stock }),
  });
  expect(res.statusCode).toBe(201);
  return res.json().product._id;
}

function productBody(fields: { title: string; price: number; stock: number }) {
  return {
    title: fields.title,
    description: "Cotton, block printed.",
    price: fields.price,
    lowStockThreshold: 2,
    gender: "Men",
    sizes: ["M"],
    sizeStock: [{ size: "M", stock: fields.stock }],
    colors: ["Indigo"],
    categories: [kurtas.id],
    imageUrl: "/images/aaaaaaaaaaaaaaaaaaaaaaaa-w1280.webp",
    additionalImages: [],
    colorImages: [],
    isHero: false,
  };
}

async function editPrice(id: string, title: string, price: number, stock: number) {
  const res = await app.inject({
    method: "PUT",
    url: `/api/admin/products/${id}`,
    headers: { cookie: admin.cookie },
    payload: productBody({ title, price, stock }),
  });
  expect(res.statusCode).toBe(200);
}

const listUrl = `/api/products?category=${encodeURIComponent("Read Model Kurtas")}&limit=50`;

async function listed(on = app, url = listUrl): Promise<Product[]> {
  const res = await on.inject({ method: "GET", url });
  expect(res.statusCode).toBe(200);
  return res.json();
}
async function detail(id: string, on = app): Promise<Product> {
  const res = await on.inject({ method: "GET", url: `/api/products/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const inList = async (id: string, on = app, url = listUrl) =>
  (await listed(on, url)).find((p) => p._id === id);

/** Orders `quantity` of size M at the price the shopper was shown; the reply. */
async function orderAt(shownPrice: number, productId: string, quantity = 1) {
  const shopper = await createUser(db);
  const added = await app.inject({
    method: "POST",
    url: "/api/cart/add",
    headers: { cookie: shopper.cookie },
    payload: { productId, size: "M", quantity },
  });
  expect(added.statusCode).toBe(200);
  return app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { cookie: shopper.cookie, "idempotency-key": `read-model-${productId}-${made}` },
    payload: {
      user: {
        name: "Priya Sharma",
        email: "priya@example.in",
        phone: "98765 43210",
        address: "12 MG Road, Flat 4B, Bengaluru, Karnataka, 560001, India",
      },
      items: [{ productId, size: "M", quantity }],
      totalAmount: shownPrice * quantity,
      status: "pending",
    },
  });
}

/** How long until `check` holds on the other app (polled), failing after `limitMs`. */
async function msUntil(check: () => Promise<boolean>, limitMs = 1000): Promise<number> {
  const start = performance.now();
  for (;;) {
    if (await check()) return performance.now() - start;
    if (performance.now() - start > limitMs) throw new Error(`not visible within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("the process that writes", () => {
  it("shows an edited price at once in the list and the product, and checkout takes it", async () => {
    const id = await newProduct(1200);
    // Both answers are in memory now.
    expect((await inList(id))?.price).toBe(1200);
    expect((await detail(id)).price).toBe(1200);

    await editPrice(id, "Read Model Kurta (new price)", 1350, 5);
    const shownInList = (await inList(id))!;
    const shown = await detail(id);
    expect(shownInList.price).toBe(1350);
    expect(shownInList.title).toBe("Read Model Kurta (new price)");
    expect(shown.price).toBe(1350);

    const order = await orderAt(shown.price, id, 2);
    expect(order.statusCode).toBe(201);
    expect(order.json().order.totalAmount).toBe(2700);
  });

  it("shows the stock an order took, and drops a sold-out product from in-stock lists", async () => {
    const id = await newProduct(999, 3);
    const inStockUrl = `${listUrl}&inStock=true`;
    expect((await inList(id))?.stock).toBe(3);
    expect(await inList(id, app, inStockUrl)).toBeDefined();

    expect((await orderAt(999, id, 2)).statusCode).toBe(201);
    const afterOne = (await inList(id))!;
    expect(afterOne.stock).toBe(1);
    expect(afterOne.stockStatus).toBe((await detail(id)).stockStatus);
    expect((await detail(id)).sizeStock).toEqual([{ size: "M", stock: 1 }]);

    expect((await orderAt(999, id, 1)).statusCode).toBe(201);
    expect((await inList(id))?.inStock).toBe(false);
    expect(await inList(id, app, inStockUrl)).toBeUndefined();
  });

  it("shows a new review's rating at once", async () => {
    const id = await newProduct(799);
    expect((await detail(id)).reviewCount).toBe(0);
    const reviewer = await createUser(db);
    const res = await app.inject({
      method: "POST",
      url: "/api/reviews",
      headers: { cookie: reviewer.cookie },
      payload: { productId: id, rating: 4, comment: "Soft cotton, true to size." },
    });
    expect(res.statusCode).toBe(201);
    expect(await detail(id)).toMatchObject({ reviewCount: 1, averageRating: 4 });
    expect(await inList(id)).toMatchObject({ reviewCount: 1, averageRating: 4 });
  });
});

describe("another process on the same database", () => {
  it("sees a price edit, an order's stock and a new review within a second", async () => {
    const id = await newProduct(1500, 4);
    expect((await inList(id, other))?.price).toBe(1500);
    expect((await detail(id, other)).stock).toBe(4);

    await editPrice(id, "Read Model Kurta (elsewhere)", 1650, 4);
    await msUntil(async () => (await inList(id, other))?.price === 1650);
    await msUntil(async () => (await detail(id, other)).price === 1650);

    expect((await orderAt(1650, id, 1)).statusCode).toBe(201);
    await msUntil(async () => (await detail(id, other)).stock === 3);
    await msUntil(async () => (await inList(id, other))?.stock === 3);

    const reviewer = await createUser(db);
    await app.inject({
      method: "POST",
      url: "/api/reviews",
      headers: { cookie: reviewer.cookie },
      payload: { productId: id, rating: 2, comment: "The colour ran in the wash." },
    });
    await msUntil(async () => (await detail(id, other)).reviewCount === 1);
    await msUntil(async () => (await inList(id, other))?.averageRating === 2);
  });
});

describe("the cart's writes", () => {
  it("change no catalogue version (their replies do not wait for its notices)", async () => {
    const id = await newProduct(1500, 9);
    const versions = async () =>
      rowsOf(await db.execute(sql`select kind, version from catalogue_version order by kind`));
    const before = JSON.stringify(await versions());
    const shopper = await createUser(db);
    const calls = [
      { method: "POST", url: "/api/cart/add", payload: { productId: id, size: "M", quantity: 2 } },
      {
        method: "PUT",
        url: "/api/cart/update",
        payload: { productId: id, size: "M", quantity: 1 },
      },
      { method: "DELETE", url: "/api/cart/remove", payload: { productId: id, size: "M" } },
      { method: "POST", url: "/api/cart/add", payload: { productId: id, size: "M", quantity: 1 } },
      { method: "DELETE", url: "/api/cart/clear" },
    ] as const;
    for (const call of calls) {
      const res = await app.inject({ ...call, headers: { cookie: shopper.cookie } });
      expect(res.statusCode, call.url).toBe(200);
    }
    const guest = await app.inject({ ...calls[0] });
    expect(guest.statusCode).toBe(200);
    expect(JSON.stringify(await versions())).toBe(before);
  });
});

describe("ready answers", () => {
  it("are sent compressed as asked, with an ETag that answers 304 until the answer changes", async () => {
    const id = await newProduct(2100);
    const plain = await app.inject({ method: "GET", url: listUrl });
    const total = plain.headers["x-total-count"];
    expect(Number(total)).toBeGreaterThan(0);
    const etag = String(plain.headers.etag);

    const br = await app.inject({
      method: "GET",
      url: listUrl,
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["x-total-count"]).toBe(total);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await app.inject({
      method: "GET",
      url: listUrl,
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const again = await app.inject({
      method: "GET",
      url: listUrl,
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.payload).toBe("");

    await editPrice(id, "Read Model Kurta (etag)", 2200, 5);
    const changed = await app.inject({
      method: "GET",
      url: listUrl,
      headers: { "if-none-match": etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});

describe("the safety net", () => {
  it("drops a kind whose version moved without a notice reaching the listener", async () => {
    const listening = await listenCatalogue(database, { checkMs: 50 });
    vitestHooks.after(() => listening.close());
    const catalogue = createCatalogueService({ db, readModel: listening.model });
    const id = await newProduct(3000);
    const priceNow = async () =>
      JSON.parse((await catalogue.productBody(id)).json.toString()).price as number;
    expect(await priceNow()).toBe(3000);

    // A write with the triggers off (no notice), then the version bumped by hand: only the
    // periodic check can tell.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update products set price_paise = 310000 where id = ${id}`);
      await tx.execute(
        sql`update catalogue_version set version = version + 1 where kind = 'catalogue'`,
      );
    });
    expect(await priceNow()).toBe(3000);
    await msUntil(async () => (await priceNow()) === 3100, 2000);
  });
});

describe("notices that stop arriving", () => {
  it("suspend the model (answers from the database) until a notice of its own comes back", async () => {
    // Checked by hand here; any version unheard at the next check counts as lost.
    const listening = await listenCatalogue(database, { checkMs: 60_000, lostAfterMs: 0 });
    vitestHooks.after(() => listening.close());
    const catalogue = createCatalogueService({ db, readModel: listening.model });
    const id = await newProduct(5000);
    const priceNow = async () =>
      JSON.parse((await catalogue.productBody(id)).json.toString()).price as number;
    expect(await priceNow()).toBe(5000);

    // A write whose notice never comes (the triggers off, the version bumped by hand).
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update products set price_paise = 510000 where id = ${id}`);
      await tx.execute(
        sql`update catalogue_version set version = version + 1 where kind = 'catalogue'`,
      );
    });
    // The first check drops the kind the notices did not reach; the second finds them still
    // missing and stops trusting them: nothing is served from memory.
    await listening.check();
    expect(listening.model.serving).toBe(true);
    expect(await priceNow()).toBe(5100);
    await listening.check();
    expect(listening.model.serving).toBe(false);
    await db.execute(sql`update products set price_paise = 520000 where id = ${id}`);
    expect(await priceNow()).toBe(5200);
    // The next check sends a notice of its own; it comes back, so the model serves again.
    await listening.check();
    expect(listening.model.serving).toBe(true);
    expect(await priceNow()).toBe(5200);
  });
});

describe.skipIf(testDatabaseKind() !== "postgres")(
  "a lost listening connection (PostgreSQL only: PGlite's notices are in-process)",
  () => {
    it("answers from the database until listening again, then from memory", async () => {
      const listening = await listenCatalogue(database, { checkMs: 60_000 });
      vitestHooks.after(() => listening.close());
      const catalogue = createCatalogueService({ db, readModel: listening.model });
      const id = await newProduct(4000);
      const priceNow = async () =>
        JSON.parse((await catalogue.productBody(id)).json.toString()).price as number;
      expect(await priceNow()).toBe(4000);
      expect(listening.model.answers.size).toBeGreaterThan(0);

      // Cut every listening connection of this database (the apps' and this model's).
      await db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query like 'listen %'`);
      await msUntil(async () => !listening.model.serving);
      expect(listening.model.answers.size).toBe(0);

      // A write whose notice may be lost while the connection is down: shown once listening again
      // (the versions re-read, everything kept before dropped), and answers kept again after.
      await db.execute(sql`update products set price_paise = 410000 where id = ${id}`);
      await msUntil(async () => listening.model.serving, 5000);
      expect(await priceNow()).toBe(4100);
      expect(listening.model.answers.size).toBeGreaterThan(0);
      await db.execute(sql`update products set price_paise = 420000 where id = ${id}`);
      await msUntil(async () => (await priceNow()) === 4200);
    });
  },
);
