import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createUser, type ProductRow } from "../../../test/factories.ts";
import { createTestClock, setupTestDatabase } from "../../../test/helpers.ts";
import {
  cartLines,
  emailOutbox,
  orderEvents,
  orders,
  productSizes,
  products,
} from "../../db/schema.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { changeOrderStatus, createOrderService } from "./index.ts";
import { takeStock } from "./stock.ts";

const database = await setupTestDatabase();
const db = database.db;
const clock = createTestClock("2026-11-21T10:00:00Z");
const publicUrl = "https://shop.vastra.example";
const service = createOrderService({ db, clock, publicUrl });
const deps = { db, clock, publicUrl };

let emailCounter = 0;

async function stockOf(productId: string, size = "M"): Promise<number> {
  const [row] = await db
    .select({ stock: productSizes.stock })
    .from(productSizes)
    .where(and(eq(productSizes.productId, productId), eq(productSizes.size, size)));
  return row!.stock;
}

/** A placed order of `quantity` units of a fresh product (size M, `stock` units), and its mailbox. */
async function placedOrder(options: { stock?: number; quantity?: number } = {}) {
  const shopper = await createUser(db, { name: "Kavya Rao", now: clock() });
  const product = await createProduct(db, {
    title: "Ikat Kurta",
    price: 1250,
    sizes: [{ size: "M", stock: options.stock ?? 10 }],
  });
  const quantity = options.quantity ?? 2;
  await db
    .insert(cartLines)
    .values({ userId: shopper.id, productId: product.id, size: "M", quantity });
  // Typed at checkout; the shopper's e-mails go to the account's address (`email` below).
  const checkoutEmail = `kavya${++emailCounter}@example.in`;
  const result = await service.place(shopper.user, {
    user: {
      name: "Kavya Rao",
      email: checkoutEmail,
      phone: "9123456780",
      address: "4 Park Street, Kolkata, West Bengal, 700016, India",
    },
    items: [{ productId: product.id, size: "M", quantity }],
    totalAmount: 1250 * quantity,
  });
  return { order: result.body.order, product, shopper, email: shopper.user.email, checkoutEmail };
}

const mailsTo = (email: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(emailOutbox.createdAt);

const eventsOf = (orderId: string) =>
  db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.createdAt);

const admin = { id: null, name: "Store admin" };

