import { describe, expect, it } from "vitest";
import type { ProductBase, ProductLive } from "./read.ts";
import { CatalogueReadModel, ReadyBody } from "./read-model.ts";

const base = { categoryIds: [] } as unknown as ProductBase;
const live = (stock: number): ProductLive => ({
  sizeStock: [{ size: "M", stock }],
  averageRating: 0,
  reviewCount: 0,
  fit: null,
});

function filled() {
  const model = new CatalogueReadModel(true);
  for (const id of ["a", "b"]) {
    model.bases.set(id, base);
    model.lives.set(id, live(3));
  }
  model.answers.set("list", { body: ReadyBody.of([]), epochs: model.epochsOf(["catalogue"]) });
  model.answers.set("in-stock", {
    body: ReadyBody.of([]),
    epochs: model.epochsOf(["catalogue", "inStock"]),
  });
  return model;
}
const valid = (model: CatalogueReadModel, key: string) =>
  model.unchangedSince(model.answers.get(key)!.epochs);

describe("the read model's notices", () => {
  it("an order's stock change drops that product's stock entry only", () => {
    const model = filled();
    model.apply("live:7:stock:a");
    expect(model.lives.has("a")).toBe(false);
    expect(model.lives.has("b")).toBe(true);
    expect(model.bases.has("a")).toBe(true);
    expect(valid(model, "list")).toBe(true);
    expect(valid(model, "in-stock")).toBe(true);
    expect(model.seen.live).toBe(7);
  });

  it("a size selling out also drops the in-stock lists", () => {
    const model = filled();
    model.apply("live:8:instock:a");
    expect(valid(model, "list")).toBe(true);
    expect(valid(model, "in-stock")).toBe(false);
  });

  it("a product edit drops that product and every list; a category edit, every product", () => {
    const model = filled();
    model.apply("catalogue:3:product:a");
    expect([model.bases.has("a"), model.bases.has("b")]).toEqual([false, true]);
    expect(valid(model, "list")).toBe(false);
    model.apply("catalogue:4:category:c1");
    expect(model.bases.size).toBe(0);
  });

  it("'*' (a statement touching many products) and a reconnect drop the whole kind", () => {
    const model = filled();
    model.apply("live:9:stock:*");
    expect(model.lives.size).toBe(0);
    expect(model.bases.size).toBe(2);
    model.dropAll();
    expect(model.bases.size).toBe(0);
    expect(model.answers.size).toBe(0);
  });

  it("ignores what it cannot read", () => {
    const model = filled();
    model.apply("nonsense");
    model.apply("live:x:stock:a");
    expect(model.lives.size).toBe(2);
  });

  it("while suspended (notices not trusted) serves and keeps nothing, until resumed", () => {
    const model = filled();
    model.suspend();
    expect([model.bases.size, model.lives.size, model.answers.size]).toEqual([0, 0, 0]);
    expect(model.serving).toBe(false);
    // Whatever a load read, it is neither served from memory nor kept.
    expect(model.unchangedSince(model.epochsOf(["catalogue"]))).toBe(false);
    expect(model.version()).not.toBe(model.version());
  });

  it("a page cache's version changes with any notice", () => {
    const model = filled();
    const before = model.version();
    expect(model.version()).toBe(before);
    model.apply("live:10:stock:b");
    expect(model.version()).not.toBe(before);
  });
});
