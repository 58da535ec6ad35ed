import { rmSync } from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildTestApp, setupTestDatabase } from "../../test/helpers.ts";
import { type Db, rowsOf } from "../db/client.ts";
import {
  advertisements,
  categories,
  productCategories,
  productImages,
  productSizes,
  products,
  reviews,
  users,
} from "../db/schema.ts";
import { imageServiceForDataDir, parseStoredUrl, variantKey } from "../services/images/index.ts";
import { verifyPassword } from "../services/passwords.ts";
import { DEMO_ADMIN_EMAIL, seedDemo, seededRandom, stockFor } from "./demo.ts";

/** The demo admin's password every store had before it was made random per store. */
const OLD_FIXED_PASSWORD = "VastraDemo#2026";

import { DEMO_PICTURE_COUNT, drawDemoPictures } from "./pictures.ts";

// Small pictures keep this quick; the drawing and processing are the real ones.
const WIDTHS = [120];
const NOW = new Date("2026-03-01T10:00:00Z");

const { app, database, config } = await buildTestApp();
const db = database.db;
const images = imageServiceForDataDir(config.dataDir, { widths: WIDTHS });
const login = await seedDemo(db, { images, now: NOW });
/** A second database: first with one category in it, then emptied and seeded like the first. */
const other = await setupTestDatabase();

async function rowCount(query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ n: number | string }>(await db.execute(query))[0]!.n);
}

async function snapshot(of: Db) {
  const p = await of
    .select({ title: products.title, price: products.pricePaise, colours: products.colors })
    .from(products)
    .orderBy(asc(products.title));
  const s = await of
    .select({ title: products.title, size: productSizes.size, stock: productSizes.stock })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.productId))
    .orderBy(asc(products.title), asc(productSizes.position));
  const r = await of
    .select({ title: products.title, rating: reviews.rating, comment: reviews.comment })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .orderBy(asc(products.title), asc(reviews.comment));
  return { p, s, r };
}

