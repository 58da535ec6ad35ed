import { ADMIN_PRODUCT_MESSAGES as M, type Product } from "@vastra/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createCategory,
  createOrder,
  createProduct,
  createReview,
  createUser,
} from "../../test/factories.ts";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";
import { newsletterSettings, orderItems, products, reviews, uploads } from "../db/schema.ts";
import { multipart, newSession, testImage } from "../services/uploads/test-support.ts";

const clock = createTestClock("2026-11-21T10:00:00Z");
const { app, database } = await buildTestApp({ clock });
const db = database.db;
const admin = await createUser(db, { isAdmin: true, now: clock() });
const shopper = await createUser(db, { now: clock() });
const kurtas = await createCategory(db, "Admin Kurtas");
const png = await testImage("png");

const asAdmin = { cookie: admin.cookie };

async function upload(session: string, kind = "product-image"): Promise<string> {
  const body = multipart(png);
  const res = await app.inject({
    method: "POST",
    url: `/api/admin/products/upload/temp/${kind}`,
    headers: { ...body.headers, ...asAdmin, "x-session-id": session },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json().url;
}

const imageStatus = async (url: string) => (await app.inject({ method: "GET", url })).statusCode;

function productBody(overrides: Record<string, unknown> = {}) {
  return {
    title: "Chanderi Silk Kurta",
    description: "Hand-woven chanderi with a mandarin collar.",
    price: 2499.5,
    lowStockThreshold: 5,
    gender: "Women",
    sizes: ["S", "M", "L"],
    sizeStock: [
      { size: "S", stock: 2 },
      { size: "M", stock: 7 },
      { size: "L", stock: 0 },
    ],
    colors: ["Teal", "Ivory"],
    categories: [kurtas.id],
    imageUrl: "/images/aaaaaaaaaaaaaaaaaaaaaaaa-w1280.webp",
    additionalImages: [],
    colorImages: [],
    isHero: false,
    ...overrides,
  };
}

const create = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url: "/api/admin/products",
    headers: { ...asAdmin, ...headers },
    payload: body,
  });
