/*
 * ┌──────────────────────────────────────────────────────────────────────────────────────────────┐
 * │ THE AUTHORIZATION MATRIX (decisions.md §8: every admin call answers 401 to a guest and 403   │
 * │ to a shopper, on the server).                                                                │
 * │                                                                                              │
 * │ ADDING AN ADMIN ROUTE (config: { auth: "admin" })? ADD ONE ROW TO `ROWS` BELOW, one line:    │
 * │   { route: "PATCH /api/orders/:id/notes", url: (f) => `/api/orders/${f.order.id}/notes`,     │
 * │     body: () => ({ notes: "Fragile" }), admin: 200 },                                        │
 * │ - route: the method and the path exactly as registered (with its :params);                  │
 * │ - url: the real address to call (default: the route's path; query strings go here);          │
 * │ - body / multipart / headers: what a real admin would send — a call that WOULD change         │
 * │   something, so "nothing changed" after the refused calls means something;                   │
 * │ - admin: the status an admin gets for that same call.                                        │
 * │ Fixtures (`f`) are made once in beforeAll; add one there if your row needs a new record.      │
 * │ A registered admin route without a row fails with its name; a row for a route that is not    │
 * │ registered (or not admin-only) fails too.                                                    │
 * └──────────────────────────────────────────────────────────────────────────────────────────────┘
 *
 * For each row: the guest's call must answer 401 and the shopper's 403, and after both the whole
 * database (every table's rows, but the sessions' sliding expiry) and the files under DATA_DIR are
 * exactly as before. Then the admin's call must answer `admin`.
 *
 * The admin routes are collected as they are registered: an onRoute hook is added to the Fastify
 * instance the moment buildApp creates it (vi.mock wraps the fastify factory for this file only;
 * the test helpers, which the setup file has already loaded with the real fastify, are loaded
 * afresh after vi.resetModules so that the app is built with the wrapped factory).
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createCategory,
  createOrder,
  createProduct,
  createReview,
  createUser,
  type TestUser,
} from "../../test/factories.ts";
import { rowsOf } from "../db/client.ts";
import { advertisements, newsletterCampaigns, newsletterSubscribers } from "../db/schema.ts";
import { multipart, newSession, testImage } from "../services/uploads/test-support.ts";

const registered = vi.hoisted(() => [] as Array<{ method: string; url: string; auth?: string }>);

vi.mock("fastify", async (importOriginal) => {
  const original = await importOriginal<typeof import("fastify")>();
  const create = original.default as unknown as (...args: unknown[]) => FastifyInstance;
  const factory = ((...args: unknown[]) => {
    const app = create(...args);
    app.addHook("onRoute", (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        registered.push({ method, url: route.url, auth: route.config?.auth });
      }
    });
    return app;
  }) as unknown as typeof original.default;
  return { ...original, default: factory, fastify: factory };
});

// ---------------------------------------------------------------- the rows

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Fixtures = Awaited<ReturnType<typeof makeFixtures>>;
type Row = {
  /** "METHOD /api/path/:param", as registered. */
  route: `${Method} /api/${string}`;
  /** The address to call; default: the route's path (only for routes without params). */
  url?: (f: Fixtures) => string;
  /** A JSON body. */
  body?: (f: Fixtures) => unknown;
  /** A multipart body with one image (uploads). */
  multipart?: true;
  headers?: (f: Fixtures) => Record<string, string>;
  /** What an admin gets. */
  admin: number;
};

