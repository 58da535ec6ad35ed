import { randomBytes } from "node:crypto";
import { DEFAULT_STORE_SETTINGS, ORDER_MESSAGES, SESSION_COOKIE } from "@vastra/contracts";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createUser, type TestUser } from "../../test/factories.ts";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";
import type { DbOrTx } from "../db/client.ts";
import {
  cartLines,
  emailOutbox,
  idempotencyKeys,
  orderEvents,
  orderItems,
  orders,
  productSizes,
  products,
  userSessions,
  users,
} from "../db/schema.ts";
import { hashToken, SESSION_TTL_MS } from "../services/auth/sessions.ts";

const clock = createTestClock("2026-11-21T10:00:00Z");
const { app, database } = await buildTestApp({ clock });
const db = database.db;

const tick = () => clock.advance(1000);

async function shopper(name = "Priya Sharma"): Promise<TestUser> {
  return createUser(db, { name, now: clock() });
}

/** Many signed-in shoppers at once: one insert for the users, one for their sessions. */
async function manyShoppers(n: number): Promise<Array<{ id: string; cookie: string }>> {
  const now = clock();
  const batch = randomBytes(3).toString("hex").toUpperCase();
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        name: `Racer ${i}`,
        email: `racer${i}.${batch}@example.in`.toLowerCase(),
        passwordHash: "scrypt$0$0$0$none$none",
        emailVerifiedAt: now,
        affiliateCode: `R${batch}${String(i).padStart(4, "0")}`.slice(0, 12),
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

async function putInCart(
  tx: DbOrTx,
  userId: string,
  productId: string,
  size: string,
  quantity = 1,
  color = "",
) {
  await tx.insert(cartLines).values({ userId, productId, size, quantity, color });
}

async function stockOf(productId: string, size = "M"): Promise<number> {
  const [row] = await db
    .select({ stock: productSizes.stock })
    .from(productSizes)
    .where(and(eq(productSizes.productId, productId), eq(productSizes.size, size)));
  return row!.stock;
}

async function count(table: typeof orders | typeof emailOutbox, where?: ReturnType<typeof eq>) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return row!.n;
}

type Item = { productId: string; size: string; quantity: number; color?: string; price?: number };

const ADDRESS = {
  streetAddress: "12 MG Road",
  apartment: "Flat 4B",
  city: "Bengaluru",
  state: "Karnataka",
  pincode: "560001",
  country: "India",
};
const ADDRESS_STRING = "12 MG Road, Flat 4B, Bengaluru, Karnataka, 560001, India";

function payload(items: Item[], totalAmount: number, extra: Record<string, unknown> = {}) {
  return {
    user: {
      name: "Priya Sharma",
      email: "priya@example.in",
      phone: "98765 43210",
      address: ADDRESS_STRING,
    },
    items,
    totalAmount,
    status: "pending",
    ...extra,
  };
}

function place(cookie: string | undefined, body: object, key?: string) {
  return app.inject({
    method: "POST",
    url: "/api/orders",
    payload: body,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(key !== undefined ? { "idempotency-key": key } : {}),
    },
  });
}

function get(url: string, cookie?: string) {
  return app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
}

function cancel(id: string, cookie?: string) {
  return app.inject({
    method: "PATCH",
    url: `/api/orders/${id}/cancel`,
    headers: cookie ? { cookie } : {},
  });
}

/** A shopper with one product (size M, stock `stock`) in the cart, and the matching payload. */
async function readyToOrder(options: { stock?: number; quantity?: number; price?: number } = {}) {
  const user = await shopper();
  const product = await createProduct(db, {
    title: "Chanderi Kurta",
    price: options.price ?? 1499.5,
    sizes: [{ size: "M", stock: options.stock ?? 10 }],
  });
  const quantity = options.quantity ?? 2;
  await putInCart(db, user.id, product.id, "M", quantity);
  const subtotal = (options.price ?? 1499.5) * quantity;
  // Items under ₹999 pay the default ₹99 shipping (record 0036).
  const body = payload(
    [{ productId: product.id, size: "M", quantity }],
    subtotal + (subtotal < 999 ? 99 : 0),
  );
  return { user, product, body };
}

