/**
 * The activity history (issue #15, record 0050): the triggers log who changed what and why, and
 * GET /api/admin/activity reads it with filters and keyset pages. Runs on PGlite and PostgreSQL.
 */
import { ACTIVITY_MESSAGES, type ActivityEntry, type ActivityPage } from "@vastra/contracts";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCategory, createProduct, createUser, type TestUser } from "../../test/factories.ts";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";
import { activityLog, cartLines, storeSettings } from "../db/schema.ts";
import { indiaDayStart, sweepActivity, withActivityContext } from "../services/activity/index.ts";
import { cancelExpiredOrders, changeOrderStatus } from "../services/orders/index.ts";

const clock = createTestClock("2026-11-21T10:00:00Z");
const { app, database } = await buildTestApp({ clock });
const db = database.db;
const admin = await createUser(db, { name: "Asha Admin", isAdmin: true, now: clock() });
const kurtas = await createCategory(db, "Activity Kurtas");

async function activity(query: Record<string, string> = {}, cookie: string | null = admin.cookie) {
  const qs = new URLSearchParams(query).toString();
  return app.inject({
    method: "GET",
    url: `/api/admin/activity${qs ? `?${qs}` : ""}`,
    headers: cookie ? { cookie } : {},
  });
}

/** How many entries there are in all (the API's pages hold at most 100). */
async function logged(): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(activityLog);
  return Number(row!.n);
}

async function entriesOf(query: Record<string, string>): Promise<ActivityEntry[]> {
  const res = await activity({ limit: "100", ...query });
  expect(res.statusCode).toBe(200);
  return (res.json() as ActivityPage).entries;
}

function productBody(overrides: Record<string, unknown> = {}) {
  return {
    title: "Ikat Cotton Kurta",
    description: "Hand-woven ikat.",
    price: 1499,
    lowStockThreshold: 5,
    gender: "Women",
    sizes: ["S", "M"],
    sizeStock: [
      { size: "S", stock: 4 },
      { size: "M", stock: 6 },
    ],
    colors: ["Indigo"],
    categories: [kurtas.id],
    imageUrl: "/images/bbbbbbbbbbbbbbbbbbbbbbbb-w1280.webp",
    additionalImages: [],
    colorImages: [],
    isHero: false,
    ...overrides,
  };
}

async function adminCreatesProduct(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/products",
    payload: productBody(overrides),
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode).toBe(201);
  return res.json().product._id ?? res.json().product.id;
}

const ADDRESS_STRING = "12 MG Road, Flat 4B, Bengaluru, Karnataka, 560001, India";

/** A shopper orders 1 of size S and 2 of size M of a product (₹999 each, free shipping). */
async function shopperOrders(): Promise<{ shopper: TestUser; productId: string; orderId: string }> {
  const shopper = await createUser(db, { name: "Priya Sharma", now: clock() });
  const product = await createProduct(db, {
    price: 999,
    sizes: [
      { size: "S", stock: 5 },
      { size: "M", stock: 7 },
    ],
  });
  await db.insert(cartLines).values([
    { userId: shopper.id, productId: product.id, size: "S", quantity: 1, color: "" },
    { userId: shopper.id, productId: product.id, size: "M", quantity: 2, color: "" },
  ]);
  const res = await app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { cookie: shopper.cookie },
    payload: {
      user: {
        name: "Priya Sharma",
        email: "priya@example.in",
        phone: "98765 43210",
        address: ADDRESS_STRING,
      },
      items: [
        { productId: product.id, size: "S", quantity: 1 },
        { productId: product.id, size: "M", quantity: 2 },
      ],
      totalAmount: 2997,
      status: "pending",
    },
  });
  expect(res.statusCode).toBe(201);
  return { shopper, productId: product.id, orderId: res.json().order._id };
}