// biome-ignore format: one row per line, so each route is one line to add or review
const ROWS: Row[] = [
  // ---- statistics (issue 6, H4)
  { route: "GET /api/admin/stats/overview", admin: 200 },
  { route: "GET /api/admin/stats/sales-report", url: () => "/api/admin/stats/sales-report?from=2026-11-01&to=2026-11-21&groupBy=week", admin: 200 },
  { route: "GET /api/admin/stats/sales-report.csv", url: () => "/api/admin/stats/sales-report.csv?from=2026-11-01&to=2026-11-21", admin: 200 },
  // ---- orders and the shipping bill (issue 6, H5)
  { route: "GET /api/orders/admin/all", url: () => "/api/orders/admin/all?search=VST&status=pending&page=1", admin: 200 },
  { route: "GET /api/orders/admin/stats", admin: 200 },
  // Shipped needs courier and AWB, paid a method (issue 16, record 0039).
  { route: "PATCH /api/orders/:id/status", url: (f) => `/api/orders/${f.order.id}/status`, body: () => ({ status: "shipped", paymentStatus: "paid", paymentMethod: "upi", courier: "Delhivery", trackingNumber: "DL-1234567" }), admin: 200 },
  // No such change to undo: the admin hears 404 after the admin check (issue 16).
  { route: "POST /api/orders/:id/status/undo", url: (f) => `/api/orders/${f.order.id}/status/undo`, body: () => ({ eventId: "0b9e0b7e-7c39-4a57-9d7f-5b2f7c1e4a11" }), admin: 404 },
  { route: "GET /api/admin/couriers", admin: 200 },
  { route: "PUT /api/admin/couriers", body: () => ({ couriers: [{ name: "Delhivery", trackingUrl: "https://www.delhivery.com/track/package/{awb}" }, { name: "India Post", trackingUrl: "" }] }), admin: 200 },
  { route: "PATCH /api/orders/:id/notes", url: (f) => `/api/orders/${f.order.id}/notes`, body: () => ({ notes: "Fragile: handle with care" }), admin: 200 },
  // An order without a COD fee: the admin is refused (400) after the admin check (issue 14).
  { route: "POST /api/orders/:id/cod-fee/waive", url: (f) => `/api/orders/${f.order.id}/cod-fee/waive`, admin: 400 },
  { route: "GET /api/orders/:id/bill.pdf", url: (f) => `/api/orders/${f.order.id}/bill.pdf`, admin: 200 },
  // ---- categories (issue 6, H6)
  { route: "GET /api/admin/categories", admin: 200 },
  { route: "POST /api/categories", body: () => ({ name: "Matrix Dupattas" }), admin: 201 },
  { route: "PUT /api/categories/:id", url: (f) => `/api/categories/${f.category.id}`, body: () => ({ name: "Matrix Sarees" }), admin: 200 },
  { route: "DELETE /api/categories/:id", url: (f) => `/api/categories/${f.categoryToDelete.id}`, admin: 200 },
  // ---- coupons (issue 15, record 0047); an unknown coupon id is the admin's 404
  { route: "GET /api/admin/coupons", admin: 200 },
  { route: "GET /api/admin/coupons/:id", url: () => "/api/admin/coupons/0b9e0b7e-7c39-4a57-9d7f-5b2f7c1e4a11", admin: 404 },
  { route: "POST /api/admin/coupons", body: () => ({ code: "MATRIX-10", kind: "percent", percent: 10 }), admin: 201 },
  { route: "PUT /api/admin/coupons/:id", url: () => "/api/admin/coupons/0b9e0b7e-7c39-4a57-9d7f-5b2f7c1e4a11", body: () => ({ code: "MATRIX-20", kind: "percent", percent: 20 }), admin: 404 },
  { route: "POST /api/admin/coupons/:id/deactivate", url: () => "/api/admin/coupons/0b9e0b7e-7c39-4a57-9d7f-5b2f7c1e4a11/deactivate", admin: 404 },
  { route: "DELETE /api/admin/coupons/:id", url: () => "/api/admin/coupons/0b9e0b7e-7c39-4a57-9d7f-5b2f7c1e4a11", admin: 404 },
  // ---- reviews (issue 6, H6)
  { route: "GET /api/reviews/admin/reviews", url: () => "/api/reviews/admin/reviews?sort=lowest-rating", admin: 200 },
  // Hiding and the store's reply (issue 16, record 0042); the reply is set, then removed.
  { route: "PUT /api/reviews/:id/visibility", url: (f) => `/api/reviews/${f.review.id}/visibility`, body: () => ({ hidden: true }), admin: 200 },
  { route: "PUT /api/reviews/:id/reply", url: (f) => `/api/reviews/${f.review.id}/reply`, body: () => ({ reply: "Thank you, we have passed this on to our tailors." }), admin: 200 },
  { route: "DELETE /api/reviews/:id/reply", url: (f) => `/api/reviews/${f.review.id}/reply`, admin: 200 },
  // ---- advertisements (issue 7, H6)
  { route: "GET /api/admin/advertisements", admin: 200 },
  { route: "POST /api/admin/advertisements", body: (f) => ({ title: "Matrix Sale", imageUrl: f.adImageUrl, targetPage: "home" }), admin: 201 },
  { route: "PUT /api/admin/advertisements/:id", url: (f) => `/api/admin/advertisements/${f.ad.id}`, body: (f) => ({ title: "Matrix Festive Edit", imageUrl: f.ad.imageUrl, targetPage: "home", priority: 2 }), admin: 200 },
  { route: "PATCH /api/admin/advertisements/:id/toggle", url: (f) => `/api/admin/advertisements/${f.ad.id}/toggle`, body: () => ({ isActive: false }), admin: 200 },
  { route: "DELETE /api/admin/advertisements/:id", url: (f) => `/api/admin/advertisements/${f.adToDelete.id}`, admin: 200 },
  // ---- products and stock (issue 7, H7)
  { route: "GET /api/admin/products", url: () => "/api/admin/products?stock=low-stock", admin: 200 },
  { route: "GET /api/admin/products/:id", url: (f) => `/api/admin/products/${f.product.id}`, admin: 200 },
  { route: "POST /api/admin/products", body: (f) => f.productBody("Matrix Kurta"), admin: 201 },
  { route: "PUT /api/admin/products/:id", url: (f) => `/api/admin/products/${f.product.id}`, body: (f) => f.productBody("Matrix Silk Kurta"), admin: 200 },
  { route: "PATCH /api/admin/products/:id/stock", url: (f) => `/api/admin/products/${f.product.id}/stock`, body: () => ({ stock: 5, operation: "add", size: "M" }), admin: 200 },
  { route: "DELETE /api/admin/products/:id", url: (f) => `/api/admin/products/${f.productToDelete.id}`, admin: 200 },
  // ---- bulk catalogue (issue 15, record 0049); the import's multipart has no CSV: the admin gets its 400
  { route: "GET /api/admin/products/export.csv", url: () => "/api/admin/products/export.csv?stock=low-stock", admin: 200 },
  { route: "POST /api/admin/products/import", url: () => "/api/admin/products/import?dryRun=false", multipart: true, admin: 400 },
  { route: "GET /api/admin/orders/export.csv", url: () => "/api/admin/orders/export.csv?from=2026-11-01&to=2026-11-21", admin: 200 },
  // ---- size charts (issue 15, record 0046)
  { route: "GET /api/admin/categories/:id/size-chart", url: (f) => `/api/admin/categories/${f.category.id}/size-chart`, admin: 200 },
  { route: "PUT /api/admin/categories/:id/size-chart", url: (f) => `/api/admin/categories/${f.category.id}/size-chart`, body: () => ({ chart: { columns: ["Bust"], rows: [{ size: "M", values: [96] }] } }), admin: 200 },
  { route: "DELETE /api/admin/categories/:id/size-chart", url: (f) => `/api/admin/categories/${f.category.id}/size-chart`, admin: 200 },
  { route: "GET /api/admin/products/:id/size-chart", url: (f) => `/api/admin/products/${f.product.id}/size-chart`, admin: 200 },
  { route: "PUT /api/admin/products/:id/size-chart", url: (f) => `/api/admin/products/${f.product.id}/size-chart`, body: () => ({ chart: { columns: ["Chest"], rows: [{ size: "M", values: [102] }] } }), admin: 200 },
  { route: "DELETE /api/admin/products/:id/size-chart", url: (f) => `/api/admin/products/${f.product.id}/size-chart`, admin: 200 },
  // ---- activity history (issue 15, record 0050)
  { route: "GET /api/admin/activity", url: () => "/api/admin/activity?entityType=product", admin: 200 },
  // ---- returns and exchanges (issue 15, record 0048); an unknown request is the admin's 404
  { route: "GET /api/admin/returns", url: () => "/api/admin/returns?status=requested", admin: 200 },
  { route: "PATCH /api/admin/returns/:id", url: () => "/api/admin/returns/0b9e0b7e-7c39-4a57-9d7f-5b2f7c1e4a11", body: () => ({ action: "approve" }), admin: 404 },
  // ---- uploads (issue 7, H7)
  { route: "POST /api/admin/products/upload/temp/product-image", multipart: true, headers: (f) => ({ "x-session-id": f.session }), admin: 201 },
  { route: "POST /api/admin/products/upload/temp/hero-image", multipart: true, headers: (f) => ({ "x-session-id": f.session }), admin: 201 },
  { route: "POST /api/admin/products/upload/temp/additional-image", multipart: true, headers: (f) => ({ "x-session-id": f.session }), admin: 201 },
  { route: "POST /api/admin/products/upload/temp/color-image", multipart: true, headers: (f) => ({ "x-session-id": f.session }), admin: 201 },
  { route: "POST /api/admin/advertisements/upload/temp", multipart: true, headers: (f) => ({ "x-session-id": f.session }), admin: 201 },
  { route: "DELETE /api/admin/products/upload/delete-image", body: (f) => ({ imageUrl: f.tempImageUrl }), headers: (f) => ({ "x-session-id": f.tempSession }), admin: 200 },
  { route: "POST /api/admin/products/cleanup-session", body: (f) => ({ sessionId: f.cleanupSession }), admin: 200 },
  // ---- newsletter (issue 7, H8)
  { route: "GET /api/newsletter/subscribers", url: () => "/api/newsletter/subscribers?status=subscribed&page=1", admin: 200 },
  { route: "DELETE /api/newsletter/subscribers/:id", url: (f) => `/api/newsletter/subscribers/${f.subscriber.id}`, admin: 200 },
  { route: "GET /api/newsletter/export", url: () => "/api/newsletter/export?status=subscribed", admin: 200 },
  { route: "GET /api/newsletter/settings", admin: 200 },
  { route: "PUT /api/newsletter/settings", body: () => ({ companyName: "Vastra Matrix", primaryColor: "#112233" }), admin: 200 },
  { route: "POST /api/newsletter/preview-modern", body: () => newsletterTemplate(), admin: 200 },
  { route: "POST /api/newsletter/send-modern", body: () => newsletterTemplate(), admin: 202 },
  { route: "GET /api/newsletter/campaigns", admin: 200 },
  { route: "GET /api/newsletter/campaigns/:id", url: (f) => `/api/newsletter/campaigns/${f.campaign.id}`, admin: 200 },
  { route: "POST /api/newsletter/send-test", body: () => newsletterTemplate(), admin: 202 },
  // ---- GST tax settings (issue 14, record 0037)
  { route: "GET /api/admin/tax/settings", admin: 200 },
  { route: "PUT /api/admin/tax/settings", body: () => ({ legalName: "Vastra Matrix Private Limited", address: { line1: "12 Residency Road", line2: "", city: "Bengaluru", state: "Karnataka", pincode: "560025" }, gstin: "29AAACV1234F1ZL" }), admin: 200 },
  // ---- delivery by PIN code (issue 14)
  { route: "GET /api/admin/delivery/settings", admin: 200 },
  { route: "PUT /api/admin/delivery/settings", body: () => ({ cutoffHour: 15, handlingDays: 1, defaultTransitDays: 4, serveUnlistedPins: true, codForUnlistedPins: false, holidays: [{ date: "2026-12-25", name: "Christmas" }] }), admin: 200 },
  { route: "GET /api/admin/delivery/zones", url: () => "/api/admin/delivery/zones?prefix=56&page=1", admin: 200 },
  { route: "POST /api/admin/delivery/zones/import", body: () => ({ csv: "pin,zone,transit_days,cod\n560001,Metro,2,y\n", mode: "merge" }), admin: 200 },
];

