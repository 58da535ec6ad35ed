import { REVENUE_CHART_DAYS, STATS_MESSAGES } from "@vastra/contracts";
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
import { orders } from "../db/schema.ts";
import { csvSafe } from "../services/stats/csv.ts";

// 15:30 in India on Saturday 21 November 2026: the chart's 30 days run from 23 October to today.
const clock = createTestClock("2026-11-21T10:00:00Z");
const { app, database } = await buildTestApp({ clock });
const db = database.db;

const admin = await createUser(db, { isAdmin: true, name: "Asha Admin", now: clock() });
const shopper = await createUser(db, { name: "Ravi Kumar", now: clock() });

const get = (url: string, cookie: string | undefined = admin.cookie) =>
  app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

/** An order of `items` placed at `at` (UTC instant), with the given payment and order status. */
async function order(
  at: string,
  items: Array<{ productId: string; quantity?: number; size?: string }>,
  paymentStatus: "pending" | "paid" | "failed" | "refunded" = "paid",
  status: "pending" | "confirmed" | "shipped" | "delivered" | "cancelled" = "confirmed",
) {
  const row = await createOrder(db, { userId: shopper.id, items, status, createdAt: new Date(at) });
  await db.update(orders).set({ paymentStatus }).where(eq(orders.id, row.id));
  return row;
}

// ---------------------------------------------------------------- the catalogue

const sarees = await createCategory(db, "Sarees");
const kurtas = await createCategory(db, "Kurtas");
await createCategory(db, "Dupattas"); // unused: still counted

const silkSaree = await createProduct(db, {
  title: "Banarasi Silk Saree",
  price: 4999,
  categories: [sarees.id],
  isHero: true,
  sizes: [{ size: "Free Size", stock: 40 }],
});
const kurta = await createProduct(db, {
  title: "Cotton Kurta",
  price: 1299.5,
  categories: [kurtas.id, sarees.id],
  sizes: [
    { size: "S", stock: 12 },
    { size: "M", stock: 0 },
    { size: "L", stock: 9 },
  ],
});
const lowKurta = await createProduct(db, {
  title: "Linen Kurta",
  price: 899,
  categories: [kurtas.id],
  lowStockThreshold: 10,
  sizes: [
    { size: "M", stock: 3 },
    { size: "L", stock: 4 },
  ],
});
const soldOut = await createProduct(db, {
  title: "Zari Lehenga",
  price: 12999,
  isHero: true,
  sizes: [
    { size: "S", stock: 0 },
    { size: "M", stock: 0 },
  ],
});
const injected = await createProduct(db, {
  title: '=HYPERLINK("http://evil.example")',
  price: 100,
  sizes: [{ size: "M", stock: 50 }],
});

