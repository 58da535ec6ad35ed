import { randomBytes } from "node:crypto";
import { BULK_MESSAGES, ORDER_CSV_HEADER, PRODUCT_CSV_COLUMNS } from "@vastra/contracts";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { eq, sql } from "drizzle-orm";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { createCategory, createOrder, createProduct, createUser } from "../../test/factories.ts";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";
import { rowsOf } from "../db/client.ts";
import { productSizes, products } from "../db/schema.ts";
import { testImage } from "../services/uploads/test-support.ts";

const clock = createTestClock("2026-11-21T10:00:00Z");
const { app, database } = await buildTestApp({ clock });
const db = database.db;
const admin = await createUser(db, { isAdmin: true, now: clock() });
const shopper = await createUser(db, { now: clock() });
const kurtas = await createCategory(db, "Bulk Kurtas");
const festive = await createCategory(db, "Bulk Festive");
const asAdmin = { cookie: admin.cookie };
const IMAGE = "/images/bbbbbbbbbbbbbbbbbbbbbbbb-w1280.webp";

/** A multipart body with the CSV and optionally a zip, as the admin screen sends it. */
function importBody(csv: string | Buffer, zip?: Uint8Array) {
  const boundary = `----vastra${randomBytes(8).toString("hex")}`;
  const part = (name: string, filename: string, type: string, bytes: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from("\r\n"),
    ]);
  const parts = [part("file", "products.csv", "text/csv", Buffer.from(csv))];
  if (zip) parts.push(part("images", "pictures.zip", "application/zip", Buffer.from(zip)));
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

async function importCsv(
  csv: string | Buffer,
  options: { dryRun?: boolean; zip?: Uint8Array } = {},
) {
  const body = importBody(csv, options.zip);
  return app.inject({
    method: "POST",
    url: `/api/admin/products/import?dryRun=${options.dryRun ?? false}`,
    headers: { ...body.headers, ...asAdmin },
    payload: body.payload,
  });
}