/** A newsletter a real admin would send. */
function newsletterTemplate() {
  return {
    subject: "The festive edit is here",
    mainTitle: "Festive Edit 2026",
    description: "Handwoven sarees and kurtas for the season.",
    buttonText: "SHOP NOW",
    buttonUrl: "/products",
  };
}

// ---------------------------------------------------------------- the app and its fixtures

vi.resetModules();
const helpers = await import("../../test/helpers.ts");
// This fresh copy of the helpers keeps its own list of cleanups: run them at the end of the file.
afterAll(() => helpers.runCleanups());
const clock = helpers.createTestClock("2026-11-21T10:00:00Z");
const { app, database, config } = await helpers.buildTestApp({ clock });
const db = database.db;

let admin: TestUser;
let shopper: TestUser;
let f: Fixtures;

async function uploadAs(cookie: string, session: string): Promise<string> {
  const body = multipart(await testImage("png"));
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/advertisements/upload/temp",
    headers: { ...body.headers, cookie, "x-session-id": session },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url as string;
}

async function makeFixtures(adminCookie: string, shopperId: string) {
  const category = await createCategory(db, "Matrix Kurtas");
  const categoryToDelete = await createCategory(db, "Matrix Lehengas");
  const product = await createProduct(db, {
    title: "Matrix Cotton Kurta",
    categories: [category.id],
    sizes: [{ size: "M", stock: 4 }],
  });
  const productToDelete = await createProduct(db, { title: "Matrix Old Stock" });
  const review = await createReview(db, { productId: product.id, userId: shopperId, rating: 2 });
  const order = await createOrder(db, { userId: shopperId, items: [{ productId: product.id }] });
  // Two: one is deleted by its row, the other still gets the newsletter of send-modern's row.
  const [subscriber] = await db
    .insert(newsletterSubscribers)
    .values([{ email: "matrix.subscriber@example.in" }, { email: "matrix.reader@example.in" }])
    .returning();
  const adImageUrl = await uploadAs(adminCookie, newSession());
  const [ad, adToDelete] = await db
    .insert(advertisements)
    .values([
      { title: "Matrix Banner", imageUrl: await uploadAs(adminCookie, newSession()) },
      { title: "Matrix Old Banner", imageUrl: await uploadAs(adminCookie, newSession()) },
    ])
    .returning();
  const [campaign] = await db
    .insert(newsletterCampaigns)
    .values({ subject: "Matrix news", template: newsletterTemplate(), status: "sent" })
    .returning();
  const tempSession = newSession();
  const tempImageUrl = await uploadAs(adminCookie, tempSession);
  const cleanupSession = newSession();
  await uploadAs(adminCookie, cleanupSession);
  const productImageUrl = await uploadAs(adminCookie, newSession());
  return {
    review,
    category,
    categoryToDelete,
    product,
    productToDelete,
    order,
    subscriber: subscriber!,
    campaign: campaign!,
    ad: ad!,
    adToDelete: adToDelete!,
    adImageUrl,
    session: newSession(),
    tempSession,
    tempImageUrl,
    cleanupSession,
    productBody: (title: string) => ({
      title,
      description: "Soft cotton, block printed.",
      price: 1499,
      gender: "Unisex",
      sizes: ["M"],
      sizeStock: [{ size: "M", stock: 6 }],
      categories: [category.id],
      imageUrl: productImageUrl,
    }),
  };
}

