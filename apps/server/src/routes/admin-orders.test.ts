import { randomBytes } from "node:crypto";
import {
  ADMIN_ORDER_MESSAGES,
  type Order,
  type OrderDetail,
  type OrderStats,
} from "@vastra/contracts";
import { and, eq, sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { createProduct, createUser, type TestUser } from "../../test/factories.ts";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";
import { cartLines, emailOutbox, orderEvents, orders, productSizes } from "../db/schema.ts";

const clock = createTestClock("2026-11-21T10:00:00Z");
const { app, database } = await buildTestApp({ clock });
const db = database.db;

const admin = await createUser(db, { name: "Asha Admin", isAdmin: true, now: clock() });
const outsider = await createUser(db, { name: "Just Shopping", now: clock() });

/** A token that makes this test's names and e-mails its own (every test shares the database). */
const unique = () => randomBytes(3).toString("hex");

type Customer = { name: string; email: string; phone: string };

/**
 * An order placed through the API by a new shopper: `quantity` of a product of size M (stock
 * `stock`, price `price`), so stock is really taken and the events are the real ones.
 */
async function placeOrder(
  options: { customer?: Partial<Customer>; stock?: number; quantity?: number; price?: number } = {},
): Promise<{ order: Order; shopper: TestUser; productId: string }> {
  const shopper = await createUser(db, { now: clock() });
  const product = await createProduct(db, {
    title: `Chanderi Kurta ${unique()}`,
    price: options.price ?? 1499.5,
    sizes: [{ size: "M", stock: options.stock ?? 10 }],
  });
  const quantity = options.quantity ?? 1;
  await db
    .insert(cartLines)
    .values({ userId: shopper.id, productId: product.id, size: "M", quantity, color: "" });
  const customer = {
    name: "Priya Sharma",
    email: `priya.${unique()}@example.in`,
    phone: "9876543210",
    ...options.customer,
  };
  clock.advance(60_000);
  const res = await app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { cookie: shopper.cookie },
    payload: {
      user: { ...customer, address: "12 MG Road, Flat 4B, Bengaluru, Karnataka, 560001, India" },
      items: [{ productId: product.id, size: "M", quantity }],
      // Items under ₹999 pay the default ₹99 shipping (record 0036).
      totalAmount:
        (options.price ?? 1499.5) * quantity +
        ((options.price ?? 1499.5) * quantity < 999 ? 99 : 0),
      shippingAddress: {
        streetAddress: "12 MG Road",
        apartment: "Flat 4B",
        city: "Bengaluru",
        state: "Karnataka",
        pincode: "560001",
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { order: res.json().order as Order, shopper, productId: product.id };
}

function list(query: Record<string, string | number> = {}, cookie = admin.cookie) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return app.inject({
    method: "GET",
    url: `/api/orders/admin/all${qs ? `?${qs}` : ""}`,
    headers: cookie ? { cookie } : {},
  });
}

const numbers = (res: { json(): unknown }) => (res.json() as Order[]).map((o) => o.orderNumber);

/** Each admin action a second after the last, as in real life (the history is in time order). */
function patch(url: string, payload: unknown, cookie: string | undefined = admin.cookie) {
  clock.advance(1000);
  return app.inject({
    method: "PATCH",
    url,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
}

const setStatus = (id: string, body: unknown, cookie?: string) =>
  patch(`/api/orders/${id}/status`, body, cookie ?? admin.cookie);
const setNotes = (id: string, body: unknown, cookie?: string) =>
  patch(`/api/orders/${id}/notes`, body, cookie ?? admin.cookie);

async function stats(): Promise<OrderStats> {
  const res = await app.inject({
    method: "GET",
    url: "/api/orders/admin/stats",
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function stockOf(productId: string): Promise<number> {
  const [row] = await db
    .select({ stock: productSizes.stock })
    .from(productSizes)
    .where(and(eq(productSizes.productId, productId), eq(productSizes.size, "M")));
  return row!.stock;
}

async function mailsTo(address: string) {
  return db
    .select({ kind: emailOutbox.kind, subject: emailOutbox.subject, text: emailOutbox.text })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address));
}

async function eventCount(orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId));
  return row!.n;
}

describe("GET /api/orders/admin/all", () => {
  it("lists every shopper's orders, newest first, one page at a time with the total in X-Total-Count", async () => {
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push((await placeOrder()).order);
    const res = await list({ limit: 2 });
    expect(res.statusCode).toBe(200);
    const total = Number(res.headers["x-total-count"]);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(numbers(res)).toEqual([placed[2]!.orderNumber, placed[1]!.orderNumber]);
    const page2 = await list({ limit: 2, page: 2 });
    expect(numbers(page2)[0]).toBe(placed[0]!.orderNumber);
    expect(page2.headers["x-total-count"]).toBe(String(total));
    // Each order comes whole: customer, items and payment figures.
    const [first] = res.json() as Order[];
    expect(first!.items).toHaveLength(1);
    expect(first!.user.name).toBe("Priya Sharma");
    // Placed without a payment method: UPI when the store gets in touch (record 0036).
    expect(first!.paymentMethod).toBe("upi");
    // Past the last page: an empty page, the same total.
    const far = await list({ limit: 2, page: 999 });
    expect(far.json()).toEqual([]);
    expect(far.headers["x-total-count"]).toBe(String(total));
  });

  it("finds orders by order number, name, e-mail and phone, in any case and part", async () => {
    const tag = unique();
    const { order: byName } = await placeOrder({ customer: { name: `Meera Iyer ${tag}` } });
    const { order: byEmail } = await placeOrder({
      customer: { email: `rohit.${tag}@example.in` },
    });
    const { order: byPhone } = await placeOrder({ customer: { phone: "7012345678" } });

    expect(numbers(await list({ search: `meera iyer ${tag.toUpperCase()}` }))).toEqual([
      byName.orderNumber,
    ]);
    expect(numbers(await list({ search: `ROHIT.${tag}` }))).toEqual([byEmail.orderNumber]);
    expect(numbers(await list({ search: "70123 45678" }))).toEqual([byPhone.orderNumber]);
    expect(numbers(await list({ search: "+91 7012345678" }))).toEqual([byPhone.orderNumber]);
    expect(numbers(await list({ search: "0123456" }))).toEqual([byPhone.orderNumber]);
    // The order number, whole or only its digits.
    expect(numbers(await list({ search: byEmail.orderNumber.toLowerCase() }))).toEqual([
      byEmail.orderNumber,
    ]);
    const digits = byEmail.orderNumber.replace("VST-", "");
    expect(numbers(await list({ search: digits }))).toContain(byEmail.orderNumber);

    const none = await list({ search: `nobody-${tag}` });
    expect(none.json()).toEqual([]);
    expect(none.headers["x-total-count"]).toBe("0");
    // LIKE's wildcards are plain characters.
    expect((await list({ search: "%" })).json()).toEqual([]);
    expect((await list({ search: "_" })).json()).toEqual([]);
  });

  it("filters by status and payment status, together and with the search", async () => {
    const tag = unique();
    const name = `Filter Test ${tag}`;
    const { order: a } = await placeOrder({ customer: { name } });
    const { order: b } = await placeOrder({ customer: { name } });
    const { order: c } = await placeOrder({ customer: { name } });
    // Shipped needs courier and AWB, paid a method (record 0039).
    const paidShipped = {
      status: "shipped",
      paymentStatus: "paid",
      paymentMethod: "upi",
      courier: "Delhivery",
      trackingNumber: "DL1234567890",
    };
    expect((await setStatus(a._id, paidShipped)).statusCode).toBe(200);
    expect(
      (
        await setStatus(b._id, {
          status: "shipped",
          courier: "Delhivery",
          trackingNumber: "DL1234567890",
        })
      ).statusCode,
    ).toBe(200);

    expect(numbers(await list({ search: tag, status: "shipped" }))).toEqual([
      b.orderNumber,
      a.orderNumber,
    ]);
    expect(numbers(await list({ search: tag, paymentStatus: "paid" }))).toEqual([a.orderNumber]);
    expect(
      numbers(await list({ search: tag, status: "shipped", paymentStatus: "pending" })),
    ).toEqual([b.orderNumber]);
    expect(numbers(await list({ search: tag, status: "pending" }))).toEqual([c.orderNumber]);
    // 'all' and values that are not statuses filter nothing.
    expect(numbers(await list({ search: tag, status: "all", paymentStatus: "all" }))).toHaveLength(
      3,
    );
    expect(numbers(await list({ search: tag, status: "lost" }))).toHaveLength(3);
    const every = await list({ status: "shipped", paymentStatus: "paid" });
    for (const order of every.json() as Order[]) {
      expect(order.status).toBe("shipped");
      expect(order.paymentStatus).toBe("paid");
    }
  });
});

describe("GET /api/orders/admin/stats", () => {
  it("counts orders per status and adds up the revenue of paid orders only", async () => {
    const before = await stats();
    const { order: paid } = await placeOrder({ price: 1000, quantity: 2 });
    const { order: paidCancelled } = await placeOrder({ price: 250.25 });
    const { order: pending } = await placeOrder({ price: 5000 });
    const { order: failed } = await placeOrder({ price: 700 });
    const { order: refunded } = await placeOrder({ price: 900 });
    await setStatus(paid._id, { status: "delivered", paymentStatus: "paid", paymentMethod: "upi" });
    await setStatus(paidCancelled._id, {
      status: "cancelled",
      paymentStatus: "paid",
      paymentMethod: "upi",
    });
    await setStatus(failed._id, { status: "processing", paymentStatus: "failed" });
    await setStatus(refunded._id, {
      status: "shipped",
      paymentStatus: "refunded",
      courier: "Delhivery",
      trackingNumber: "DL1234567890",
    });
    expect(pending.status).toBe("pending");
    // Returned undelivered (RTO, record 0038): shipped, then came back.
    const { order: returned } = await placeOrder({ price: 800 });
    await setStatus(returned._id, {
      status: "shipped",
      courier: "Delhivery",
      trackingNumber: "DL1234567891",
    });
    await setStatus(returned._id, { status: "returned" });

    const after = await stats();
    expect(after.total - before.total).toBe(6);
    expect(after.returned - before.returned).toBe(1);
    expect(after.pending - before.pending).toBe(1);
    expect(after.processing - before.processing).toBe(1);
    expect(after.shipped - before.shipped).toBe(1);
    expect(after.delivered - before.delivered).toBe(1);
    expect(after.cancelled - before.cancelled).toBe(1);
    expect(after.paid - before.paid).toBe(2);
    // 2000 + 250.25: the pending, failed and refunded orders add nothing.
    // 2 × ₹1,000 (free shipping) + ₹250.25 and ₹99 shipping (record 0036).
    expect(Math.round((after.revenue - before.revenue) * 100)).toBe(234925);

    // The same figures as counting every order by hand.
    const rows = await db.select().from(orders);
    expect(after.total).toBe(rows.length);
    expect(after.shipped).toBe(rows.filter((r) => r.status === "shipped").length);
    // A card per status: they add up to the total (issue #16).
    const { pending: p, confirmed, processing, shipped, delivered, cancelled } = after;
    expect(p + confirmed + processing + shipped + delivered + cancelled + after.returned).toBe(
      after.total,
    );
    const paidPaise = rows
      .filter((r) => r.paymentStatus === "paid")
      .reduce((sum, r) => sum + r.totalPaise, 0);
    expect(Math.round(after.revenue * 100)).toBe(paidPaise);
  });
});

describe("PATCH /api/orders/{id}/status", () => {
  it("sets status and payment status together, records who did it and e-mails the shopper", async () => {
    const { order, shopper } = await placeOrder();
    const mailsBefore = (await mailsTo(shopper.user.email)).length;
    const res = await setStatus(order._id, {
      status: "shipped",
      paymentStatus: "paid",
      paymentMethod: "upi",
      courier: "Delhivery",
      trackingNumber: "DL1234567890",
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { message: string; order: OrderDetail };
    expect(body.message).toBe(ADMIN_ORDER_MESSAGES.updated);
    expect(body.order.status).toBe("shipped");
    expect(body.order.paymentStatus).toBe("paid");
    const last = body.order.events!.at(-1)!;
    expect(last.actorName).toBe("Asha Admin");
    expect(last.summary).toBe(
      "Status: Pending → Shipped; Payment: Pending → Paid; shipped with Delhivery, AWB DL1234567890",
    );
    expect(new Date(last.createdAt).getTime()).toBe(clock().getTime());

    const mails = await mailsTo(shopper.user.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    // The outbox is read without an order: find the new e-mail by its kind.
    const shipped = mails.find((m) => m.kind === "order-shipped");
    expect(shipped?.text).toContain(order.orderNumber);
  });

  it("allows any status from any status, and changes payment alone without an e-mail", async () => {
    const { order, shopper } = await placeOrder();
    expect((await setStatus(order._id, { status: "delivered" })).statusCode).toBe(200);
    const back = await setStatus(order._id, { status: "pending" });
    expect(back.statusCode).toBe(200);
    expect(back.json().order.status).toBe("pending");

    const mails = (await mailsTo(shopper.user.email)).length;
    const pay = await setStatus(order._id, {
      paymentStatus: "refunded",
      paymentMethod: "cash_on_delivery",
    });
    expect(pay.statusCode).toBe(200);
    expect(pay.json().order).toMatchObject({
      status: "pending",
      paymentStatus: "refunded",
      paymentMethod: "cash_on_delivery",
    });
    expect(pay.json().order.events.at(-1).summary).toBe(
      "Payment: Pending → Refunded; Payment method: UPI → Cash on delivery",
    );
    expect(await mailsTo(shopper.user.email)).toHaveLength(mails);

    // Sending the values it already has changes nothing and records nothing.
    const events = await eventCount(order._id);
    const same = await setStatus(order._id, { status: "pending", paymentStatus: "refunded" });
    expect(same.statusCode).toBe(200);
    expect(await eventCount(order._id)).toBe(events);
  });

  it("puts stock back once on cancel and takes it again on un-cancel", async () => {
    const { order, productId, shopper } = await placeOrder({ stock: 5, quantity: 2 });
    expect(await stockOf(productId)).toBe(3);

    const cancelled = await setStatus(order._id, { status: "cancelled" });
    expect(cancelled.statusCode).toBe(200);
    expect(await stockOf(productId)).toBe(5);
    // The outbox is read without an order: find the new e-mail by its kind.
    expect((await mailsTo(shopper.user.email)).map((m) => m.kind)).toContain("order-cancelled");
    expect(cancelled.json().order.events.at(-1).summary).toBe(
      "Status: Pending → Cancelled; items put back in stock",
    );

    // Cancelled again (with a payment change): the stock is not returned twice.
    await setStatus(order._id, { status: "cancelled", paymentStatus: "refunded" });
    expect(await stockOf(productId)).toBe(5);

    const reopened = await setStatus(order._id, { status: "processing" });
    expect(reopened.statusCode).toBe(200);
    expect(await stockOf(productId)).toBe(3);
    const shipped = await setStatus(order._id, {
      status: "shipped",
      courier: "Blue Dart",
      trackingNumber: "BD-88001234",
    });
    expect(shipped.statusCode).toBe(200);
    expect(await stockOf(productId)).toBe(3);
  });

  it("refuses to un-cancel without enough stock, and changes nothing", async () => {
    const { order, productId } = await placeOrder({ stock: 2, quantity: 2 });
    await setStatus(order._id, { status: "cancelled" });
    await db
      .update(productSizes)
      .set({ stock: 1 })
      .where(and(eq(productSizes.productId, productId), eq(productSizes.size, "M")));
    const events = await eventCount(order._id);

    const res = await setStatus(order._id, {
      status: "confirmed",
      paymentStatus: "paid",
      paymentMethod: "upi",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      new RegExp(`^Not enough stock to reopen order ${order.orderNumber}: .* has 1 left`),
    );
    expect(await stockOf(productId)).toBe(1);
    const [row] = await db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.status).toBe("cancelled");
    expect(row!.paymentStatus).toBe("pending");
    expect(await eventCount(order._id)).toBe(events);
  });

  it("answers bad bodies with a message per field, and unknown orders with 404", async () => {
    const { order } = await placeOrder();
    const empty = await setStatus(order._id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(ADMIN_ORDER_MESSAGES.nothingToChange);

    const wrong = await setStatus(order._id, { status: "lost", paymentStatus: "maybe" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({
      status: ADMIN_ORDER_MESSAGES.status,
      paymentStatus: ADMIN_ORDER_MESSAGES.paymentStatus,
    });
    const method = await setStatus(order._id, { paymentMethod: "cheque" });
    expect(method.json().errors).toEqual({ paymentMethod: ADMIN_ORDER_MESSAGES.paymentMethod });

    const extra = await setStatus(order._id, { status: "shipped", totalAmount: 1 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe("Unknown field: totalAmount");

    const [row] = await db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.status).toBe("pending");

    const missing = await setStatus("7b0c6f5e-52c7-4e25-9b43-2b8f6f3e2a10", { status: "shipped" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Order not found");
    expect((await setStatus("not-an-id", { status: "shipped" })).statusCode).toBe(404);
  });
});

describe("PATCH /api/orders/{id}/notes", () => {
  it("saves the notes trimmed and records who wrote them", async () => {
    const { order, shopper } = await placeOrder();
    clock.advance(1000);
    const res = await setNotes(order._id, { notes: "  Call before delivery; gate code 4411.  " });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { message: string; order: OrderDetail };
    expect(body.message).toBe(ADMIN_ORDER_MESSAGES.notesUpdated);
    expect(body.order.notes).toBe("Call before delivery; gate code 4411.");
    const last = body.order.events!.at(-1)!;
    expect(last).toMatchObject({
      type: "notes_updated",
      actorName: "Asha Admin",
      summary: "Notes set to “Call before delivery; gate code 4411.”",
      createdAt: clock().toISOString(),
    });
    // Notes are not a status change: no e-mail.
    expect((await mailsTo(shopper.user.email)).map((m) => m.kind)).toEqual(["order-placed"]);
  });

  it("does nothing with notes that are empty after trimming", async () => {
    const { order } = await placeOrder();
    await setNotes(order._id, { notes: "Fragile" });
    const events = await eventCount(order._id);
    for (const notes of ["", "   \n\t "]) {
      const res = await setNotes(order._id, { notes });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(ADMIN_ORDER_MESSAGES.notesEmpty);
      expect(res.json().order.notes).toBe("Fragile");
    }
    expect(await eventCount(order._id)).toBe(events);
    // The same notes again: nothing new to record either.
    await setNotes(order._id, { notes: "Fragile " });
    expect(await eventCount(order._id)).toBe(events);
  });

  it("refuses notes that are too long or not text, and unknown orders", async () => {
    const { order } = await placeOrder();
    const long = await setNotes(order._id, { notes: "x".repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ notes: ADMIN_ORDER_MESSAGES.notesTooLong });
    const missing = await setNotes(order._id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.notes).toBe("Please send the notes as text");
    const [row] = await db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.notes).toBe("");
    const unknown = await setNotes("7b0c6f5e-52c7-4e25-9b43-2b8f6f3e2a10", { notes: "Hi" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Order not found");
  });
});

describe("GET /api/orders/{id} for the details modal", () => {
  it("gives an admin the items, address, notes, payment method and the history, oldest first", async () => {
    const { order, shopper } = await placeOrder();
    await setStatus(order._id, { status: "confirmed", paymentMethod: "bank_transfer" });
    await setNotes(order._id, { notes: "Gift wrap" });
    const res = await app.inject({
      method: "GET",
      url: `/api/orders/${order._id}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    const detail = res.json() as OrderDetail;
    expect(detail.items[0]!.size).toBe("M");
    expect(detail.shippingAddress).toMatchObject({ city: "Bengaluru", pincode: "560001" });
    expect(detail.notes).toBe("Gift wrap");
    expect(detail.paymentMethod).toBe("bank_transfer");
    expect(detail.events!.map((e) => [e.actorName, e.summary])).toEqual([
      [shopper.user.name, "Order placed: ₹1,499.50, 1 item"],
      ["Asha Admin", "Status: Pending → Confirmed; Payment method: UPI → Bank transfer"],
      ["Asha Admin", "Notes set to “Gift wrap”"],
    ]);

    // The shopper sees their order, without the store's history.
    const own = await app.inject({
      method: "GET",
      url: `/api/orders/${order._id}`,
      headers: { cookie: shopper.cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().events).toBeUndefined();
  });
});

describe("GET /api/orders/{id}/bill.pdf", () => {
  it("is a real PDF holding the bill, named after the order", async () => {
    const { order } = await placeOrder({
      customer: { name: "Kavya Menon" },
      price: 129999,
    });
    await setStatus(order._id, { paymentStatus: "paid", paymentMethod: "bank_transfer" });
    await setNotes(order._id, { notes: "Leave with the society guard" });
    const res = await app.inject({
      method: "GET",
      url: `/api/orders/${order._id}/bill.pdf`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="shipping-bill-${order.orderNumber}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    expect(pdf.numPages).toBe(1);
    const { text } = await extractText(pdf, { mergePages: true });
    for (const expected of [
      order.orderNumber,
      "Kavya Menon",
      "12 MG Road",
      "Bengaluru, Karnataka - 560001",
      "Vastra Retail Private Limited",
      "Mumbai",
      "Paid",
      "Bank transfer",
      "₹1,29,999.00",
      "Handling instructions",
      "Received by (customer)",
      "21 Nov 2026",
    ]) {
      expect(text).toContain(expected);
    }
    // The notes are the store's own: never on the parcel's label (record 0039).
    expect(text).not.toContain("Leave with the society guard");
  });

  it("answers 404 for an unknown order", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/api/orders/7b0c6f5e-52c7-4e25-9b43-2b8f6f3e2a10/bill.pdf",
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Order not found");
  });
});

describe("admins only", () => {
  it("answers 401 to guests and 403 to shoppers, and changes nothing", async () => {
    const { order, shopper } = await placeOrder();
    const calls = [
      { method: "GET" as const, url: "/api/orders/admin/all" },
      { method: "GET" as const, url: "/api/orders/admin/stats" },
      { method: "GET" as const, url: `/api/orders/${order._id}/bill.pdf` },
      {
        method: "PATCH" as const,
        url: `/api/orders/${order._id}/status`,
        payload: { status: "delivered", paymentStatus: "paid" },
      },
      {
        method: "PATCH" as const,
        url: `/api/orders/${order._id}/notes`,
        payload: { notes: "Not mine to write" },
      },
    ];
    const events = await eventCount(order._id);
    for (const call of calls) {
      const guest = await app.inject(call);
      expect(guest.statusCode, `${call.method} ${call.url}`).toBe(401);
      // The order's own shopper is still not an admin.
      for (const who of [shopper, outsider]) {
        const res = await app.inject({ ...call, headers: { cookie: who.cookie } });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(res.json().message).toBe("Only store admins can do that");
      }
    }
    const [row] = await db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ status: "pending", paymentStatus: "pending", notes: "" });
    expect(await eventCount(order._id)).toBe(events);
  });
});
