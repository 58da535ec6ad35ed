/**
 * SEED_DEMO=1: an empty database gets the demo store: the demo admin, 11 categories, 68 products
 * with per-size stock, colour and close-up pictures, 4 hero products, 5 advertisements (4 active),
 * 11 demo shoppers and their reviews. The demo admin's password is random, made for each new store
 * (main.ts prints it once, outside production); tests may name it (DEMO_ADMIN_PASSWORD). A
 * database with anything in it is never touched.
 *
 * The rows go in one transaction, under an advisory lock, so two processes starting on one empty
 * PostgreSQL database cannot both seed it. They name the demo pictures by URL; pictures.ts draws
 * them (artwork.ts) and stores them through the image module like uploads, after start-up.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import {
  advertisements,
  categories,
  productCategories,
  productImages,
  productSizes,
  products,
  reviews,
  sizeCharts,
  users,
} from "../db/schema.ts";
import { insertUser } from "../services/auth/accounts.ts";
import { refreshSearchDocument } from "../services/catalogue/index.ts";
import type { ImageService } from "../services/images/index.ts";
import { hashPassword } from "../services/passwords.ts";
import {
  ADVERTISEMENTS,
  CATEGORIES,
  PRODUCTS,
  type ProductSeed,
  SHOPPERS,
  SIZES,
  type StockProfile,
} from "./catalogue-data.ts";
import { DEMO_PICTURE_COUNT, demoPictureUrl } from "./pictures.ts";
import { productDataFor } from "./product-data.ts";
import { COMMENTS, RATING_WEIGHTS, reviewGroup, tierOf } from "./review-data.ts";
import { CATEGORY_SIZE_CHARTS, MEN_KURTA, MEN_OVERRIDE_CATEGORIES } from "./size-chart-data.ts";
import { taxDataFor } from "./tax-data.ts";

export const DEMO_ADMIN_EMAIL = "admin@vastra.example";

export type DemoLogin = {
  adminEmail: string;
  /** The password this start gave the new demo admin; absent when the admin already existed. */
  adminPassword?: string;
  /** What this start added (absent when the database already had a store). */
  catalogue?: { products: number; reviews: number; pictures: number; ms: number };
};

export type SeedOptions = {
  production?: boolean;
  /**
   * The new demo admin's password (the DEMO_ADMIN_PASSWORD setting of tests); otherwise a random
   * one, so no two stores share a known admin password.
   */
  adminPassword?: string | undefined;
  /**
   * The image service the app serves from: the rows name its demo picture URLs. The pictures
   * themselves are drawn by drawDemoPictures (pictures.ts), after start-up.
   */
  images: ImageService;
  /** "Now" for the demo's dates (products added and reviews written over the past months). */
  now?: Date;
};

/** Any lock id only the demo seed uses. */
const SEED_LOCK = 4_242_017;
const DAY = 86_400_000;

// ---------------------------------------------------------------- entry point

export async function seedDemo(db: Db, options: SeedOptions): Promise<DemoLogin | undefined> {
  if (!(await isEmpty(db))) return existingDemoLogin(db);
  const started = performance.now();
  const now = options.now ?? new Date();
  const adminPassword =
    (!options.production && options.adminPassword) || randomBytes(12).toString("base64url");

  const passwords = await Promise.all(
    [adminPassword, ...SHOPPERS.map(() => randomBytes(18).toString("base64url"))].map((p) =>
      hashPassword(p),
    ),
  );
  const picture = (key: string) => demoPictureUrl(options.images, key);
  const counts = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (!(await isEmpty(tx))) return undefined;
    return insertStore(tx, { now, passwords, picture });
  });
  if (!counts) return existingDemoLogin(db);
  return {
    adminEmail: DEMO_ADMIN_EMAIL,
    adminPassword,
    catalogue: {
      ...counts,
      pictures: DEMO_PICTURE_COUNT,
      ms: Math.round(performance.now() - started),
    },
  };
}

async function isEmpty(db: Db | Tx): Promise<boolean> {
  const [row] = await db
    .execute<{ taken: boolean }>(sql`select
      exists (select 1 from ${users}) or exists (select 1 from ${products})
      or exists (select 1 from ${categories}) or exists (select 1 from ${advertisements}) as taken`)
    .then((r) => (Array.isArray(r) ? r : (r as { rows: Array<{ taken: boolean }> }).rows));
  return !row?.taken;
}

