/**
 * The read model's warm-up (record 0056): after the first page that lacked a product, every
 * product's data and live figures come into memory (newest first, up to 90 % of the bound), so an
 * unseen list page shows products already there; what changes afterwards is still shown as the
 * database has it.
 */

import { productListQuerySchema } from "@vastra/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct } from "../../../test/factories.ts";
import { setupTestDatabase, vitestHooks } from "../../../test/helpers.ts";
import { products } from "../../db/schema.ts";
import { createCatalogueService } from "./index.ts";
import { listenCatalogue } from "./read-model.ts";

const database = await setupTestDatabase();
const db = database.db;
const day = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n));
const ids: string[] = [];
for (let i = 0; i < 30; i++) {
  const product = await createProduct(db, {
    title: `Warm ${i}`,
    price: 500 + i,
    createdAt: day(i),
  });
  ids.push(product.id);
}
const newestFirst = [...ids].reverse();
const firstPage = productListQuerySchema.parse({ limit: "4" });

async function servedWith(maxProducts: number) {
  const listening = await listenCatalogue(database, { maxProducts });
  vitestHooks.after(() => listening.close());
  return {
    model: listening.model,
    catalogue: createCatalogueService({ db, readModel: listening.model }),
  };
}

describe("the read model's warm-up", () => {
  it("brings every product into memory after the first answer that lacked one", async () => {
    const { model, catalogue } = await servedWith(1_000);
    expect(model.bases.size).toBe(0);
    await catalogue.listProductsBody(firstPage);
    await catalogue.warmed();
    expect(model.bases.size).toBe(30);
    expect(ids.every((id) => model.bases.has(id) && model.lives.has(id))).toBe(true);
  });

  it("stops at 90 % of the bound, newest first, and leaves the rest to be read when asked", async () => {
    const { model, catalogue } = await servedWith(20);
    await catalogue.listProductsBody(firstPage);
    await catalogue.warmed();
    expect(model.bases.size).toBe(18);
    expect(newestFirst.slice(0, 18).every((id) => model.bases.has(id))).toBe(true);
    // The oldest product, never warmed, is read when asked.
    const oldest = await catalogue.getProduct(ids[0]!);
    expect(oldest.title).toBe("Warm 0");
  });

  it("a product edited after the warm-up shows its new price in lists and on its page", async () => {
    const { model, catalogue } = await servedWith(1_000);
    await catalogue.listProductsBody(firstPage);
    await catalogue.warmed();
    const newest = newestFirst[0]!;
    await db.update(products).set({ pricePaise: 12_345 }).where(eq(products.id, newest));
    await expect
      .poll(async () => (await catalogue.getProduct(newest)).price, { timeout: 1_000 })
      .toBe(123.45);
    const page = await catalogue.listProducts(firstPage);
    expect(page.products[0]).toMatchObject({ _id: newest, price: 123.45 });
    expect(model.bases.get(newest)?.row.pricePaise).toBe(12_345);
  });
});
