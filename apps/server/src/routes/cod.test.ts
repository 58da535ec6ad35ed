/**
 * Cash-on-delivery controls (issue #14, record 0038): the shopper's confirmation from the signed
 * e-mail link and My Orders, the auto-cancel of unconfirmed orders (stock back once, also when the
 * sweep, the shopper and the admin race), the COD cap, returned-undelivered (RTO) orders and the
 * payment-first rule, and the admin list's risk badges.
 */
import {
  COD_MESSAGES,
  DEFAULT_DELIVERY_SETTINGS,
  ORDER_MESSAGES,
  RISK_LABELS,
} from "@vastra/contracts";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createUser } from "../../test/factories.ts";
import { buildTestApp, createTestClock, TEST_APP_SECRET } from "../../test/helpers.ts";
import { cartLines, emailOutbox, orderEvents, orders, productSizes } from "../db/schema.ts";
import { replaceDirectory } from "../services/delivery/directory.ts";
import { confirmationToken } from "../services/orders/cod-rules.ts";
import { cancelUnconfirmedOrders } from "../services/orders/confirmation.ts";
import { changeOrderStatus } from "../services/orders/index.ts";

// Monday 30 November 2026, 11:00 in India.
const clock = createTestClock("2026-11-30T11:00:00+05:30");
const { app, database, config } = await buildTestApp({ clock });
const db = database.db;
const HOUR = 60 * 60 * 1000;

await replaceDirectory(
  db,
  [
    { pin: "560001", areas: ["Bangalore"], district: "Bangalore", stateCode: "29" },
    { pin: "560034", areas: ["Koramangala"], district: "Bangalore", stateCode: "29" },
    { pin: "744101", areas: ["Port Blair"], district: "South Andaman", stateCode: "35" },
  ],
  "test-fixture",
);

const admin = await createUser(db, { isAdmin: true, now: clock() });

const send = (
  method: "GET" | "PUT" | "POST" | "PATCH",
  url: string,
  cookie = "",
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const saveSettings = (changes: Record<string, unknown>) =>
  send("PUT", "/api/admin/delivery/settings", admin.cookie, {
    ...DEFAULT_DELIVERY_SETTINGS,
    ...changes,
  });

// Port Blair is served without cash on delivery.
await send("POST", "/api/admin/delivery/zones/import", admin.cookie, {
  csv: "pin,zone,transit_days,cod\n744,Islands,7,n\n",
});

let phones = 0;
/** A new phone number per shopper unless one is given (the shared-phone badge counts them). */
const nextPhone = () => `98${String(40_000_000 + ++phones).padStart(8, "0")}`;

/** A shopper with `price` in the cart (stock 10), placing it by `method`. */
async function shopper(
  options: { phone?: string; user?: Awaited<ReturnType<typeof createUser>> } = {},
) {
  const user = options.user ?? (await createUser(db, { now: clock() }));
  const phone = options.phone ?? nextPhone();
  const product = await createProduct(db, { price: 1500, sizes: [{ size: "M", stock: 10 }] });
  const place = async (
    method: "upi" | "cash_on_delivery" = "upi",
    quantity = 1,
    pin = "560001",
  ) => {
    await db.delete(cartLines).where(eq(cartLines.userId, user.id));
    await db
      .insert(cartLines)
      .values({ userId: user.id, productId: product.id, size: "M", quantity, color: "" });
    const total = 1500 * quantity + (method === "cash_on_delivery" ? 49 : 0);
    return send("POST", "/api/orders", user.cookie, {
      user: {
        name: "Meera Iyer",
        email: "meera@example.in",
        phone,
        address: `14 Residency Road, Bengaluru, Karnataka, ${pin}, India`,
      },
      items: [{ productId: product.id, size: "M", quantity }],
      totalAmount: total,
      paymentMethod: method,
    });
  };
  return { user, phone, product, place };
}

async function stockOf(productId: string) {
  const [row] = await db
    .select({ stock: productSizes.stock })
    .from(productSizes)
    .where(and(eq(productSizes.productId, productId), eq(productSizes.size, "M")));
  return row!.stock;
}

/** The token in the order-placed e-mail's confirmation link. */
async function tokenFromMail(orderNumber: string) {
  const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "order-placed"));
  const mail = mails.find((m) => m.subject.includes(orderNumber));
  expect(mail, `the placed e-mail of ${orderNumber}`).toBeDefined();
  const match = mail!.text.match(/\/order-confirmation\?token=([A-Za-z0-9._-]+)&action=confirm/);
  expect(match, mail!.text).not.toBeNull();
  return { token: match![1]!, mail: mail! };
}