describe("the activity history records", () => {
  it("an admin's price edit: old and new price, the admin, 'admin edit'; unchanged fields not at all", async () => {
    const id = await adminCreatesProduct();
    const created = await entriesOf({ entityType: "product", entityId: id });
    expect(created.map((e) => [e.field, e.size, e.newValue])).toEqual([
      ["stock", "M", 6],
      ["stock", "S", 4],
      ["created", null, "Ikat Cotton Kurta"],
    ]);
    expect(created.every((e) => e.actor?.id === admin.id && e.reason === "admin edit")).toBe(true);

    const res = await app.inject({
      method: "PUT",
      url: `/api/admin/products/${id}`,
      payload: productBody({ price: 1299, title: "Ikat Kurta" }),
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    const [title, price] = await entriesOf({ entityType: "product", entityId: id, limit: "2" });
    expect(price).toMatchObject({
      field: "price_paise",
      oldValue: 149_900,
      newValue: 129_900,
      reason: "admin edit",
      actor: { id: admin.id, name: "Asha Admin" },
      entityLabel: "Ikat Kurta",
    });
    expect(title).toMatchObject({
      field: "title",
      oldValue: "Ikat Cotton Kurta",
      newValue: "Ikat Kurta",
    });
    // Stock, description, colours… kept: nothing more logged by the edit.
    expect(await entriesOf({ entityType: "product", entityId: id })).toHaveLength(5);
  });

  it("an admin's quick stock change: the size, old, new and the difference", async () => {
    const id = await adminCreatesProduct({ title: "Quick Stock Kurta" });
    const res = await app.inject({
      method: "PATCH",
      url: `/api/admin/products/${id}/stock`,
      payload: { operation: "add", stock: 3, size: "M" },
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    const [latest] = await entriesOf({ entityId: id, field: "stock" });
    expect(latest).toMatchObject({
      size: "M",
      oldValue: 6,
      newValue: 9,
      delta: 3,
      reason: "admin edit",
      actor: { id: admin.id },
    });
  });

  it("an order: each size's stock taken with reason 'order' and the shopper as actor", async () => {
    const { shopper, productId, orderId } = await shopperOrders();
    const stock = await entriesOf({ entityId: productId, reason: "order" });
    expect(stock.map((e) => [e.size, e.oldValue, e.newValue, e.delta])).toEqual([
      ["S", 5, 4, -1],
      ["M", 7, 5, -2],
    ]);
    expect(stock.every((e) => e.actor?.id === shopper.id)).toBe(true);
    const [placed] = await entriesOf({ entityType: "order", entityId: orderId });
    expect(placed).toMatchObject({ field: "created", reason: "order", actor: { id: shopper.id } });
    expect(placed!.entityLabel).toMatch(/^#\S+\d$/);
  });

  it("the shopper's cancellation: status and stock back with reason 'cancel'", async () => {
    const { shopper, productId, orderId } = await shopperOrders();
    const res = await app.inject({
      method: "PATCH",
      url: `/api/orders/${orderId}/cancel`,
      headers: { cookie: shopper.cookie },
    });
    expect(res.statusCode).toBe(200);
    const status = await entriesOf({ entityId: orderId, field: "status" });
    expect(status).toMatchObject([
      { oldValue: "pending", newValue: "cancelled", reason: "cancel", actor: { id: shopper.id } },
    ]);
    const back = await entriesOf({ entityId: productId, reason: "cancel" });
    expect(back.map((e) => [e.size, e.delta])).toEqual([
      ["S", 1],
      ["M", 2],
    ]);
  });

  it("the automatic cancel of an order left pending: 'cancel' by the system", async () => {
    const { productId, orderId } = await shopperOrders();
    const later = new Date(clock().getTime() + 72 * 60 * 60 * 1000);
    const cancelled = await cancelExpiredOrders({
      db,
      clock: () => later,
      publicUrl: "https://vastra.example",
      expiryHours: 48,
    });
    expect(cancelled).toBeGreaterThanOrEqual(1);
    const [status] = await entriesOf({ entityId: orderId, field: "status" });
    expect(status).toMatchObject({ newValue: "cancelled", reason: "cancel", actor: null });
    expect(await entriesOf({ entityId: productId, reason: "cancel" })).toHaveLength(2);
  });

  it("the admin's status, payment and notes changes, with the admin as actor", async () => {
    const { orderId } = await shopperOrders();
    const status = await app.inject({
      method: "PATCH",
      url: `/api/orders/${orderId}/status`,
      payload: { status: "confirmed", paymentStatus: "paid", paymentMethod: "google_pay" },
      headers: { cookie: admin.cookie },
    });
    expect(status.statusCode, status.body).toBe(200);
    const notes = await app.inject({
      method: "PATCH",
      url: `/api/orders/${orderId}/notes`,
      payload: { notes: "Call before delivery" },
      headers: { cookie: admin.cookie },
    });
    expect(notes.statusCode).toBe(200);
    const changes = await entriesOf({ entityType: "order", entityId: orderId });
    const byField = Object.fromEntries(changes.map((e) => [e.field, e]));
    expect(byField.status).toMatchObject({ oldValue: "pending", newValue: "confirmed" });
    expect(byField.payment_status).toMatchObject({ oldValue: "pending", newValue: "paid" });
    expect(byField.payment_method).toMatchObject({ newValue: "google_pay" });
    expect(byField.notes).toMatchObject({ oldValue: "", newValue: "Call before delivery" });
    for (const field of ["status", "payment_status", "payment_method", "notes"]) {
      expect(byField[field]).toMatchObject({ actor: { id: admin.id }, reason: "admin edit" });
    }
  });

  it("a return (RTO): the goods back in stock with reason 'return' and the admin", async () => {
    const { productId, orderId } = await shopperOrders();
    const deps = { db, publicUrl: "https://vastra.example" };
    const actor = { id: admin.id, name: "Asha Admin" };
    await changeOrderStatus(deps, { orderId, status: "shipped", actor, quiet: true });
    await changeOrderStatus(deps, { orderId, status: "returned", actor, quiet: true });
    const back = await entriesOf({ entityId: productId, reason: "return" });
    expect(back.map((e) => [e.size, e.delta, e.actor?.id])).toEqual([
      ["S", 1, admin.id],
      ["M", 2, admin.id],
    ]);
    const [status] = await entriesOf({ entityId: orderId, field: "status" });
    expect(status).toMatchObject({ oldValue: "shipped", newValue: "returned", reason: "return" });
  });

  it("a settings change key by key, and the context the CSV import and returns will set", async () => {
    await db.transaction(async (tx) => {
      await withActivityContext(tx, { actorId: admin.id, reason: "import" });
      await tx.insert(storeSettings).values({ id: 1, data: {} }).onConflictDoNothing();
      await tx
        .update(storeSettings)
        .set({ data: sql`${storeSettings.data} || '{"storeName":"Vastra Activity Test"}'::jsonb` })
        .where(eq(storeSettings.id, 1));
    });
    const [entry] = await entriesOf({
      entityType: "settings",
      entityId: "store",
      field: "storeName",
    });
    expect(entry).toMatchObject({
      newValue: "Vastra Activity Test",
      reason: "import",
      actor: { id: admin.id },
      entityLabel: "Store settings",
    });
    await expect(withActivityContext(db, { reason: "gift" as never })).rejects.toThrow(/reason/);
  });
});

describe("coupons in the activity history", () => {
  it("an admin's coupon made and edited: each field old and new, never the count of uses", async () => {
    const made = await app.inject({
      method: "POST",
      url: "/api/admin/coupons",
      headers: { cookie: admin.cookie },
      payload: { code: "HISTORY-10", kind: "percent", percent: 10 },
    });
    expect(made.statusCode).toBe(201);
    const id = (made.json() as { coupon: { _id: string } }).coupon._id;
    const edited = await app.inject({
      method: "PUT",
      url: `/api/admin/coupons/${id}`,
      headers: { cookie: admin.cookie },
      payload: { code: "HISTORY-10", kind: "percent", percent: 15 },
    });
    expect(edited.statusCode).toBe(200);
    const entries = await entriesOf({ entityType: "coupon", entityId: id });
    expect(entries.map((e) => [e.field, e.oldValue, e.newValue])).toEqual([
      ["percent", 10, 15],
      ["created", null, "HISTORY-10"],
    ]);
    expect(entries.every((e) => e.actor?.id === admin.id && e.reason === "admin edit")).toBe(true);
  });
});

describe("settings screens in the activity history", () => {
  it("the delivery settings an admin saves are logged as theirs, key by key", async () => {
    const current = await app.inject({
      method: "GET",
      url: "/api/admin/delivery/settings",
      headers: { cookie: admin.cookie },
    });
    const settings = current.json<Record<string, unknown>>();
    const saved = await app.inject({
      method: "PUT",
      url: "/api/admin/delivery/settings",
      headers: { cookie: admin.cookie },
      payload: { ...settings, returnWindowDays: 12 },
    });
    expect(saved.statusCode).toBe(200);
    const [entry] = await entriesOf({ entityType: "settings", field: "returnWindowDays" });
    expect(entry).toMatchObject({
      newValue: 12,
      reason: "admin edit",
      actor: { id: admin.id },
    });
  });
});

describe("GET /api/admin/activity", () => {
  it("is for admins only", async () => {
    const shopper = await createUser(db, { now: clock() });
    expect((await activity({}, shopper.cookie)).statusCode).toBe(403);
    expect((await activity({}, null)).statusCode).toBe(401);
  });

  it("pages newest first with a cursor, without gaps or repeats", async () => {
    const all = await entriesOf({});
    expect(all.length).toBeGreaterThan(6);
    const ids = all.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 3; i++) {
      const res = await activity({ limit: "2", ...(cursor ? { cursor } : {}) });
      const page = res.json() as ActivityPage;
      expect(page.entries).toHaveLength(2);
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(all.slice(0, 6).map((e) => e.id));
  });

  it("filters by actor, reason, field and India dates", async () => {
    const mine = await entriesOf({ actorId: admin.id });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.actor?.id === admin.id)).toBe(true);
    const prices = await entriesOf({ field: "price_paise", reason: "admin edit" });
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((e) => e.field === "price_paise")).toBe(true);

    // The rows carry the database's time: today in India holds them, a past week none.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    const total = await logged();
    let counted = 0;
    let cursor: string | null = null;
    do {
      const res = await activity({ from: today, to: today, ...(cursor ? { cursor } : {}) });
      const page = res.json() as ActivityPage;
      counted += page.entries.length;
      cursor = page.nextCursor;
    } while (cursor);
    expect(counted).toBe(total);
    expect(await entriesOf({ from: "2020-01-01", to: "2020-01-07" })).toEqual([]);
    expect(indiaDayStart("2026-11-21").toISOString()).toBe("2026-11-20T18:30:00.000Z");
  });

  it("refuses bad filters with a clear message", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ reason: "gift" }, ACTIVITY_MESSAGES.reason],
      [{ entityType: "user" }, ACTIVITY_MESSAGES.entityType],
      [{ actorId: "admin" }, ACTIVITY_MESSAGES.actorId],
      [{ from: "21/11/2026" }, ACTIVITY_MESSAGES.date],
      [{ from: "2026-11-22", to: "2026-11-21" }, ACTIVITY_MESSAGES.range],
      [{ cursor: "abc" }, ACTIVITY_MESSAGES.cursor],
      [{ field: "price; drop" }, ACTIVITY_MESSAGES.field],
    ];
    for (const [query, message] of cases) {
      const res = await activity(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe("retention", () => {
  it("the sweep deletes entries older than 400 days and keeps the rest", async () => {
    const old = new Date(Date.now() - 401 * 24 * 60 * 60 * 1000);
    await db.insert(activityLog).values({
      at: old,
      entityType: "product",
      entityId: "retention-test",
      field: "price_paise",
      oldValue: 1,
      newValue: 2,
    });
    const before = await logged();
    expect(await sweepActivity(db, new Date())).toBe(1);
    expect(await entriesOf({ entityId: "retention-test" })).toEqual([]);
    expect(await logged()).toBe(before - 1);
  });
});
