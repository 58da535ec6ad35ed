import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createOrder, createProduct, createReview, createUser } from "../../../test/factories.ts";
import { setupTestDatabase } from "../../../test/helpers.ts";
import { orders, productPopularity, products, reviews } from "../../db/schema.ts";
import { createCatalogueService } from "./index.ts";
import { createPopularityRefresher, refreshPopularity } from "./popularity.ts";

const database = await setupTestDatabase();
const db = database.db;
const catalogue = createCatalogueService({ db });

const popular = async () =>
  catalogue.listProducts({ sort: "popular", page: 1, limit: 20 } as Parameters<
    typeof catalogue.listProducts
  >[0]);
const titles = async () => (await popular()).products.map((p) => p.title);

const day = (n: number) => new Date(Date.UTC(2026, 10, n));

beforeEach(async () => {
  await db.delete(orders);
  await db.delete(reviews);
  await db.delete(products);
});

describe("the popular order", () => {
  it("follows units sold, then rating, then newest, from the last refresh", async () => {
    const shopper = await createUser(db);
    const kurta = await createProduct(db, { title: "Cotton Kurta", createdAt: day(1) });
    const saree = await createProduct(db, { title: "Silk Saree", createdAt: day(2) });
    const stole = await createProduct(db, { title: "Handloom Stole", createdAt: day(3) });
    // Every product is in the order at once, with no sales: newest first.
    expect(await titles()).toEqual(["Handloom Stole", "Silk Saree", "Cotton Kurta"]);

    const order = await createOrder(db, {
      userId: shopper.id,
      items: [{ productId: kurta.id, quantity: 2 }],
    });
    await createReview(db, { productId: saree.id, userId: shopper.id, rating: 4 });
    // Until the refresh the order is the one last computed.
    expect(await titles()).toEqual(["Handloom Stole", "Silk Saree", "Cotton Kurta"]);
    expect(await refreshPopularity(db)).toBe(2);
    expect(await titles()).toEqual(["Cotton Kurta", "Silk Saree", "Handloom Stole"]);
    // Nothing changed: nothing is rewritten.
    expect(await refreshPopularity(db)).toBe(0);

    // A cancelled order no longer counts.
    await db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, order.id));
    await refreshPopularity(db);
    expect(await titles()).toEqual(["Silk Saree", "Handloom Stole", "Cotton Kurta"]);
    const [row] = await db
      .select()
      .from(productPopularity)
      .where(eq(productPopularity.productId, saree.id));
    expect(row).toMatchObject({ unitsSold: 0, rating: 4 });

    // A deleted product leaves the order (and its row) at once; the count agrees.
    await db.delete(products).where(eq(products.id, stole.id));
    const after = await popular();
    expect(after.products.map((p) => p.title)).toEqual(["Silk Saree", "Cotton Kurta"]);
    expect(after.total).toBe(2);
  });

  it("is refreshed in the background until stopped", async () => {
    const shopper = await createUser(db);
    const kurta = await createProduct(db, { title: "Cotton Kurta", createdAt: day(1) });
    await createProduct(db, { title: "Silk Saree", createdAt: day(2) });
    await createOrder(db, { userId: shopper.id, items: [{ productId: kurta.id, quantity: 1 }] });
    const refresher = createPopularityRefresher({ db, pollMs: 10 });
    refresher.start();
    try {
      await expect.poll(titles, { timeout: 5000 }).toEqual(["Cotton Kurta", "Silk Saree"]);
    } finally {
      await refresher.stop();
    }
  });
});
