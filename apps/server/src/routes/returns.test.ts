/**
 * Returns and exchanges (issue #15, record 0048): the window counted from the delivery in the
 * order's history, the pieces cap, exchange sizes in stock, each admin step, stock back once, the
 * e-mails queued at each step, and the shopper's own orders only.
 */
import {
  RETURN_MESSAGES,
  type ReturnOptions,
  type ReturnReply,
  type ReturnRequest,
} from "@vastra/contracts";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createOrder, createProduct, createUser, type TestUser } from "../../test/factories.ts";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";
import {
  activityLog,
  catalogueVersion,
  couriers,
  emailOutbox,
  orderEvents,
  orderItems,
  orders,
  productSizes,
  users,
} from "../db/schema.ts";

// Delivered on Sunday 1 Nov 2026 at 10:00 India time; with the 7-day window the 8th is the last day.
const DELIVERED = new Date("2026-11-01T04:30:00Z");
const clock = createTestClock("2026-11-02T04:30:00Z");
const { app, database } = await buildTestApp({ clock });
const db = database.db;
const admin = await createUser(db, { name: "Asha Admin", isAdmin: true, now: new Date() });

type Delivered = { orderId: string; itemId: string; productId: string; shopper: TestUser };

/** A shopper's order of `quantity` pieces of a new product in M, delivered at `at` (history). */
async function deliveredOrder(
  options: { quantity?: number; at?: Date; sizes?: Array<{ size: string; stock: number }> } = {},
): Promise<Delivered> {
  const shopper = await createUser(db, { now: new Date() });
  const product = await createProduct(db, {
    title: `Chanderi Kurta ${Math.random().toString(36).slice(2, 7)}`,
    price: 1499,
    sizes: options.sizes ?? [
      { size: "S", stock: 2 },
      { size: "M", stock: 5 },
      { size: "L", stock: 0 },
    ],
  });
  const order = await createOrder(db, {
    userId: shopper.id,
    items: [{ productId: product.id, size: "M", quantity: options.quantity ?? 2 }],
    status: "delivered",
    createdAt: new Date("2026-10-25T06:00:00Z"),
  });
  await db.insert(orderEvents).values({
    orderId: order.id,
    actorName: "Asha Admin",
    type: "status_changed",
    data: { status: { from: "shipped", to: "delivered" } },
    createdAt: options.at ?? DELIVERED,
  });
  const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  return { orderId: order.id, itemId: item!.id, productId: product.id, shopper };
}

async function ask(
  order: Delivered,
  payload: Record<string, unknown>,
  user: TestUser = order.shopper,
) {
  return app.inject({
    method: "POST",
    url: `/api/orders/${order.orderId}/returns`,
    headers: { cookie: user.cookie },
    payload,
  });
}

const returnOf = (order: Delivered, quantity = 1) => ({
  kind: "return",
  reason: "too_small",
  lines: [{ orderItemId: order.itemId, quantity }],
});

async function act(id: string, payload: Record<string, unknown>) {
  return app.inject({
    method: "PATCH",
    url: `/api/admin/returns/${id}`,
    headers: { cookie: admin.cookie },
    payload,
  });
}

async function stockOf(productId: string, size: string): Promise<number> {
  const [row] = await db
    .select({ stock: productSizes.stock })
    .from(productSizes)
    .where(and(eq(productSizes.productId, productId), eq(productSizes.size, size)));
  return row!.stock;
}

async function mailKinds(orderId: string): Promise<string[]> {
  const [owner] = await db
    .select({ email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  const rows = await db
    .select({ kind: emailOutbox.kind })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, owner!.email), like(emailOutbox.kind, "return-%")))
    .orderBy(emailOutbox.createdAt);
  return rows.map((r) => r.kind);
}