const update = (id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({
    method: "PUT",
    url: `/api/admin/products/${id}`,
    headers: { ...asAdmin, ...headers },
    payload: body,
  });
const stock = (id: string, body: Record<string, unknown>) =>
  app.inject({
    method: "PATCH",
    url: `/api/admin/products/${id}/stock`,
    headers: asAdmin,
    payload: body,
  });

describe("who may call", () => {
  it.each([
    ["GET", "/api/admin/products"],
    ["GET", "/api/admin/products/00000000-0000-4000-8000-000000000000"],
    ["POST", "/api/admin/products"],
    ["PUT", "/api/admin/products/00000000-0000-4000-8000-000000000000"],
    ["DELETE", "/api/admin/products/00000000-0000-4000-8000-000000000000"],
    ["PATCH", "/api/admin/products/00000000-0000-4000-8000-000000000000/stock"],
  ] as const)("%s %s: 401 to a guest, 403 to a shopper", async (method, url) => {
    const payload = method === "GET" || method === "DELETE" ? undefined : {};
    expect((await app.inject({ method, url, payload })).statusCode).toBe(401);
    expect(
      (await app.inject({ method, url, payload, headers: { cookie: shopper.cookie } })).statusCode,
    ).toBe(403);
  });
});

describe("creating a product", () => {
  it("saves every field, with per-size stock, and the storefront finds it", async () => {
    const res = await create(productBody({ isHero: true, heroTagline: "  Festive ease  " }));
    expect(res.statusCode).toBe(201);
    const { message, product } = res.json() as { message: string; product: Product };
    expect(message).toBe(M.created);
    expect(product).toMatchObject({
      title: "Chanderi Silk Kurta",
      price: 2499.5,
      gender: "Women",
      sizes: ["S", "M", "L"],
      sizeStock: [
        { size: "S", stock: 2 },
        { size: "M", stock: 7 },
        { size: "L", stock: 0 },
      ],
      stock: 9,
      stockStatus: "In Stock",
      colors: ["Teal", "Ivory"],
      defaultColor: "Teal",
      categories: [kurtas.id],
      category: "Admin Kurtas",
      isHero: true,
      heroTagline: "Festive ease",
      lowStockThreshold: 5,
    });
    const found = await app.inject({ method: "GET", url: "/api/products?search=chanderi" });
    expect(found.json().map((p: Product) => p._id)).toContain(product._id);
  });

  it("puts `stock` on the first size when no sizeStock is sent", async () => {
    const res = await create(productBody({ sizeStock: undefined, stock: 12 }));
    expect(res.json().product.sizeStock).toEqual([
      { size: "S", stock: 12 },
      { size: "M", stock: 0 },
      { size: "L", stock: 0 },
    ]);
  });

  it("gives every validation message of admin.md §5, and saves nothing", async () => {
    const before = (await db.select({ id: products.id }).from(products)).length;
    const empty = await create({ title: "  ", sizes: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(M.required);
    expect(empty.json().errors).toMatchObject({
      title: M.required,
      price: M.required,
      gender: M.required,
      imageUrl: M.image,
      sizes: M.sizes,
    });

    const noImage = await create(productBody({ imageUrl: "" }));
    expect(noImage.json()).toMatchObject({ message: M.image, errors: { imageUrl: M.image } });

    const noSizes = await create(productBody({ sizes: [], sizeStock: [] }));
    expect(noSizes.json()).toMatchObject({ message: M.sizes, errors: { sizes: M.sizes } });

    const hero = await create(productBody({ isHero: true, heroTagline: "   " }));
    expect(hero.json()).toMatchObject({
      message: M.heroTagline,
      errors: { heroTagline: M.heroTagline },
    });

    const dupSizes = await create(productBody({ sizes: ["M", " m "], sizeStock: undefined }));
    expect(dupSizes.json().errors.sizes).toBe(M.duplicateSize("m"));

    const dupColors = await create(productBody({ colors: ["Teal", "teal "] }));
    expect(dupColors.json().errors.colors).toBe(M.duplicateColor("teal"));

    const price = await create(productBody({ price: 10.005 }));
    expect(price.json().errors.price).toBe(M.price);
    const negative = await create(productBody({ price: -1 }));
    expect(negative.json().errors.price).toBe(M.price);

    const threshold = await create(productBody({ lowStockThreshold: -1 }));
    expect(threshold.json().errors.lowStockThreshold).toBe(M.lowStockThreshold);

    const sizeStock = await create(productBody({ sizeStock: [{ size: "M", stock: -2 }] }));
    expect(sizeStock.statusCode).toBe(400);

    const colorImage = await create(
      productBody({ colorImages: [{ color: "Black", imageUrl: "/images/x-w1280.webp" }] }),
    );
    expect(colorImage.json().errors.colorImages).toBe(M.colorImageColor("Black"));

    const badUrl = await create(productBody({ imageUrl: "javascript:alert(1)" }));
    expect(badUrl.json().errors.imageUrl).toBe(M.imageUrl);

    const category = await create(
      productBody({ categories: ["00000000-0000-4000-8000-000000000000"] }),
    );
    expect(category.json()).toMatchObject({
      message: M.unknownCategory,
      errors: { categories: M.unknownCategory },
    });

    const unknownField = await create(productBody({ isAdmin: true }));
    expect(unknownField.statusCode).toBe(400);

    expect((await db.select({ id: products.id }).from(products)).length).toBe(before);
  });
});

describe("uploaded images on save", () => {
  it("claims the form's uploads and cleans up the ones it did not use", async () => {
    const session = newSession();
    const main = await upload(session);
    const extra = await upload(session, "additional-image");
    const color = await upload(session, "color-image");
    const hero = await upload(session, "hero-image");
    const discarded = await upload(session);
    const res = await create(
      productBody({
        imageUrl: main,
        additionalImages: [extra],
        colorImages: [{ color: "teal", imageUrl: color }],
        heroImage: hero,
        sessionId: session,
      }),
      { "x-session-id": session },
    );
    expect(res.statusCode).toBe(201);
    const product = res.json().product as Product;
    expect(product.additionalImages).toEqual([extra]);
    expect(product.colorImages).toEqual([{ color: "Teal", imageUrl: color }]);
    for (const url of [main, extra, color, hero]) {
      const [row] = await db.select().from(uploads).where(eq(uploads.url, url));
      expect(row?.claimedAt).not.toBeNull();
      expect(await imageStatus(url)).toBe(200);
    }
    expect(await imageStatus(discarded)).toBe(404);
  });

  it("deletes a replaced image's files, and keeps one that something else still uses", async () => {
    const session = newSession();
    const first = await upload(session);
    const shared = await upload(session, "additional-image");
    const created = (
      await create(productBody({ imageUrl: first, additionalImages: [shared] }))
    ).json().product as Product;
    // Another product uses the same picture.
    await createProduct(db, { imageUrl: shared });

    const session2 = newSession();
    const second = await upload(session2);
    const res = await update(
      created._id,
      productBody({ imageUrl: second, additionalImages: [], oldImageUrl: first }),
      { "x-session-id": session2 },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.updated);
    expect(await imageStatus(first)).toBe(404);
    expect(await db.select().from(uploads).where(eq(uploads.url, first))).toHaveLength(0);
    expect(await imageStatus(shared)).toBe(200);
    expect(await imageStatus(second)).toBe(200);
  });

  it("keeps the picture of a deleted product while an order shows it", async () => {
    const session = newSession();
    const picture = await upload(session);
    const product = (await create(productBody({ imageUrl: picture }))).json().product as Product;
    const order = await createOrder(db, {
      userId: shopper.id,
      items: [{ productId: product._id, size: "M" }],
    });
    await createReview(db, { productId: product._id, userId: shopper.id });

    const res = await app.inject({
      method: "DELETE",
      url: `/api/admin/products/${product._id}`,
      headers: asAdmin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.deleted);
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item).toMatchObject({
      productId: null,
      title: "Chanderi Silk Kurta",
      imageUrl: picture,
    });
    expect(await db.select().from(reviews).where(eq(reviews.productId, product._id))).toHaveLength(
      0,
    );
    expect(await imageStatus(picture)).toBe(200);
    const again = await app.inject({
      method: "DELETE",
      url: `/api/admin/products/${product._id}`,
      headers: asAdmin,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(M.notFound);
  });

  it("keeps a picture the newsletter's settings use (any width of it)", async () => {
    const picture = await upload(newSession());
    const product = (await create(productBody({ imageUrl: picture }))).json().product as Product;
    const headerImage = picture.replace("-w1280", "-w640");
    await db
      .insert(newsletterSettings)
      .values({ id: 1, data: { headerImage } })
      .onConflictDoUpdate({ target: newsletterSettings.id, set: { data: { headerImage } } });
    await app.inject({
      method: "DELETE",
      url: `/api/admin/products/${product._id}`,
      headers: asAdmin,
    });
    expect(await imageStatus(picture)).toBe(200);
    await db.delete(newsletterSettings);
  });

  it("deletes a deleted product's pictures that nothing else uses", async () => {
    const picture = await upload(newSession());
    const product = (await create(productBody({ imageUrl: picture }))).json().product as Product;
    await app.inject({
      method: "DELETE",
      url: `/api/admin/products/${product._id}`,
      headers: asAdmin,
    });
    expect(await imageStatus(picture)).toBe(404);
  });
});

describe("editing a product", () => {
  it("replaces the fields, moves the default colour, and keeps the stock of sizes that stay", async () => {
    const created = (await create(productBody({ defaultColor: "Ivory" }))).json()
      .product as Product;
    expect(created.defaultColor).toBe("Ivory");
    const res = await update(
      created._id,
      productBody({
        title: "Chanderi Kurta",
        sizes: ["M", "XL"],
        sizeStock: undefined,
        colors: ["Teal", "Rust"],
        defaultColor: "Ivory",
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({
      title: "Chanderi Kurta",
      sizeStock: [
        { size: "M", stock: 7 },
        { size: "XL", stock: 0 },
      ],
      stock: 7,
      defaultColor: "Teal",
    });
    // Only the figures sent change: M keeps its stock.
    const partial = await update(
      created._id,
      productBody({ sizes: ["M", "XL"], sizeStock: [{ size: "xl", stock: 3 }] }),
    );
    expect(partial.json().product.sizeStock).toEqual([
      { size: "M", stock: 7 },
      { size: "XL", stock: 3 },
    ]);
    // Only the spelling changed: the stock goes along.
    const respelled = await update(
      created._id,
      productBody({ sizes: ["m", "XL"], sizeStock: undefined }),
    );
    expect(respelled.json().product.sizeStock).toEqual([
      { size: "m", stock: 7 },
      { size: "XL", stock: 3 },
    ]);
    const got = await app.inject({
      method: "GET",
      url: `/api/admin/products/${created._id}`,
      headers: asAdmin,
    });
    expect(got.json().title).toBe("Chanderi Silk Kurta");
  });

  it("answers 404 for an unknown product", async () => {
    const res = await update("00000000-0000-4000-8000-000000000000", productBody());
    expect(res.statusCode).toBe(404);
    const get = await app.inject({
      method: "GET",
      url: "/api/admin/products/nope",
      headers: asAdmin,
    });
    expect(get.statusCode).toBe(404);
  });
});

describe("stock per size", () => {
  it("adds, subtracts and sets one size, never below 0", async () => {
    const p = (await create(productBody())).json().product as Product;
    const added = await stock(p._id, { stock: 5, operation: "add", size: "L" });
    expect(added.statusCode).toBe(200);
    expect(added.json().message).toBe(M.stockUpdated);
    expect(added.json().product.sizeStock).toEqual([
      { size: "S", stock: 2 },
      { size: "M", stock: 7 },
      { size: "L", stock: 5 },
    ]);
    expect(added.json().product.stock).toBe(14);

    const subtracted = await stock(p._id, { stock: 3, operation: "subtract", size: "m" });
    expect(subtracted.json().product.sizeStock[1]).toEqual({ size: "M", stock: 4 });

    const tooMany = await stock(p._id, { stock: 5, operation: "subtract", size: "M" });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(M.belowZero("M", 4, 5));

    const set = await stock(p._id, { stock: 0, operation: "set", size: "L" });
    expect(set.json().product.sizeStock[2]).toEqual({ size: "L", stock: 0 });

    // Without a size: the first size.
    const first = await stock(p._id, { stock: 20, operation: "set" });
    expect(first.json().product.sizeStock[0]).toEqual({ size: "S", stock: 20 });
    expect(first.json().product.stock).toBe(24);

    const noSize = await stock(p._id, { stock: 1, operation: "add", size: "XXL" });
    expect(noSize.statusCode).toBe(400);
    expect(noSize.json().message).toBe(M.noSuchSize("XXL"));

    for (const bad of [
      { stock: "5", operation: "set" },
      { stock: -1, operation: "set" },
      { stock: 1.5, operation: "add" },
    ]) {
      const res = await stock(p._id, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(M.stockNumber);
    }
    const op = await stock(p._id, { stock: 1, operation: "multiply" });
    expect(op.json().message).toBe(M.operation);

    const after = await app.inject({
      method: "GET",
      url: `/api/admin/products/${p._id}`,
      headers: asAdmin,
    });
    expect(after.json().stock).toBe(24);
    const missing = await stock("00000000-0000-4000-8000-000000000000", {
      stock: 1,
      operation: "add",
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe("the grid's list", () => {
  it("filters by search, gender and stock status, and pages", async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const out = await createProduct(db, {
      title: `${tag} Out`,
      gender: "Men",
      stock: 0,
      lowStockThreshold: 5,
    });
    const low = await createProduct(db, {
      title: `${tag} Low`,
      gender: "Women",
      stock: 3,
      lowStockThreshold: 5,
    });
    const edge = await createProduct(db, {
      title: `${tag} Edge`,
      gender: "Women",
      stock: 5,
      lowStockThreshold: 5,
    });
    const plenty = await createProduct(db, {
      title: `${tag} Plenty`,
      gender: "Men",
      stock: 50,
      lowStockThreshold: 5,
    });
    // Plenty in all, but sold out in one size: the Overview's "needs restocking", not "low stock".
    const gap = await createProduct(db, {
      title: `${tag} Gap`,
      gender: "Men",
      sizes: [
        { size: "S", stock: 0 },
        { size: "M", stock: 40 },
      ],
      lowStockThreshold: 5,
    });
    const list = async (query: string) => {
      const res = await app.inject({
        method: "GET",
        url: `/api/admin/products?search=${tag}&${query}`,
        headers: asAdmin,
      });
      expect(res.statusCode).toBe(200);
      return {
        ids: (res.json() as Product[]).map((p) => p._id).sort(),
        total: Number(res.headers["x-total-count"]),
      };
    };
    const sorted = (...ids: string[]) => ids.sort();
    expect((await list("")).ids).toEqual(sorted(out.id, low.id, edge.id, plenty.id, gap.id));
    expect((await list("stock=out-of-stock")).ids).toEqual([out.id]);
    expect((await list("stock=low-stock")).ids).toEqual(sorted(low.id, edge.id));
    expect((await list("stock=in-stock")).ids).toEqual(sorted(plenty.id, gap.id));
    expect((await list("stock=needs-restock")).ids).toEqual(
      sorted(out.id, low.id, edge.id, gap.id),
    );
    expect((await list("gender=Women")).ids).toEqual(sorted(low.id, edge.id));
    expect((await list("gender=Men&stock=in-stock")).ids).toEqual(sorted(plenty.id, gap.id));
    const page = await list("limit=3&page=2");
    expect(page.ids).toHaveLength(2);
    expect(page.total).toBe(5);
    // Nonsense filter values mean "all".
    expect((await list("stock=plenty&gender=x")).total).toBe(5);
    // Search text is literal: % and _ match themselves only.
    const res = await app.inject({
      method: "GET",
      url: "/api/admin/products?search=%25%25",
      headers: asAdmin,
    });
    expect(res.json()).toEqual([]);
  });
});

describe("the spec's product form (admin.md §3, §7)", () => {
  it("saves an edit that sends the whole product back (its id, computed fields, old images) and ignores those", async () => {
    const created = (await create(productBody())).json().product as Product;
    const session = newSession();
    const res = await update(
      created._id,
      productBody({
        _id: created._id,
        title: "Chanderi Silk Kurta (new)",
        stock: 9,
        inStock: false,
        isLowStock: true,
        stockStatus: "Out of Stock",
        defaultColor: "Teal",
        sessionId: session,
        oldImageUrl: created.imageUrl,
        oldHeroImage: null,
        oldColorImages: [],
        oldAdditionalImages: [],
      }),
      { "x-session-id": session },
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().product as Product;
    expect(saved).toMatchObject({ _id: created._id, title: "Chanderi Silk Kurta (new)" });
    // Computed from the stock, not taken from the body.
    expect(saved.stockStatus).toBe(created.stockStatus);
  });

  it("still refuses a field no spec page sends", async () => {
    const res = await create(productBody({ discountPercent: 20 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.discountPercent).toBe("Unknown field");
  });
});