describe("seeding an empty database", () => {
  it("returns the demo admin's login, who can sign in with it and not with the old fixed one", async () => {
    expect(login).toMatchObject({ adminEmail: DEMO_ADMIN_EMAIL });
    expect(login?.adminPassword).toMatch(/^[\w-]{16,}$/);
    expect(login?.catalogue).toMatchObject({ pictures: DEMO_PICTURE_COUNT });
    const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
    expect(admin?.isAdmin).toBe(true);
    expect(admin?.emailVerifiedAt).not.toBeNull();
    const signIn = (password: string) =>
      app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: DEMO_ADMIN_EMAIL, password },
      });
    expect((await signIn(login!.adminPassword!)).statusCode).toBe(200);
    expect((await signIn(OLD_FIXED_PASSWORD)).statusCode).toBe(401);
  });

  it("creates verified demo shoppers with random passwords", async () => {
    const shoppers = await db.select().from(users).where(eq(users.isAdmin, false));
    expect(shoppers.length).toBeGreaterThanOrEqual(10);
    for (const s of shoppers) {
      expect(s.emailVerifiedAt).not.toBeNull();
      expect(s.passwordHash).toMatch(/^scrypt\$/);
    }
    expect(await verifyPassword(login!.adminPassword!, shoppers[0]!.passwordHash)).toBe(false);
    expect(new Set(shoppers.map((s) => s.passwordHash)).size).toBe(shoppers.length);
  });

  it("creates at least 8 categories and 60 products for men, women and everyone", async () => {
    const cats = await db.select().from(categories);
    expect(cats.length).toBeGreaterThanOrEqual(8);
    const all = await db.select().from(products);
    expect(all.length).toBeGreaterThanOrEqual(60);
    const byGender = Object.groupBy(all, (p) => p.gender);
    expect(byGender.Men?.length).toBeGreaterThanOrEqual(10);
    expect(byGender.Women?.length).toBeGreaterThanOrEqual(10);
    expect(byGender.Unisex?.length).toBeGreaterThanOrEqual(3);
    const unlinked = await rowCount(sql`select count(*) as n from products p
      where not exists (select 1 from product_categories pc where pc.product_id = p.id)`);
    expect(unlinked).toBe(0);
    for (const c of cats) {
      expect(
        await rowCount(
          sql`select count(*) as n from product_categories where category_id = ${c.id}`,
        ),
        c.name,
      ).toBeGreaterThan(0);
    }
  });

  it("prices everything from ₹299 to ₹7,999, in paise", async () => {
    const prices = (await db.select({ price: products.pricePaise }).from(products)).map(
      (p) => p.price,
    );
    expect(Math.min(...prices)).toBe(29_900);
    expect(Math.max(...prices)).toBe(799_900);
    for (const p of prices) expect(p % 100).toBe(0);
  });

  it("keeps stock per size: most well stocked, some sizes low, one size or everything sold out", async () => {
    const rows = await db
      .select({
        id: products.id,
        title: products.title,
        threshold: products.lowStockThreshold,
        size: productSizes.size,
        stock: productSizes.stock,
      })
      .from(productSizes)
      .innerJoin(products, eq(products.id, productSizes.productId));
    const byProduct = Object.values(Object.groupBy(rows, (r) => r.id)).map((sizes) => ({
      title: sizes![0]!.title,
      threshold: sizes![0]!.threshold,
      sizes: sizes!,
      total: sizes!.reduce((s, r) => s + r.stock, 0),
    }));
    const soldOut = byProduct.filter((p) => p.total === 0);
    const low = byProduct.filter((p) => p.total > 0 && p.total <= p.threshold);
    const inStock = byProduct.filter((p) => p.total > p.threshold);
    const oneSizeOut = byProduct.filter((p) => p.total > 0 && p.sizes.some((s) => s.stock === 0));
    const lowSize = byProduct.filter((p) => p.sizes.some((s) => s.stock > 0 && s.stock <= 3));
    expect(soldOut.length).toBeGreaterThanOrEqual(2);
    expect(low.length).toBeGreaterThanOrEqual(3);
    expect(oneSizeOut.length).toBeGreaterThanOrEqual(3);
    expect(lowSize.length).toBeGreaterThanOrEqual(5);
    expect(inStock.length).toBeGreaterThan(byProduct.length * 0.7);
    const freeSize = await db
      .select({ id: productCategories.productId })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(sql`${categories.name} in ('Sarees', 'Dupattas & Stoles')`);
    const freeIds = new Set(freeSize.map((r) => r.id));
    expect(freeIds.size).toBeGreaterThan(8);
    for (const p of byProduct.filter((p) => freeIds.has(p.sizes[0]!.id))) {
      expect(
        p.sizes.map((s) => s.size),
        p.title,
      ).toEqual(["Free Size"]);
    }
  });

  it("gives every colour its picture, a default colour, and some products extra pictures", async () => {
    const all = await db.select().from(products);
    const pictures = await db.select().from(productImages);
    for (const p of all) {
      expect(p.colors.length).toBeGreaterThanOrEqual(1);
      expect(p.colors.length).toBeLessThanOrEqual(4);
      expect(p.defaultColor).toBe(p.colors[0]);
      const colourPictures = pictures.filter((i) => i.productId === p.id && i.color !== null);
      expect(colourPictures.map((i) => i.color).sort()).toEqual([...p.colors].sort());
      expect(colourPictures.find((i) => i.color === p.defaultColor)?.url).toBe(p.imageUrl);
    }
    const extras = pictures.filter((i) => i.color === null);
    expect(new Set(extras.map((i) => i.productId)).size).toBeGreaterThanOrEqual(10);
  });

  it("has 4 hero products with taglines and hero pictures", async () => {
    const heroes = await db.select().from(products).where(eq(products.isHero, true));
    expect(heroes).toHaveLength(4);
    for (const h of heroes) {
      expect(h.heroTagline).toBeTruthy();
      expect(parseStoredUrl(h.heroImage ?? "")).toBeDefined();
    }
  });

  it("has 4 active advertisements (priorities 1-4) and one inactive", async () => {
    const ads = await db.select().from(advertisements).orderBy(asc(advertisements.priority));
    const active = ads.filter((a) => a.isActive);
    expect(active.map((a) => a.priority)).toEqual([1, 2, 3, 4]);
    expect(ads.filter((a) => !a.isActive)).toHaveLength(1);
    expect(active[0]!.title).toBe("Festive Edit — up to 30% off");
    for (const a of ads) {
      expect(a.buttonLink).toMatch(/^\/(products\?|referrals)/);
      expect(parseStoredUrl(a.imageUrl)).toBeDefined();
    }
    const cats = new Map((await db.select().from(categories)).map((c) => [c.id, c.name]));
    const festive = active[0]!.shopFilters as { category?: string };
    expect(cats.get(festive.category ?? "")).toBe("Sarees");
  });

  it("has 80-150 reviews, mostly 4-5 stars, spread over past months", async () => {
    const all = await db.select().from(reviews);
    expect(all.length).toBeGreaterThanOrEqual(80);
    expect(all.length).toBeLessThanOrEqual(150);
    const high = all.filter((r) => r.rating >= 4).length;
    expect(high / all.length).toBeGreaterThan(0.65);
    expect(all.some((r) => r.rating === 3)).toBe(true);
    expect(all.some((r) => r.rating <= 2)).toBe(true);
    const times = all.map((r) => r.createdAt.getTime());
    expect(Math.max(...times)).toBeLessThan(NOW.getTime());
    expect(NOW.getTime() - Math.min(...times)).toBeGreaterThan(60 * 86_400_000);
    const added = new Map((await db.select().from(products)).map((p) => [p.id, p.createdAt]));
    for (const r of all)
      expect(r.createdAt.getTime()).toBeGreaterThan(added.get(r.productId)!.getTime());
  });

  it("fills the search documents", async () => {
    expect(await rowCount(sql`select count(*) as n from products where search_document = ''`)).toBe(
      0,
    );
  });
});

