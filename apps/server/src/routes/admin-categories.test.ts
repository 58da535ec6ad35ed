import {
  type AdminCategory,
  type Advertisement,
  CATEGORY_MESSAGES,
  type Category,
  type Product,
} from "@vastra/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCategory, createProduct, createUser } from "../../test/factories.ts";
import { buildTestApp } from "../../test/helpers.ts";
import { advertisements, categories } from "../db/schema.ts";

const { app, database } = await buildTestApp();
const db = database.db;

const admin = await createUser(db, { isAdmin: true, name: "Store Admin" });
const shopper = await createUser(db);

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, body?: unknown, cookie = admin.cookie) =>
  app.inject({
    method,
    url,
    headers: { cookie },
    ...(body === undefined ? {} : { payload: body as object }),
  });

const categoryNames = async () =>
  (await call("GET", "/api/categories")).json<Category[]>().map((c) => c.name);
const search = async (text: string) =>
  (await call("GET", `/api/products?search=${encodeURIComponent(text)}`))
    .json<Product[]>()
    .map((p) => p.title);

describe("POST /api/categories", () => {
  it("adds a category, trimmed, and lists it for everyone", async () => {
    const res = await call("POST", "/api/categories", { name: "  Kurta   Sets  " });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ message: string; category: AdminCategory }>();
    expect(body.message).toBe("Category added successfully!");
    expect(body.category).toEqual({ _id: expect.any(String), name: "Kurta Sets", productCount: 0 });
    expect(await categoryNames()).toContain("Kurta Sets");
  });

  it("refuses an empty or blank name with 'Category name is required' and adds nothing", async () => {
    const before = await categoryNames();
    for (const payload of [{ name: "" }, { name: "   " }, {}]) {
      const res = await call("POST", "/api/categories", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: CATEGORY_MESSAGES.required,
        errors: { name: CATEGORY_MESSAGES.required },
      });
    }
    expect(await categoryNames()).toEqual(before);
  });

  it("refuses a name too long", async () => {
    const res = await call("POST", "/api/categories", { name: "x".repeat(61) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CATEGORY_MESSAGES.tooLong);
  });

  it("answers 409 for a name already taken, compared trimmed and ignoring case", async () => {
    await createCategory(db, "Sarees");
    for (const name of ["Sarees", "sarees", "  SAREES ", "Sarees  "]) {
      const res = await call("POST", "/api/categories", { name });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('A category named "Sarees" already exists');
    }
    const rows = await db.select().from(categories);
    expect(rows.filter((c) => c.name.toLowerCase() === "sarees")).toHaveLength(1);
  });

  it("is for admins only: 401 for a guest, 403 for a shopper, nothing added", async () => {
    const guest = await app.inject({
      method: "POST",
      url: "/api/categories",
      payload: { name: "Guest Made" },
    });
    expect(guest.statusCode).toBe(401);
    const asShopper = await call(
      "POST",
      "/api/categories",
      { name: "Shopper Made" },
      shopper.cookie,
    );
    expect(asShopper.statusCode).toBe(403);
    expect(await categoryNames()).not.toContain("Guest Made");
    expect(await categoryNames()).not.toContain("Shopper Made");
  });
});