describe("GET /api/admin/stats/overview", () => {
  it("answers 401 to a guest and 403 to a shopper", async () => {
    expect((await get("/api/admin/stats/overview", "")).statusCode).toBe(401);
    const res = await get("/api/admin/stats/overview", shopper.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "Only store admins can do that" });
  });

  it("counts products, categories, reviews and hero products, and averages ratings to one decimal", async () => {
    const reviewers = await Promise.all(
      [1, 2, 3].map((n) => createUser(db, { name: `Reviewer ${n}`, now: clock() })),
    );
    // 5 + 4 + 4 = 13 / 3 = 4.333…
    const createdAt = new Date("2026-11-01T08:00:00Z");
    await createReview(db, {
      productId: silkSaree.id,
      userId: reviewers[0]!.id,
      rating: 5,
      createdAt,
    });
    await createReview(db, { productId: kurta.id, userId: reviewers[1]!.id, rating: 4, createdAt });
    await createReview(db, { productId: kurta.id, userId: reviewers[2]!.id, rating: 4, createdAt });

    const res = await get("/api/admin/stats/overview");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json().totals).toEqual({
      totalProducts: 5,
      totalCategories: 3,
      totalReviews: 3,
      averageRating: 4.3,
      heroProducts: 2,
    });
  });

  it("lists the five newest reviews with the product's title and the reviewer", async () => {
    const base = Date.parse("2026-11-10T08:00:00Z");
    for (let i = 0; i < 6; i++) {
      const reviewer = await createUser(db, { name: `Later ${i}`, now: clock() });
      await createReview(db, {
        productId: i % 2 === 0 ? lowKurta.id : soldOut.id,
        userId: reviewer.id,
        name: `Later ${i}`,
        rating: 1 + (i % 5),
        comment: `Comment number ${i}`,
        createdAt: new Date(base + i * 3_600_000),
      });
    }
    const { recentReviews } = (await get("/api/admin/stats/overview")).json();
    expect(recentReviews).toHaveLength(5);
    expect(recentReviews.map((r: { name: string }) => r.name)).toEqual([
      "Later 5",
      "Later 4",
      "Later 3",
      "Later 2",
      "Later 1",
    ]);
    expect(recentReviews[0]).toMatchObject({
      productId: soldOut.id,
      productTitle: "Zari Lehenga",
      rating: 1,
      comment: "Comment number 5",
      createdAt: new Date(base + 5 * 3_600_000).toISOString(),
    });
    expect(recentReviews[1]).toMatchObject({ productTitle: "Linen Kurta", name: "Later 4" });
  });

  it("charts 30 Indian days of revenue from paid orders only, with empty days at 0", async () => {
    // Today in India, 00:30 IST (still the 20th in UTC): counts on the 21st.
    await order("2026-11-20T19:00:00Z", [{ productId: silkSaree.id }], "paid");
    // Earlier today: paid, 2 × 1,299.50.
    await order("2026-11-21T04:00:00Z", [{ productId: kurta.id, quantity: 2, size: "S" }], "paid");
    // Not paid: never revenue.
    await order("2026-11-21T05:00:00Z", [{ productId: silkSaree.id }], "pending");
    await order("2026-11-15T05:00:00Z", [{ productId: silkSaree.id }], "refunded");
    await order("2026-11-15T06:00:00Z", [{ productId: silkSaree.id }], "failed");
    // The first day of the chart, 23 October, starts at 18:30 UTC on the 22nd.
    await order("2026-10-22T18:30:00Z", [{ productId: lowKurta.id }], "paid");
    // One minute before it: outside the chart.
    await order("2026-10-22T18:29:00Z", [{ productId: lowKurta.id }], "paid");

    const { revenue } = (await get("/api/admin/stats/overview")).json();
    expect(revenue.days).toHaveLength(REVENUE_CHART_DAYS);
    expect(revenue.days[0]).toEqual({ date: "2026-10-23", revenue: 899, paidOrders: 1 });
    expect(revenue.days.at(-1)).toEqual({ date: "2026-11-21", revenue: 7598, paidOrders: 2 });
    expect(revenue.days.find((d: { date: string }) => d.date === "2026-11-20")).toEqual({
      date: "2026-11-20",
      revenue: 0,
      paidOrders: 0,
    });
    expect(revenue.days.find((d: { date: string }) => d.date === "2026-11-15").revenue).toBe(0);
    // Every day once, in order.
    const dates = revenue.days.map((d: { date: string }) => d.date);
    expect(new Set(dates).size).toBe(REVENUE_CHART_DAYS);
    expect([...dates].sort()).toEqual(dates);
    expect(revenue.total).toBe(899 + 7598);
    expect(revenue.paidOrders).toBe(3);
  });

  it("lists out-of-stock, low-stock and size-sold-out products, most urgent first, with each size's stock", async () => {
    const { lowStock } = (await get("/api/admin/stats/overview")).json();
    expect(lowStock.total).toBe(3);
    expect(lowStock.products).toEqual([
      {
        _id: soldOut.id,
        title: "Zari Lehenga",
        imageUrl: soldOut.imageUrl,
        stock: 0,
        lowStockThreshold: 10,
        stockStatus: "Out of Stock",
        sizeStock: [
          { size: "S", stock: 0 },
          { size: "M", stock: 0 },
        ],
        soldOutSizes: ["S", "M"],
      },
      expect.objectContaining({
        _id: lowKurta.id,
        stock: 7,
        stockStatus: "Low Stock",
        soldOutSizes: [],
      }),
      expect.objectContaining({
        _id: kurta.id,
        stock: 21,
        stockStatus: "In Stock",
        sizeStock: [
          { size: "S", stock: 12 },
          { size: "M", stock: 0 },
          { size: "L", stock: 9 },
        ],
        soldOutSizes: ["M"],
      }),
    ]);
    // The card's "Manage stock in Products" opens the Products tab filtered to the same products.
    const products = await get("/api/admin/products?stock=needs-restock&limit=100");
    expect(products.statusCode).toBe(200);
    expect(Number(products.headers["x-total-count"])).toBe(lowStock.total);
    expect((products.json() as Array<{ _id: string }>).map((p) => p._id).sort()).toEqual(
      lowStock.products.map((p: { _id: string }) => p._id).sort(),
    );
  });
});

