/**
 * Fulfilment (issue #16, record 0039): shipping with courier and tracking number, the couriers
 * list, 'Paid' needing a method, the held e-mail and its undo, the shopper's timeline and the
 * admin's work counts.
 */
import { randomBytes } from "node:crypto";
import {
  type AdminOrderReply,
  FULFILMENT_MESSAGES,
  ORDER_MAIL_HOLD_SECONDS_DEFAULT,
  type Order,
  type OrderStats,
} from "@vastra/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createUser, type TestUser } from "../../test/factories.ts";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";
import { cartLines, emailOutbox, orderEvents, orders } from "../db/schema.ts";

// Monday 23 Nov 2026, 9:30 in India: before the default 2 pm cut-off.
const clock = createTestClock("2026-11-23T04:00:00Z");
const { app, database } = await buildTestApp({ clock });
const db = database.db;
const admin = await createUser(db, { name: "Asha Admin", isAdmin: true, now: clock() });
const HOLD_MS = ORDER_MAIL_HOLD_SECONDS_DEFAULT * 1000;

const unique = () => randomBytes(3).toString("hex");

async function placeOrder(): Promise<{ order: Order; shopper: TestUser }> {
  const shopper = await createUser(db, { now: clock() });
  const product = await createProduct(db, {
    title: `Mulmul Kurta ${unique()}`,
    price: 1499,
    sizes: [{ size: "M", stock: 10 }],
  });
  await db
    .insert(cartLines)
    .values({ userId: shopper.id, productId: product.id, size: "M", quantity: 1, color: "" });
  clock.advance(60_000);
  const res = await app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { cookie: shopper.cookie },
    payload: {
      user: {
        name: "Meera Iyer",
        email: `meera.${unique()}@example.in`,
        phone: "9876543210",
        address: "4 Residency Road, Bengaluru, Karnataka, 560025, India",
      },
      items: [{ productId: product.id, size: "M", quantity: 1 }],
      totalAmount: 1499,
      shippingAddress: {
        streetAddress: "4 Residency Road",
        apartment: "",
        city: "Bengaluru",
        state: "Karnataka",
        pincode: "560025",
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { order: res.json().order as Order, shopper };
}

function setStatus(id: string, payload: object, cookie = admin.cookie) {
  clock.advance(1000);
  return app.inject({
    method: "PATCH",
    url: `/api/orders/${id}/status`,
    payload,
    headers: { cookie },
  });
}

function undo(id: string, eventId: string, cookie = admin.cookie) {
  return app.inject({
    method: "POST",
    url: `/api/orders/${id}/status/undo`,
    payload: { eventId },
    headers: { cookie },
  });
}

async function mailsTo(address: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
}

async function myOrder(shopper: TestUser, orderId: string): Promise<Order> {
  const res = await app.inject({
    method: "GET",
    url: "/api/orders/my-orders",
    headers: { cookie: shopper.cookie },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as Order[]).find((o) => o._id === orderId)!;
}

async function row(orderId: string) {
  const [found] = await db.select().from(orders).where(eq(orders.id, orderId));
  return found!;
}

const ship = { status: "shipped", courier: "Delhivery", trackingNumber: "dl-5512349876" } as const;

describe("marking an order shipped", () => {
  it("refuses it without a courier and tracking number, and changes nothing", async () => {
    const { order, shopper } = await placeOrder();
    const events = (await db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id)))
      .length;
    const cases: Array<[object, string]> = [
      [{ status: "shipped" }, FULFILMENT_MESSAGES.courierRequired],
      [{ status: "shipped", courier: "Delhivery" }, FULFILMENT_MESSAGES.trackingRequired],
      [
        { status: "shipped", courier: "Delhivery", trackingNumber: "  " },
        FULFILMENT_MESSAGES.trackingRequired,
      ],
      [
        { status: "shipped", courier: "Delhivery", trackingNumber: "AB 12/34" },
        FULFILMENT_MESSAGES.trackingFormat,
      ],
      [
        { status: "shipped", courier: "Pigeon Post", trackingNumber: "PP123456" },
        FULFILMENT_MESSAGES.courierUnknown,
      ],
      [
        { status: "confirmed", courier: "Delhivery", trackingNumber: "DL123456" },
        FULFILMENT_MESSAGES.trackingOnlyShipped,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await setStatus(order._id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const after = await row(order._id);
    expect(after.status).toBe("pending");
    expect(after.courier).toBeNull();
    expect(
      (await db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id))).length,
    ).toBe(events);
    expect((await mailsTo(shopper.user.email)).filter((m) => m.kind === "order-shipped")).toEqual(
      [],
    );
  });

  it("keeps courier, AWB and the tracking link; the e-mail and My Orders show them", async () => {
    const { order, shopper } = await placeOrder();
    expect((await setStatus(order._id, { status: "confirmed" })).statusCode).toBe(200);
    const res = await setStatus(order._id, { ...ship, courier: "delhivery" });
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json() as AdminOrderReply;
    expect(reply.order.shipment).toEqual({
      courier: "Delhivery",
      trackingNumber: "DL-5512349876",
      trackingUrl: "https://www.delhivery.com/track/package/DL-5512349876",
      shippedAt: clock().toISOString(),
    });
    expect(reply.order.events!.at(-1)!.summary).toBe(
      "Status: Confirmed → Shipped; shipped with Delhivery, AWB DL-5512349876",
    );

    const [mail] = (await mailsTo(shopper.user.email)).filter((m) => m.kind === "order-shipped");
    expect(mail!.text).toContain("Delhivery");
    expect(mail!.text).toContain("DL-5512349876");
    expect(mail!.html).toContain("https://www.delhivery.com/track/package/DL-5512349876");
    // Held for the undo window before the worker may send it.
    expect(mail!.nextAttemptAt.getTime()).toBe(clock().getTime() + HOLD_MS);

    const mine = await myOrder(shopper, order._id);
    expect(mine.shipment?.trackingUrl).toBe(
      "https://www.delhivery.com/track/package/DL-5512349876",
    );
    expect(mine.timeline?.map((t) => t.step)).toEqual(["placed", "confirmed", "shipped"]);
    expect(mine.timeline?.at(-1)?.at).toBe(clock().toISOString());
  });

  it("ships with a courier that has no tracking page: no link, the number still shown", async () => {
    const { order, shopper } = await placeOrder();
    const res = await setStatus(order._id, {
      status: "shipped",
      courier: "India Post",
      trackingNumber: "EE123456789IN",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.shipment).toMatchObject({ courier: "India Post", trackingUrl: null });
    const [mail] = (await mailsTo(shopper.user.email)).filter((m) => m.kind === "order-shipped");
    expect(mail!.text).toContain("EE123456789IN");
    // Straight from pending to shipped: confirmed counts as reached then too.
    expect((await myOrder(shopper, order._id)).timeline?.map((t) => t.step)).toEqual([
      "placed",
      "confirmed",
      "shipped",
    ]);
  });
});

describe("the order's internal notes", () => {
  it("are never shown to the shopper", async () => {
    const { order, shopper } = await placeOrder();
    const saved = await app.inject({
      method: "PATCH",
      url: `/api/orders/${order._id}/notes`,
      payload: { notes: "Internal: asked twice for a haggle-7q3" },
      headers: { cookie: admin.cookie },
    });
    expect(saved.json().order.notes).toBe("Internal: asked twice for a haggle-7q3");
    expect((await myOrder(shopper, order._id)).notes).toBe("");
    const one = await app.inject({
      method: "GET",
      url: `/api/orders/${order._id}`,
      headers: { cookie: shopper.cookie },
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().notes).toBe("");
    expect(one.body).not.toContain("haggle-7q3");
  });
});

describe("'Paid' needs a payment method", () => {
  it("refuses paid while the method is 'To be confirmed', and accepts it with one", async () => {
    const { order } = await placeOrder();
    expect((await setStatus(order._id, { paymentMethod: "to_be_confirmed" })).statusCode).toBe(200);
    for (const payload of [
      { paymentStatus: "paid" },
      { paymentStatus: "paid", paymentMethod: "to_be_confirmed" },
    ]) {
      const res = await setStatus(order._id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(FULFILMENT_MESSAGES.paidNeedsMethod);
      expect((await row(order._id)).paymentStatus).toBe("pending");
    }
    const paid = await setStatus(order._id, {
      paymentStatus: "paid",
      paymentMethod: "bank_transfer",
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().order).toMatchObject({
      paymentStatus: "paid",
      paymentMethod: "bank_transfer",
    });
    // A paid order's method cannot go back to 'To be confirmed'.
    const back = await setStatus(order._id, { paymentMethod: "to_be_confirmed" });
    expect(back.statusCode).toBe(400);
  });
});

describe("undoing a change before its e-mail goes", () => {
  it("puts the order back, deletes the held e-mail and records it", async () => {
    const { order, shopper } = await placeOrder();
    const res = await setStatus(order._id, ship);
    const reply = res.json() as AdminOrderReply;
    expect(reply.undo).toEqual({
      eventId: reply.order.events!.at(-1)!._id,
      until: new Date(clock().getTime() + HOLD_MS).toISOString(),
      mailHeld: true,
    });
    expect((await mailsTo(shopper.user.email)).map((m) => m.kind)).toContain("order-shipped");

    clock.advance(HOLD_MS - 1000);
    const undone = await undo(order._id, reply.undo!.eventId);
    expect(undone.statusCode, undone.body).toBe(200);
    const body = undone.json() as AdminOrderReply;
    expect(body.message).toBe(FULFILMENT_MESSAGES.undone);
    expect(body.order.status).toBe("pending");
    expect(body.order.shipment).toBeNull();
    expect((await mailsTo(shopper.user.email)).map((m) => m.kind)).not.toContain("order-shipped");
    const summaries = body.order.events!.map((e) => e.summary);
    expect(summaries.at(-2)).toBe(
      "Status: Pending → Shipped; shipped with Delhivery, AWB DL-5512349876; e-mail to the customer withdrawn; undone",
    );
    expect(summaries.at(-1)).toBe("Change undone. Status: Shipped → Pending");
    expect((await myOrder(shopper, order._id)).timeline?.map((t) => t.step)).toEqual(["placed"]);

    // Undone once: not again.
    expect((await undo(order._id, reply.undo!.eventId)).statusCode).toBe(409);
  });

  it("undoes a cancellation: the stock is taken again and no e-mail goes about it", async () => {
    const { order, shopper } = await placeOrder();
    const res = await setStatus(order._id, { status: "cancelled" });
    const { undo: offer } = res.json() as AdminOrderReply;
    const undone = await undo(order._id, offer!.eventId);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().order.status).toBe("pending");
    expect((await row(order._id)).stockHeld).toBe(true);
    expect((await mailsTo(shopper.user.email)).map((m) => m.kind)).toEqual(["order-placed"]);
  });

  it("refuses once the hold is over, the e-mail has been picked up, or the order changed since", async () => {
    const late = await placeOrder();
    const lateOffer = ((await setStatus(late.order._id, ship)).json() as AdminOrderReply).undo!;
    clock.advance(HOLD_MS + 1000);
    const tooLate = await undo(late.order._id, lateOffer.eventId);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toBe(FULFILMENT_MESSAGES.undoTooLate);
    expect((await row(late.order._id)).status).toBe("shipped");
    expect((await mailsTo(late.shopper.user.email)).map((m) => m.kind)).toContain("order-shipped");

    const taken = await placeOrder();
    const takenOffer = ((await setStatus(taken.order._id, ship)).json() as AdminOrderReply).undo!;
    // The worker claimed it (attempts counts each claim).
    await db
      .update(emailOutbox)
      .set({ attempts: 1, status: "sent" })
      .where(eq(emailOutbox.toAddress, taken.shopper.user.email));
    const gone = await undo(taken.order._id, takenOffer.eventId);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe(FULFILMENT_MESSAGES.undoTooLate);
    expect((await row(taken.order._id)).status).toBe("shipped");

    const moved = await placeOrder();
    const movedOffer = (
      (await setStatus(moved.order._id, { status: "confirmed" })).json() as AdminOrderReply
    ).undo!;
    expect((await setStatus(moved.order._id, { status: "processing" })).statusCode).toBe(200);
    const stale = await undo(moved.order._id, movedOffer.eventId);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(FULFILMENT_MESSAGES.undoStale);
    expect((await row(moved.order._id)).status).toBe("processing");

    expect((await undo(moved.order._id, "0b9e0b7e-7c39-4a57-9d7f-5b2f7c1e4a11")).statusCode).toBe(
      404,
    );
    expect((await undo(moved.order._id, "nope")).statusCode).toBe(404);
  });

  it("is for admins only", async () => {
    const { order, shopper } = await placeOrder();
    const offer = ((await setStatus(order._id, ship)).json() as AdminOrderReply).undo!;
    expect((await undo(order._id, offer.eventId, shopper.cookie)).statusCode).toBe(403);
    expect((await row(order._id)).status).toBe("shipped");
  });
});

describe("the couriers list", () => {
  const get = (cookie = admin.cookie) =>
    app.inject({ method: "GET", url: "/api/admin/couriers", headers: { cookie } });
  const put = (payload: object, cookie = admin.cookie) =>
    app.inject({ method: "PUT", url: "/api/admin/couriers", payload, headers: { cookie } });

  it("starts with India's common couriers and their tracking pages", async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    const list = res.json().couriers as Array<{ name: string; trackingUrl: string }>;
    expect(list.map((c) => c.name)).toEqual([
      "Delhivery",
      "Blue Dart",
      "DTDC",
      "India Post",
      "Ekart",
      "Xpressbees",
    ]);
    for (const courier of list) {
      if (courier.trackingUrl) expect(courier.trackingUrl).toMatch(/^https:\/\/.*\{awb\}/);
    }
  });

  it("refuses bad lists with a clear message and keeps the old one; saves a good one", async () => {
    const before = (await get()).json();
    const bad: Array<[object, string]> = [
      [
        { couriers: [{ name: "Shadowfax", trackingUrl: "http://track.example/{awb}" }] },
        FULFILMENT_MESSAGES.trackingUrl,
      ],
      [
        { couriers: [{ name: "Shadowfax", trackingUrl: "https://track.example/" }] },
        FULFILMENT_MESSAGES.trackingUrl,
      ],
      [{ couriers: [{ name: " ", trackingUrl: "" }] }, FULFILMENT_MESSAGES.courierName],
      [
        {
          couriers: [
            { name: "DTDC", trackingUrl: "" },
            { name: "dtdc", trackingUrl: "" },
          ],
        },
        FULFILMENT_MESSAGES.courierTwice,
      ],
    ];
    for (const [payload, message] of bad) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await get()).json()).toEqual(before);
    expect((await put(before, (await createUser(db)).cookie)).statusCode).toBe(403);

    const saved = await put({
      couriers: [
        ...before.couriers,
        { name: " Shadowfax ", trackingUrl: "https://tracker.shadowfax.in/track?awb={awb}" },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().couriers.at(-1)).toEqual({
      name: "Shadowfax",
      trackingUrl: "https://tracker.shadowfax.in/track?awb={awb}",
    });
    const { order } = await placeOrder();
    const shipped = await setStatus(order._id, {
      status: "shipped",
      courier: "Shadowfax",
      trackingNumber: "SF-77 1".replace(" ", ""),
    });
    expect(shipped.json().order.shipment.trackingUrl).toBe(
      "https://tracker.shadowfax.in/track?awb=SF-771",
    );
    // Back to the seeded list for the other tests.
    expect((await put(before)).statusCode).toBe(200);
  });
});

describe("the admin's work counts", () => {
  it("counts waiting orders and those to ship today, and the list filters by them", async () => {
    const stats = async () =>
      (
        await app.inject({
          method: "GET",
          url: "/api/orders/admin/stats",
          headers: { cookie: admin.cookie },
        })
      ).json() as OrderStats;
    const list = async (status: string) =>
      (
        (
          await app.inject({
            method: "GET",
            url: `/api/orders/admin/all?status=${status}&limit=100`,
            headers: { cookie: admin.cookie },
          })
        ).json() as Order[]
      ).map((o) => o.orderNumber);

    const before = await stats();
    const { order: waiting } = await placeOrder();
    const { order: confirmed } = await placeOrder();
    expect((await setStatus(confirmed._id, { status: "confirmed" })).statusCode).toBe(200);
    const now = await stats();
    expect(now.waiting - before.waiting).toBe(2);
    expect(now.waiting).toBe(now.pending + now.confirmed + now.processing);
    expect(now.total).toBe(
      now.pending + now.confirmed + now.processing + now.shipped + now.delivered + now.cancelled,
    );
    // Placed Monday morning with one handling day: dispatched Tuesday, not today.
    expect(now.toShipToday).toBe(before.toShipToday);
    expect(await list("ship_today")).not.toContain(confirmed.orderNumber);
    expect(await list("waiting")).toEqual(
      expect.arrayContaining([waiting.orderNumber, confirmed.orderNumber]),
    );

    clock.advance(24 * 60 * 60 * 1000);
    const tomorrow = await stats();
    expect(tomorrow.toShipToday).toBeGreaterThanOrEqual(1);
    const due = await list("ship_today");
    expect(due).toContain(confirmed.orderNumber);
    expect(due).not.toContain(waiting.orderNumber);
    expect(due).toHaveLength(tomorrow.toShipToday);
  });
});