async function existingDemoLogin(db: Db): Promise<DemoLogin | undefined> {
  const [demo] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_ADMIN_EMAIL}`);
  if (!demo) return undefined;
  return { adminEmail: DEMO_ADMIN_EMAIL };
}

// ---------------------------------------------------------------- deterministic data

/** mulberry32: a small seeded generator, so every fresh store gets the same stock and reviews. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const int = (rnd: () => number, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));

/** Stock per size for a profile; middle sizes carry the most. */
export function stockFor(
  sizes: readonly string[],
  profile: StockProfile,
  threshold: number,
  rnd: () => number,
): number[] {
  const n = sizes.length;
  const well = sizes.map((_, i) => {
    const middle = n === 1 ? 1 : 1 - Math.abs(i - (n - 1) / 2) / n;
    return Math.round((n === 1 ? 24 : 8) + middle * int(rnd, 10, 26));
  });
  switch (profile) {
    case "well":
      return well;
    case "few": {
      const out = [...well];
      out[n - 1] = int(rnd, 1, 3);
      if (n > 2) out[0] = int(rnd, 1, 4);
      return out;
    }
    case "one-out": {
      const out = [...well];
      out[n === 1 ? 0 : int(rnd, 0, n - 1)] = 0;
      if (n === 1) out[0] = int(rnd, 2, 4);
      return out;
    }
    case "low": {
      // At or under the threshold in total, with at least one size left.
      let budget = Math.max(2, Math.min(threshold, int(rnd, 3, threshold)));
      const out = sizes.map(() => 0);
      for (let i = 0; budget > 0; i = (i + 1 + int(rnd, 0, 1)) % n) {
        const take = Math.min(budget, int(rnd, 0, 2));
        out[i]! += take;
        budget -= take;
      }
      return out;
    }
    case "sold-out":
      return sizes.map(() => 0);
  }
}

function pickWeighted(
  rnd: () => number,
  weights: ReadonlyArray<readonly [number, number]>,
): number {
  const total = weights.reduce((s, [, w]) => s + w, 0);
  let x = rnd() * total;
  for (const [value, w] of weights) {
    x -= w;
    if (x < 0) return value;
  }
  return weights[0]![0];
}

// ---------------------------------------------------------------- rows

async function insertStore(
  tx: Tx,
  input: { now: Date; passwords: string[]; picture: (key: string) => string },
): Promise<{ products: number; reviews: number }> {
  const { now, passwords, picture } = input;
  const rnd = seededRandom(20_260_101);
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  await insertUser(tx, {
    name: "Demo Admin",
    email: DEMO_ADMIN_EMAIL,
    passwordHash: passwords[0]!,
    isAdmin: true,
    emailVerifiedAt: ago(200),
  });
  const shopperIds: string[] = [];
  for (const [i, s] of SHOPPERS.entries()) {
    const row = await insertUser(tx, {
      name: s.name,
      email: s.email,
      phone: s.phone,
      passwordHash: passwords[i + 1]!,
      emailVerifiedAt: ago(190 - i * 7),
      createdAt: ago(190 - i * 7),
    });
    shopperIds.push(row.id);
  }

  const categoryRows = await tx
    .insert(categories)
    .values(CATEGORIES.map((name, i) => ({ name, createdAt: ago(200 - i) })))
    .returning({ id: categories.id, name: categories.name });
  const categoryId = new Map(categoryRows.map((c) => [c.name, c.id]));

  const productRows: Array<typeof products.$inferInsert> = [];
  const categoryLinks: Array<typeof productCategories.$inferInsert> = [];
  const sizeRows: Array<typeof productSizes.$inferInsert> = [];
  const imageRows: Array<typeof productImages.$inferInsert> = [];
  const reviewRows: Array<typeof reviews.$inferInsert> = [];
  const chartRows: Array<typeof sizeCharts.$inferInsert> = [];
  for (const [name, chart] of Object.entries(CATEGORY_SIZE_CHARTS)) {
    chartRows.push({ categoryId: categoryId.get(name)!, chart });
  }

  PRODUCTS.forEach((p, i) => {
    const id = randomUUID();
    const added = ago(p.age);
    const threshold = p.lowStockThreshold ?? 10;
    const main = p.colours[0]!;
    productRows.push({
      id,
      title: p.title,
      description: p.description,
      pricePaise: p.price * 100,
      lowStockThreshold: threshold,
      gender: p.gender,
      imageUrl: picture(`p${i}:${main}`),
      colors: [...p.colours],
      defaultColor: main,
      isHero: Boolean(p.hero),
      heroImage: p.hero ? picture(`p${i}:hero`) : null,
      heroTagline: p.hero ?? null,
      ...productDataFor(p, i),
      ...taxDataFor(p),
      createdAt: added,
      updatedAt: added,
    });
    p.categories.forEach((name, position) => {
      categoryLinks.push({ productId: id, categoryId: categoryId.get(name)!, position });
    });
    const sizes = SIZES[p.sizes];
    const stock = stockFor(sizes, p.stock ?? "well", threshold, rnd);
    sizes.forEach((size, position) => {
      sizeRows.push({ productId: id, size, position, stock: stock[position]! });
    });
    p.colours.forEach((colour, position) => {
      imageRows.push({
        productId: id,
        color: colour,
        url: picture(`p${i}:${colour}`),
        position,
      });
    });
    (p.details ?? []).forEach((detail, position) => {
      imageRows.push({
        productId: id,
        color: null,
        url: picture(`p${i}:${detail}`),
        position,
      });
    });
    reviewRows.push(...reviewsFor(p, id, added, now, shopperIds, rnd));
    if (p.gender === "Men" && MEN_OVERRIDE_CATEGORIES.includes(p.categories[0]!)) {
      chartRows.push({ productId: id, chart: MEN_KURTA });
    }
  });

  await tx.insert(products).values(productRows);
  await tx.insert(productCategories).values(categoryLinks);
  await tx.insert(productSizes).values(sizeRows);
  await tx.insert(productImages).values(imageRows);
  await tx.insert(reviews).values(reviewRows);
  await tx.insert(sizeCharts).values(chartRows);
  await tx.insert(advertisements).values(
    ADVERTISEMENTS.map((ad, i) => ({
      title: ad.title,
      description: ad.description,
      imageUrl: picture(`ad${i}`),
      buttonText: ad.buttonText,
      buttonLink: ad.buttonLink,
      targetPage: ad.targetPage,
      shopFilters: {
        ...ad.shopFilters,
        ...(ad.shopFilters.category ? { category: categoryId.get(ad.shopFilters.category) } : {}),
      },
      isActive: ad.isActive,
      priority: ad.priority,
      createdAt: ago(30 - i * 5),
      updatedAt: ago(30 - i * 5),
    })),
  );
  await refreshSearchDocument(
    tx,
    productRows.map((p) => p.id!),
  );
  return { products: productRows.length, reviews: reviewRows.length };
}

/** 0-4 reviews per product (hero products 3-6), by different shoppers, after it was added. */
function reviewsFor(
  p: ProductSeed,
  productId: string,
  added: Date,
  now: Date,
  shopperIds: string[],
  rnd: () => number,
): Array<typeof reviews.$inferInsert> {
  const count = p.hero ? int(rnd, 3, 6) : ([0, 1, 1, 2, 2, 3, 4][int(rnd, 0, 6)] ?? 0);
  const order = shopperIds.map((id, i) => ({ id, i, key: rnd() })).sort((a, b) => a.key - b.key);
  const group = reviewGroup(p.art.kind, p.gender);
  const used = new Set<string>();
  const out: Array<typeof reviews.$inferInsert> = [];
  for (const reviewer of order.slice(0, count)) {
    const rating = pickWeighted(rnd, RATING_WEIGHTS);
    const pool = COMMENTS[group][tierOf(rating)].filter((c) => !used.has(c));
    const comment =
      pool[int(rnd, 0, Math.max(0, pool.length - 1))] ?? COMMENTS.any[tierOf(rating)][0]!;
    used.add(comment);
    const to = now.getTime() - 3_600_000;
    const from = Math.min(added.getTime() + 2 * DAY, (added.getTime() + to) / 2);
    const at = new Date(from + rnd() * Math.max(0, to - from));
    out.push({
      productId,
      userId: reviewer.id,
      name: SHOPPERS[reviewer.i]!.name,
      rating,
      comment,
      createdAt: at,
      updatedAt: at,
    });
  }
  return out;
}
