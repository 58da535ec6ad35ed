/**
 * Coupons (issue #15, record 0047): the admin's codes and every rule a shopper meets, with the
 * message each refusal shows; the discount in the order's total and its e-mails; the use given back
 * on cancellation; and the limits holding when many orders race for the same coupon.
 */
import { randomBytes } from "node:crypto";
import { COUPON_MESSAGES, SESSION_COOKIE } from "@vastra/contracts";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCategory, createProduct, createUser, type TestUser } from "../../test/factories.ts";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";
import {
  cartLines,
  couponRedemptions,
  coupons,
  emailOutbox,
  orderItems,
  orders,
  userSessions,
  users,
} from "../db/schema.ts";
import { hashToken, SESSION_TTL_MS } from "../services/auth/sessions.ts";

// 26 Nov 2026, 15:30 IST.
const clock = createTestClock("2026-11-26T10:00:00Z");
const { app, database } = await buildTestApp({ clock });
const db = database.db;

const admin = await createUser(db, { isAdmin: true, now: clock() });

const ADDRESS_STRING = "12 MG Road, Flat 4B, Bengaluru, Karnataka, 560001, India";

let codes = 0;
const uniqueCode = (prefix = "SAVE") =>
  `${prefix}${++codes}${randomBytes(2).toString("hex")}`.toUpperCase();

function createCoupon(body: Record<string, unknown>, cookie = admin.cookie) {
  return app.inject({
    method: "POST",
    url: "/api/admin/coupons",
    payload: { kind: "percent", percent: 10, ...body },
    headers: { cookie },
  });
}

async function coupon(body: Record<string, unknown> = {}) {
  const code = (body.code as string | undefined) ?? uniqueCode();
  const res = await createCoupon({ ...body, code });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().coupon as { _id: string; code: string; uses: number };
}

async function shopper(): Promise<TestUser> {
  return createUser(db, { now: clock() });
}

async function cartWith(
  userId: string,
  items: Array<{ price: number; quantity?: number; categories?: string[]; stock?: number }>,
) {
  const made = [];
  for (const item of items) {
    const product = await createProduct(db, {
      price: item.price,
      sizes: [{ size: "M", stock: item.stock ?? 50 }],
      categories: item.categories ?? [],
    });
    await db
      .insert(cartLines)
      .values({ userId, productId: product.id, size: "M", quantity: item.quantity ?? 1 });
    made.push({ productId: product.id, size: "M", quantity: item.quantity ?? 1 });
  }
  return made;
}

function check(cookie: string | undefined, code: string, paymentMethod?: string) {
  return app.inject({
    method: "POST",
    url: "/api/coupons/check",
    payload: { code, ...(paymentMethod ? { paymentMethod } : {}) },
    headers: cookie ? { cookie } : {},
  });
}

function place(
  cookie: string,
  items: Array<{ productId: string; size: string; quantity: number }>,
  totalAmount: number,
  extra: Record<string, unknown> = {},
) {
  return app.inject({
    method: "POST",
    url: "/api/orders",
    payload: {
      user: {
        name: "Priya Sharma",
        email: "priya@example.in",
        phone: "9876543210",
        address: ADDRESS_STRING,
      },
      items,
      totalAmount,
      ...extra,
    },
    headers: { cookie },
  });
}

async function countOf(
  table: typeof orders | typeof couponRedemptions,
  where: ReturnType<typeof eq>,
) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return row!.n;
}

async function usesOf(id: string) {
  const [row] = await db.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.id, id));
  return row!.uses;
}