describe("the return window", () => {
  it("takes a request on the window's last day (India time) and refuses it the day after", async () => {
    const order = await deliveredOrder();
    // 8 Nov, 23:30 in India: the last day.
    clock.set("2026-11-08T18:00:00Z");
    const options = await app.inject({
      method: "GET",
      url: `/api/orders/${order.orderId}/returns`,
      headers: { cookie: order.shopper.cookie },
    });
    expect(options.statusCode).toBe(200);
    const body = options.json<ReturnOptions>();
    expect(body).toMatchObject({ open: true, windowDays: 7, lastDay: "2026-11-08" });
    expect(body.lines[0]).toMatchObject({ returnable: 2, exchangeSizes: ["S"] });
    const ok = await ask(order, returnOf(order));
    expect(ok.statusCode).toBe(201);
    expect(ok.json<ReturnReply>().request).toMatchObject({ status: "requested", kind: "return" });

    // 9 Nov, 00:30 in India: one day too late.
    clock.set("2026-11-08T19:00:00Z");
    const late = await ask(order, returnOf(order));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(RETURN_MESSAGES.windowOver("8 Nov 2026"));
    const after = await app.inject({
      method: "GET",
      url: `/api/orders/${order.orderId}/returns`,
      headers: { cookie: order.shopper.cookie },
    });
    expect(after.json<ReturnOptions>()).toMatchObject({ open: false });
    clock.set("2026-11-02T04:30:00Z");
  });

  it("follows the store's setting, which the public store settings state", async () => {
    const order = await deliveredOrder();
    const settings = await app.inject({
      method: "GET",
      url: "/api/admin/delivery/settings",
      headers: { cookie: admin.cookie },
    });
    expect(settings.statusCode).toBe(200);
    const saved = await app.inject({
      method: "PUT",
      url: "/api/admin/delivery/settings",
      headers: { cookie: admin.cookie },
      payload: { ...settings.json<Record<string, unknown>>(), returnWindowDays: 0 },
    });
    expect(saved.json()).toMatchObject({ settings: { returnWindowDays: 0 } });
    expect(saved.json().settings.returnWindowDays).toBe(0);
    const store = await app.inject({ method: "GET", url: "/api/store" });
    expect(store.json().returnWindowDays).toBe(0);
    const refused = await ask(order, returnOf(order));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RETURN_MESSAGES.windowOver("1 Nov 2026"));
    const bad = await app.inject({
      method: "PUT",
      url: "/api/admin/delivery/settings",
      headers: { cookie: admin.cookie },
      payload: { ...settings.json<Record<string, unknown>>(), returnWindowDays: 91 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.returnWindowDays).toBe(RETURN_MESSAGES.windowDays);
    await app.inject({
      method: "PUT",
      url: "/api/admin/delivery/settings",
      headers: { cookie: admin.cookie },
      payload: { ...settings.json<Record<string, unknown>>(), returnWindowDays: 7 },
    });
    expect((await app.inject({ method: "GET", url: "/api/store" })).json().returnWindowDays).toBe(
      7,
    );
  });

  it("refuses an order that is not delivered", async () => {
    const order = await deliveredOrder();
    await db.update(orders).set({ status: "shipped" }).where(eq(orders.id, order.orderId));
    const res = await ask(order, returnOf(order));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RETURN_MESSAGES.notDelivered);
  });
});