// ---------------------------------------------------------------- no side effects

/** Every table's rows (hashed), but the sessions' (their expiry slides on every signed-in call). */
async function databaseFingerprint(): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sqlText(`select table_name as name from information_schema.tables
               where table_schema = 'public' and table_type = 'BASE TABLE'
                 and table_name <> 'user_sessions' order by 1`),
    ),
  ).map((t) => t.name);
  const columns = tables
    .map(
      (name) =>
        `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from "${name}" t) as "${name}"`,
    )
    .join(", ");
  const [row] = rowsOf<Record<string, string>>(await db.execute(sqlText(`select ${columns}`)));
  return row ?? {};
}

/** Every file under DATA_DIR with its size. */
function filesFingerprint(dir = config.dataDir): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(`${path.relative(dir, full)}:${statSync(full).size}`);
    }
  };
  walk(dir);
  return out.sort();
}

const sqlText = (text: string) => sql.raw(text);

// ---------------------------------------------------------------- calling a row

async function call(row: Row, cookie: string | null) {
  const [method, pattern] = row.route.split(" ") as [Method, string];
  const url = row.url ? row.url(f) : pattern;
  const headers: Record<string, string> = { ...(row.headers?.(f) ?? {}) };
  if (cookie) headers.cookie = cookie;
  let payload: string | Buffer | undefined;
  if (row.multipart) {
    const body = multipart(await testImage("png"));
    Object.assign(headers, body.headers);
    payload = body.payload;
  } else if (row.body) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(row.body(f));
  }
  return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}