describe("placing an order", () => {
  it("needs a signed-in shopper", async () => {
    const product = await createProduct(db);
    const res = await place(
      undefined,
      payload([{ productId: product.id, size: "M", quantity: 1 }], 999),
    );
    expect(res.statusCode).toBe(401);
  });

  it("rebuilds the order from the cart, takes the stock, clears the cart and queues both e-mails", async () => {
    const user = await shopper("Priya Sharma");
    const kurta = await createProduct(db, {
      title: "Chanderi Kurta",
      price: 1499.5,
      imageUrl: "/images/chanderi.webp",
      colors: ["Maroon"],
      sizes: [
        { size: "M", stock: 5 },
        { size: "L", stock: 1 },
      ],
    });
    const dupatta = await createProduct(db, {
      title: "Bandhani Dupatta",
      price: 100000,
      sizes: [{ size: "Free", stock: 3 }],
    });
    await putInCart(db, user.id, kurta.id, "M", 2, "Maroon");
    await putInCart(db, user.id, dupatta.id, "Free", 1);
    tick();

    const res = await place(
      user.cookie,
      payload(
        [
          // The client's titles and prices are ignored; the catalogue's count.
          { productId: kurta.id, size: "M", quantity: 2, color: "Maroon", price: 1 },
          { productId: dupatta.id, size: "Free", quantity: 1 },
        ],
        102999,
        {
          status: "delivered",
          shippingAddress: { ...ADDRESS, state: "karnataka", addressType: "office" },
        },
      ),
    );
    expect(res.statusCode).toBe(201);
    const { message, order } = res.json();
    expect(message).toBe("Order placed successfully");
    expect(order).toMatchObject({
      status: "pending",
      paymentStatus: "pending",
      // No payment method sent (an older client): UPI when the store gets in touch.
      paymentMethod: "upi",
      totalAmount: 102999,
      user: {
        name: "Priya Sharma",
        email: "priya@example.in",
        phone: "9876543210",
        address: ADDRESS_STRING,
      },
      shippingAddress: { ...ADDRESS, addressType: "office" },
      addressType: "office",
      notes: "",
      createdAt: clock().toISOString(),
    });
    expect(order.orderNumber).toMatch(/^VST-\d{6,}$/);
    expect(order.items).toEqual([
      {
        productId: dupatta.id,
        title: "Bandhani Dupatta",
        imageUrl: dupatta.imageUrl,
        price: 100000,
        size: "Free",
        quantity: 1,
        color: "",
      },
      {
        productId: kurta.id,
        title: "Chanderi Kurta",
        imageUrl: "/images/chanderi.webp",
        price: 1499.5,
        size: "M",
        quantity: 2,
        color: "Maroon",
      },
    ]);

    expect(await stockOf(kurta.id, "M")).toBe(3);
    expect(await stockOf(kurta.id, "L")).toBe(1);
    expect(await stockOf(dupatta.id, "Free")).toBe(2);
    expect(await db.select().from(cartLines).where(eq(cartLines.userId, user.id))).toEqual([]);

    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id));
    expect(events).toEqual([
      expect.objectContaining({ type: "placed", actorId: user.id, actorName: "Priya Sharma" }),
    ]);

    const mails = await db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.kind} in ('order-placed', 'order-new-store')`)
      .orderBy(emailOutbox.kind);
    // The shopper's e-mail goes to the account's verified address, not the one typed at checkout.
    expect(mails.map((m) => [m.kind, m.toAddress])).toEqual([
      ["order-new-store", DEFAULT_STORE_SETTINGS.ordersEmail],
      ["order-placed", user.user.email],
    ]);
    const [toStore, toShopper] = mails;
    for (const text of [
      order.orderNumber,
      "Chanderi Kurta (Size M, Maroon) × 2",
      "Bandhani Dupatta (Size Free) × 1",
      "₹2,999.00",
      "₹1,02,999.00",
      ADDRESS_STRING,
      "priya@example.in",
      "Our team will contact you about payment and delivery",
    ]) {
      expect(toShopper!.text).toContain(text);
      expect(toShopper!.html).toContain(text);
    }
    expect(toShopper!.subject).toContain(order.orderNumber);
    expect(toStore!.subject).toContain(order.orderNumber);
    expect(toStore!.text).toContain("9876543210");
    expect(toStore!.text).toContain("priya@example.in");
    expect(toStore!.headers).toEqual({ "Reply-To": user.user.email });
  });

  it("gives each order its own readable number", async () => {
    const numbers = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const { user, body } = await readyToOrder();
      const res = await place(user.cookie, body);
      expect(res.statusCode).toBe(201);
      numbers.add(res.json().order.orderNumber);
    }
    expect(numbers.size).toBe(3);
  });

  it("accepts the spec's address string alone: its 6-digit group is the pincode", async () => {
    const { user, body } = await readyToOrder();
    const res = await place(user.cookie, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({
      shippingAddress: null,
      addressType: "home",
      user: { address: ADDRESS_STRING },
    });
  });

  it("checks the checkout rules and gives each field its message", async () => {
    const { user, body } = await readyToOrder();
    const withUser = (u: object) => ({ ...body, user: { ...body.user, ...u } });
    const withAddress = (a: object) => ({ ...body, shippingAddress: { ...ADDRESS, ...a } });
    const cases: Array<[object, string, string]> = [
      [withUser({ name: "  " }), "user.name", ORDER_MESSAGES.requiredFields],
      [withUser({ email: "" }), "user.email", ORDER_MESSAGES.requiredFields],
      [withUser({ email: "priya" }), "user.email", ORDER_MESSAGES.email],
      [withUser({ phone: "" }), "user.phone", ORDER_MESSAGES.requiredFields],
      [withUser({ phone: "58765 43210" }), "user.phone", ORDER_MESSAGES.phone],
      [withUser({ phone: "98765 4321" }), "user.phone", ORDER_MESSAGES.phone],
      [withUser({ address: "" }), "user.address", ORDER_MESSAGES.requiredFields],
      [
        withUser({ address: "12 MG Road, Bengaluru, India" }),
        "user.address",
        ORDER_MESSAGES.pincode,
      ],
      [
        withUser({ address: "12 MG Road, Bengaluru, 056001" }),
        "user.address",
        ORDER_MESSAGES.pincode,
      ],
      [
        withAddress({ streetAddress: "" }),
        "shippingAddress.streetAddress",
        ORDER_MESSAGES.requiredFields,
      ],
      [withAddress({ city: " " }), "shippingAddress.city", ORDER_MESSAGES.requiredFields],
      [withAddress({ state: "" }), "shippingAddress.state", ORDER_MESSAGES.requiredFields],
      [withAddress({ state: "Atlantis" }), "shippingAddress.state", ORDER_MESSAGES.state],
      [withAddress({ pincode: "" }), "shippingAddress.pincode", ORDER_MESSAGES.requiredFields],
      [withAddress({ pincode: "012345" }), "shippingAddress.pincode", ORDER_MESSAGES.pincode],
      [withAddress({ pincode: "56001" }), "shippingAddress.pincode", ORDER_MESSAGES.pincode],
      [withAddress({ country: "Nepal" }), "shippingAddress.country", ORDER_MESSAGES.country],
      [
        withAddress({ addressType: "castle" }),
        "shippingAddress.addressType",
        "Please choose home, office or other",
      ],
      [{ ...body, items: [] }, "items", ORDER_MESSAGES.emptyCart],
    ];
    for (const [payloadCase, field, message] of cases) {
      const res = await place(user.cookie, payloadCase);
      expect(res.statusCode, JSON.stringify(payloadCase)).toBe(400);
      expect(res.json().message, field).toBe(message);
      expect(res.json().errors[field], field).toBe(message);
    }
    expect(await count(orders, eq(orders.userId, user.id))).toBe(0);
    // The structured address wins over a string without a pincode.
    const ok = await place(user.cookie, {
      ...withUser({ address: "see structured address" }),
      shippingAddress: { ...ADDRESS, apartment: undefined, country: undefined },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().order.user.address).toBe("12 MG Road, Bengaluru, Karnataka, 560001, India");
    expect(ok.json().order.shippingAddress).toMatchObject({ apartment: "", country: "India" });
  });

  it("answers 'Your cart is empty' when the server cart is empty", async () => {
    const user = await shopper();
    const product = await createProduct(db);
    const res = await place(
      user.cookie,
      payload([{ productId: product.id, size: "M", quantity: 1 }], 999),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Your cart is empty");
  });

  it("refuses a total that differs from the catalogue's with 409 and the fresh cart", async () => {
    const { user, product, body } = await readyToOrder({ price: 1499.5, quantity: 2 });
    await db.update(products).set({ pricePaise: 159900 }).where(eq(products.id, product.id));
    const res = await place(user.cookie, body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: ORDER_MESSAGES.totalChanged,
      cart: [
        expect.objectContaining({ productId: product.id, price: 1599, quantity: 2, stock: 10 }),
      ],
      totalAmount: 3198,
    });
    expect(await stockOf(product.id)).toBe(10);
    expect(await count(orders, eq(orders.userId, user.id))).toBe(0);
    // With the fresh total the order goes through.
    const retry = await place(user.cookie, { ...body, totalAmount: 3198 });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().order.totalAmount).toBe(3198);
  });

  it("refuses items that differ from the cart with 409 and the fresh cart", async () => {
    const { user, product, body } = await readyToOrder({ quantity: 2 });
    const res = await place(user.cookie, {
      ...body,
      items: [{ productId: product.id, size: "M", quantity: 1 }],
      totalAmount: 1499.5,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ORDER_MESSAGES.cartChanged);
    expect(res.json().cart).toHaveLength(1);
    expect(res.json().cart[0].quantity).toBe(2);
  });

  it("refuses more than the stock and rolls everything back", async () => {
    const user = await shopper();
    const first = await createProduct(db, {
      title: "A Kurta",
      price: 100,
      sizes: [{ size: "M", stock: 5 }],
    });
    const short = await createProduct(db, {
      title: "B Saree",
      price: 200,
      sizes: [{ size: "M", stock: 2 }],
    });
    await putInCart(db, user.id, first.id, "M", 1);
    await putInCart(db, user.id, short.id, "M", 3);
    const body = payload(
      [
        { productId: first.id, size: "M", quantity: 1 },
        { productId: short.id, size: "M", quantity: 3 },
      ],
      799,
    );
    const res = await place(user.cookie, body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: "Only 2 items available in stock (B Saree, size M)",
      productId: short.id,
      size: "M",
      available: 2,
    });
    expect(await stockOf(first.id)).toBe(5);
    expect(await stockOf(short.id)).toBe(2);
    expect(await db.select().from(cartLines).where(eq(cartLines.userId, user.id))).toHaveLength(2);
    expect(await count(orders, eq(orders.userId, user.id))).toBe(0);
  });

  it("sells 20 units to exactly 20 of 200 simultaneous shoppers", async () => {
    const product = await createProduct(db, {
      title: "Festive Lehenga",
      price: 4999,
      sizes: [{ size: "M", stock: 20 }],
    });
    const shoppers = await manyShoppers(200);
    await db
      .insert(cartLines)
      .values(
        shoppers.map((s) => ({ userId: s.id, productId: product.id, size: "M", quantity: 1 })),
      );
    const body = payload([{ productId: product.id, size: "M", quantity: 1 }], 4999);
    const results = await Promise.all(shoppers.map((s) => place(s.cookie, body)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(20);
    expect(codes.filter((c) => c === 409)).toHaveLength(180);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toBe("This product is out of stock (Festive Lehenga, size M)");
    }
    expect(await stockOf(product.id)).toBe(0);
    const [sold] = await db
      .select({
        n: sql<number>`count(*)::int`,
        units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
      })
      .from(orderItems)
      .where(eq(orderItems.productId, product.id));
    expect(sold).toEqual({ n: 20, units: 20 });
    const numbers = new Set(
      results.filter((r) => r.statusCode === 201).map((r) => r.json().order.orderNumber),
    );
    expect(numbers.size).toBe(20);
  }, 120_000);
});

describe("Idempotency-Key", () => {
  it("returns the first order for a retry with the same key and body, and does nothing else", async () => {
    const { user, product, body } = await readyToOrder({ stock: 10, quantity: 2 });
    const first = await place(user.cookie, body, "checkout-1");
    expect(first.statusCode).toBe(201);
    const again = await place(user.cookie, body, "checkout-1");
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await stockOf(product.id)).toBe(8);
    expect(await count(orders, eq(orders.userId, user.id))).toBe(1);
    expect(await count(emailOutbox, eq(emailOutbox.kind, "order-placed"))).toBeGreaterThan(0);

    const other = await place(user.cookie, { ...body, totalAmount: 1 }, "checkout-1");
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(
      "This Idempotency-Key was already used with a different order",
    );
  });

  it("places one order for 10 simultaneous submits with one key", async () => {
    const { user, product, body } = await readyToOrder({ stock: 10, quantity: 1, price: 799 });
    body.user.email = "tenfold@example.in";
    const results = await Promise.all(
      Array.from({ length: 10 }, () => place(user.cookie, body, "same-key-10")),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const ids = new Set(results.map((r) => r.json().order._id));
    expect(ids.size).toBe(1);
    expect(await count(orders, eq(orders.userId, user.id))).toBe(1);
    expect(await stockOf(product.id)).toBe(9);
    expect(await count(emailOutbox, eq(emailOutbox.toAddress, user.user.email))).toBe(1);
    expect(await count(emailOutbox, eq(emailOutbox.toAddress, "tenfold@example.in"))).toBe(0);
  }, 60_000);

  it("is kept per user, re-runs after a refused attempt, and lasts 24 hours", async () => {
    const a = await readyToOrder({ quantity: 1 });
    const b = await readyToOrder({ quantity: 1 });
    expect((await place(a.user.cookie, a.body, "shared")).statusCode).toBe(201);
    expect((await place(b.user.cookie, b.body, "shared")).statusCode).toBe(201);

    // A refused attempt leaves no key behind: fixing the cause and retrying with it works.
    const c = await readyToOrder({ quantity: 1 });
    const wrong = await place(c.user.cookie, { ...c.body, totalAmount: 1 }, "retry-me");
    expect(wrong.statusCode).toBe(409);
    const fixedBody = { ...c.body };
    expect((await place(c.user.cookie, fixedBody, "retry-me")).statusCode).toBe(201);

    // After 24 hours the key is free again (here: the cart is empty, so the new attempt is refused).
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    const later = await place(c.user.cookie, fixedBody, "retry-me");
    expect(later.statusCode).toBe(400);
    expect(later.json().message).toBe("Your cart is empty");
    const keys = await db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, c.user.id));
    expect(keys).toHaveLength(1);
  });

  it("must be 1 to 200 characters", async () => {
    const { user, body } = await readyToOrder();
    for (const key of ["", "k".repeat(201)]) {
      const res = await place(user.cookie, body, key);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ORDER_MESSAGES.idempotencyHeader);
    }
    expect((await place(user.cookie, body, "k".repeat(200))).statusCode).toBe(201);
  });
});

describe("my orders", () => {
  it("lists the shopper's own orders, newest first, optionally by status", async () => {
    const user = await shopper();
    const stranger = await readyToOrder();
    await place(stranger.user.cookie, stranger.body);
    const product = await createProduct(db, { price: 500 });
    const placed: string[] = [];
    for (let i = 0; i < 3; i++) {
      await putInCart(db, user.id, product.id, "M", 1);
      tick();
      const res = await place(
        user.cookie,
        payload([{ productId: product.id, size: "M", quantity: 1 }], 599),
      );
      placed.push(res.json().order._id);
    }
    await cancel(placed[1]!, user.cookie);

    const all = await get("/api/orders/my-orders", user.cookie);
    expect(all.statusCode).toBe(200);
    expect(all.json().map((o: { _id: string }) => o._id)).toEqual([...placed].reverse());
    const cancelled = await get("/api/orders/my-orders?status=cancelled", user.cookie);
    expect(cancelled.json().map((o: { _id: string }) => o._id)).toEqual([placed[1]]);
    const shipped = await get("/api/orders/my-orders?status=shipped", user.cookie);
    expect(shipped.json()).toEqual([]);
    const everything = await get("/api/orders/my-orders?status=all", user.cookie);
    expect(everything.json()).toHaveLength(3);
    expect((await get("/api/orders/my-orders")).statusCode).toBe(401);
  });

  it("shows one order to its owner and an admin, 404 to anyone else", async () => {
    const { user, body } = await readyToOrder();
    const order = (await place(user.cookie, body)).json().order;
    expect((await get(`/api/orders/${order._id}`, user.cookie)).json()).toEqual(order);
    const other = await shopper();
    const res = await get(`/api/orders/${order._id}`, other.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Order not found");
    const admin = await createUser(db, { isAdmin: true, now: clock() });
    expect((await get(`/api/orders/${order._id}`, admin.cookie)).statusCode).toBe(200);
    expect((await get("/api/orders/not-a-uuid", user.cookie)).statusCode).toBe(404);
  });
});

describe("cancelling", () => {
  it("cancels the shopper's own order, puts the stock back once, records it and e-mails the shopper", async () => {
    const { user, product, body } = await readyToOrder({ stock: 10, quantity: 3 });
    body.user.email = "cancel.me@example.in";
    const order = (await place(user.cookie, body)).json().order;
    expect(await stockOf(product.id)).toBe(7);

    const res = await cancel(order._id, user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Order cancelled successfully");
    expect(res.json().order).toMatchObject({ _id: order._id, status: "cancelled" });
    expect(await stockOf(product.id)).toBe(10);

    const again = await cancel(order._id, user.cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("This order can no longer be cancelled");
    expect(await stockOf(product.id)).toBe(10);

    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id));
    expect(events.map((e) => e.type).sort()).toEqual(["cancelled_by_customer", "placed"]);
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, user.user.email));
    expect(mails.map((m) => m.kind).sort()).toEqual(["order-cancelled", "order-placed"]);
    expect(mails.find((m) => m.kind === "order-cancelled")!.text).toContain("cancel.me@example.in");
    expect(await count(emailOutbox, eq(emailOutbox.toAddress, "cancel.me@example.in"))).toBe(0);
    expect(mails.find((m) => m.kind === "order-cancelled")!.subject).toContain("cancelled");
  });

  it("answers 404 for another user's order and leaves it alone", async () => {
    const { user, product, body } = await readyToOrder({ stock: 10, quantity: 1 });
    const order = (await place(user.cookie, body)).json().order;
    const other = await shopper();
    const res = await cancel(order._id, other.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Order not found");
    expect(await stockOf(product.id)).toBe(9);
    expect((await cancel("00000000-0000-4000-8000-000000000000", other.cookie)).statusCode).toBe(
      404,
    );
    expect((await cancel(order._id)).statusCode).toBe(401);
  });

  it("is allowed while pending, confirmed or processing only", async () => {
    for (const [status, allowed] of [
      ["confirmed", true],
      ["processing", true],
      ["shipped", false],
      ["delivered", false],
    ] as const) {
      const { user, body } = await readyToOrder({ quantity: 1 });
      const order = (await place(user.cookie, body)).json().order;
      await db.update(orders).set({ status }).where(eq(orders.id, order._id));
      const res = await cancel(order._id, user.cookie);
      expect(res.statusCode, status).toBe(allowed ? 200 : 400);
      if (!allowed) expect(res.json().message).toBe("This order can no longer be cancelled");
    }
  });
});

describe("OpenAPI", () => {
  it("documents the cart, order, referral and newsletter calls", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    for (const [path, method] of [
      ["/api/cart", "get"],
      ["/api/cart/add", "post"],
      ["/api/cart/update", "put"],
      ["/api/cart/remove", "delete"],
      ["/api/cart/clear", "delete"],
      ["/api/orders", "post"],
      ["/api/orders/my-orders", "get"],
      ["/api/orders/{id}", "get"],
      ["/api/orders/{id}/cancel", "patch"],
      ["/api/affiliate/stats", "get"],
      ["/api/newsletter/subscribe", "post"],
      ["/api/newsletter/unsubscribe", "post"],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const placeBody = doc.paths["/api/orders"].post.requestBody.content["application/json"].schema;
    expect(JSON.stringify(placeBody)).toContain("PlaceOrder");
  });
});