describe("changeOrderStatus", () => {
  it("moves through the statuses, e-mailing the shopper on confirmed, shipped and delivered", async () => {
    const { order, product, email } = await placedOrder();
    const adminUser = await createUser(db, { name: "Anil (admin)", isAdmin: true, now: clock() });
    const actor = { id: adminUser.id, name: "Anil (admin)" };
    const steps = [
      ["confirmed", "order-confirmed", "is confirmed"],
      ["processing", undefined, undefined],
      ["shipped", "order-shipped", "has shipped"],
      ["delivered", "order-delivered", "has been delivered"],
    ] as const;
    for (const [status, kind, subject] of steps) {
      clock.advance(60_000);
      const updated = await changeOrderStatus(deps, { orderId: order._id, status, actor });
      expect(updated.status).toBe(status);
      const mails = await mailsTo(email);
      if (kind) {
        expect(mails.at(-1)!.kind).toBe(kind);
        expect(mails.at(-1)!.subject).toContain(subject);
        expect(mails.at(-1)!.subject).toContain(order.orderNumber);
        expect(mails.at(-1)!.text).toContain("₹2,500.00");
        expect(mails.at(-1)!.text).toContain(`${publicUrl}/orders`);
      } else {
        expect(mails.at(-1)!.kind).not.toBe("order-processing");
      }
    }
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual([
      "order-placed",
      "order-confirmed",
      "order-shipped",
      "order-delivered",
    ]);
    expect(await stockOf(product.id)).toBe(8);
    const events = await eventsOf(order._id);
    expect(events.map((e) => e.type)).toEqual([
      "placed",
      "status_changed",
      "status_changed",
      "status_changed",
      "status_changed",
    ]);
    expect(events[1]).toMatchObject({
      actorId: adminUser.id,
      actorName: "Anil (admin)",
      data: { status: { from: "pending", to: "confirmed" } },
    });
    expect(events[1]!.createdAt.getTime()).toBeGreaterThan(events[0]!.createdAt.getTime());
  });

  it("changes payment status and method on their own, with an event and no e-mail", async () => {
    const { order, email } = await placedOrder();
    const updated = await changeOrderStatus(deps, {
      orderId: order._id,
      paymentStatus: "paid",
      paymentMethod: "google_pay",
      actor: admin,
    });
    expect(updated).toMatchObject({
      status: "pending",
      paymentStatus: "paid",
      paymentMethod: "google_pay",
    });
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(["order-placed"]);
    const events = await eventsOf(order._id);
    expect(events.at(-1)).toMatchObject({
      type: "status_changed",
      actorId: null,
      actorName: "Store admin",
      data: {
        paymentStatus: { from: "pending", to: "paid" },
        paymentMethod: { from: "upi", to: "google_pay" },
      },
    });
    // Nothing to change: no event.
    await changeOrderStatus(deps, { orderId: order._id, paymentStatus: "paid", actor: admin });
    expect(await eventsOf(order._id)).toHaveLength(events.length);
  });

  it("puts the stock back once on cancellation and takes it again when reopened", async () => {
    const { order, product, email } = await placedOrder({ stock: 5, quantity: 2 });
    expect(await stockOf(product.id)).toBe(3);

    await changeOrderStatus(deps, { orderId: order._id, status: "cancelled", actor: admin });
    expect(await stockOf(product.id)).toBe(5);
    await changeOrderStatus(deps, { orderId: order._id, status: "cancelled", actor: admin });
    expect(await stockOf(product.id)).toBe(5);
    expect((await mailsTo(email)).filter((m) => m.kind === "order-cancelled")).toHaveLength(1);

    const reopened = await changeOrderStatus(deps, {
      orderId: order._id,
      status: "confirmed",
      actor: admin,
    });
    expect(reopened.status).toBe("confirmed");
    expect(await stockOf(product.id)).toBe(3);
    const [row] = await db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.stockHeld).toBe(true);
    const events = await eventsOf(order._id);
    expect(events.map((e) => (e.data as { stock?: string }).stock)).toEqual([
      undefined,
      "returned",
      "taken",
    ]);

    // Any transition is allowed; moving between active statuses leaves the stock alone.
    await changeOrderStatus(deps, { orderId: order._id, status: "delivered", actor: admin });
    await changeOrderStatus(deps, { orderId: order._id, status: "pending", actor: admin });
    expect(await stockOf(product.id)).toBe(3);
  });

  it("refuses to reopen a cancelled order without enough stock, and changes nothing", async () => {
    const { order, product, email } = await placedOrder({ stock: 3, quantity: 2 });
    await changeOrderStatus(deps, { orderId: order._id, status: "cancelled", actor: admin });
    await db.update(productSizes).set({ stock: 1 }).where(eq(productSizes.productId, product.id));
    const error = await changeOrderStatus(deps, {
      orderId: order._id,
      status: "processing",
      paymentStatus: "paid",
      actor: admin,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).message).toBe(
      `Not enough stock to reopen order ${order.orderNumber}: Ikat Kurta (size M) has 1 left and the order needs 2`,
    );
    const [row] = await db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ status: "cancelled", paymentStatus: "pending", stockHeld: false });
    expect(await stockOf(product.id)).toBe(1);
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(["order-placed", "order-cancelled"]);

    // A product deleted since cannot be taken again either.
    await db.delete(products).where(eq(products.id, product.id));
    const gone = await changeOrderStatus(deps, {
      orderId: order._id,
      status: "pending",
      actor: admin,
    }).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(ConflictError);
    expect((gone as Error).message).toContain("no longer in the catalogue");
  });

  it("runs inside a caller's transaction and rolls back with it", async () => {
    const { order, product, email } = await placedOrder({ stock: 4, quantity: 1 });
    await db
      .transaction(async (tx) => {
        await changeOrderStatus(
          { db: tx, clock, publicUrl },
          { orderId: order._id, status: "cancelled", actor: admin },
        );
        expect(await tx.select().from(orders).where(eq(orders.id, order._id))).toMatchObject([
          { status: "cancelled" },
        ]);
        throw new Error("abandon");
      })
      .catch(() => {});
    const [row] = await db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.status).toBe("pending");
    expect(await stockOf(product.id)).toBe(3);
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(["order-placed"]);
  });

  it("answers NotFoundError for an unknown order", async () => {
    for (const orderId of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const error = await changeOrderStatus(deps, {
        orderId,
        status: "shipped",
        actor: admin,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
    }
  });
});

