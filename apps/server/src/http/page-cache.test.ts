/**
 * Guest pages from the page cache, through the real web build (npm run build first): the same HTML
 * with a fresh nonce each time, never a signed-in shopper's page for a guest or the other way round.
 */
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct, createUser } from "../../test/factories.ts";
import { setupTestDatabase, testConfig } from "../../test/helpers.ts";
import { buildApp } from "../app.ts";
import type { Database } from "../db/client.ts";
import { products } from "../db/schema.ts";
import { ensureStoreSettings } from "../services/store-settings.ts";
import { defaultBuildDirectory } from "../web.ts";
import type { PageCacheOptions } from "./page-cache.ts";

let database: Database;
let productId: string;

beforeAll(async () => {
  database = await setupTestDatabase();
  await ensureStoreSettings(database.db);
  productId = (await createProduct(database.db, { title: "Ivory Chikankari Kurta", price: 1499 }))
    .id;
});

async function webApp(pageCache: PageCacheOptions): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(),
    database,
    web: { buildDirectory: defaultBuildDirectory(), pageCache },
    logger: false,
  });
  await app.ready();
  return app;
}

/** The nonce of the CSP header, and the page with every occurrence of it blanked out. */
function nonceAndPage(res: LightMyRequestResponse): { nonce: string; page: string } {
  const nonce = /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))?.[1];
  if (!nonce) throw new Error("no nonce in the CSP header");
  return { nonce, page: res.body.replaceAll(nonce, "NONCE") };
}