describe("the demo pictures", () => {
  it("are drawn after seeding and every one the store refers to is served", {
    timeout: 180_000,
  }, async () => {
    const drawn = await drawDemoPictures(db, images);
    expect(drawn.drawn).toBe(DEMO_PICTURE_COUNT);
    const urls = new Set<string>();
    for (const p of await db.select().from(products)) {
      urls.add(p.imageUrl);
      if (p.heroImage) urls.add(p.heroImage);
    }
    for (const i of await db.select().from(productImages)) urls.add(i.url);
    for (const a of await db.select().from(advertisements)) urls.add(a.imageUrl);
    expect(urls.size).toBe(DEMO_PICTURE_COUNT);
    for (const url of urls) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.rawPayload.length).toBeGreaterThan(500);
    }
  });

  it("are mended at the next start when one is lost, and otherwise left alone", async () => {
    expect((await drawDemoPictures(db, images)).drawn).toBe(0);
    const [first] = await db.select().from(products).limit(1);
    const parsed = parseStoredUrl(first!.imageUrl)!;
    rmSync(path.join(config.dataDir, "images", variantKey(parsed.id, parsed.width)));
    expect((await drawDemoPictures(db, images)).drawn).toBe(1);
    expect((await app.inject({ method: "GET", url: first!.imageUrl })).statusCode).toBe(200);
  });
});

describe("seeding a database that is not empty", () => {
  it("adds nothing to the demo store, and returns the demo login", async () => {
    const before = await snapshot(db);
    const users1 = await rowCount(sql`select count(*) as n from users`);
    const again = await seedDemo(db, { images, now: NOW });
    // No password: it was shown once, when the admin was made (and may have been changed since).
    expect(again).toEqual({ adminEmail: DEMO_ADMIN_EMAIL });
    expect(await snapshot(db)).toEqual(before);
    expect(await rowCount(sql`select count(*) as n from users`)).toBe(users1);
    expect(await seedDemo(db, { images, production: true })).toEqual({
      adminEmail: DEMO_ADMIN_EMAIL,
    });
  });

  it("adds nothing to a store that has anything in it", async () => {
    await other.db.insert(categories).values({ name: "Kurtas" });
    expect(await seedDemo(other.db, { images, now: NOW })).toBeUndefined();
    const [{ n } = { n: 0 }] = await other.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products);
    expect(n).toBe(0);
    expect(await other.db.select().from(users)).toEqual([]);
    expect(await other.db.select().from(productCategories)).toEqual([]);
    await other.db.delete(categories);
  });

  it("an emptied store is seeded again, and every fresh store is the same", async () => {
    const otherImages = imageServiceForDataDir(path.join(config.dataDir, "other"), {
      widths: WIDTHS,
    });
    const otherLogin = await seedDemo(other.db, { images: otherImages, now: NOW });
    expect(await snapshot(other.db)).toEqual(await snapshot(db));
    // ...except the demo admin's password: each store makes its own.
    expect(otherLogin?.adminPassword).toEqual(expect.any(String));
    expect(otherLogin?.adminPassword).not.toBe(login?.adminPassword);
    const [otherAdmin] = await other.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_ADMIN_EMAIL));
    expect(await verifyPassword(otherLogin!.adminPassword!, otherAdmin!.passwordHash)).toBe(true);
    expect(await verifyPassword(login!.adminPassword!, otherAdmin!.passwordHash)).toBe(false);
    const urls = async (of: Db) =>
      (await of.select({ url: products.imageUrl }).from(products).orderBy(asc(products.title))).map(
        (p) => p.url,
      );
    expect(await urls(other.db)).toEqual(await urls(db));
  });
});

describe("a named demo admin password (DEMO_ADMIN_PASSWORD, for tests)", () => {
  it("is the new demo admin's password", { timeout: 120_000 }, async () => {
    // (Production refuses the setting at start-up: config.test.ts.)
    const named = await setupTestDatabase();
    const namedImages = imageServiceForDataDir(path.join(config.dataDir, "named"), {
      widths: WIDTHS,
    });
    const given = await seedDemo(named.db, {
      images: namedImages,
      now: NOW,
      adminPassword: "Test#Admin2026",
    });
    expect(given?.adminPassword).toBe("Test#Admin2026");
    const [admin] = await named.db.select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
    expect(await verifyPassword("Test#Admin2026", admin!.passwordHash)).toBe(true);
  });
});

describe("stock profiles", () => {
  it("keep a low product at or under its threshold with something left", () => {
    const rnd = seededRandom(1);
    for (let i = 0; i < 200; i++) {
      for (const sizes of [["Free Size"], ["S", "M", "L", "XL"], ["XS", "S", "M", "L", "XL"]]) {
        const low = stockFor(sizes, "low", 10, rnd);
        const total = low.reduce((a, b) => a + b, 0);
        expect(total).toBeGreaterThan(0);
        expect(total).toBeLessThanOrEqual(10);
        expect(stockFor(sizes, "sold-out", 10, rnd).every((s) => s === 0)).toBe(true);
        expect(stockFor(sizes, "well", 10, rnd).reduce((a, b) => a + b, 0)).toBeGreaterThan(10);
      }
    }
  });
});
