/**
 * Freshness of the catalogue read model across processes (issue #11, record 0028): two real server
 * processes (test/freshness-server.ts, each its own Node process, pool and listener) on one
 * PostgreSQL database. A write through A is seen in B's list, product and search answers within a
 * second, and B never shows a price that checkout would refuse. A sign-out through A ends the
 * session B keeps in memory within a second.
 *
 * PostgreSQL only: two processes cannot open one PGlite database (it lives inside one process).
 * That guest pages never show a signed-in shopper's data needs the web build: e2e/guest-page-cache.spec.ts.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import type { Product } from "@vastra/contracts";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createCategory, createUser, type TestUser } from "../../test/factories.ts";
import {
  makeTempDir,
  setupTestDatabase,
  TEST_APP_SECRET,
  testDatabaseKind,
  vitestHooks,
} from "../../test/helpers.ts";

/** A write must be visible in the other process within this. */
const FRESH_WITHIN_MS = 1000;
const CATEGORY = "Freshness Kurtas";

type Store = { name: string; url: string; stop(): Promise<void> };

/** Starts test/freshness-server.ts on the database; resolves once it listens. */
async function startStore(name: string, databaseUrl: string): Promise<Store> {
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(import.meta.dirname, "../../test/freshness-server.ts")],
    {
      env: {
        ...process.env,
        NODE_ENV: "test",
        DATABASE_URL: databaseUrl,
        DATA_DIR: makeTempDir("vastra-fresh-"),
        APP_SECRET: TEST_APP_SECRET,
      },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    const failed = () => reject(new Error(`store ${name} stopped before listening:\n${output}`));
    child.stderr!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening (\d+)/.exec(output);
      if (found) {
        child.off("exit", failed);
        resolve(Number(found[1]));
      }
    });
    child.once("exit", failed);
  });
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const force = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(force);
    },
  };
}

