import {
  DEFAULT_DELIVERY_SETTINGS,
  DELIVERY_CHECK_RATE_LIMIT,
  DELIVERY_MESSAGES,
  PIN_MESSAGES,
} from "@vastra/contracts";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createUser } from "../../test/factories.ts";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";
import { cartLines, orders, productSizes } from "../db/schema.ts";
import { replaceDirectory } from "../services/delivery/directory.ts";

// Monday 30 November 2026, 11:00 in India.
const clock = createTestClock("2026-11-30T11:00:00+05:30");
const { app, database } = await buildTestApp({ clock });
const db = database.db;

await replaceDirectory(
  db,
  [
    { pin: "400050", areas: ["Bandra West"], district: "Mumbai", stateCode: "27" },
    {
      pin: "560001",
      areas: ["Bangalore", "Vidhana Soudha"],
      district: "Bangalore",
      stateCode: "29",
    },
    { pin: "744101", areas: ["Port Blair"], district: "South Andaman", stateCode: "35" },
  ],
  "test-fixture",
);

const admin = await createUser(db, { isAdmin: true, now: clock() });
const shopper = await createUser(db, { now: clock() });

function get(url: string, cookie?: string, ip = "203.0.113.10") {
  return app.inject({ method: "GET", url, remoteAddress: ip, headers: cookie ? { cookie } : {} });
}

function send(method: "PUT" | "POST", url: string, payload: unknown, cookie?: string) {
  return app.inject({ method, url, payload: payload as object, headers: cookie ? { cookie } : {} });
}

const importZones = (csv: string, mode?: "replace" | "merge", cookie = admin.cookie) =>
  send("POST", "/api/admin/delivery/zones/import", { csv, ...(mode ? { mode } : {}) }, cookie);

describe("GET /api/delivery/:pin", () => {
  it("answers where the PIN is and when an order placed now arrives", async () => {
    const res = await get("/api/delivery/560001");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      pin: "560001",
      known: true,
      areas: ["Bangalore", "Vidhana Soudha"],
      district: "Bangalore",
      state: { code: "29", name: "Karnataka" },
      serviceable: true,
      codAvailable: true,
      zone: null,
      transitDays: 5,
      deliveryBy: "2026-12-07",
      message: "Delivery by Mon, 7 Dec",
    });
  });

  it("refuses a malformed PIN with the clear message", async () => {
    for (const pin of ["056001", "56001", "5600011", "abcdef"]) {
      const res = await get(`/api/delivery/${pin}`);
      expect(res.statusCode, pin).toBe(400);
      expect(res.json().message).toBe(PIN_MESSAGES.invalid);
    }
  });

  it("says so for a PIN India Post does not know", async () => {
    const res = await get("/api/delivery/999999");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      known: false,
      serviceable: false,
      message: PIN_MESSAGES.unknown("999999"),
    });
  });

  it("is limited per address", async () => {
    const ip = "198.51.100.77";
    for (let i = 0; i < DELIVERY_CHECK_RATE_LIMIT.points; i++) {
      const res = await get("/api/delivery/400050", undefined, ip);
      if (res.statusCode !== 200) throw new Error(`check ${i + 1}: ${res.statusCode} ${res.body}`);
    }
    const refused = await get("/api/delivery/400050", undefined, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.json().message).toMatch(/many PIN codes/);
    // Another shopper is not affected.
    expect((await get("/api/delivery/400050", undefined, "198.51.100.78")).statusCode).toBe(200);
  });

  it("is in the OpenAPI document with its schema", async () => {
    const res = await get("/api/openapi.json");
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const doc = res.json();
    expect(doc.paths["/api/delivery/{pin}"].get).toBeDefined();
    expect(doc.paths["/api/admin/delivery/zones/import"].post).toBeDefined();
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(["DeliveryCheck", "DeliverySettings", "DeliveryZoneImport"]),
    );
  });
});

describe("the admin's delivery settings", () => {
  it("are the admin's alone", async () => {
    expect((await get("/api/admin/delivery/settings")).statusCode).toBe(401);
    expect((await get("/api/admin/delivery/settings", shopper.cookie)).statusCode).toBe(403);
    const res = await get("/api/admin/delivery/settings", admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULT_DELIVERY_SETTINGS);
  });

  it("refuses wrong values field by field", async () => {
    const res = await send(
      "PUT",
      "/api/admin/delivery/settings",
      {
        ...DEFAULT_DELIVERY_SETTINGS,
        cutoffHour: 25,
        holidays: [
          { date: "2026-12-25", name: "Christmas" },
          { date: "2026-12-25", name: "Again" },
          { date: "2026-02-30", name: "Nope" },
        ],
      },
      admin.cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      cutoffHour: DELIVERY_MESSAGES.cutoffHour,
      "holidays.1.date": DELIVERY_MESSAGES.holidayTwice,
      "holidays.2.date": DELIVERY_MESSAGES.holidayDate,
    });
  });

  it("once saved, move the promise at once", async () => {
    const before = (await get("/api/delivery/400050")).json();
    expect(before.deliveryBy).toBe("2026-12-07");
    const res = await send(
      "PUT",
      "/api/admin/delivery/settings",
      {
        ...DEFAULT_DELIVERY_SETTINGS,
        handlingDays: 0,
        defaultTransitDays: 2,
        holidays: [
          { date: "2026-12-02", name: "Local holiday" },
          { date: "2026-12-01", name: "" },
        ],
      },
      admin.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(DELIVERY_MESSAGES.settingsSaved);
    // Stored in date order.
    expect(res.json().settings.holidays.map((h: { date: string }) => h.date)).toEqual([
      "2026-12-01",
      "2026-12-02",
    ]);
    // Mon dispatched, (Tue and Wed holidays), Thu, Fri.
    expect((await get("/api/delivery/400050")).json().deliveryBy).toBe("2026-12-04");
    await send("PUT", "/api/admin/delivery/settings", DEFAULT_DELIVERY_SETTINGS, admin.cookie);
  });
});

