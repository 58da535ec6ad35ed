import { type Product, TOTAL_COUNT_HEADER } from "@vastra/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createCategory,
  createOrder,
  createProduct,
  createReview,
  createUser,
} from "../../test/factories.ts";
import { buildTestApp } from "../../test/helpers.ts";
import { categories, products } from "../db/schema.ts";
import {
  refreshSearchDocument,
  refreshSearchDocumentForCategories,
} from "../services/catalogue/index.ts";
import { refreshPopularity } from "../services/catalogue/popularity.ts";

const { app, database } = await buildTestApp();
const db = database.db;

const day = (n: number) => new Date(Date.UTC(2026, 9, n, 10));

// A small store: the newest product is created last.
const kurtas = await createCategory(db, "Kurtas");
const sarees = await createCategory(db, "Sarees");
const festive = await createCategory(db, "Festive Wear");
const shirts = await createCategory(db, "shirts");
const jeans = await createCategory(db, "Jeans");
const dupattas = await createCategory(db, "Dupattas");

const silkKurta = await createProduct(db, {
  title: "Silk Kurta",
  description: "Pure silk kurta with a mandarin collar.",
  price: 2499,
  gender: "Men",
  categories: [kurtas.id, festive.id],
  sizes: [
    { size: "M", stock: 5 },
    { size: "L", stock: 0 },
  ],
  colors: ["Maroon", "Gold"],
  additionalImages: ["/images/silk-kurta-back.webp", "/images/silk-kurta-detail.webp"],
  colorImages: [
    { color: "Maroon", imageUrl: "/images/silk-kurta-maroon.webp" },
    { color: "Gold", imageUrl: "/images/silk-kurta-gold.webp" },
  ],
  isHero: true,
  heroTagline: "Festive silk, tailored",
  heroImage: "/images/silk-kurta-hero.webp",
  createdAt: day(1),
});
const cottonKurta = await createProduct(db, {
  title: "Cotton Kurta",
  description: "Breathable cotton for Mumbai summers.",
  price: 899,
  gender: "Men",
  categories: [kurtas.id],
  sizes: [
    { size: "S", stock: 20 },
    { size: "M", stock: 20 },
  ],
  colors: ["White"],
  createdAt: day(2),
});
const banarasi = await createProduct(db, {
  title: "Banarasi Silk Saree",
  description: "Handwoven silk with a zari border.",
  price: 5499,
  gender: "Women",
  categories: [sarees.id, festive.id],
  sizes: [{ size: "Free Size", stock: 3 }],
  colors: ["Red", "gold"],
  createdAt: day(3),
});
const chiffon = await createProduct(db, {
  title: "Chiffon Saree",
  description: "Light and flowing.",
  price: 1999,
  gender: "Women",
  categories: [sarees.id],
  sizes: [{ size: "Free Size", stock: 0 }],
  colors: ["Pink"],
  createdAt: day(4),
});
const linenShirt = await createProduct(db, {
  title: "Linen Shirt",
  description: "Relaxed fit.",
  price: 1000,
  gender: "Men",
  categories: [shirts.id],
  sizes: ["XL", "M", "L"],
  colors: ["Blue", "white"],
  createdAt: day(5),
});
const dupatta = await createProduct(db, {
  title: "Embroidered Dupatta",
  description: "Drape it over a saree blouse or a kurta.",
  price: 499,
  gender: "Women",
  categories: [dupattas.id],
  sizes: ["Free Size"],
  colors: ["Mustard"],
  isHero: true,
  heroTagline: "The finishing touch",
  createdAt: day(6),
});
const denim = await createProduct(db, {
  title: "Straight Denim Jeans",
  description: "Mid-rise, stretch denim.",
  price: 1799.5,
  gender: "Unisex",
  categories: [jeans.id],
  sizes: ["32", "28", "30"],
  colors: ["Indigo"],
  createdAt: day(7),
});

/** Newest first: the default order. */
const ALL_NEWEST = [denim, dupatta, linenShirt, chiffon, banarasi, cottonKurta, silkKurta];