describe.skipIf(testDatabaseKind() !== "postgres")(
  "two server processes on one PostgreSQL database (PostgreSQL only: two processes cannot share a PGlite database)",
  () => {
    let a: Store;
    let b: Store;
    let admin: TestUser;
    let db: Awaited<ReturnType<typeof setupTestDatabase>>["db"];
    let categoryId: string;

    beforeAll(async () => {
      const database = await setupTestDatabase();
      db = database.db;
      const url = new URL(inject("testDatabaseUrl"));
      url.pathname = `/${database.name}`;
      [a, b] = await Promise.all([startStore("A", url.href), startStore("B", url.href)]);
      // Registered after the database's cleanup, so run before it (newest first).
      vitestHooks.after(() => Promise.all([a.stop(), b.stop()]).then(() => {}));
      admin = await createUser(db, { isAdmin: true });
      categoryId = (await createCategory(db, CATEGORY)).id;
    });

    async function call(
      store: Store,
      method: string,
      url: string,
      options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
    ): Promise<{ status: number; json: () => unknown }> {
      const res = await fetch(store.url + url, {
        method,
        headers: {
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.body === undefined ? {} : { "content-type": "application/json" }),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await res.text();
      return { status: res.status, json: () => JSON.parse(text) };
    }

    let made = 0;
    function productBody(title: string, price: number, stock: number) {
      return {
        title,
        description: "Handloom cotton, block printed in Jaipur.",
        price,
        lowStockThreshold: 2,
        gender: "Women",
        sizes: ["M"],
        sizeStock: [{ size: "M", stock }],
        colors: ["Indigo"],
        categories: [categoryId],
        imageUrl: "/images/aaaaaaaaaaaaaaaaaaaaaaaa-w1280.webp",
        additionalImages: [],
        colorImages: [],
        isHero: false,
      };
    }

    /** A new product, made through A; its id and title. */
    async function newProduct(price: number, stock = 10): Promise<{ id: string; title: string }> {
      made++;
      const title = `Freshness Kurta ${made}`;
      const res = await call(a, "POST", "/api/admin/products", {
        cookie: admin.cookie,
        body: productBody(title, price, stock),
      });
      expect(res.status).toBe(201);
      return { id: (res.json() as { product: { _id: string } }).product._id, title };
    }

    async function setPrice(product: { id: string; title: string }, price: number, stock: number) {
      const res = await call(a, "PUT", `/api/admin/products/${product.id}`, {
        cookie: admin.cookie,
        body: productBody(product.title, price, stock),
      });
      expect(res.status).toBe(200);
    }

    const listUrl = `/api/products?category=${encodeURIComponent(CATEGORY)}&limit=50`;
    const searchUrl = `/api/products?search=${encodeURIComponent("freshness kurta")}&limit=50`;

    /** The product as `store` shows it in the list, the search and its own answer. */
    async function shown(store: Store, id: string) {
      const [list, search, detail] = await Promise.all([
        call(store, "GET", listUrl),
        call(store, "GET", searchUrl),
        call(store, "GET", `/api/products/${id}`),
      ]);
      expect([list.status, search.status, detail.status]).toEqual([200, 200, 200]);
      return {
        list: (list.json() as Product[]).find((p) => p._id === id),
        search: (search.json() as Product[]).find((p) => p._id === id),
        detail: detail.json() as Product,
      };
    }

    /**
     * Polls until `holds` is true of what B shows, failing when a look that began a second or more
     * after the write still shows the old figures (a freshness requirement of the issue, not a
     * speed measurement: on a loaded machine one look, three requests, may itself outlast the
     * second, and a look begun before the second was up may show the old figures).
     */
    async function visibleOnB(id: string, holds: (p: Product | undefined) => boolean) {
      const deadline = performance.now() + FRESH_WITHIN_MS;
      for (;;) {
        const began = performance.now();
        const seen = await shown(b, id);
        if (holds(seen.list) && holds(seen.search) && holds(seen.detail)) return seen;
        if (began > deadline) {
          throw new Error(
            `not visible on B within ${FRESH_WITHIN_MS} ms: ${JSON.stringify({
              list: seen.list && pick(seen.list),
              search: seen.search && pick(seen.search),
              detail: pick(seen.detail),
            })}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    const pick = (p: Product) => ({
      price: p.price,
      stock: p.stock,
      reviewCount: p.reviewCount,
      averageRating: p.averageRating,
    });

    /** A shopper of their own orders `quantity` of size M through `store` at the price shown. */
    async function orderAt(store: Store, productId: string, shownPrice: number, quantity = 1) {
      const shopper = await createUser(db, { name: "Priya Sharma" });
      const added = await call(store, "POST", "/api/cart/add", {
        cookie: shopper.cookie,
        body: { productId, size: "M", quantity },
      });
      expect(added.status).toBe(200);
      return call(store, "POST", "/api/orders", {
        cookie: shopper.cookie,
        headers: { "idempotency-key": `freshness-${productId}-${shopper.id}` },
        body: {
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

    it("an admin's price edit through A shows in B's list, product and search within a second", async () => {
      const product = await newProduct(1499);
      // B holds the answers in memory first: what is tested is their invalidation.
      const before = await visibleOnB(product.id, (p) => p?.price === 1499);
      expect(before.detail.title).toBe(product.title);

      await setPrice(product, 1649, 10);
      await visibleOnB(product.id, (p) => p?.price === 1649);
    });

    it("the stock an order on A took shows on B within a second", async () => {
      const product = await newProduct(899, 6);
      await visibleOnB(product.id, (p) => p?.stock === 6);

      const order = await orderAt(a, product.id, 899, 2);
      expect(order.status).toBe(201);
      const after = await visibleOnB(product.id, (p) => p?.stock === 4);
      expect(after.detail.sizeStock).toEqual([{ size: "M", stock: 4 }]);
    });

    it("a review written on A shows in B's rating figures within a second", async () => {
      const product = await newProduct(1299);
      await visibleOnB(product.id, (p) => p?.reviewCount === 0);

      const reviewer = await createUser(db);
      const review = await call(a, "POST", "/api/reviews", {
        cookie: reviewer.cookie,
        body: { productId: product.id, rating: 4, comment: "Soft cotton, the colour holds." },
      });
      expect(review.status).toBe(201);
      await visibleOnB(product.id, (p) => p?.reviewCount === 1 && p.averageRating === 4);
    });

    it("a sign-out on A ends the session on B within a second, though B keeps it in memory (record 0068)", async () => {
      const shopper = await createUser(db);
      const meOn = (store: Store) => call(store, "GET", "/api/auth/me", { cookie: shopper.cookie });
      expect((await meOn(b)).status).toBe(200);
      expect((await meOn(b)).status).toBe(200);
      expect((await call(a, "POST", "/api/auth/logout", { cookie: shopper.cookie })).status).toBe(
        200,
      );
      const deadline = performance.now() + FRESH_WITHIN_MS;
      for (;;) {
        const began = performance.now();
        const status = (await meOn(b)).status;
        if (status === 401) break;
        expect(status).toBe(200);
        if (began > deadline)
          throw new Error(`B still let the signed-out shopper in after ${FRESH_WITHIN_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // Never again, once refused.
      for (let i = 0; i < 3; i++) expect((await meOn(b)).status).toBe(401);
    });

    it("while prices change on A, B shows only prices that were set, never going back; checkout on B takes the settled one", async () => {
      const product = await newProduct(1000);
      const prices = [1000, 1090, 1180, 1270, 1360];
      await visibleOnB(product.id, (p) => p?.price === 1000);

      // B's list and product answers, each read one request after another while A edits.
      let editing = true;
      const watch = async (read: () => Promise<number | undefined>) => {
        const seen: number[] = [];
        while (editing) {
          const price = await read();
          if (price !== undefined) seen.push(price);
        }
        return seen;
      };
      const listWatch = watch(async () => {
        const res = await call(b, "GET", listUrl);
        return (res.json() as Product[]).find((p) => p._id === product.id)?.price;
      });
      const detailWatch = watch(
        async () => ((await call(b, "GET", `/api/products/${product.id}`)).json() as Product).price,
      );
      for (const price of prices.slice(1)) {
        await setPrice(product, price, 10);
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      const last = prices.at(-1)!;
      const settled = await visibleOnB(product.id, (p) => p?.price === last);
      editing = false;

      for (const seen of [await listWatch, await detailWatch]) {
        expect(seen.length).toBeGreaterThan(0);
        for (const price of seen) expect(prices).toContain(price);
        // Never an older price after a newer one (each watch's requests one after another).
        const order = seen.map((price) => prices.indexOf(price));
        expect(order).toEqual([...order].sort((x, y) => x - y));
      }

      // Checkout through B at the price B shows: taken, at that price.
      const order = await orderAt(b, product.id, settled.detail.price, 2);
      expect(order.status).toBe(201);
      expect((order.json() as { order: { totalAmount: number } }).order.totalAmount).toBe(last * 2);
      // And the price from before is refused: B never showed it after the change settled.
      const stale = await orderAt(b, product.id, prices[0]!, 1);
      expect(stale.status).toBe(409);
    });
  },
);
