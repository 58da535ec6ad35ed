/**
 * Issue #12 (defects 7 and 8): one shopper cannot hoard stock (pending orders and units capped,
 * placements per hour limited, orders left pending cancelled with their stock back once), and the
 * order e-mails cannot be aimed at someone else's inbox or sent in a flood.
 */
import { ORDER_LIMIT_MESSAGES } from "@vastra/contracts";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createUser, type TestUser } from "../../../test/factories.ts";
import { createTestClock, setupTestDatabase } from "../../../test/helpers.ts";
import { cartLines, emailOutbox, orderEvents, orders, productSizes } from "../../db/schema.ts";
import { ConflictError, TooManyRequestsError } from "../errors.ts";
import { orderHistory } from "./admin.ts";
import {
  AUTO_CANCEL_ACTOR,
  cancelExpiredOrders,
  changeOrderStatus,
  createOrderService,
} from "./index.ts";
import type { OrderLimits } from "./limits.ts";

const database = await setupTestDatabase();
const db = database.db;
const clock = createTestClock("2026-11-21T10:00:00Z");
const publicUrl = "https://shop.vastra.example";
const HOUR = 60 * 60 * 1000;

const serviceWith = (limits: Partial<OrderLimits> = {}) =>
  createOrderService({ db, clock, publicUrl, limits });
const service = serviceWith();

async function stockOf(productId: string): Promise<number> {
  const [row] = await db
    .select({ stock: productSizes.stock })
    .from(productSizes)
    .where(and(eq(productSizes.productId, productId), eq(productSizes.size, "M")));
  return row!.stock;
}

const kurta = (stock = 100) =>
  createProduct(db, { title: "Ikat Kurta", price: 1250, sizes: [{ size: "M", stock }] });

/** Puts `quantity` of the product in the shopper's cart and places it (checkout e-mail given). */
async function place(
  shopper: TestUser,
  productId: string,
  quantity: number,
  options: { checkoutEmail?: string; orders?: ReturnType<typeof createOrderService> } = {},
) {
  await db.insert(cartLines).values({ userId: shopper.id, productId, size: "M", quantity });
  try {
    const result = await (options.orders ?? service).place(shopper.user, {
      user: {
        name: "Kavya Rao",
        email: options.checkoutEmail ?? "kavya.checkout@example.in",
        phone: "9123456780",
        address: "4 Park Street, Kolkata, West Bengal, 700016, India",
      },
      items: [{ productId, size: "M", quantity }],
      totalAmount: 1250 * quantity,
    });
    return result.body.order;
  } catch (error) {
    await db.delete(cartLines).where(eq(cartLines.userId, shopper.id));
    throw error;
  }
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected the order to be refused");
    },
    (error: unknown) => error as Error & { status: number },
  );