describe("the admin's coupons", () => {
  it("are only for admins", async () => {
    const user = await shopper();
    expect((await createCoupon({ code: uniqueCode() }, user.cookie)).statusCode).toBe(403);
    const list = await app.inject({ method: "GET", url: "/api/admin/coupons" });
    expect(list.statusCode).toBe(401);
  });

  it("are created with the code upper-cased, listed with their uses, and a taken code is refused ignoring case", async () => {
    const code = uniqueCode("Diwali-");
    const res = await createCoupon({
      code: code.toLowerCase(),
      percent: 20,
      maxDiscount: 500,
      minCartValue: 1000,
      startsAt: "2026-11-01T00:00",
      endsAt: "2026-12-01T00:00",
      totalLimit: 100,
      perShopperLimit: 1,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().coupon;
    expect(created).toMatchObject({
      code,
      kind: "percent",
      percent: 20,
      maxDiscount: 500,
      minCartValue: 1000,
      startsAt: "2026-11-01T00:00",
      endsAt: "2026-12-01T00:00",
      totalLimit: 100,
      perShopperLimit: 1,
      active: true,
      uses: 0,
      summary: "20 % off (up to ₹500.00)",
    });
    // Stored as the instant of midnight India time.
    const [row] = await db.select().from(coupons).where(eq(coupons.id, created._id));
    expect(row!.startsAt!.toISOString()).toBe("2026-10-31T18:30:00.000Z");

    const taken = await createCoupon({ code: code.toLowerCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(COUPON_MESSAGES.codeTaken(code));

    const list = await app.inject({
      method: "GET",
      url: "/api/admin/coupons",
      headers: { cookie: admin.cookie },
    });
    expect(list.json().find((c: { code: string }) => c.code === code)).toMatchObject({ uses: 0 });
  });

  it("refuses bad input field by field and changes nothing", async () => {
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(coupons);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ code: "AB" }, "code", COUPON_MESSAGES.codeFormat],
      [{ code: "SAVE 10" }, "code", COUPON_MESSAGES.codeFormat],
      [{ code: "A".repeat(33) }, "code", COUPON_MESSAGES.codeFormat],
      [{ code: uniqueCode(), percent: 95 }, "percent", COUPON_MESSAGES.percentRange],
      [{ code: uniqueCode(), percent: 0 }, "percent", COUPON_MESSAGES.percentRange],
      [
        { code: uniqueCode(), kind: "fixed", percent: null },
        "amount",
        COUPON_MESSAGES.amountRequired,
      ],
      [
        { code: uniqueCode(), startsAt: "2026-12-02T00:00", endsAt: "2026-12-01T00:00" },
        "endsAt",
        COUPON_MESSAGES.windowOrder,
      ],
      [
        { code: uniqueCode(), categoryIds: ["nope"] },
        "categoryIds",
        "Please choose categories from the list",
      ],
      [{ code: uniqueCode(), uses: 5 }, "uses", "Unknown field"],
      // Less than a paisa is no amount (the fuzzer's 4e-323 was a 500 from the database's check).
      [
        { code: uniqueCode(), kind: "fixed", percent: null, amount: 4e-323 },
        "amount",
        COUPON_MESSAGES.amountRequired,
      ],
      [
        { code: uniqueCode(), kind: "fixed", percent: null, amount: 10.005 },
        "amount",
        COUPON_MESSAGES.amountRequired,
      ],
      [
        { code: uniqueCode(), maxDiscount: 0.001 },
        "maxDiscount",
        "Please enter the largest discount in rupees, or leave it empty",
      ],
      [
        { code: uniqueCode(), minCartValue: 499.999 },
        "minCartValue",
        "Please enter the minimum cart value in rupees (0 for none)",
      ],
      // Shaped like a date and time, but no such minute: refused, not a server error.
      [
        { code: uniqueCode(), startsAt: "2026-13-45T99:99" },
        "startsAt",
        "Please enter a date and time",
      ],
      [
        { code: uniqueCode(), endsAt: "2026-02-30T10:00" },
        "endsAt",
        "Please enter a date and time",
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await createCoupon(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(body)).toBe(message);
    }
    const after = await db.select({ n: sql<number>`count(*)::int` }).from(coupons);
    expect(after).toEqual(before);
  });

  it("are edited and deactivated; a used coupon cannot be deleted, an unused one can", async () => {
    const made = await coupon({ kind: "fixed", percent: null, amount: 150 });
    const edited = await app.inject({
      method: "PUT",
      url: `/api/admin/coupons/${made._id}`,
      payload: { code: made.code, kind: "fixed", amount: 200, minCartValue: 500, active: true },
      headers: { cookie: admin.cookie },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().coupon).toMatchObject({
      amount: 200,
      minCartValue: 500,
      summary: "₹200.00 off",
    });

    // Used once: deleting is refused, deactivating works.
    const user = await shopper();
    const items = await cartWith(user.id, [{ price: 1200 }]);
    // ₹1,200 - ₹200 = ₹1,000: still free shipping.
    expect((await place(user.cookie, items, 1000, { couponCode: made.code })).statusCode).toBe(201);
    const del = await app.inject({
      method: "DELETE",
      url: `/api/admin/coupons/${made._id}`,
      headers: { cookie: admin.cookie },
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(COUPON_MESSAGES.usedCannotDelete);
    const lower = await app.inject({
      method: "PUT",
      url: `/api/admin/coupons/${made._id}`,
      payload: { code: made.code, kind: "fixed", amount: 200, totalLimit: 0 },
      headers: { cookie: admin.cookie },
    });
    expect(lower.statusCode).toBe(400);
    const off = await app.inject({
      method: "POST",
      url: `/api/admin/coupons/${made._id}/deactivate`,
      headers: { cookie: admin.cookie },
    });
    expect(off.json().coupon).toMatchObject({ active: false, uses: 1 });

    const unused = await coupon();
    const gone = await app.inject({
      method: "DELETE",
      url: `/api/admin/coupons/${unused._id}`,
      headers: { cookie: admin.cookie },
    });
    expect(gone.statusCode).toBe(200);
    expect(await db.select().from(coupons).where(eq(coupons.id, unused._id))).toEqual([]);
  });
});

describe("a shopper's code", () => {
  it("shows the discount and the new total, shipping judged after the discount, the COD fee unchanged", async () => {
    const user = await shopper();
    await cartWith(user.id, [{ price: 1050 }]);
    const made = await coupon({ percent: 10 });
    // ₹1,050 - ₹105 = ₹945: under ₹999, so ₹99 shipping comes back.
    const res = await check(user.cookie, made.code.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: `Code ${made.code} applied.`,
      code: made.code,
      summary: "10 % off",
      subtotalAmount: 1050,
      discountAmount: 105,
      shippingAmount: 99,
      codFeeAmount: 0,
      totalAmount: 1044,
    });
    const cod = await check(user.cookie, made.code, "cash_on_delivery");
    expect(cod.json()).toMatchObject({ discountAmount: 105, codFeeAmount: 49, totalAmount: 1093 });
  });

  it("rounds a percentage in the shopper's favour and caps it at the maximum", async () => {
    const user = await shopper();
    await cartWith(user.id, [{ price: 333.33, quantity: 1 }]);
    const odd = await coupon({ percent: 15 });
    // 15 % of ₹333.33 is ₹49.9995: ₹50.00 off (the shopper pays ₹283.33).
    expect((await check(user.cookie, odd.code)).json()).toMatchObject({ discountAmount: 50 });
    const other = await shopper();
    await cartWith(other.id, [{ price: 10_000 }]);
    const capped = await coupon({ percent: 50, maxDiscount: 750 });
    expect((await check(other.cookie, capped.code)).json()).toMatchObject({
      discountAmount: 750,
      totalAmount: 9250,
    });
  });

  it("says what is wrong, case by case", async () => {
    const clothes = await createCategory(db, `Sarees ${uniqueCode()}`);
    const user = await shopper();
    await cartWith(user.id, [{ price: 800 }, { price: 500, categories: [clothes.id] }]);
    const refused = async (code: string, message: string) => {
      const res = await check(user.cookie, code);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().errors.couponCode).toBe(message);
    };
    await refused("nosuch-code", COUPON_MESSAGES.unknown("NOSUCH-CODE"));

    const inactive = await coupon({ active: false });
    await refused(inactive.code, COUPON_MESSAGES.inactive(inactive.code));

    const later = await coupon({ startsAt: "2026-12-01T09:00" });
    await refused(later.code, `The code ${later.code} can be used from 1 Dec 2026, 9:00 am IST.`);

    const past = await coupon({ endsAt: "2026-11-26T15:30" });
    await refused(past.code, `The code ${past.code} expired on 26 Nov 2026, 3:30 pm IST.`);

    const otherCategory = await createCategory(db, `Shoes ${uniqueCode()}`);
    const notHere = await coupon({ categoryIds: [otherCategory.id] });
    await refused(notHere.code, COUPON_MESSAGES.notForItems(notHere.code));

    const minimum = await coupon({ minCartValue: 2000 });
    await refused(
      minimum.code,
      `Add ₹700.00 more to use ${minimum.code}: it needs ₹2,000.00 in your cart.`,
    );
    // Limited to a category: the minimum counts only its lines (₹500 of ₹1,300).
    const sarees = await coupon({ minCartValue: 600, categoryIds: [clothes.id] });
    await refused(
      sarees.code,
      `Add ₹100.00 more of eligible items to use ${sarees.code}: it needs ₹600.00 of eligible items in your cart.`,
    );

    const usedUp = await coupon({ totalLimit: 1 });
    const first = await shopper();
    const firstItems = await cartWith(first.id, [{ price: 1500 }]);
    expect(
      (await place(first.cookie, firstItems, 1350, { couponCode: usedUp.code })).statusCode,
    ).toBe(201);
    await refused(usedUp.code, COUPON_MESSAGES.usedUp(usedUp.code));

    const once = await coupon({ perShopperLimit: 1 });
    const again = await shopper();
    const items = await cartWith(again.id, [{ price: 1500 }]);
    expect((await place(again.cookie, items, 1350, { couponCode: once.code })).statusCode).toBe(
      201,
    );
    await cartWith(again.id, [{ price: 1500 }]);
    const res = await check(again.cookie, once.code);
    expect(res.json().message).toBe(COUPON_MESSAGES.alreadyUsed(once.code));

    const empty = await shopper();
    expect((await check(empty.cookie, once.code)).json().message).toBe(COUPON_MESSAGES.emptyCart);
    expect((await check(undefined, once.code)).json().message).toBe(COUPON_MESSAGES.emptyCart);
  });

  it("limited to categories takes its discount off those lines only", async () => {
    const kurtas = await createCategory(db, `Kurtas ${uniqueCode()}`);
    const user = await shopper();
    await cartWith(user.id, [{ price: 2000 }, { price: 1000, categories: [kurtas.id] }]);
    const made = await coupon({ percent: 20, categoryIds: [kurtas.id] });
    expect((await check(user.cookie, made.code)).json()).toMatchObject({
      subtotalAmount: 3000,
      discountAmount: 200,
      totalAmount: 2800,
    });
  });
});

describe("an order with a coupon", () => {
  it("takes the discount in the total, stores it on the order and its lines, counts the use and shows it in the e-mails", async () => {
    const user = await shopper();
    const items = await cartWith(user.id, [
      { price: 1000, quantity: 2 },
      { price: 500, quantity: 1 },
    ]);
    const made = await coupon({ kind: "fixed", percent: null, amount: 101 });
    const res = await place(user.cookie, items, 2500 - 101, {
      couponCode: made.code.toLowerCase(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    expect(order).toMatchObject({
      couponCode: made.code,
      discountAmount: 101,
      subtotalAmount: 2500,
      shippingAmount: 0,
      totalAmount: 2399,
    });
    // ₹101 over ₹2,000 and ₹500 by largest remainder: 8,080 and 2,020 paise.
    const lines = await db
      .select({ discount: orderItems.discountPaise, price: orderItems.pricePaise })
      .from(orderItems)
      .where(eq(orderItems.orderId, order._id));
    expect(lines.map((l) => [l.price, l.discount]).sort()).toEqual([
      [100000, 8080],
      [50000, 2020],
    ]);
    expect(await usesOf(made._id)).toBe(1);
    const mails = await db
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(sql`${emailOutbox.text} like ${`%${order.orderNumber}%`}`);
    expect(mails.length).toBe(2);
    for (const mail of mails) expect(mail.text).toContain(`Coupon ${made.code}: -₹101.00`);

    const mine = await app.inject({
      method: "GET",
      url: "/api/orders/my-orders",
      headers: { cookie: user.cookie },
    });
    expect(mine.json()[0]).toMatchObject({ couponCode: made.code, discountAmount: 101 });

    // The admin's view and the bill PDF of the order.
    const seen = await app.inject({
      method: "GET",
      url: `/api/orders/${order._id}`,
      headers: { cookie: admin.cookie },
    });
    expect(seen.json()).toMatchObject({ couponCode: made.code, discountAmount: 101 });
    const bill = await app.inject({
      method: "GET",
      url: `/api/orders/${order._id}/bill.pdf`,
      headers: { cookie: admin.cookie },
    });
    expect(bill.statusCode).toBe(200);
    expect(bill.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("is refused with the coupon's message and places nothing when the code cannot be used", async () => {
    const user = await shopper();
    const items = await cartWith(user.id, [{ price: 1500 }]);
    const made = await coupon({ endsAt: "2026-11-20T00:00" });
    const res = await place(user.cookie, items, 1350, { couponCode: made.code });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.couponCode).toMatch(/expired/);
    expect(await countOf(orders, eq(orders.userId, user.id))).toBe(0);
    expect((await db.select().from(cartLines).where(eq(cartLines.userId, user.id))).length).toBe(1);
  });

  it("with a total computed without the discount is 409 with the new total", async () => {
    const user = await shopper();
    const items = await cartWith(user.id, [{ price: 1500 }]);
    const made = await coupon();
    const res = await place(user.cookie, items, 1500, { couponCode: made.code });
    expect(res.statusCode).toBe(409);
    expect(res.json().totalAmount).toBe(1350);
    expect(await usesOf(made._id)).toBe(0);
  });

  it("gives its use back when cancelled", async () => {
    const user = await shopper();
    const items = await cartWith(user.id, [{ price: 1500 }]);
    const made = await coupon({ totalLimit: 1 });
    const placed = await place(user.cookie, items, 1350, { couponCode: made.code });
    const orderId = placed.json().order._id;
    expect(await usesOf(made._id)).toBe(1);
    const cancelled = await app.inject({
      method: "PATCH",
      url: `/api/orders/${orderId}/cancel`,
      headers: { cookie: user.cookie },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await usesOf(made._id)).toBe(0);
    expect(await countOf(couponRedemptions, eq(couponRedemptions.orderId, orderId))).toBe(0);
    // The order keeps its discount; the code can be used again.
    expect(cancelled.json().order).toMatchObject({ couponCode: made.code, discountAmount: 150 });
    await cartWith(user.id, [{ price: 1500 }]);
    expect((await check(user.cookie, made.code)).statusCode).toBe(200);
  });
});

/** Many signed-in shoppers at once: one insert for the users, one for their sessions. */
async function manyShoppers(n: number): Promise<Array<{ id: string; cookie: string }>> {
  const now = clock();
  const batch = randomBytes(3).toString("hex").toUpperCase();
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        name: `Coupon racer ${i}`,
        email: `coupon.racer${i}.${batch}@example.in`.toLowerCase(),
        passwordHash: "scrypt$0$0$0$none$none",
        emailVerifiedAt: now,
        affiliateCode: `C${batch}${String(i).padStart(4, "0")}`.slice(0, 12),
      })),
    )
    .returning({ id: users.id });
  const tokens = rows.map(() => randomBytes(32).toString("base64url"));
  await db.insert(userSessions).values(
    rows.map((row, i) => ({
      userId: row.id,
      tokenHash: hashToken(tokens[i]!),
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      lastSeenAt: now,
    })),
  );
  return rows.map((row, i) => ({ id: row.id, cookie: `${SESSION_COOKIE}=${tokens[i]}` }));
}

describe("coupons under concurrency", () => {
  it("a single-use coupon tried by 20 shoppers at once: exactly one order gets it, the others are refused and place nothing", async () => {
    const made = await coupon({ percent: 10, totalLimit: 1 });
    const product = await createProduct(db, { price: 2000, sizes: [{ size: "M", stock: 100 }] });
    const racers = await manyShoppers(20);
    await db
      .insert(cartLines)
      .values(racers.map((s) => ({ userId: s.id, productId: product.id, size: "M", quantity: 1 })));
    const items = [{ productId: product.id, size: "M", quantity: 1 }];
    const results = await Promise.all(
      racers.map((s) => place(s.cookie, items, 1800, { couponCode: made.code })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 400)) {
      expect(r.json().message).toBe(COUPON_MESSAGES.usedUp(made.code));
    }
    const [placed] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderItems)
      .where(eq(orderItems.productId, product.id));
    expect(placed!.n).toBe(1);
    expect(await usesOf(made._id)).toBe(1);
    expect(await countOf(couponRedemptions, eq(couponRedemptions.couponId, made._id))).toBe(1);
  }, 120_000);

  it("a once-per-shopper coupon in two orders placed at once by one shopper is used once", async () => {
    const made = await coupon({ percent: 10, perShopperLimit: 1 });
    const user = await shopper();
    const items = await cartWith(user.id, [{ price: 2000 }]);
    const results = await Promise.all([
      place(user.cookie, items, 1800, { couponCode: made.code }),
      place(user.cookie, items, 1800, { couponCode: made.code }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(await countOf(orders, eq(orders.userId, user.id))).toBe(1);
    expect(
      await countOf(
        couponRedemptions,
        and(eq(couponRedemptions.couponId, made._id), eq(couponRedemptions.userId, user.id))!,
      ),
    ).toBe(1);
    expect(await usesOf(made._id)).toBe(1);
  });
});

describe("the reports", () => {
  it("count revenue net of the discount, per period and per product", async () => {
    const user = await shopper();
    const product = await createProduct(db, {
      title: "Report Kurta",
      price: 2000,
      sizes: [{ size: "M", stock: 10 }],
    });
    await db
      .insert(cartLines)
      .values({ userId: user.id, productId: product.id, size: "M", quantity: 1 });
    const made = await coupon({ kind: "fixed", percent: null, amount: 250 });
    const placed = await place(
      user.cookie,
      [{ productId: product.id, size: "M", quantity: 1 }],
      1750,
      { couponCode: made.code },
    );
    expect(placed.statusCode).toBe(201);
    const paid = await app.inject({
      method: "PATCH",
      url: `/api/orders/${placed.json().order._id}/status`,
      payload: { paymentStatus: "paid" },
      headers: { cookie: admin.cookie },
    });
    expect(paid.statusCode).toBe(200);
    const report = await app.inject({
      method: "GET",
      url: "/api/admin/stats/sales-report?from=2026-11-26&to=2026-11-26&groupBy=day",
      headers: { cookie: admin.cookie },
    });
    expect(report.statusCode).toBe(200);
    const body = report.json();
    const line = body.topProducts.find((p: { title: string }) => p.title === "Report Kurta");
    expect(line).toMatchObject({ units: 1, revenue: 1750 });
    const [sums] = await db
      .select({
        paise: sql<number>`coalesce(sum(${orders.totalPaise}), 0)::bigint`,
      })
      .from(orders)
      .where(eq(orders.paymentStatus, "paid"));
    expect(body.totals.revenue).toBe(Number(sums!.paise) / 100);
  });
});

describe("a guest and a reopened order", () => {
  it("a guest's cart is quoted too (the per-shopper limit waits for the sign-in)", async () => {
    const product = await createProduct(db, { price: 1200, sizes: [{ size: "M", stock: 5 }] });
    const added = await app.inject({
      method: "POST",
      url: "/api/cart/add",
      payload: { productId: product.id, size: "M", quantity: 1 },
    });
    expect(added.statusCode).toBe(200);
    const cookie = String(added.headers["set-cookie"]).split(";")[0]!;
    const made = await coupon({ percent: 10, perShopperLimit: 1 });
    const res = await check(cookie, made.code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ discountAmount: 120, totalAmount: 1080 });
  });

  it("an admin reopening a cancelled order takes its use again", async () => {
    const user = await shopper();
    const items = await cartWith(user.id, [{ price: 1500 }]);
    const made = await coupon({ totalLimit: 5 });
    const placed = await place(user.cookie, items, 1350, { couponCode: made.code });
    const orderId = placed.json().order._id;
    const status = (body: Record<string, unknown>) =>
      app.inject({
        method: "PATCH",
        url: `/api/orders/${orderId}/status`,
        payload: body,
        headers: { cookie: admin.cookie },
      });
    expect((await status({ status: "cancelled" })).statusCode).toBe(200);
    expect(await usesOf(made._id)).toBe(0);
    expect((await status({ status: "pending" })).statusCode).toBe(200);
    expect(await usesOf(made._id)).toBe(1);
    expect(await countOf(couponRedemptions, eq(couponRedemptions.orderId, orderId))).toBe(1);
  });
});