describe("GET /api/admin/categories", () => {
  it("lists every category by name with how many products use it", async () => {
    const lehengas = await createCategory(db, "Lehengas");
    await createProduct(db, { title: "Bridal Lehenga", categories: [lehengas.id] });
    await createProduct(db, { title: "Mirror Lehenga", categories: [lehengas.id] });
    const res = await call("GET", "/api/admin/categories");
    expect(res.statusCode).toBe(200);
    const list = res.json<AdminCategory[]>();
    expect(list.find((c) => c.name === "Lehengas")?.productCount).toBe(2);
    expect(list.find((c) => c.name === "Kurta Sets")?.productCount).toBe(0);
    const names = list.map((c) => c.name);
    expect(names).toEqual(
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect((await call("GET", "/api/admin/categories", undefined, shopper.cookie)).statusCode).toBe(
      403,
    );
  });
});

describe("PUT /api/categories/{id}", () => {
  it("renames a category, and search by category name follows the new name", async () => {
    const ethnic = await createCategory(db, "Ethnic Jackets");
    await createProduct(db, {
      title: "Nehru Jacket",
      description: "A sleeveless layer.",
      categories: [ethnic.id],
    });
    expect(await search("Bandhgala")).not.toContain("Nehru Jacket");
    expect(await search("Ethnic")).toContain("Nehru Jacket");

    const res = await call("PUT", `/api/categories/${ethnic.id}`, { name: " Bandhgala  Coats " });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "Category updated successfully!",
      category: { _id: ethnic.id, name: "Bandhgala Coats", productCount: 1 },
    });
    expect(await search("Bandhgala")).toContain("Nehru Jacket");
    expect(await search("Ethnic")).not.toContain("Nehru Jacket");
    const product = (await call("GET", "/api/products?category=Bandhgala%20Coats")).json<
      Product[]
    >();
    expect(product.map((p) => p.category)).toEqual(["Bandhgala Coats"]);
  });

  it("lets a category change only the case of its own name", async () => {
    const tops = await createCategory(db, "tops");
    const res = await call("PUT", `/api/categories/${tops.id}`, { name: "Tops" });
    expect(res.statusCode).toBe(200);
    expect(res.json().category.name).toBe("Tops");
  });

  it("refuses another category's name (409), a blank name (400) and an unknown id (404)", async () => {
    const dhotis = await createCategory(db, "Dhotis");
    const taken = await call("PUT", `/api/categories/${dhotis.id}`, { name: "lehengas" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A category named "Lehengas" already exists');
    const blank = await call("PUT", `/api/categories/${dhotis.id}`, { name: " " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(CATEGORY_MESSAGES.required);
    const [row] = await db.select().from(categories).where(eq(categories.id, dhotis.id));
    expect(row?.name).toBe("Dhotis");

    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const missing = await call("PUT", `/api/categories/${id}`, { name: "Anything" });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(CATEGORY_MESSAGES.notFound);
    }
  });
});

describe("DELETE /api/categories/{id}", () => {
  it("deletes a category its products use: they stay on sale with their other categories", async () => {
    const festive = await createCategory(db, "Festive Wear");
    const silk = await createCategory(db, "Silk");
    const both = await createProduct(db, {
      title: "Festive Silk Kurta",
      categories: [festive.id, silk.id],
    });
    const only = await createProduct(db, { title: "Zari Dupatta", categories: [festive.id] });
    const [ad] = await db
      .insert(advertisements)
      .values({
        title: "Festive Ad",
        imageUrl: "/images/festive.webp",
        targetPage: "shop-filters",
        shopFilters: { category: festive.id, gender: "Women" },
        buttonLink: `/products?category=${festive.id}&gender=Women`,
      })
      .returning();
    expect(await search("Festive")).toContain("Zari Dupatta");

    const res = await call("DELETE", `/api/categories/${festive.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: CATEGORY_MESSAGES.deleted,
      productCount: 2,
      advertisementCount: 1,
    });
    expect(await categoryNames()).not.toContain("Festive Wear");

    const kept = (await call("GET", `/api/products/${both.id}`)).json<Product>();
    expect(kept.categories).toEqual([silk.id]);
    expect(kept.category).toBe("Silk");
    const orphan = await call("GET", `/api/products/${only.id}`);
    expect(orphan.statusCode).toBe(200);
    expect(orphan.json<Product>()).toMatchObject({ categories: [], category: null });
    // Search no longer finds them by the deleted name, but still by their own words.
    expect(await search("Zari Dupatta")).toContain("Zari Dupatta");
    expect(await search("Festive Wear")).not.toContain("Zari Dupatta");

    const ads = (await call("GET", "/api/admin/advertisements")).json<Advertisement[]>();
    expect(ads.find((a) => a._id === ad!.id)).toMatchObject({
      shopFilters: { gender: "Women" },
      buttonLink: "/products?gender=Women",
    });
  });

  it("deletes an unused category; an unknown one is 404; shoppers are refused", async () => {
    const unused = await createCategory(db, "Unused");
    // Written behind the app's back: on PostgreSQL its notice reaches the cached category list
    // over another connection, milliseconds later (record 0028).
    await expect.poll(categoryNames, { timeout: 1000 }).toContain("Unused");
    expect(
      (await call("DELETE", `/api/categories/${unused.id}`, undefined, shopper.cookie)).statusCode,
    ).toBe(403);
    expect(await categoryNames()).toContain("Unused");
    const res = await call("DELETE", `/api/categories/${unused.id}`);
    expect(res.json()).toMatchObject({ productCount: 0, advertisementCount: 0 });
    const again = await call("DELETE", `/api/categories/${unused.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(CATEGORY_MESSAGES.notFound);
  });
});