const mailsTo = (address: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(emailOutbox.createdAt);

describe("pending orders per shopper", () => {
  it("refuses a fourth order waiting for confirmation, with what to do, and takes no stock", async () => {
    const shopper = await createUser(db, { now: clock() });
    const product = await kurta(50);
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push(await place(shopper, product.id, 1));
    expect(await stockOf(product.id)).toBe(47);

    const error = await refusal(place(shopper, product.id, 1));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe(
      "You already have 3 orders waiting for confirmation. Please wait for the store to confirm them or cancel one before ordering again.",
    );
    expect(await stockOf(product.id)).toBe(47);
    expect(await db.select().from(orders).where(eq(orders.userId, shopper.id))).toHaveLength(3);

    // Once the store confirms one (or the shopper cancels one), the shopper can order again.
    await changeOrderStatus(
      { db, clock, publicUrl },
      { orderId: placed[0]!._id, status: "confirmed", actor: { id: null, name: "Admin" } },
    );
    await place(shopper, product.id, 1);
    await service.cancel(shopper.user, placed[1]!._id);
    await place(shopper, product.id, 1);
    expect(await stockOf(product.id)).toBe(46);
  });

  it("caps the units across the shopper's pending orders, saying how many more fit", async () => {
    const shopper = await createUser(db, { now: clock() });
    const product = await kurta(500);
    const tooMany = await refusal(place(shopper, product.id, 21));
    expect(tooMany.status).toBe(409);
    expect(tooMany.message).toBe(ORDER_LIMIT_MESSAGES.pendingUnits(20, 0));
    expect(tooMany.message).toBe(
      "You can order at most 20 items at a time. Please reduce the quantities in your cart.",
    );

    await place(shopper, product.id, 18);
    const over = await refusal(place(shopper, product.id, 3));
    expect(over.message).toBe(
      "Your orders waiting for confirmation already hold 18 items, and at most 20 can wait at once. Please reduce the quantities in your cart to 2 or fewer, or wait for the store to confirm your orders.",
    );
    await place(shopper, product.id, 2);
    expect(await stockOf(product.id)).toBe(480);
  });

  it("counts each shopper on their own, and the limits are settings", async () => {
    const roomy = serviceWith({ pendingOrders: 5, pendingUnits: 1004 });
    const a = await createUser(db, { now: clock() });
    const b = await createUser(db, { now: clock() });
    const product = await kurta(3000);
    await place(a, product.id, 999, { orders: roomy });
    await place(b, product.id, 999, { orders: roomy });
    for (let i = 0; i < 4; i++) await place(a, product.id, 1, { orders: roomy });
    expect((await refusal(place(a, product.id, 1, { orders: roomy }))).message).toBe(
      ORDER_LIMIT_MESSAGES.pendingOrders(5),
    );
  });
});

describe("placements per hour", () => {
  it("answers 429 after the hourly number of orders, even when each was cancelled", async () => {
    const limited = serviceWith({ placementsPerHour: 3 });
    const shopper = await createUser(db, { now: clock() });
    const product = await kurta(50);
    for (let i = 0; i < 3; i++) {
      const order = await place(shopper, product.id, 1, { orders: limited });
      await limited.cancel(shopper.user, order._id);
    }
    const error = await refusal(place(shopper, product.id, 1, { orders: limited }));
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect(error.status).toBe(429);
    expect(error.message).toBe(
      "You have placed 3 orders in the last hour. Please wait a while before placing another, or contact us if you need help with a large order.",
    );
    expect(await stockOf(product.id)).toBe(50);
    // Refused attempts do not count: another shopper is not affected.
    const other = await createUser(db, { now: clock() });
    await place(other, product.id, 1, { orders: limited });
  });
});

describe("order e-mails", () => {
  it("go to the account's verified address; the checkout address is only shown inside", async () => {
    const shopper = await createUser(db, { now: clock() });
    const product = await kurta();
    const order = await place(shopper, product.id, 1, { checkoutEmail: "victim@example.com" });
    await service.cancel(shopper.user, order._id);
    expect(await mailsTo("victim@example.com")).toEqual([]);
    const mails = await mailsTo(shopper.user.email);
    expect(mails.map((m) => m.kind)).toEqual(["order-placed", "order-cancelled"]);
    for (const mail of mails) expect(mail.text).toContain("victim@example.com");
  });

  it("stop at the hourly limit in a place-and-cancel loop; the orders still change", async () => {
    const looping = serviceWith({ mailsPerHour: 4, placementsPerHour: 100 });
    const shopper = await createUser(db, { now: clock() });
    const product = await kurta(50);
    const placed = [];
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      const order = await place(shopper, product.id, 1, { orders: looping });
      clock.advance(1000);
      placed.push(await looping.cancel(shopper.user, order._id));
    }
    expect(placed.every((o) => o.status === "cancelled")).toBe(true);
    expect(await stockOf(product.id)).toBe(50);
    expect(await mailsTo(shopper.user.email)).toHaveLength(4);
    // The dropped e-mails are recorded in the orders' history.
    const last = await orderHistory(db, placed.at(-1)!._id);
    expect(last.at(-1)!.data.mail).toBe("dropped: hourly limit");
    expect(last.at(-1)!.summary).toContain("e-mail to the customer not sent (hourly limit)");

    // An hour later the account is e-mailed again.
    clock.advance(HOUR);
    await place(shopper, product.id, 1, { orders: looping });
    expect(await mailsTo(shopper.user.email)).toHaveLength(5);
  });

  it("log a dropped placement e-mail with its order's number; the store's copy still goes", async () => {
    const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
    const logged = createOrderService({
      db,
      clock,
      publicUrl,
      limits: { mailsPerHour: 1 },
      log: { warn: (obj, msg) => warnings.push({ obj: obj as Record<string, unknown>, msg }) },
    });
    const shopper = await createUser(db, { now: clock() });
    const product = await kurta();
    await place(shopper, product.id, 1, { orders: logged });
    expect(warnings).toEqual([]);
    const second = await place(shopper, product.id, 1, { orders: logged });
    expect(warnings).toEqual([
      {
        obj: { orderNumber: second.orderNumber, kind: "order-placed", userId: shopper.id },
        msg: "order e-mail dropped: the account was sent 1 order e-mails in the last hour",
      },
    ]);
    expect(await mailsTo(shopper.user.email)).toHaveLength(1);
    const storeCopies = await db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "order-new-store"));
    expect(storeCopies.some((m) => m.subject.includes(second.orderNumber))).toBe(true);
  });
});

