/**
 * Writes a generated catalogue (lib/catalogue-data.ts) into a migrated database through the app's
 * schema: categories, products in multi-row inserts of 1,000 (with their sizes, categories and
 * colour/additional images), the search documents rebuilt by the catalogue service's own
 * refreshSearchDocument, reviews on about a fifth of the products, the popularity figures, then
 * VACUUM ANALYZE.
 */
import { createHash, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../../apps/server/src/db/client.ts";
import {
  categories,
  productCategories,
  productImages,
  productSizes,
  products,
  reviews,
  users,
} from "../../../apps/server/src/db/schema.ts";
import { refreshSearchDocument } from "../../../apps/server/src/services/catalogue/index.ts";
import { refreshPopularity } from "../../../apps/server/src/services/catalogue/popularity.ts";
import { BENCH_CATEGORIES, generateProduct, prng } from "./catalogue-data.ts";

const BATCH = 1000;
const DAY_MS = 86_400_000;
/** A stored-image URL of the image module's pattern (the files need not exist for the API). */
const imageUrl = (key: string) =>
  `/images/${createHash("sha1").update(key).digest("hex").slice(0, 24)}-w1280.webp`;

const REVIEW_COMMENTS = [
  "Lovely fabric and the colour is exactly as shown.",
  "Fits well, true to size. Wore it for Diwali and got many compliments.",
  "Good quality for the price, stitching is neat.",
  "Slightly long for me but the material is beautiful.",
  "Soft and comfortable, perfect for summer.",
  "Colour faded a little after the first wash.",
];

export type LoadedCatalogue = {
  products: number;
  sizes: number;
  reviews: number;
  seconds: number;
};

/** Inserts `count` generated products (and 200 reviewers) into an empty, migrated database. */
export async function loadCatalogue(
  db: Db,
  count: number,
  log: (line: string) => void = () => {},
): Promise<LoadedCatalogue> {
  const started = performance.now();
  const now = Date.now();
  const categoryRows = await db
    .insert(categories)
    .values(BENCH_CATEGORIES.map((name) => ({ name })))
    .returning({ id: categories.id, name: categories.name });
  const categoryId = new Map(categoryRows.map((c) => [c.name, c.id]));

  const reviewers = await db
    .insert(users)
    .values(
      Array.from({ length: 200 }, (_, i) => ({
        name: `Reviewer ${i + 1}`,
        email: `reviewer${i + 1}@bench.example`,
        passwordHash: "scrypt$0$0$0$none$none",
        affiliateCode: `BENCHREV${i + 1}`,
        emailVerifiedAt: new Date(now),
      })),
    )
    .returning({ id: users.id, name: users.name });

  let sizeCount = 0;
  let reviewCount = 0;
  for (let from = 0; from < count; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => {
      const i = from + k;
      return { i, id: randomUUID(), p: generateProduct(i) };
    });
    await db.transaction(async (tx) => {
      await tx.insert(products).values(
        batch.map(({ i, id, p }) => {
          const createdAt = new Date(now - p.ageDays * DAY_MS);
          return {
            id,
            title: p.title,
            description: p.description,
            pricePaise: p.pricePaise,
            gender: p.gender,
            imageUrl: imageUrl(`product-${i}`),
            colors: p.colors,
            defaultColor: p.colors[0] ?? null,
            lowStockThreshold: p.lowStockThreshold,
            createdAt,
            updatedAt: createdAt,
          };
        }),
      );
      const sizes = batch.flatMap(({ id, p }) =>
        p.sizes.map((s, position) => ({ productId: id, position, ...s })),
      );
      sizeCount += sizes.length;
      await tx.insert(productSizes).values(sizes);
      await tx.insert(productCategories).values(
        batch.flatMap(({ id, p }) =>
          p.categories.map((name, position) => ({
            productId: id,
            categoryId: categoryId.get(name)!,
            position,
          })),
        ),
      );
      const images = batch.flatMap(({ i, id, p }) => [
        ...Array.from({ length: p.additionalImages }, (_, n) => ({
          productId: id,
          color: null,
          url: imageUrl(`product-${i}-extra-${n}`),
          position: n,
        })),
        ...p.colors.map((color, n) => ({
          productId: id,
          color,
          url: imageUrl(`product-${i}-${color}`),
          position: p.additionalImages + n,
        })),
      ]);
      if (images.length > 0) await tx.insert(productImages).values(images);
      await refreshSearchDocument(
        tx,
        batch.map((b) => b.id),
      );

      const random = prng(from + 7);
      const batchReviews = batch
        .filter(() => random() < 0.2)
        .flatMap(({ id, p }) => {
          const n = 1 + Math.floor(random() * 4);
          const start = Math.floor(random() * (reviewers.length - n));
          return reviewers.slice(start, start + n).map((reviewer) => ({
            productId: id,
            userId: reviewer.id,
            name: reviewer.name,
            rating: 2 + Math.floor(random() * 4),
            comment: REVIEW_COMMENTS[Math.floor(random() * REVIEW_COMMENTS.length)]!,
            createdAt: new Date(now - random() * p.ageDays * DAY_MS),
          }));
        });
      reviewCount += batchReviews.length;
      if (batchReviews.length > 0) await tx.insert(reviews).values(batchReviews);
    });
    if ((from / BATCH) % 10 === 9 || from + BATCH >= count) {
      log(`  ${Math.min(from + BATCH, count).toLocaleString("en-US")} products written`);
    }
  }
  // The popular order's figures, as the running store's minute refresh would have them.
  await refreshPopularity(db);
  // As autovacuum would have by now on a live store: statistics, and the visibility map that lets
  // counts be answered from an index.
  await db.execute(sql`vacuum analyze`);
  return {
    products: count,
    sizes: sizeCount,
    reviews: reviewCount,
    seconds: (performance.now() - started) / 1000,
  };
}