describe("GET /api/admin/stats/sales-report", () => {
  const report = (query: string, cookie?: string) =>
    get(`/api/admin/stats/sales-report?${query}`, cookie);

  it("groups by Indian day: orders (not cancelled), paid revenue, units; empty days at 0", async () => {
    const res = await report("from=2026-11-14&to=2026-11-21&groupBy=day");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ from: "2026-11-14", to: "2026-11-21", groupBy: "day" });
    expect(body.periods).toHaveLength(8);
    expect(body.periods[0]).toEqual({
      start: "2026-11-14",
      end: "2026-11-14",
      orders: 0,
      paidOrders: 0,
      revenue: 0,
      units: 0,
    });
    // The 15th: a refunded and a failed order; both are orders, neither is revenue.
    expect(body.periods[1]).toEqual({
      start: "2026-11-15",
      end: "2026-11-15",
      orders: 2,
      paidOrders: 0,
      revenue: 0,
      units: 2,
    });
    // The 21st: two paid (1 saree + 2 kurtas) and one pending (1 saree).
    expect(body.periods[7]).toEqual({
      start: "2026-11-21",
      end: "2026-11-21",
      orders: 3,
      paidOrders: 2,
      revenue: 7598,
      units: 4,
    });
    expect(body.totals).toEqual({ orders: 5, paidOrders: 2, revenue: 7598, units: 6 });
  });

  it("leaves cancelled orders out of orders and units; a paid one stays in revenue until refunded", async () => {
    await order(
      "2026-11-16T06:00:00Z",
      [{ productId: lowKurta.id, quantity: 3 }],
      "pending",
      "cancelled",
    );
    await order(
      "2026-11-16T07:00:00Z",
      [{ productId: lowKurta.id, quantity: 1 }],
      "paid",
      "cancelled",
    );
    const body = (await report("from=2026-11-16&to=2026-11-16")).json();
    expect(body.groupBy).toBe("day");
    expect(body.periods).toEqual([
      { start: "2026-11-16", end: "2026-11-16", orders: 0, paidOrders: 1, revenue: 899, units: 0 },
    ]);
  });

  it("groups by week (Monday to Sunday, clipped to the range) and by month", async () => {
    // Wednesday 11 to Saturday 21 November: weeks of Mon 9, Mon 16 (clipped at both ends).
    const weeks = (await report("from=2026-11-11&to=2026-11-21&groupBy=week")).json();
    expect(weeks.periods.map((p: { start: string; end: string }) => [p.start, p.end])).toEqual([
      ["2026-11-11", "2026-11-15"],
      ["2026-11-16", "2026-11-21"],
    ]);
    expect(weeks.periods[0]).toMatchObject({ orders: 2, paidOrders: 0, revenue: 0, units: 2 });
    expect(weeks.periods[1]).toMatchObject({
      orders: 3,
      paidOrders: 3,
      revenue: 7598 + 899,
      units: 4,
    });

    const months = (await report("from=2026-10-01&to=2026-11-30&groupBy=month")).json();
    expect(months.periods).toEqual([
      { start: "2026-10-01", end: "2026-10-31", orders: 2, paidOrders: 2, revenue: 1798, units: 2 },
      {
        start: "2026-11-01",
        end: "2026-11-30",
        orders: 5,
        paidOrders: 3,
        revenue: 7598 + 899,
        units: 6,
      },
    ]);
  });

  it("ranks top products and categories by units, with their paid revenue", async () => {
    await order("2026-11-17T06:00:00Z", [{ productId: injected.id, quantity: 1 }], "pending");
    const body = (await report("from=2026-11-01&to=2026-11-21")).json();
    // Saree: 4 units in standing orders, one of them paid; kurta: 2 units, paid; the "formula"
    // product: 1 unit, unpaid; linen kurta: only a cancelled order that is still marked paid.
    expect(body.topProducts).toEqual([
      { productId: silkSaree.id, title: "Banarasi Silk Saree", units: 4, revenue: 4999 },
      { productId: kurta.id, title: "Cotton Kurta", units: 2, revenue: 2599 },
      { productId: injected.id, title: '=HYPERLINK("http://evil.example")', units: 1, revenue: 0 },
      { productId: lowKurta.id, title: "Linen Kurta", units: 0, revenue: 899 },
    ]);
    // The cotton kurta is in Kurtas and Sarees: it counts in both.
    expect(body.topCategories).toEqual([
      { categoryId: sarees.id, name: "Sarees", units: 6, revenue: 4999 + 2599 },
      { categoryId: kurtas.id, name: "Kurtas", units: 2, revenue: 2599 + 899 },
    ]);
  });

  it("refuses a bad range with a clear message and the field", async () => {
    const cases: Array<[string, string, string]> = [
      ["from=2026-11-21&to=2026-11-01", "to", STATS_MESSAGES.fromAfterTo],
      ["from=2025-01-01&to=2026-11-21&groupBy=day", "to", STATS_MESSAGES.dayRangeTooLong],
      ["from=2020-01-01&to=2026-11-21&groupBy=month", "to", STATS_MESSAGES.rangeTooLong],
      ["from=2026-11-01&to=2026-11-21&groupBy=year", "groupBy", STATS_MESSAGES.groupBy],
      ["from=2026-02-30&to=2026-11-21", "from", STATS_MESSAGES.badDate],
      ["from=21-11-2026&to=2026-11-21", "from", STATS_MESSAGES.badDate],
      ["to=2026-11-21", "from", STATS_MESSAGES.fromRequired],
    ];
    for (const [query, field, message] of cases) {
      const res = await report(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
      expect(res.json().errors?.[field], query).toBe(message);
    }
    // A whole year by day is fine; so are five years by week.
    expect((await report("from=2025-11-22&to=2026-11-21&groupBy=day")).statusCode).toBe(200);
    expect((await report("from=2021-11-22&to=2026-11-21&groupBy=week")).statusCode).toBe(200);
  });

  it("answers 401 to a guest and 403 to a shopper", async () => {
    expect((await report("from=2026-11-01&to=2026-11-21", "")).statusCode).toBe(401);
    expect((await report("from=2026-11-01&to=2026-11-21", shopper.cookie)).statusCode).toBe(403);
  });
});