describe("a request", () => {
  it("never asks for more pieces than were bought, counting earlier requests (rejected ones free theirs)", async () => {
    const order = await deliveredOrder({ quantity: 2 });
    const tooMany = await ask(order, returnOf(order, 3));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toMatch(/Only 2 of Chanderi Kurta/);
    const first = await ask(order, returnOf(order, 1));
    expect(first.statusCode).toBe(201);
    const second = await ask(order, returnOf(order, 2));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/Only 1 of/);
    // Two tabs at once for the last piece: one request gets it.
    const raced = await Promise.all([
      ask(order, returnOf(order, 1)),
      ask(order, returnOf(order, 1)),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rejected = await act(first.json<ReturnReply>().request._id, {
      action: "reject",
      reason: "The tags were removed",
    });
    expect(rejected.statusCode).toBe(200);
    const again = await ask(order, returnOf(order, 1));
    expect(again.statusCode).toBe(201);
  });

  it("checks its input: a clear message and nothing written", async () => {
    const order = await deliveredOrder();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...returnOf(order), lines: [] }, RETURN_MESSAGES.noLines],
      [{ ...returnOf(order), reason: "other" }, RETURN_MESSAGES.reasonText],
      [{ ...returnOf(order), kind: "exchange" }, RETURN_MESSAGES.exchangeSize],
      [{ ...returnOf(order), reason: "because" }, RETURN_MESSAGES.reason],
      [{ ...returnOf(order), extra: 1 }, ""],
    ];
    for (const [payload, message] of cases) {
      const res = await ask(order, payload);
      expect(res.statusCode).toBe(400);
      if (message) expect(JSON.stringify(res.json())).toContain(message);
    }
    const unknownLine = await ask(order, {
      ...returnOf(order),
      lines: [{ orderItemId: "00000000-0000-4000-8000-000000000000", quantity: 1 }],
    });
    expect(unknownLine.statusCode).toBe(400);
    expect(unknownLine.json().errors["lines.0.orderItemId"]).toBe(RETURN_MESSAGES.lineUnknown);
    const list = await app.inject({
      method: "GET",
      url: `/api/admin/returns?orderId=${order.orderId}`,
      headers: { cookie: admin.cookie },
    });
    expect(list.json()).toEqual([]);
    const notAnOrder = await app.inject({
      method: "GET",
      url: "/api/admin/returns?orderId=nope",
      headers: { cookie: admin.cookie },
    });
    expect(notAnOrder.json()).toEqual([]);
  });

  it("is the shopper's own: another shopper's order is not found, and guests must sign in", async () => {
    const order = await deliveredOrder();
    const stranger = await createUser(db, { now: new Date() });
    const res = await ask(order, returnOf(order), stranger);
    expect(res.statusCode).toBe(404);
    const read = await app.inject({
      method: "GET",
      url: `/api/orders/${order.orderId}/returns`,
      headers: { cookie: stranger.cookie },
    });
    expect(read.statusCode).toBe(404);
    const guest = await app.inject({
      method: "POST",
      url: `/api/orders/${order.orderId}/returns`,
      payload: returnOf(order),
    });
    expect(guest.statusCode).toBe(401);
    const shopperActs = await app.inject({
      method: "GET",
      url: "/api/admin/returns",
      headers: { cookie: order.shopper.cookie },
    });
    expect(shopperActs.statusCode).toBe(403);
  });
});

describe("the admin's steps", () => {
  it("approve, receive (stock back once, even when sent twice at once), refund: an e-mail at each step", async () => {
    const order = await deliveredOrder({ quantity: 2 });
    const before = await stockOf(order.productId, "M");
    const created = await ask(order, returnOf(order, 2));
    const id = created.json<ReturnReply>().request._id;
    const early = await act(id, { action: "receive" });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(RETURN_MESSAGES.wrongStatus("requested", "marked received"));

    expect((await act(id, { action: "approve" })).statusCode).toBe(200);
    const [version] = await db
      .select()
      .from(catalogueVersion)
      .where(eq(catalogueVersion.kind, "live"));
    const received = await Promise.all([
      act(id, { action: "receive" }),
      act(id, { action: "receive" }),
    ]);
    expect(received.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(order.productId, "M")).toBe(before + 2);
    // The product's history: the two pieces back, once, by the admin, for a return.
    const logged = await db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, order.productId), eq(activityLog.reason, "return")));
    expect(logged).toMatchObject([{ actorId: admin.id, field: "stock", size: "M", delta: 2 }]);
    // The cached catalogue's stock moved with it.
    const [after] = await db
      .select()
      .from(catalogueVersion)
      .where(eq(catalogueVersion.kind, "live"));
    expect(after!.version).toBeGreaterThan(version?.version ?? 0);

    const noRef = await act(id, { action: "refund", method: "upi", reference: " " });
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json().errors.reference).toBe(RETURN_MESSAGES.refundReference);
    const refunded = await act(id, { action: "refund", method: "upi", reference: "UTR4471" });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json<ReturnReply>().request).toMatchObject({
      status: "refunded",
      refund: { method: "upi", reference: "UTR4471" },
    });
    expect(await mailKinds(order.orderId)).toEqual([
      "return-requested",
      "return-approved",
      "return-received",
      "return-refunded",
    ]);
    // The shopper sees the status.
    const mine = await app.inject({
      method: "GET",
      url: `/api/orders/${order.orderId}/returns`,
      headers: { cookie: order.shopper.cookie },
    });
    expect(mine.json<ReturnOptions>().requests[0]).toMatchObject({ status: "refunded" });
    // And the order's history says what happened.
    const history = await db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.orderId));
    expect(history.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        "return_requested",
        "return_approved",
        "return_received",
        "return_refunded",
      ]),
    );
  });

  it("a rejection carries its reason to the shopper's e-mail", async () => {
    const order = await deliveredOrder();
    const id = (await ask(order, returnOf(order))).json<ReturnReply>().request._id;
    const noReason = await act(id, { action: "reject", reason: "" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toBe(RETURN_MESSAGES.rejectionReason);
    const res = await act(id, { action: "reject", reason: "Worn and washed" });
    expect(res.json<ReturnReply>().request).toMatchObject({
      status: "rejected",
      rejectionReason: "Worn and washed",
    });
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .innerJoin(users, eq(users.email, emailOutbox.toAddress))
      .where(and(eq(emailOutbox.kind, "return-rejected"), eq(users.id, order.shopper.id)));
    expect(mail!.email_outbox.text).toContain("Worn and washed");
    expect(await mailKinds(order.orderId)).toEqual(["return-requested", "return-rejected"]);
  });
});

