/**
 * Issue #12 over HTTP: the per-shopper limits answer 409/429 with what to do (defect 7), a total
 * past ₹2.15 crore (2^31 paise) is an ordinary order everywhere it shows (defect 10), and an
 * absurd client total is a 400.
 */

import { describe, expect, it } from "vitest";
import { createProduct, createUser, type TestUser } from "../../test/factories.ts";
import { buildTestApp, createTestClock, testConfig } from "../../test/helpers.ts";
import { DEFAULT_ORDER_LIMITS } from "../services/orders/limits.ts";

const clock = createTestClock("2026-11-21T10:00:00Z");
const { app, database } = await buildTestApp({
  clock,
  config: {
    // The crore order below needs room; the limits themselves are the settings under test.
    orderLimits: { ...DEFAULT_ORDER_LIMITS, pendingUnits: 1000, placementsPerHour: 4 },
  },
});
const db = database.db;

const address = {
  name: "Meera Iyer",
  email: "meera@example.in",
  phone: "9876543210",
  address: "12 MG Road, Bengaluru, Karnataka, 560001, India",
};

async function addToCart(user: TestUser, productId: string, quantity: number) {
  const res = await app.inject({
    method: "POST",
    url: "/api/cart/add",
    headers: { cookie: user.cookie },
    payload: { productId, size: "M", quantity },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const place = (user: TestUser, items: object[], totalAmount: unknown) =>
  app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { cookie: user.cookie },
    // Items under ₹999 pay the default ₹99 shipping (record 0036).
    payload: {
      user: address,
      items,
      totalAmount:
        typeof totalAmount === "number" && totalAmount > 0 && totalAmount < 999
          ? totalAmount + 99
          : totalAmount,
    },
  });

const as = (user: TestUser, method: "GET" | "PATCH", url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

describe("the settings", () => {
  it("default to 3 pending orders, 20 units, 48 hours, 10 orders and 10 e-mails an hour", () => {
    expect(testConfig().orderLimits).toEqual({
      pendingOrders: 3,
      pendingUnits: 20,
      pendingExpiryHours: 48,
      placementsPerHour: 10,
      mailsPerHour: 10,
      // The admin's change e-mails wait this long, undoable (record 0039).
      mailHoldSeconds: 15,
    });
  });
});

describe("limits over HTTP", () => {
  it("answers 409 with what to do past the pending orders, and 429 past the hourly placements", async () => {
    const shopper = await createUser(db, { now: clock() });
    const product = await createProduct(db, { price: 500, sizes: [{ size: "M", stock: 50 }] });
    const items = [{ productId: product.id, size: "M", quantity: 1 }];
    for (let i = 0; i < 3; i++) {
      await addToCart(shopper, product.id, 1);
      expect((await place(shopper, items, 500)).statusCode).toBe(201);
    }
    await addToCart(shopper, product.id, 1);
    const pending = await place(shopper, items, 500);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(
      "You already have 3 orders waiting for confirmation. Please wait for the store to confirm them or cancel one before ordering again.",
    );

    // Cancelling makes room for one more pending order; the refused attempt did not count
    // towards the 4 placements an hour, and after the fourth the fifth is refused.
    const mine = (await as(shopper, "GET", "/api/orders/my-orders")).json();
    await as(shopper, "PATCH", `/api/orders/${mine[0]._id}/cancel`);
    expect((await place(shopper, items, 500)).statusCode).toBe(201);
    await as(shopper, "PATCH", `/api/orders/${mine[1]._id}/cancel`);
    await addToCart(shopper, product.id, 1);
    const hourly = await place(shopper, items, 500);
    expect(hourly.statusCode).toBe(429);
    expect(hourly.json().message).toBe(
      "You have placed 4 orders in the last hour. Please wait a while before placing another, or contact us if you need help with a large order.",
    );
    expect(Number(hourly.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("refuses an absurd or non-numeric total with a 400", async () => {
    const shopper = await createUser(db, { now: clock() });
    const product = await createProduct(db, { price: 500, sizes: [{ size: "M", stock: 5 }] });
    await addToCart(shopper, product.id, 1);
    const items = [{ productId: product.id, size: "M", quantity: 1 }];
    for (const total of [1e308, "NaN", "Infinity", null, -1]) {
      const res = await place(shopper, items, total);
      expect(res.statusCode, String(total)).toBe(400);
      expect(res.json().message).toBe("Please review your order total");
    }
    // 1e999 is a valid JSON number that no double holds.
    const raw = await app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { cookie: shopper.cookie, "content-type": "application/json" },
      payload: `{"user":${JSON.stringify(address)},"items":${JSON.stringify(items)},"totalAmount":1e999}`,
    });
    expect(raw.statusCode).toBe(400);
    expect((await as(shopper, "GET", "/api/orders/my-orders")).json()).toEqual([]);
  });
});

describe("an order past ₹2.15 crore", () => {
  it("is placed, read, paid and counted in the stats like any other", async () => {
    const admin = await createUser(db, { isAdmin: true, now: clock() });
    const product = await createProduct(db, {
      title: "Heirloom Kanjivaram Saree",
      price: 99_999,
      sizes: [{ size: "M", stock: 300 }],
    });
    // 216 × ₹99,999 = ₹2,15,99,784: 2,159,978,400 paise, past 2^31 - 1.
    await addToCart(admin, product.id, 216);
    const placed = await place(
      admin,
      [{ productId: product.id, size: "M", quantity: 216 }],
      21_599_784,
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    expect(order.totalAmount).toBe(21_599_784);

    const read = await as(admin, "GET", `/api/orders/${order._id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().totalAmount).toBe(21_599_784);

    const paid = await as(admin, "PATCH", `/api/orders/${order._id}/status`, {
      status: "confirmed",
      paymentStatus: "paid",
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().order.totalAmount).toBe(21_599_784);

    const list = await as(admin, "GET", `/api/orders/admin/all?search=${order.orderNumber}`);
    expect(list.json()[0].totalAmount).toBe(21_599_784);
    const stats = await as(admin, "GET", "/api/orders/admin/stats");
    expect(stats.json().revenue).toBe(21_599_784);

    const overview = await as(admin, "GET", "/api/admin/stats/overview");
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json().revenue.total).toBe(21_599_784);
    const day = "2026-11-21";
    const report = await as(admin, "GET", `/api/admin/stats/sales-report?from=${day}&to=${day}`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().totals.revenue).toBe(21_599_784);
    expect(report.json().topProducts[0]).toMatchObject({ units: 216, revenue: 21_599_784 });

    const bill = await as(admin, "GET", `/api/orders/${order._id}/bill.pdf`);
    expect(bill.statusCode).toBe(200);
  });
});