async function eventsOf(orderId: string, type: string) {
  return db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, type)));
}

describe("a new order", () => {
  it("waits for the shopper's confirmation, with signed links in the e-mail", async () => {
    const { place } = await shopper();
    const res = await place();
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    expect(order.shopperConfirmedAt).toBeNull();
    expect(order.confirmBy).toBe(new Date(clock().getTime() + 48 * HOUR).toISOString());
    const { token, mail } = await tokenFromMail(order.orderNumber);
    expect(mail.text).toContain("Please confirm your order by 2 Dec 2026, 11:00 am (India time)");
    expect(mail.text).toContain(
      `${config.publicUrl}/order-confirmation?token=${token}&action=cancel`,
    );
    expect(mail.text).toContain(`&action=address`);

    // The page needs no sign-in.
    const page = await send("GET", `/api/orders/confirmation?token=${token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      orderNumber: order.orderNumber,
      totalAmount: 1500,
      canConfirm: true,
      canCancel: true,
      canChangeAddress: true,
      shopperConfirmedAt: null,
    });
    // The shopper's e-mail and phone are not on it.
    expect(page.body).not.toContain("meera@example.in");

    const confirmed = await send("POST", "/api/orders/confirmation/confirm", "", { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe(COD_MESSAGES.confirmed);
    expect(confirmed.json().order).toMatchObject({ canConfirm: false });
    expect(confirmed.json().order.shopperConfirmedAt).toBe(clock().toISOString());

    // Twice: nothing changes, one event.
    clock.advance(60_000);
    const again = await send("POST", "/api/orders/confirmation/confirm", "", { token });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(COD_MESSAGES.alreadyConfirmed);
    expect(again.json().order.shopperConfirmedAt).toBe(confirmed.json().order.shopperConfirmedAt);
    expect(await eventsOf(order._id, "confirmed_by_shopper")).toHaveLength(1);
  });

  it("refuses a tampered link, another order's id under the signature and an expired link", async () => {
    const { place } = await shopper();
    const first = (await place()).json().order;
    const { token } = await tokenFromMail(first.orderNumber);
    const [id, expiry, signature] = token.split(".") as [string, string, string];
    const second = (await (await shopper()).place()).json().order;

    const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);
    const forged = [
      `${second._id}.${expiry}.${signature}`, // another order under this signature
      `${id}.${Number(expiry) + 86_400}.${signature}`, // a later expiry
      `${id}.${expiry}.${flip(signature)}`, // a changed signature
      `${id}.${expiry}`, // no signature
      confirmationToken("some-other-secret-0123456789", id, new Date(Number(expiry) * 1000)),
      "not-a-token",
    ];
    for (const bad of forged) {
      const viewed = await send("GET", `/api/orders/confirmation?token=${encodeURIComponent(bad)}`);
      expect(viewed.statusCode, bad).toBe(403);
      expect(viewed.json().message).toBe(COD_MESSAGES.linkInvalid);
      const confirmed = await send("POST", "/api/orders/confirmation/confirm", "", { token: bad });
      expect(confirmed.statusCode, bad).toBe(403);
    }
    const [stored] = await db.select().from(orders).where(eq(orders.id, second._id));
    expect(stored!.shopperConfirmedAt).toBeNull();

    // The store's own signature for the right order works; once expired, it does not.
    const good = confirmationToken(TEST_APP_SECRET, id, new Date(Number(expiry) * 1000));
    expect(good).toBe(token);
    clock.advance(48 * HOUR);
    const expired = await send("POST", "/api/orders/confirmation/confirm", "", { token });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(COD_MESSAGES.linkExpired);
    expect((await send("GET", `/api/orders/confirmation?token=${token}`)).statusCode).toBe(410);
    const [after] = await db.select().from(orders).where(eq(orders.id, first._id));
    expect(after!.shopperConfirmedAt).toBeNull();
  });

  it("is confirmed from My Orders by its own shopper only, before its time is up", async () => {
    const mine = await shopper();
    const order = (await mine.place()).json().order;
    const stranger = await createUser(db, { now: clock() });
    const theirs = await send("POST", `/api/orders/${order._id}/confirm`, stranger.cookie);
    expect(theirs.statusCode).toBe(404);
    expect((await send("POST", `/api/orders/${order._id}/confirm`)).statusCode).toBe(401);

    const ok = await send("POST", `/api/orders/${order._id}/confirm`, mine.user.cookie);
    expect(ok.statusCode, ok.body).toBe(200);
    const listed = await send("GET", "/api/orders/my-orders", mine.user.cookie);
    expect(listed.json()[0].shopperConfirmedAt).toBe(clock().toISOString());

    const late = (await mine.place()).json().order;
    clock.advance(48 * HOUR);
    const tooLate = await send("POST", `/api/orders/${late._id}/confirm`, mine.user.cookie);
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().message).toBe(COD_MESSAGES.tooLate);
  });

  it("is cancelled from the link with its stock back once", async () => {
    const { product, place } = await shopper();
    const order = (await place("upi", 3)).json().order;
    expect(await stockOf(product.id)).toBe(7);
    const { token } = await tokenFromMail(order.orderNumber);
    const cancelled = await send("POST", "/api/orders/confirmation/cancel", "", { token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().order).toMatchObject({ status: "cancelled", canConfirm: false });
    expect(await stockOf(product.id)).toBe(10);
    const again = await send("POST", "/api/orders/confirmation/cancel", "", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(COD_MESSAGES.alreadyCancelled);
    const confirm = await send("POST", "/api/orders/confirmation/confirm", "", { token });
    expect(confirm.json().message).toBe(COD_MESSAGES.alreadyCancelled);
    expect(await stockOf(product.id)).toBe(10);
  });

  it("takes a corrected address checked as at checkout, until the store confirms the order", async () => {
    const { place } = await shopper();
    const order = (await place("cash_on_delivery")).json().order;
    const { token } = await tokenFromMail(order.orderNumber);
    const address = {
      streetAddress: "22 80 Feet Road",
      apartment: "Flat 3",
      city: "Bengaluru",
      state: "Karnataka",
      pincode: "560034",
      addressType: "office",
    };
    const fix = (changes: Record<string, unknown>) =>
      send("POST", "/api/orders/confirmation/address", "", {
        token,
        shippingAddress: { ...address, ...changes },
      });

    const badPin = await fix({ pincode: "012345" });
    expect(badPin.statusCode).toBe(400);
    expect(badPin.json().errors["shippingAddress.pincode"]).toBe(ORDER_MESSAGES.pincode);
    const empty = await fix({ streetAddress: " " });
    expect(empty.statusCode).toBe(400);
    const unknown = await fix({ pincode: "999999" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors["shippingAddress.pincode"]).toBeTruthy();
    // A COD order cannot move to a PIN without cash on delivery.
    const noCod = await fix({
      pincode: "744101",
      city: "Port Blair",
      state: "Andaman and Nicobar Islands",
    });
    expect(noCod.statusCode).toBe(400);
    expect(noCod.json().message).toContain("Cash on delivery is not available for PIN code 744101");
    const [unchanged] = await db.select().from(orders).where(eq(orders.id, order._id));
    expect(unchanged!.address).toContain("560001");

    const ok = await fix({});
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(COD_MESSAGES.addressUpdated);
    expect(ok.json().order.address).toBe(
      "22 80 Feet Road, Flat 3, Bengaluru, Karnataka, 560034, India",
    );
    const [stored] = await db.select().from(orders).where(eq(orders.id, order._id));
    expect(stored).toMatchObject({ deliveryPin: "560034", addressType: "office" });
    expect(await eventsOf(order._id, "address_changed")).toHaveLength(1);

    await changeOrderStatus(
      { db, clock, publicUrl: config.publicUrl },
      { orderId: order._id, status: "confirmed", actor: { id: admin.id, name: "Admin" } },
    );
    const locked = await fix({ pincode: "560001" });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe(COD_MESSAGES.addressLocked);
  });
});

describe("unconfirmed orders", () => {
  const sweep = () => cancelUnconfirmedOrders({ db, clock, publicUrl: config.publicUrl });

  it("are cancelled once their time is up, stock back exactly once, the shopper told why", async () => {
    await sweep(); // earlier tests' orders
    const waiting = await shopper();
    const order = (await waiting.place("upi", 2)).json().order;
    const confirmedShopper = await shopper();
    const kept = (await confirmedShopper.place()).json().order;
    await send("POST", `/api/orders/${kept._id}/confirm`, confirmedShopper.user.cookie);

    clock.advance(48 * HOUR - 60_000);
    expect(await sweep()).toBe(0);
    clock.advance(60_000);
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    expect(await stockOf(waiting.product.id)).toBe(10);
    expect(await stockOf(confirmedShopper.product.id)).toBe(9);
    const [row] = await db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ status: "cancelled", stockHeld: false });
    const [event] = await eventsOf(order._id, "auto_cancelled");
    expect(event).toMatchObject({ actorName: "Vastra (not confirmed)" });
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "order-auto-cancelled"));
    const mail = mails.find((m) => m.subject.includes(order.orderNumber));
    expect(mail!.text).toContain("you did not confirm your order");
    const [keptRow] = await db.select().from(orders).where(eq(orders.id, kept._id));
    expect(keptRow!.status).toBe("pending");
  });

  it("return their stock once when the sweep, the shopper and the admin race", async () => {
    await sweep();
    const rounds = 6;
    for (let round = 0; round < rounds; round++) {
      const s = await shopper();
      const order = (await s.place("upi", 4)).json().order;
      const { token } = await tokenFromMail(order.orderNumber);
      // Just before the deadline the shopper may still confirm; at it, the sweep may cancel.
      clock.advance(48 * HOUR - (round % 2 === 0 ? 1 : 0));
      const results = await Promise.allSettled([
        sweep(),
        send("POST", "/api/orders/confirmation/confirm", "", { token }),
        send("POST", "/api/orders/confirmation/cancel", "", { token }),
        changeOrderStatus(
          { db, clock, publicUrl: config.publicUrl },
          { orderId: order._id, status: "cancelled", actor: { id: admin.id, name: "Admin" } },
        ),
        sweep(),
      ]);
      for (const r of results)
        expect(r.status, String((r as PromiseRejectedResult).reason)).toBe("fulfilled");
      const [row] = await db.select().from(orders).where(eq(orders.id, order._id));
      expect(row!.status).toBe("cancelled");
      expect(await stockOf(s.product.id)).toBe(10);
      const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id));
      expect(
        events.filter((e) => (e.data as { stock?: string }).stock === "returned"),
      ).toHaveLength(1);
      clock.advance(HOUR);
    }
  });
});

describe("cash on delivery", () => {
  it("is refused above the cap with the reason, and the checkout can read the cap", async () => {
    expect((await saveSettings({ codMaxOrderRupees: 2000 })).statusCode).toBe(200);
    expect((await send("GET", "/api/delivery/charges")).json().codMaxOrderRupees).toBe(2000);
    const s = await shopper();
    const over = await s.place("cash_on_delivery", 2);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual({ paymentMethod: COD_MESSAGES.codOverCap(2000) });
    expect(over.json().message).toBe(
      "Cash on delivery is available for orders up to ₹2,000. Please choose to pay by UPI.",
    );
    expect(await stockOf(s.product.id)).toBe(10);
    expect((await s.place("cash_on_delivery", 1)).statusCode).toBe(201);
    expect((await s.place("upi", 2)).statusCode).toBe(201);
    const bad = await saveSettings({ codMaxOrderRupees: -5 });
    expect(bad.json().errors).toEqual({ codMaxOrderRupees: COD_MESSAGES.rupees });
    await saveSettings({});
  });
});

describe("orders returned undelivered", () => {
  const adminPatch = (orderId: string, body: Record<string, unknown>) =>
    send("PATCH", `/api/orders/${orderId}/status`, admin.cookie, body);
  const ship = (orderId: string) =>
    changeOrderStatus(
      { db, clock, publicUrl: config.publicUrl },
      { orderId, status: "shipped", actor: { id: admin.id, name: "Admin" } },
    );

  it("are marked by the admin on shipped orders only, their goods back in stock once", async () => {
    const s = await shopper();
    const order = (await s.place("cash_on_delivery", 2)).json().order;
    const early = await adminPatch(order._id, { status: "returned" });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(COD_MESSAGES.returnedOnlyFromShipped);
    await ship(order._id);
    expect(await stockOf(s.product.id)).toBe(8);
    const returned = await adminPatch(order._id, { status: "returned" });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().order.status).toBe("returned");
    expect(await stockOf(s.product.id)).toBe(10);
    // Saved again: nothing moves.
    await adminPatch(order._id, { status: "returned" });
    expect(await stockOf(s.product.id)).toBe(10);
    const listed = await send("GET", "/api/orders/my-orders?status=returned", s.user.cookie);
    expect(listed.json().map((o: { _id: string }) => o._id)).toEqual([order._id]);
  });

  it("make an account or phone pay first after the set count", async () => {
    const phone = nextPhone();
    const s = await shopper({ phone });
    for (let i = 0; i < 2; i++) {
      const order = (await s.place("cash_on_delivery")).json().order;
      await ship(order._id);
      expect((await adminPatch(order._id, { status: "returned" })).statusCode).toBe(200);
    }
    const refused = await s.place("cash_on_delivery");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ paymentMethod: COD_MESSAGES.paymentFirst(2) });
    expect(refused.json().message).toContain(
      "2 earlier orders for this account or phone number were returned undelivered",
    );

    // Another account with the same phone is refused too.
    const other = await shopper({ phone });
    expect((await other.place("cash_on_delivery")).statusCode).toBe(400);

    // By UPI the order is taken, marked for payment first; the admin sees why.
    const upi = await s.place("upi");
    expect(upi.statusCode, upi.body).toBe(201);
    const reason = upi.json().order.paymentFirstReason;
    expect(reason).toContain("orders returned undelivered: 2 for this account, 2 for phone");
    const detail = await send("GET", `/api/orders/${upi.json().order._id}`, admin.cookie);
    expect(detail.json().paymentFirstReason).toBe(reason);
    const { mail } = await tokenFromMail(upi.json().order.orderNumber);
    expect(mail.text).toContain("we will ask you to pay by UPI before we ship this order");
    const storeMails = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "order-new-store"));
    const storeMail = storeMails.find((m) => m.subject.includes(upi.json().order.orderNumber));
    expect(storeMail!.text).toContain(`Pay first: ${reason}`);

    // A higher threshold lets them pay on delivery again.
    await saveSettings({ rtoPaymentFirstAfter: 3 });
    expect((await s.place("cash_on_delivery")).statusCode).toBe(201);
    await saveSettings({});
  });
});

describe("the admin's order list", () => {
  it("flags risky orders with short badges and their reasons", async () => {
    await saveSettings({
      riskHighValueFromRupees: 2000,
      riskPinReturnsAt: 1,
      riskPhoneAccountsAt: 2,
    });
    const phone = nextPhone();
    const first = await shopper({ phone });
    const a = (await first.place("upi", 1)).json().order;
    clock.advance(60_000);
    const b = (await first.place("upi", 2)).json().order;
    const second = await shopper({ phone });
    const c = (await second.place("upi", 1, "560034")).json().order;

    const res = await send("GET", "/api/orders/admin/all?limit=100", admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const byId = new Map<string, { risks: Array<{ flag: string; label: string; reason: string }> }>(
      res.json().map((o: { _id: string }) => [o._id, o]),
    );
    const flags = (id: string) =>
      byId
        .get(id)!
        .risks.map((r) => r.flag)
        .sort();
    // a: first order; shared phone (two accounts); a PIN with earlier returns (560001).
    expect(flags(a._id)).toEqual(["first_order", "pin_returns", "shared_phone"]);
    // b: not the first, above ₹2,000.
    expect(flags(b._id)).toEqual(["high_value", "pin_returns", "shared_phone"]);
    // c: another account's first order, a PIN without returns.
    expect(flags(c._id)).toEqual(["first_order", "shared_phone"]);
    const high = byId.get(b._id)!.risks.find((r) => r.flag === "high_value")!;
    expect(high).toEqual({
      flag: "high_value",
      label: RISK_LABELS.high_value,
      reason: "Total ₹3,000.00 is above ₹2,000.00",
    });
    const shared = byId.get(a._id)!.risks.find((r) => r.flag === "shared_phone")!;
    expect(shared.reason).toBe(`2 accounts have ordered with phone ${phone}`);
    await saveSettings({});
  });
});