describe("cancelExpiredOrders", () => {
  const sweep = () => cancelExpiredOrders({ db, clock, publicUrl, expiryHours: 48 });

  it("cancels an order still pending after 48 hours: stock back once, event, e-mail", async () => {
    // Orders of earlier tests are cancelled or belong to them; start from a clean slate of due ones.
    clock.advance(100 * HOUR);
    await sweep();

    const shopper = await createUser(db, { now: clock() });
    const product = await kurta(10);
    const order = await place(shopper, product.id, 3, { checkoutEmail: "typed@example.com" });
    const confirmedShopper = await createUser(db, { now: clock() });
    const confirmed = await place(confirmedShopper, product.id, 1);
    await changeOrderStatus(
      { db, clock, publicUrl },
      { orderId: confirmed._id, status: "confirmed", actor: { id: null, name: "Admin" } },
    );
    expect(await stockOf(product.id)).toBe(6);

    clock.advance(47 * HOUR);
    expect(await sweep()).toBe(0);
    expect(await stockOf(product.id)).toBe(6);

    clock.advance(HOUR + 1000);
    expect(await sweep()).toBe(1);
    expect(await stockOf(product.id)).toBe(9);
    const [row] = await db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ status: "cancelled", stockHeld: false });
    const [kept] = await db.select().from(orders).where(eq(orders.id, confirmed._id));
    expect(kept!.status).toBe("confirmed");

    const history = await orderHistory(db, order._id);
    expect(history.at(-1)).toMatchObject({
      type: "auto_cancelled",
      actorName: AUTO_CANCEL_ACTOR.name,
      data: { status: { from: "pending", to: "cancelled" }, stock: "returned", mail: "sent" },
    });
    expect(history.at(-1)!.summary).toMatch(/^Auto-cancelled: not confirmed in time/);

    const mails = await mailsTo(shopper.user.email);
    expect(mails.map((m) => m.kind)).toEqual(["order-placed", "order-auto-cancelled"]);
    expect(mails[1]!.subject).toContain(order.orderNumber);
    expect(mails[1]!.text).toContain("not confirmed within 48 hours");
    expect(mails[1]!.text).toContain("please place a new order");
    expect(await mailsTo("typed@example.com")).toEqual([]);

    // A second sweep (or a second server) changes nothing: the stock came back exactly once.
    expect(await sweep()).toBe(0);
    expect(await stockOf(product.id)).toBe(9);
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id));
    expect(events.filter((e) => e.type === "auto_cancelled")).toHaveLength(1);
  });

  it("leaves a pending order the store marked paid", async () => {
    const shopper = await createUser(db, { now: clock() });
    const product = await kurta(10);
    const order = await place(shopper, product.id, 1);
    await changeOrderStatus(
      { db, clock, publicUrl },
      { orderId: order._id, paymentStatus: "paid", actor: { id: null, name: "Admin" } },
    );
    clock.advance(49 * HOUR);
    expect(await sweep()).toBe(0);
    const [row] = await db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.status).toBe("pending");
  });

  it("works through more due orders than one batch", async () => {
    const product = await kurta(20);
    const ids = [];
    for (let i = 0; i < 5; i++) {
      const shopper = await createUser(db, { now: clock() });
      ids.push((await place(shopper, product.id, 2))._id);
    }
    expect(await stockOf(product.id)).toBe(10);
    clock.advance(49 * HOUR);
    expect(await cancelExpiredOrders({ db, clock, publicUrl, expiryHours: 48, batchSize: 2 })).toBe(
      5,
    );
    expect(await stockOf(product.id)).toBe(20);
  });
});