describe("an exchange", () => {
  it("is offered only in sizes in stock; the new size is taken when approved; re-shipped with a courier and AWB", async () => {
    const order = await deliveredOrder({ quantity: 1 });
    const outOfStock = await ask(order, {
      kind: "exchange",
      reason: "too_small",
      lines: [{ orderItemId: order.itemId, quantity: 1, exchangeSize: "L" }],
    });
    expect(outOfStock.statusCode).toBe(409);
    expect(outOfStock.json().message).toMatch(/in size L is not in stock for an exchange/);
    const created = await ask(order, {
      kind: "exchange",
      reason: "too_large",
      lines: [{ orderItemId: order.itemId, quantity: 1, exchangeSize: "s" }],
    });
    expect(created.statusCode).toBe(201);
    const request = created.json<ReturnReply>().request;
    expect(request.lines[0]).toMatchObject({ size: "M", exchangeSize: "S" });

    // Sold out meanwhile: the approval is refused and nothing changes.
    await db
      .update(productSizes)
      .set({ stock: 0 })
      .where(and(eq(productSizes.productId, order.productId), eq(productSizes.size, "S")));
    const refused = await act(request._id, { action: "approve" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/in size S is not in stock for an exchange/);
    expect((await act(request._id, { action: "receive" })).statusCode).toBe(409);

    await db
      .update(productSizes)
      .set({ stock: 2 })
      .where(and(eq(productSizes.productId, order.productId), eq(productSizes.size, "S")));
    const mBefore = await stockOf(order.productId, "M");
    expect((await act(request._id, { action: "approve" })).statusCode).toBe(200);
    expect(await stockOf(order.productId, "S")).toBe(1);
    expect((await act(request._id, { action: "receive" })).statusCode).toBe(200);
    expect(await stockOf(order.productId, "M")).toBe(mBefore + 1);
    expect(
      (await act(request._id, { action: "refund", method: "upi", reference: "X1" })).json().message,
    ).toBe(RETURN_MESSAGES.refundOnlyReturns);

    await db
      .insert(couriers)
      .values({ name: "Vastra Express", trackingUrl: "https://track.example/{awb}", position: 9 })
      .onConflictDoNothing();
    const unknown = await act(request._id, {
      action: "reship",
      courier: "Pigeon Post",
      trackingNumber: "AWB12345",
    });
    expect(unknown.statusCode).toBe(400);
    const shipped = await act(request._id, {
      action: "reship",
      courier: "vastra express",
      trackingNumber: "awb12345",
    });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json<ReturnReply>().request).toMatchObject({
      status: "reshipped",
      shipment: {
        courier: "Vastra Express",
        trackingNumber: "AWB12345",
        trackingUrl: "https://track.example/AWB12345",
      },
    });
    expect(await mailKinds(order.orderId)).toEqual([
      "return-requested",
      "return-approved",
      "return-received",
      "return-reshipped",
    ]);
  });

  it("the admin's list filters by status", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/api/admin/returns?status=reshipped",
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    const list = res.json<ReturnRequest[]>();
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.status === "reshipped" && r.kind === "exchange")).toBe(true);
  });
});