describe("guest pages", () => {
  it("a guest gets the same page twice, each with its own nonce that its CSP allows", async () => {
    const app = await webApp({});
    try {
      const first = await app.inject({ url: `/products/${productId}` });
      const second = await app.inject({ url: `/products/${productId}` });
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(first.headers["x-page-cache"]).toBe("miss");
      expect(second.headers["x-page-cache"]).toBe("hit");
      const a = nonceAndPage(first);
      const b = nonceAndPage(second);
      expect(a.nonce).not.toBe(b.nonce);
      expect(b.page).toBe(a.page);
      expect(b.page).toContain("Ivory Chikankari Kurta");
      // Every script carries this response's nonce (the placeholder never leaks out).
      expect(b.page).toMatch(/<script nonce="NONCE"/);
      expect(b.page).not.toMatch(/nonce="(?!NONCE")/);
      for (const res of [first, second]) {
        expect(res.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+/);
        expect(res.headers.vary).toMatch(/Cookie/);
      }
      expect(second.headers.etag).toMatch(/^W\/"/);
    } finally {
      await app.close();
    }
  });

  it("a hit for a browser is the stored gzip with this response's nonce, the same page as uncompressed", async () => {
    const app = await webApp({});
    try {
      const headers = { "accept-encoding": "gzip, deflate, br, zstd" };
      const plain = await app.inject({ url: `/products/${productId}` });
      const zipped = [1, 2].map(() => app.inject({ url: `/products/${productId}`, headers }));
      const pages = [];
      for (const res of await Promise.all(zipped)) {
        expect(res.headers["x-page-cache"]).toBe("hit");
        expect(res.headers["content-encoding"]).toBe("gzip");
        expect(res.headers.vary).toMatch(/Accept-Encoding/);
        const html = gunzipSync(res.rawPayload).toString("utf8");
        expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
        pages.push(nonceAndPage({ ...res, body: html } as LightMyRequestResponse));
      }
      const [a, b] = pages as [{ nonce: string; page: string }, { nonce: string; page: string }];
      expect(a.nonce).not.toBe(b.nonce);
      expect(a.page).toBe(nonceAndPage(plain).page);
      expect(b.page).toBe(a.page);
      expect(a.page).toMatch(/<script nonce="NONCE"/);
      expect(a.page).not.toMatch(/nonce="(?!NONCE")/);
    } finally {
      await app.close();
    }
  });

  it("stores a guest page whole: no part behind a fallback that the browser would reveal later", async () => {
    const app = await webApp({});
    const shopper = await createUser(database.db, { name: "Asha Menon" });
    try {
      // A shopper's home page streams its slow parts (the social QR codes always are): each
      // arrives after the shell, in a hidden holder that a script swaps in.
      const mine = await app.inject({ url: "/", headers: { cookie: shopper.cookie } });
      expect(mine.body).toContain("$RC(");
      // The guest page that every guest gets after is rendered whole: the parts are in place.
      const stored = await app.inject({ url: "/" });
      expect(stored.headers["x-page-cache"]).toBe("miss");
      const hit = await app.inject({ url: "/" });
      expect(hit.headers["x-page-cache"]).toBe("hit");
      for (const res of [stored, hit]) {
        expect(res.body).not.toContain("$RC(");
        expect(res.body).not.toContain('data-testid="hero-ads-loading"');
        expect(res.body).not.toContain('data-testid="featured-loading"');
        // The parts themselves (this store has no ads: its empty card; the featured products or their empty note).
        expect(res.body).toContain('data-testid="hero-ads-empty"');
        expect(res.body).toMatch(/data-testid="featured-(products|empty)"/);
      }
    } finally {
      await app.close();
    }
  });

  it("answers 304 to a matching ETag without a new CSP, which would block the kept page's scripts", async () => {
    const app = await webApp({});
    try {
      await app.inject({ url: "/shipping" });
      const stored = await app.inject({ url: "/shipping" });
      const again = await app.inject({
        url: "/shipping",
        headers: { "if-none-match": String(stored.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
      expect(again.headers["content-security-policy"]).toBeUndefined();
      expect(again.headers.etag).toBe(stored.headers.etag);
    } finally {
      await app.close();
    }
  });

  it("a signed-in shopper never gets the guest page, and a guest never gets theirs", async () => {
    const app = await webApp({});
    const shopper = await createUser(database.db, { name: "Meera Iyer" });
    try {
      // The shopper first: nothing of theirs may be stored for the guest who follows.
      const mine = await app.inject({ url: "/products", headers: { cookie: shopper.cookie } });
      expect(mine.body).toContain("Meera");
      expect(mine.headers["x-page-cache"]).toBeUndefined();
      expect(mine.headers["cache-control"] ?? "").not.toMatch(/public/);

      const guest = await app.inject({ url: "/products" });
      expect(guest.headers["x-page-cache"]).toBe("miss");
      expect(guest.body).not.toContain("Meera");
      expect(guest.body).toContain("Sign In");
      expect((await app.inject({ url: "/products" })).headers["x-page-cache"]).toBe("hit");

      // With the guest page stored, the shopper still gets their own.
      const mineAgain = await app.inject({ url: "/products", headers: { cookie: shopper.cookie } });
      expect(mineAgain.body).toContain("Meera");
      expect(mineAgain.body).not.toContain(">Sign In<");
    } finally {
      await app.close();
    }
  });

  it("is never served to nor stored from anything but a GET", async () => {
    const app = await webApp({});
    try {
      await app.inject({ url: "/contact" });
      const post = await app.inject({
        method: "POST",
        url: "/contact",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          host: "localhost:3000",
          origin: "http://localhost:3000",
        },
        payload: "name=",
      });
      expect(post.headers["x-page-cache"]).toBeUndefined();
      expect(post.headers["cache-control"] ?? "").not.toMatch(/public/);
    } finally {
      await app.close();
    }
  });

  it("a new catalogue version retires the stored pages: a price change shows at once", async () => {
    let version = 1;
    const app = await webApp({ version: () => version, ttlMs: 60_000 });
    try {
      const before = await app.inject({ url: `/products/${productId}` });
      expect(before.body).toContain("1,499");
      await database.db
        .update(products)
        .set({ pricePaise: 129_900 })
        .where(eq(products.id, productId));
      // The read model the page renders from hears of the write by the database's notice (at
      // once on PGlite, a moment later on PostgreSQL).
      await expect
        .poll(async () => (await app.inject({ url: `/api/products/${productId}` })).json().price, {
          timeout: 1000,
        })
        .toBe(1299);
      // Same version: the stored page (this is why every shopper-visible write must move it).
      expect((await app.inject({ url: `/products/${productId}` })).headers["x-page-cache"]).toBe(
        "hit",
      );
      version = 2;
      const after = await app.inject({ url: `/products/${productId}` });
      expect(after.headers["x-page-cache"]).toBe("miss");
      expect(after.body).toContain("1,299");
      expect(after.body).not.toContain("1,499");
    } finally {
      await database.db
        .update(products)
        .set({ pricePaise: 149_900 })
        .where(eq(products.id, productId));
      await app.close();
    }
  });

  it("without a version, a stored page lives only for its short TTL", async () => {
    const app = await webApp({ ttlMs: 150 });
    try {
      await app.inject({ url: "/terms" });
      expect((await app.inject({ url: "/terms" })).headers["x-page-cache"]).toBe("hit");
      await new Promise((r) => setTimeout(r, 200));
      expect((await app.inject({ url: "/terms" })).headers["x-page-cache"]).toBe("miss");
    } finally {
      await app.close();
    }
  });

  it("is bounded: the least recently used page makes room", async () => {
    const app = await webApp({ maxEntries: 2 });
    try {
      for (const url of ["/terms", "/shipping", "/cancellations"]) await app.inject({ url });
      expect((await app.inject({ url: "/cancellations" })).headers["x-page-cache"]).toBe("hit");
      expect((await app.inject({ url: "/shipping" })).headers["x-page-cache"]).toBe("hit");
      expect((await app.inject({ url: "/terms" })).headers["x-page-cache"]).toBe("miss");
    } finally {
      await app.close();
    }
  });

  it("many guests at once for one page: one render, all answered with the same page", async () => {
    const app = await webApp({});
    try {
      const all = await Promise.all(
        Array.from({ length: 8 }, () => app.inject({ url: "/general-policy" })),
      );
      const pages = new Set(all.map((res) => nonceAndPage(res).page));
      expect(all.every((res) => res.statusCode === 200)).toBe(true);
      expect(pages.size).toBe(1);
      expect(all.filter((res) => res.headers["x-page-cache"] === "miss")).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