// ---------------------------------------------------------------- the tests

const adminRoutes = () =>
  registered
    .filter((r) => r.auth === "admin" && r.method !== "HEAD")
    .map((r) => `${r.method} ${r.url}`);

beforeAll(async () => {
  admin = await createUser(db, { isAdmin: true, name: "Matrix Admin", now: clock() });
  shopper = await createUser(db, { name: "Matrix Shopper", now: clock() });
  f = await makeFixtures(admin.cookie, shopper.id);
});

describe("the authorization matrix", () => {
  it("has exactly one row for every admin-only route", () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(0);
    const rows = ROWS.map((r) => r.route);
    const missing = routes.filter((r) => !rows.includes(r as Row["route"]));
    const unknown = rows.filter((r) => !routes.includes(r));
    const twice = rows.filter((r, i) => rows.indexOf(r) !== i);
    expect(missing, "admin routes without a row in ROWS").toEqual([]);
    expect(unknown, "rows for routes that are not registered as admin-only").toEqual([]);
    expect(twice, "routes with two rows").toEqual([]);
  });

  it.each(ROWS.map((row) => [row.route, row] as const))(
    "%s: 401 for a guest, 403 for a shopper, nothing changed; the admin's call works",
    async (_name, row) => {
      const dbBefore = await databaseFingerprint();
      const filesBefore = filesFingerprint();

      const guest = await call(row, null);
      expect(guest.statusCode, `guest: ${guest.body}`).toBe(401);
      expect(guest.json()).toEqual({ message: "Please sign in to continue" });

      const asShopper = await call(row, shopper.cookie);
      expect(asShopper.statusCode, `shopper: ${asShopper.body}`).toBe(403);
      expect(asShopper.json()).toEqual({ message: "Only store admins can do that" });

      expect(await databaseFingerprint()).toEqual(dbBefore);
      expect(filesFingerprint()).toEqual(filesBefore);

      const asAdmin = await call(row, admin.cookie);
      expect(asAdmin.statusCode, `admin: ${asAdmin.body.slice(0, 500)}`).toBe(row.admin);
    },
  );
});