async function list(query = "") {
  const res = await app.inject({ method: "GET", url: `/api/products${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as Product[];
  return {
    titles: body.map((p) => p.title),
    ids: body.map((p) => p._id),
    body,
    total: Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]),
  };
}
const titles = (rows: Array<{ title: string }>) => rows.map((r) => r.title);

describe("GET /api/categories", () => {
  it("lists every category by name, whatever its capitals", async () => {
    const res = await app.inject({ method: "GET", url: "/api/categories" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { _id: dupattas.id, name: "Dupattas" },
      { _id: festive.id, name: "Festive Wear" },
      { _id: jeans.id, name: "Jeans" },
      { _id: kurtas.id, name: "Kurtas" },
      { _id: sarees.id, name: "Sarees" },
      { _id: shirts.id, name: "shirts" },
    ]);
  });
});

describe("GET /api/products: filters", () => {
  it("lists everything, newest first, with the total in X-Total-Count", async () => {
    const { titles: got, total } = await list();
    expect(got).toEqual(titles(ALL_NEWEST));
    expect(total).toBe(7);
  });

  it("filters by category name in any case, or by category id", async () => {
    expect((await list("?category=kurtas")).titles).toEqual(["Cotton Kurta", "Silk Kurta"]);
    expect((await list("?category=FESTIVE%20WEAR")).titles).toEqual([
      "Banarasi Silk Saree",
      "Silk Kurta",
    ]);
    expect((await list(`?category=${sarees.id}`)).titles).toEqual([
      "Chiffon Saree",
      "Banarasi Silk Saree",
    ]);
    const none = await list("?category=Lehengas");
    expect(none.titles).toEqual([]);
    expect(none.total).toBe(0);
  });

  it("filters by size, in stock or not", async () => {
    // The silk kurta has L, though L is sold out.
    expect((await list("?size=L")).titles).toEqual(["Linen Shirt", "Silk Kurta"]);
    expect((await list("?size=free%20size")).titles).toEqual([
      "Embroidered Dupatta",
      "Chiffon Saree",
      "Banarasi Silk Saree",
    ]);
    expect((await list("?size=30")).titles).toEqual(["Straight Denim Jeans"]);
  });

  it("filters by colour in any case", async () => {
    expect((await list("?color=GOLD")).titles).toEqual(["Banarasi Silk Saree", "Silk Kurta"]);
    expect((await list("?color=white")).titles).toEqual(["Linen Shirt", "Cotton Kurta"]);
  });

  it("filters by gender", async () => {
    expect((await list("?gender=Women")).titles).toEqual([
      "Embroidered Dupatta",
      "Chiffon Saree",
      "Banarasi Silk Saree",
    ]);
    expect((await list("?gender=Unisex")).titles).toEqual(["Straight Denim Jeans"]);
  });

  it("inStock=true leaves out sold-out products", async () => {
    const { titles: got, total } = await list("?inStock=true");
    expect(got).not.toContain("Chiffon Saree");
    expect(total).toBe(6);
    // inStock=false (or anything else) is no filter at all.
    expect((await list("?inStock=false")).total).toBe(7);
  });

  it("isHero=true lists the hero products", async () => {
    expect((await list("?isHero=true")).titles).toEqual(["Embroidered Dupatta", "Silk Kurta"]);
    expect((await list("?isHero=false")).total).toBe(5);
  });

  it("filters by price band in rupees, the lower bound included and the upper one not", async () => {
    expect((await list("?priceRange=0-500")).titles).toEqual(["Embroidered Dupatta"]);
    expect((await list("?priceRange=500-1000")).titles).toEqual(["Cotton Kurta"]);
    expect((await list("?priceRange=1000-2000")).titles).toEqual([
      "Straight Denim Jeans",
      "Linen Shirt",
      "Chiffon Saree",
    ]);
    expect((await list("?priceRange=2000-5000")).titles).toEqual(["Silk Kurta"]);
    expect((await list("?priceRange=5000%2B")).titles).toEqual(["Banarasi Silk Saree"]);
  });

  it("combines filters", async () => {
    expect((await list("?category=Kurtas&size=L&inStock=true")).titles).toEqual(["Silk Kurta"]);
    expect((await list("?gender=Men&priceRange=500-1000")).titles).toEqual(["Cotton Kurta"]);
    expect((await list("?category=Sarees&inStock=true&color=red")).titles).toEqual([
      "Banarasi Silk Saree",
    ]);
    expect((await list("?category=Festive%20Wear&gender=Women&isHero=true")).titles).toEqual([]);
    expect((await list("?search=saree&inStock=true")).titles).toEqual([
      "Banarasi Silk Saree",
      "Embroidered Dupatta",
    ]);
  });

  it("ignores filter values it does not know rather than failing the page", async () => {
    const { total } = await list("?gender=Kids&priceRange=cheap&sort=random&page=0&limit=abc");
    expect(total).toBe(7);
  });
});

describe("GET /api/products: sorting and pages", () => {
  it("sorts by price, low to high and high to low", async () => {
    expect((await list("?sort=price-low")).titles).toEqual([
      "Embroidered Dupatta",
      "Cotton Kurta",
      "Linen Shirt",
      "Straight Denim Jeans",
      "Chiffon Saree",
      "Silk Kurta",
      "Banarasi Silk Saree",
    ]);
    expect((await list("?sort=price-high")).titles).toEqual([
      "Banarasi Silk Saree",
      "Silk Kurta",
      "Chiffon Saree",
      "Straight Denim Jeans",
      "Linen Shirt",
      "Cotton Kurta",
      "Embroidered Dupatta",
    ]);
  });

  it("sorts by newest", async () => {
    expect((await list("?sort=newest")).titles).toEqual(titles(ALL_NEWEST));
  });

  it("pages through the list, the total staying the same", async () => {
    const first = await list("?limit=3");
    const second = await list("?limit=3&page=2");
    const third = await list("?limit=3&page=3");
    const beyond = await list("?limit=3&page=9");
    expect(first.titles).toEqual(titles(ALL_NEWEST.slice(0, 3)));
    expect(second.titles).toEqual(titles(ALL_NEWEST.slice(3, 6)));
    expect(third.titles).toEqual(titles(ALL_NEWEST.slice(6)));
    expect(beyond.titles).toEqual([]);
    for (const page of [first, second, third, beyond]) expect(page.total).toBe(7);
    // With filters, the total counts the filtered products.
    const kurtaPage = await list("?category=Kurtas&limit=1&page=2");
    expect(kurtaPage.titles).toEqual(["Silk Kurta"]);
    expect(kurtaPage.total).toBe(2);
    // A limit out of range is clamped (here to 1), not replaced by the default.
    const zero = await list("?limit=0");
    expect(zero.titles).toHaveLength(1);
  });

  it("sorts by popularity: units ordered (cancelled orders left out), then rating, then newest", async () => {
    const buyer = await createUser(db);
    const other = await createUser(db);
    await createOrder(db, {
      userId: buyer.id,
      status: "delivered",
      items: [{ productId: cottonKurta.id, quantity: 3 }],
    });
    await createOrder(db, {
      userId: other.id,
      items: [
        { productId: cottonKurta.id, quantity: 2 },
        { productId: linenShirt.id, quantity: 4 },
      ],
    });
    await createOrder(db, {
      userId: other.id,
      status: "cancelled",
      items: [{ productId: chiffon.id, quantity: 50 }],
    });
    // No units sold: the better rated first.
    await createReview(db, { productId: banarasi.id, userId: buyer.id, rating: 5 });
    await createReview(db, { productId: silkKurta.id, userId: buyer.id, rating: 3 });
    // The figures are refreshed every minute in the background (popularity.ts); now, here.
    await refreshPopularity(db);

    // Written behind the API's back: the list filter index (record 0052) hears of it by the
    // database's notice, at once on PGlite, within a moment on PostgreSQL.
    await expect
      .poll(async () => (await list("?sort=popular")).titles, { timeout: 1000 })
      .toEqual([
        "Cotton Kurta", // 5 units
        "Linen Shirt", // 4 units
        "Banarasi Silk Saree", // rated 5
        "Silk Kurta", // rated 3
        "Straight Denim Jeans", // then the newest
        "Embroidered Dupatta",
        "Chiffon Saree",
      ]);
  });
});

describe("GET /api/products: search", () => {
  it("searches for words that name JavaScript's own object members like any other word", async () => {
    // The variants table is an object: "constructor" once found Object's constructor there (500).
    for (const word of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) {
      const res = await app.inject({ url: `/api/products?search=${word}` });
      expect(res.statusCode, word).toBe(200);
      expect(res.json(), word).toEqual([]);
    }
  });

  it("forgives a typo: 'kurtta' finds the kurtas, kurtas first", async () => {
    const { titles: got, total } = await list("?search=kurtta");
    expect(got.slice(0, 2).sort()).toEqual(["Cotton Kurta", "Silk Kurta"]);
    expect(got).not.toContain("Linen Shirt");
    expect(total).toBe(got.length);
  });

  it("ranks products named for the word above those that only mention it", async () => {
    const { titles: got } = await list("?search=saree");
    expect(got.slice(0, 2).sort()).toEqual(["Banarasi Silk Saree", "Chiffon Saree"]);
    // The dupatta mentions a saree in its description: found, but after the sarees.
    expect(got.slice(2)).toEqual(["Embroidered Dupatta"]);
  });

  it("ranks the products matching every word first: 'silk kurta' puts the silk kurta on top", async () => {
    const { titles: got } = await list("?search=silk%20kurta");
    expect(got[0]).toBe("Silk Kurta");
    expect(got).not.toContain("Linen Shirt");
  });

  it("understands plurals, other spellings, capitals and stop words", async () => {
    expect((await list("?search=Sarees")).titles.slice(0, 2).sort()).toEqual([
      "Banarasi Silk Saree",
      "Chiffon Saree",
    ]);
    expect((await list("?search=sari")).titles.slice(0, 2).sort()).toEqual([
      "Banarasi Silk Saree",
      "Chiffon Saree",
    ]);
    expect((await list("?search=KURTA%20for%20men")).titles.slice(0, 2).sort()).toEqual([
      "Cotton Kurta",
      "Silk Kurta",
    ]);
  });

  it("looks at categories, colours and descriptions too", async () => {
    expect((await list("?search=festive")).titles.sort()).toEqual([
      "Banarasi Silk Saree",
      "Silk Kurta",
    ]);
    expect((await list("?search=mustard")).titles).toEqual(["Embroidered Dupatta"]);
    expect((await list("?search=zari")).titles).toEqual(["Banarasi Silk Saree"]);
    expect((await list("?search=jeans")).titles).toEqual(["Straight Denim Jeans"]);
  });

  it("finds nothing for nonsense, with a total of 0", async () => {
    const { titles: got, total } = await list("?search=xyzzyq");
    expect(got).toEqual([]);
    expect(total).toBe(0);
    expect((await list("?search=%21%21%21")).total).toBe(0);
  });

  it("an empty search is no search", async () => {
    expect((await list("?search=%20%20")).total).toBe(7);
  });

  it("can sort and page search results", async () => {
    expect((await list("?search=saree&sort=price-low")).titles).toEqual([
      "Embroidered Dupatta",
      "Chiffon Saree",
      "Banarasi Silk Saree",
    ]);
    const page = await list("?search=kurtta&limit=1&page=2");
    expect(page.titles).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);
  });
});

describe("GET /api/products/{id}", () => {
  it("reads a product with every field the pages show", async () => {
    const meera = await createUser(db, { name: "Meera" });
    const arjun = await createUser(db, { name: "Arjun" });
    await createReview(db, { productId: silkKurta.id, userId: meera.id, rating: 5 });
    await createReview(db, { productId: silkKurta.id, userId: arjun.id, rating: 5 });
    // One review of 3 already exists (popular sort): (3 + 5 + 5) / 3 = 4.33…

    const res = await app.inject({ method: "GET", url: `/api/products/${silkKurta.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: silkKurta.id,
      title: "Silk Kurta",
      description: "Pure silk kurta with a mandarin collar.",
      price: 2499,
      imageUrl: silkKurta.imageUrl,
      additionalImages: ["/images/silk-kurta-back.webp", "/images/silk-kurta-detail.webp"],
      colorImages: [
        { color: "Maroon", imageUrl: "/images/silk-kurta-maroon.webp" },
        { color: "Gold", imageUrl: "/images/silk-kurta-gold.webp" },
      ],
      sizes: ["M", "L"],
      sizeStock: [
        { size: "M", stock: 5 },
        { size: "L", stock: 0 },
      ],
      colors: ["Maroon", "Gold"],
      defaultColor: "Maroon",
      gender: "Men",
      stock: 5,
      lowStockThreshold: 10,
      stockStatus: "Low Stock",
      inStock: true,
      isLowStock: true,
      category: "Kurtas",
      categories: [kurtas.id, festive.id],
      isHero: true,
      heroImage: "/images/silk-kurta-hero.webp",
      heroTagline: "Festive silk, tailored",
      averageRating: 4.33,
      reviewCount: 3,
      // No verified buyer said how it fitted (record 0046).
      fit: null,
      createdAt: day(1).toISOString(),
      // Product data (record 0041): the default SKUs, no MRP, fabric or care given.
      mrp: null,
      discountPercent: null,
      sku: silkKurta.sku,
      sizeSkus: [
        { size: "M", sku: `${silkKurta.sku}-M` },
        { size: "L", sku: `${silkKurta.sku}-L` },
      ],
      fabric: "",
      care: "",
      // GST (record 0037): the defaults, a women's garment of chapter 62 taxed as apparel.
      hsnCode: "6211",
      taxClass: "apparel",
    });
  });

  it("shows paise exactly and keeps sizes in the admin's order", async () => {
    const res = await app.inject({ method: "GET", url: `/api/products/${denim.id}` });
    expect(res.json()).toMatchObject({
      price: 1799.5,
      sizes: ["32", "28", "30"],
      averageRating: 0,
      reviewCount: 0,
      category: "Jeans",
    });
  });

  it("answers 404 'Product not found' for an unknown or malformed id", async () => {
    for (const id of ["6f1c1a8e-7d7e-4c1e-9a39-3f0e4f1f2a11", "not-a-product", "123"]) {
      const res = await app.inject({ method: "GET", url: `/api/products/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Product not found" });
    }
  });

  it("the list carries the same shape as the product page", async () => {
    const { body } = await list("?category=Kurtas");
    const one = await app.inject({ method: "GET", url: `/api/products/${silkKurta.id}` });
    expect(body.find((p) => p._id === silkKurta.id)).toEqual(one.json());
  });
});

describe("GET /api/products/filters/options", () => {
  it("offers each colour once, alphabetically, and sizes in garment order", async () => {
    const res = await app.inject({ method: "GET", url: "/api/products/filters/options" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      colors: ["Blue", "Gold", "Indigo", "Maroon", "Mustard", "Pink", "Red", "White"],
      sizes: ["S", "M", "L", "XL", "28", "30", "32", "Free Size"],
    });
  });
});

describe("stock status", () => {
  it("is Out of Stock at 0, Low Stock up to the threshold, In Stock above it", async () => {
    const lab = await createCategory(db, "Stock Lab");
    const make = (stock: number) =>
      createProduct(db, {
        title: `Stock ${stock}`,
        categories: [lab.id],
        lowStockThreshold: 5,
        sizes: [
          { size: "S", stock: Math.floor(stock / 2) },
          { size: "M", stock: stock - Math.floor(stock / 2) },
        ],
      });
    const cases = [
      [await make(0), 0, "Out of Stock", false, false],
      [await make(1), 1, "Low Stock", true, true],
      [await make(5), 5, "Low Stock", true, true],
      [await make(6), 6, "In Stock", true, false],
    ] as const;
    for (const [product, stock, stockStatus, inStock, isLowStock] of cases) {
      const res = await app.inject({ method: "GET", url: `/api/products/${product.id}` });
      expect(res.json()).toMatchObject({ stock, stockStatus, inStock, isLowStock });
    }
    // The stock is the sum of the sizes; inStock=true keeps the ones with any.
    expect((await list("?category=Stock%20Lab&inStock=true&sort=price-low")).total).toBe(3);
  });
});

describe("keeping search current", () => {
  it("finds a product by its new title or its category's new name, typos forgiven, once the writer refreshes", async () => {
    const lab = await createCategory(db, "Ethnic Sets");
    const product = await createProduct(db, { title: "Anarkali Set", categories: [lab.id] });
    expect((await list("?search=anarkali")).ids).toEqual([product.id]);

    await db.update(products).set({ title: "Sharara Set" }).where(eq(products.id, product.id));
    await refreshSearchDocument(db, [product.id]);
    expect((await list("?search=sharara")).ids).toEqual([product.id]);
    expect((await list("?search=anarkali")).ids).toEqual([]);
    // The new title's words are forgiven their typos too (the vocabulary follows the writes).
    expect((await list("?search=sharrara")).ids).toEqual([product.id]);

    await db.update(categories).set({ name: "Occasion Wear" }).where(eq(categories.id, lab.id));
    await refreshSearchDocumentForCategories(db, [lab.id]);
    expect((await list("?search=occasion")).ids).toEqual([product.id]);
    expect((await list("?search=occassion")).ids).toEqual([product.id]);
  });
});