async function exportCsv(query = ""): Promise<string> {
  const res = await app.inject({
    method: "GET",
    url: `/api/admin/products/export.csv${query}`,
    headers: asAdmin,
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toContain("text/csv");
  expect(res.headers["content-disposition"]).toMatch(/attachment; filename="products-/);
  return res.body;
}

const records = (csv: string) =>
  parse(csv, { bom: true, columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;

const csvOf = (rows: Array<Record<string, string>>) => {
  const columns = Object.keys(rows[0]!);
  return stringify([columns, ...rows.map((r) => columns.map((c) => r[c] ?? ""))]);
};

const row = (overrides: Record<string, string> = {}): Record<string, string> => ({
  sku: "",
  title: "Bulk Cotton Kurta",
  description: "Soft cotton.",
  price: "1299",
  mrp: "",
  gender: "Men",
  categories: "Bulk Kurtas",
  colours: "Indigo|White",
  sizes: "S:4|M:7",
  size_skus: "",
  fabric: "Cotton",
  care: "Machine wash",
  image: IMAGE,
  hero: "no",
  ...overrides,
});

const productBySku = async (sku: string) => {
  const [p] = await db.select().from(products).where(sql`lower(${products.sku}) = lower(${sku})`);
  return p;
};
const sizesOf = async (id: string) =>
  db
    .select({ size: productSizes.size, stock: productSizes.stock, sku: productSizes.sku })
    .from(productSizes)
    .where(eq(productSizes.productId, id))
    .orderBy(productSizes.position);

describe("products CSV export and import", () => {
  it("exports every product and re-imports it unchanged (update by SKU, nothing created)", async () => {
    const create = await app.inject({
      method: "POST",
      url: "/api/admin/products",
      headers: asAdmin,
      payload: {
        // A title a spreadsheet would run as a formula: exported with a leading quote.
        title: '=HYPERLINK("x") Kurta, "quoted"',
        description: "Line one\nline two, with a comma",
        price: 2499.5,
        mrp: 2999,
        gender: "Women",
        sizes: ["S", "M", "L"],
        sizeStock: [
          { size: "S", stock: 2 },
          { size: "M", stock: 7 },
          { size: "L", stock: 0 },
        ],
        colors: ["Teal", "Ivory"],
        categories: [festive.id, kurtas.id],
        imageUrl: IMAGE,
        additionalImages: ["/images/cccccccccccccccccccccccc-w1280.webp"],
        colorImages: [{ color: "Ivory", imageUrl: "/images/dddddddddddddddddddddddd-w1280.webp" }],
        isHero: true,
        heroTagline: "Festive ready",
        sku: "RT-KURTA-1",
        sizeSkus: [{ size: "M", sku: "RT-KURTA-MED" }],
        fabric: "Chanderi silk",
        care: "Dry clean",
      },
    });
    expect(create.statusCode).toBe(201);
    await createProduct(db, { title: "Plain Tee", sizes: [{ size: "M", stock: 3 }] });

    const first = await exportCsv();
    const rows = records(first);
    expect(Object.keys(rows[0]!)).toEqual([...PRODUCT_CSV_COLUMNS]);
    const kurta = rows.find((r) => r.sku === "RT-KURTA-1")!;
    expect(kurta.title).toBe('\'=HYPERLINK("x") Kurta, "quoted"');
    expect(kurta.sizes).toBe("S:2|M:7|L:0");
    expect(kurta.size_skus).toBe("S:RT-KURTA-1-S|M:RT-KURTA-MED|L:RT-KURTA-1-L");
    expect(kurta.categories).toBe("Bulk Festive|Bulk Kurtas");
    expect(kurta.price).toBe("2499.50");
    expect(kurta.mrp).toBe("2999.00");
    expect(kurta.colour_images).toBe("Ivory=/images/dddddddddddddddddddddddd-w1280.webp");
    expect(kurta.hero).toBe("yes");

    const before = await db.select().from(products).orderBy(products.id);
    const res = await importCsv(first);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      applied: true,
      created: 0,
      updated: 2,
      failed: 0,
      errors: [],
    });
    const after = await db.select().from(products).orderBy(products.id);
    const strip = (list: typeof before) => list.map(({ updatedAt: _u, ...rest }) => rest);
    expect(strip(after)).toEqual(strip(before));
    expect(await exportCsv()).toBe(first);
  });

  it("previews without changing anything, then applies the valid rows and reports each error by row and column", async () => {
    const existing = await createProduct(db, { title: "Keep Me", price: 500 });
    const keepSku = existing.sku;
    const csv = csvOf([
      row({ sku: "NEW-OK-1", title: "Good New Kurta" }),
      row({ sku: keepSku, title: "Changed title", price: "12.345" }),
      row({ sku: "NEW-BAD-CAT", categories: "Bulk Kurtas|No Such Category" }),
      row({ sku: "NEW-BAD-SIZES", sizes: "S-4" }),
      row({ sku: "NEW-OK-1", title: "Same SKU again" }),
      row({ sku: "NEW-BAD-IMG", image: "http://example.com/a.jpg", gender: "" }),
    ]);

    const preview = await importCsv(csv, { dryRun: true });
    expect(preview.statusCode).toBe(200);
    const p = preview.json();
    expect(p).toMatchObject({ applied: false, rows: 6, created: 1, updated: 0, failed: 5 });
    expect(await productBySku("NEW-OK-1")).toBeUndefined();

    const res = await importCsv(csv);
    const body = res.json();
    expect(body).toMatchObject({ applied: true, created: 1, updated: 0, failed: 5 });
    expect(body.errors).toEqual([
      {
        row: 3,
        column: "price",
        message: "Please enter a price of 0 or more, with at most 2 decimals",
      },
      { row: 4, column: "categories", message: BULK_MESSAGES.unknownCategory("No Such Category") },
      { row: 5, column: "sizes", message: BULK_MESSAGES.sizesFormat },
      { row: 6, column: "sku", message: BULK_MESSAGES.duplicateSkuInFile("NEW-OK-1", 2) },
      { row: 7, column: "image", message: BULK_MESSAGES.imageAddress },
      { row: 7, column: "gender", message: "Please fill in all required fields" },
    ]);
    const report = parse(body.errorReport, { bom: true }) as string[][];
    expect(report[0]).toEqual(["Row", "Column", "Message"]);
    expect(report[1]).toEqual([
      "3",
      "price",
      "Please enter a price of 0 or more, with at most 2 decimals",
    ]);
    expect(report).toHaveLength(7);

    // The bad row's product is exactly as it was; the good row's product exists.
    const kept = await productBySku(keepSku);
    expect(kept).toMatchObject({ title: "Keep Me", pricePaise: 50000 });
    const created = await productBySku("NEW-OK-1");
    expect(created).toMatchObject({ title: "Good New Kurta", pricePaise: 129900, gender: "Men" });
    expect(await sizesOf(created!.id)).toEqual([
      { size: "S", stock: 4, sku: "NEW-OK-1-S" },
      { size: "M", stock: 7, sku: "NEW-OK-1-M" },
    ]);
    expect(await productBySku("NEW-BAD-CAT")).toBeUndefined();
  });

  it("updates a product by SKU: price, stock per size and sizes; columns left out keep their values", async () => {
    const p = await createProduct(db, {
      title: "Linen Shirt",
      description: "Keeps this description",
      sizes: [
        { size: "M", stock: 1 },
        { size: "L", stock: 2 },
      ],
    });
    const csv = stringify([
      ["SKU", "Title", "Price", "Gender", "Sizes", "Image"],
      [p.sku.toLowerCase(), "Linen Shirt", "1499.00", "men", "M:9|XL:3", p.imageUrl],
    ]);
    const res = await importCsv(csv);
    expect(res.json()).toMatchObject({ created: 0, updated: 1, failed: 0 });
    const after = await productBySku(p.sku);
    expect(after).toMatchObject({
      id: p.id,
      pricePaise: 149900,
      gender: "Men",
      description: "Keeps this description",
    });
    expect((await sizesOf(p.id)).map((s) => [s.size, s.stock])).toEqual([
      ["M", 9],
      ["XL", 3],
    ]);
    // The shopper's catalogue shows the new price at once (the read model was told).
    const shown = await app.inject({ method: "GET", url: `/api/products/${p.id}` });
    expect(shown.json().price).toBe(1499);
  });

  it("refuses a file with an unknown or missing column as a whole, changing nothing", async () => {
    const res = await importCsv("title,price,colour\nA,1,Red\n");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      colour: BULK_MESSAGES.unknownColumn("colour"),
      gender: BULK_MESSAGES.missingColumn("gender"),
    });
    const empty = await importCsv("");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(BULK_MESSAGES.noCsv);
  });

  it("takes pictures from an uploaded zip and refuses private addresses and zip bombs", async () => {
    const png = await testImage("png");
    const zip = zipSync({ "pictures/kurta-front.PNG": new Uint8Array(png) });
    const csv = csvOf([
      row({ sku: "ZIP-1", image: "kurta-front.png" }),
      row({ sku: "ZIP-2", image: "missing.jpg" }),
      row({ sku: "REMOTE-1", image: "https://127.0.0.1/kurta.jpg" }),
      row({ sku: "REMOTE-2", image: "https://localhost/kurta.jpg" }),
    ]);
    const res = await importCsv(csv, { zip });
    const body = res.json();
    expect(body).toMatchObject({ created: 1, failed: 3 });
    expect(body.errors).toEqual([
      { row: 3, column: "image", message: BULK_MESSAGES.imageNotInZip("missing.jpg") },
      {
        row: 4,
        column: "image",
        message: BULK_MESSAGES.imageFetch("private and local addresses are refused"),
      },
      {
        row: 5,
        column: "image",
        message: BULK_MESSAGES.imageFetch("private and local addresses are refused"),
      },
    ]);
    const made = await productBySku("ZIP-1");
    expect(made!.imageUrl).toMatch(/^\/images\/[a-f0-9]{24}-w\d+\.webp$/);
    expect((await app.inject({ method: "GET", url: made!.imageUrl })).statusCode).toBe(200);
    // The picture is claimed by the product: not swept as an unsaved upload.
    const claimed = rowsOf<{ claimed_at: Date | null }>(
      await db.execute(sql`select claimed_at from uploads where url = ${made!.imageUrl}`),
    );
    expect(claimed[0]?.claimed_at).not.toBeNull();

    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 501; i += 1) many[`p${i}.png`] = new Uint8Array([1]);
    const bomb = await importCsv(csvOf([row({ sku: "BOMB-1" })]), { zip: zipSync(many) });
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().message).toBe(BULK_MESSAGES.zipTooBig);
    expect(await productBySku("BOMB-1")).toBeUndefined();
  });

  it("imports 2,000 rows in one go", async () => {
    const lines = Array.from({ length: 2000 }, (_, i) =>
      row({ sku: `BIG-${i}`, title: `Big Import Kurta ${i}`, sizes: `S:${i % 5}|M:${i % 7}` }),
    );
    const res = await importCsv(csvOf(lines));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 2000, updated: 0, failed: 0 });
    const [count] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from products where sku like 'BIG-%'`),
    );
    expect(count!.n).toBe(2000);
    // Searchable at once (one search-document refresh for the batch).
    const found = await app.inject({
      method: "GET",
      url: "/api/products?search=big%20import%20kurta%201999",
    });
    expect((found.json() as Array<{ title: string }>).map((p) => p.title)).toContain(
      "Big Import Kurta 1999",
    );
    // The grid's filter narrows the export.
    const filtered = records(await exportCsv("?search=BIG-1999"));
    expect(filtered.map((r) => r.sku)).toEqual(["BIG-1999"]);
  });
});

describe("orders CSV export", () => {
  it("exports the orders of India dates, both days included, edges in India time", async () => {
    const p = await createProduct(db, { title: "Order Export Saree", price: 1000 });
    // 23:59:59 IST on 1 Nov, 00:00 IST on 2 Nov, 23:59:59 IST on 3 Nov, 00:00 IST on 4 Nov.
    const at = (iso: string) => new Date(iso);
    const o1 = await createOrder(db, {
      userId: shopper.id,
      items: [{ productId: p.id }],
      createdAt: at("2026-11-01T18:29:59Z"),
    });
    const o2 = await createOrder(db, {
      userId: shopper.id,
      items: [{ productId: p.id, quantity: 2, size: "M" }],
      createdAt: at("2026-11-01T18:30:00Z"),
    });
    const o3 = await createOrder(db, {
      userId: shopper.id,
      items: [{ productId: p.id }],
      createdAt: at("2026-11-03T18:29:59Z"),
    });
    const o4 = await createOrder(db, {
      userId: shopper.id,
      items: [{ productId: p.id }],
      createdAt: at("2026-11-03T18:30:00Z"),
    });
    const res = await app.inject({
      method: "GET",
      url: "/api/admin/orders/export.csv?from=2026-11-02&to=2026-11-03",
      headers: asAdmin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="orders-2026-11-02-to-2026-11-03.csv"',
    );
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual([...ORDER_CSV_HEADER]);
    const numbers = rows.slice(1).map((r) => r[0]);
    expect(numbers).toEqual([o2.orderNumber, o3.orderNumber]);
    expect(numbers).not.toContain(o1.orderNumber);
    expect(numbers).not.toContain(o4.orderNumber);
    expect(rows[1]![1]).toBe("2026-11-02 00:00");
    expect(rows[2]![1]).toBe("2026-11-03 23:59");
    expect(rows[1]![9]).toBe("Order Export Saree (M) × 2");
    expect(rows[1]![10]).toBe("2");
    expect(rows[1]![14]).toBe("2000.00");

    const backwards = await app.inject({
      method: "GET",
      url: "/api/admin/orders/export.csv?from=2026-11-05&to=2026-11-02",
      headers: asAdmin,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(BULK_MESSAGES.dateRange);
  });

  it("is for admins only, as are the products export and import", async () => {
    const urls = [
      ["GET", "/api/admin/orders/export.csv?from=2026-11-01&to=2026-11-02"],
      ["GET", "/api/admin/products/export.csv"],
      ["POST", "/api/admin/products/import?dryRun=false"],
    ] as const;
    for (const [method, url] of urls) {
      const body = importBody(csvOf([row({ sku: "SHOPPER-1" })]));
      const anonymous = await app.inject({
        method,
        url,
        headers: body.headers,
        payload: body.payload,
      });
      expect(anonymous.statusCode).toBe(401);
      const notAdmin = await app.inject({
        method,
        url,
        headers: { ...body.headers, cookie: shopper.cookie },
        payload: body.payload,
      });
      expect(notAdmin.statusCode).toBe(403);
    }
    expect(await productBySku("SHOPPER-1")).toBeUndefined();
  });
});