describe("importing the list of served PINs", () => {
  it("checks every row first: a bad file changes nothing and names its lines", async () => {
    const good = await importZones("pin,zone,transit_days,cod\n56,Bengaluru,1,y\n");
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({
      message: DELIVERY_MESSAGES.imported(1, "replace"),
      imported: 1,
      total: 1,
    });
    const bad = await importZones("pin,zone,transit_days,cod\n400050,West,2,y\n7,X,99,y\n0,Y,1,y");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(DELIVERY_MESSAGES.csvRows(2));
    expect(Object.keys(bad.json().errors)).toEqual(["line 3", "line 4"]);
    const list = await get("/api/admin/delivery/zones", admin.cookie);
    expect(list.json()).toEqual({
      total: 1,
      page: 1,
      items: [
        { pattern: "56", zone: "Bengaluru", transitDays: 1, codAllowed: true, serviceable: true },
      ],
    });
  });

  it("replaces or merges, and the check answers from the new list at once", async () => {
    expect((await get("/api/delivery/560001")).json().zone).toBe("Bengaluru");
    const merged = await importZones(
      "pin,zone,transit_days,cod,serviceable\n744,Islands,,,n",
      "merge",
    );
    expect(merged.json()).toMatchObject({ imported: 1, total: 2 });
    expect((await get("/api/delivery/744101")).json()).toMatchObject({
      serviceable: false,
      message: PIN_MESSAGES.notServed("744101"),
    });
    const replaced = await importZones("pin,zone,transit_days,cod,serviceable\n744,Islands,,,n");
    expect(replaced.json()).toMatchObject({ imported: 1, total: 1 });
    expect((await get("/api/delivery/560001")).json().zone).toBeNull();
  });

  it("is the admin's alone", async () => {
    expect((await importZones("pin,zone,transit_days,cod\n5,S,1,y", "merge", "")).statusCode).toBe(
      401,
    );
    expect(
      (await importZones("pin,zone,transit_days,cod\n5,S,1,y", "merge", shopper.cookie)).statusCode,
    ).toBe(403);
    const list = await get("/api/admin/delivery/zones", admin.cookie);
    expect(list.json().total).toBe(1);
  });
});

describe("checkout", () => {
  async function cartFor(pin: string) {
    const user = await createUser(db, { now: clock() });
    const product = await createProduct(db, { price: 1499, sizes: [{ size: "M", stock: 4 }] });
    await db
      .insert(cartLines)
      .values({ userId: user.id, productId: product.id, size: "M", quantity: 2 });
    const address = `14 Residency Road, Bengaluru, Karnataka, ${pin}, India`;
    const body = {
      user: { name: "Meera Iyer", email: "meera@example.in", phone: "9876543210", address },
      items: [{ productId: product.id, size: "M", quantity: 2 }],
      totalAmount: 2998,
      shippingAddress: {
        streetAddress: "14 Residency Road",
        city: "Port Blair",
        state: "Andaman and Nicobar Islands",
        pincode: pin,
      },
    };
    return { user, product, body };
  }

  const place = (cookie: string, body: object) =>
    app.inject({ method: "POST", url: "/api/orders", payload: body, headers: { cookie } });

  async function stockOf(productId: string) {
    const [row] = await db
      .select({ stock: productSizes.stock })
      .from(productSizes)
      .where(and(eq(productSizes.productId, productId), eq(productSizes.size, "M")));
    return row!.stock;
  }

  it("refuses a PIN the store does not serve at the PIN field, taking nothing", async () => {
    // The list from the tests above: 744 (the Andaman islands) is not served.
    const { user, product, body } = await cartFor("744101");
    const res = await place(user.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: PIN_MESSAGES.notServed("744101"),
      errors: { "shippingAddress.pincode": PIN_MESSAGES.notServed("744101") },
    });
    expect(await stockOf(product.id)).toBe(4);
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    expect(await db.select().from(cartLines).where(eq(cartLines.userId, user.id))).toHaveLength(1);
  });

  it("refuses a PIN India Post does not know, also in the one-string address", async () => {
    const { user, body } = await cartFor("999999");
    const { shippingAddress: _, ...withoutStructured } = body;
    const res = await place(user.cookie, withoutStructured);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ "user.address": PIN_MESSAGES.unknown("999999") });
  });

  it("places the order for a served PIN", async () => {
    const { user, product, body } = await cartFor("400050");
    const res = await place(user.cookie, {
      ...body,
      shippingAddress: { ...body.shippingAddress, city: "Mumbai", state: "Maharashtra" },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await stockOf(product.id)).toBe(2);
  });
});