describe("GET /api/admin/stats/sales-report.csv", () => {
  it("downloads the report as CSV: header row, periods, total, top lists, formulas defused", async () => {
    const res = await get(
      "/api/admin/stats/sales-report.csv?from=2026-11-20&to=2026-11-21&groupBy=day",
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="sales-report-2026-11-20-to-2026-11-21-by-day.csv"',
    );
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const lines = res.body.slice(1).split("\r\n");
    expect(lines.slice(0, 4)).toEqual([
      "Period start,Period end,Orders,Paid orders,Revenue (INR),Units",
      "2026-11-20,2026-11-20,0,0,0.00,0",
      "2026-11-21,2026-11-21,3,2,7598.00,4",
      "Total,,3,2,7598.00,4",
    ]);
    expect(lines).toContain("Top products,Units,Revenue (INR)");
    expect(lines).toContain("Banarasi Silk Saree,2,4999.00");
    expect(lines).toContain("Top categories,Units,Revenue (INR)");
    expect(lines).toContain("Sarees,4,7598.00");

    const wider = await get("/api/admin/stats/sales-report.csv?from=2026-11-17&to=2026-11-17");
    expect(wider.body).toContain(`"'=HYPERLINK(""http://evil.example"")",1,0.00`);
  });

  it("refuses a bad range with the JSON error, and refuses guests and shoppers", async () => {
    const bad = await get("/api/admin/stats/sales-report.csv?from=2026-11-21&to=2026-11-01");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: STATS_MESSAGES.fromAfterTo });
    const url = "/api/admin/stats/sales-report.csv?from=2026-11-01&to=2026-11-21";
    expect((await get(url, "")).statusCode).toBe(401);
    expect((await get(url, shopper.cookie)).statusCode).toBe(403);
  });

  it("defuses every formula start: = + - @ tab and carriage return", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(csvSafe(`${start}1+1`)).toBe(`'${start}1+1`);
    }
    expect(csvSafe("Silk Saree")).toBe("Silk Saree");
  });
});

describe("the OpenAPI document", () => {
  it("documents the three statistics routes, the report's query as parameters", async () => {
    const res = await app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        "/api/admin/stats/overview",
        "/api/admin/stats/sales-report",
        "/api/admin/stats/sales-report.csv",
      ]),
    );
    const names = paths["/api/admin/stats/sales-report"].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(names).toEqual(["from", "to", "groupBy"]);
  });
});