describe("takeStock", () => {
  it("never takes a size below zero, however the calls race", async () => {
    const product = await createProduct(db, {
      title: "Last One",
      sizes: [{ size: "M", stock: 3 }],
    });
    const item = { productId: product.id, size: "M", quantity: 1, title: "Last One" };
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => db.transaction((tx) => takeStock(tx, [item]))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason.message).toBe(
        "This product is out of stock (Last One, size M)",
      );
    }
    expect(await stockOf(product.id)).toBe(0);
    // The CHECK constraint is the last guard.
    const raw = await db
      .execute(sql`update product_sizes set stock = stock - 1 where product_id = ${product.id}`)
      .catch((e: unknown) => e);
    expect(raw).toBeInstanceOf(Error);
  });
});

describe("placing a long order", () => {
  /** A shopper with one unit of each of `count` fresh products (size M) in their cart. */
  async function longCart(count: number) {
    const shopper = await createUser(db, { name: "Kavya Rao", now: clock() });
    const made: ProductRow[] = [];
    for (let i = 0; i < count; i++) {
      made.push(
        await createProduct(db, {
          title: `Long Order Saree ${i + 1}`,
          price: 1250,
          sizes: [{ size: "M", stock: 5 }],
        }),
      );
    }
    for (const product of made) {
      await db
        .insert(cartLines)
        .values({ userId: shopper.id, productId: product.id, size: "M", quantity: 1 });
    }
    const place = () =>
      service.place(shopper.user, {
        user: {
          name: "Kavya Rao",
          email: "kavya.long@example.in",
          phone: "9123456780",
          address: "4 Park Street, Kolkata, West Bengal, 700016, India",
        },
        items: made.map((p) => ({ productId: p.id, size: "M", quantity: 1 })),
        totalAmount: 1250 * count,
      });
    return { shopper, made, place };
  }

  // Orders of up to 10 lines send their items with the order; longer ones wait for its row.
  it("places 12 lines: every item, each size's stock taken, one event, both e-mails", async () => {
    const { shopper, made, place } = await longCart(12);
    const { body } = await place();
    expect(body.order.items).toHaveLength(12);
    expect(new Set(body.order.items.map((item) => item.productId))).toEqual(
      new Set(made.map((p) => p.id)),
    );
    for (const product of made) expect(await stockOf(product.id)).toBe(4);
    const events = await eventsOf(body.order._id);
    const data = (e: (typeof events)[number]) => e.data as Record<string, unknown>;
    expect(events.map((e) => [e.type, data(e).items, data(e).mail])).toEqual([
      ["placed", 12, "sent"],
    ]);
    const [mail] = await mailsTo(shopper.user.email);
    expect(mail?.subject).toContain(body.order.orderNumber);
    expect(mail?.text).toContain("Long Order Saree 12");
    expect(await db.select().from(cartLines).where(eq(cartLines.userId, shopper.id))).toEqual([]);
  });

  it("undoes the order, its items, event, e-mails and emptied cart when taking the stock fails", async () => {
    for (const count of [2, 12]) {
      const { shopper, made, place } = await longCart(count);
      const [before] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
      // The stock statement goes last, after everything else was sent: make it fail there.
      await db.execute(
        sql.raw(`
        create function fail_stock() returns trigger language plpgsql as $$
        begin
          if new.product_id = '${made.at(-1)!.id}' then raise exception 'stock write failed'; end if;
          return new;
        end $$`),
      );
      await db.execute(
        sql.raw(
          "create trigger fail_stock before update on product_sizes for each row execute function fail_stock()",
        ),
      );
      try {
        await expect(place()).rejects.toThrow();
      } finally {
        await db.execute(sql.raw("drop trigger fail_stock on product_sizes"));
        await db.execute(sql.raw("drop function fail_stock()"));
      }
      const [after] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
      expect(after!.n).toBe(before!.n);
      for (const product of made) expect(await stockOf(product.id)).toBe(5);
      expect(
        await db.select().from(cartLines).where(eq(cartLines.userId, shopper.id)),
      ).toHaveLength(count);
      expect(await mailsTo(shopper.user.email)).toEqual([]);
      // Nothing was left behind: the same cart places once the stock can be taken.
      const { body } = await place();
      expect(body.order.items).toHaveLength(count);
    }
  });
});
