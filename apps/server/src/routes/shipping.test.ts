/**
 * Shipping charges, the cash-on-delivery fee and pay-on-contact by UPI (issue #14, record 0036):
 * the server's total, the settings that drive it, the admin's waiver and the UPI link.
 */
import {
  DEFAULT_DELIVERY_SETTINGS,
  ORDER_MESSAGES,
  SHIPPING_MESSAGES,
  upiPayLink,
} from "@vastra/contracts";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createUser } from "../../test/factories.ts";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";
import { cartLines, emailOutbox, orders, productSizes } from "../db/schema.ts";
import { UPI_QR_CID } from "../mail/inline-images.ts";
import { replaceDirectory } from "../services/delivery/directory.ts";

// Monday 30 November 2026, 11:00 in India.
const clock = createTestClock("2026-11-30T11:00:00+05:30");
const { app, database } = await buildTestApp({ clock });
const db = database.db;

await replaceDirectory(
  db,
  [
    { pin: "560001", areas: ["Bangalore"], district: "Bangalore", stateCode: "29" },
    { pin: "744101", areas: ["Port Blair"], district: "South Andaman", stateCode: "35" },
  ],
  "test-fixture",
);

const admin = await createUser(db, { isAdmin: true, now: clock() });

const send = (method: "GET" | "PUT" | "POST", url: string, cookie = "", payload?: unknown) =>
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

/** A shopper with `price` × `quantity` in the cart, and the order body for it. */
async function cartOf(price: number, quantity = 1, pin = "560001") {
  const user = await createUser(db, { now: clock() });
  const product = await createProduct(db, { price, sizes: [{ size: "M", stock: 10 }] });
  await db
    .insert(cartLines)
    .values({ userId: user.id, productId: product.id, size: "M", quantity, color: "" });
  const body = (totalAmount: number, extra: Record<string, unknown> = {}) => ({
    user: {
      name: "Meera Iyer",
      email: "meera@example.in",
      phone: "9876543210",
      address: `14 Residency Road, Bengaluru, Karnataka, ${pin}, India`,
    },
    items: [{ productId: product.id, size: "M", quantity }],
    totalAmount,
    ...extra,
  });
  const place = (totalAmount: number, extra: Record<string, unknown> = {}) =>
    send("POST", "/api/orders", user.cookie, body(totalAmount, extra));
  return { user, product, place };
}

/** The order-placed e-mail sent to this shopper's account. */
async function placedMail(email: string) {
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "order-placed"), eq(emailOutbox.toAddress, email)));
  return mail!;
}

async function stockOf(productId: string) {
  const [row] = await db
    .select({ stock: productSizes.stock })
    .from(productSizes)
    .where(and(eq(productSizes.productId, productId), eq(productSizes.size, "M")));
  return row!.stock;
}

describe("the charges", () => {
  it("are public, with the defaults of a new store and no UPI until a UPI ID is set", async () => {
    const res = await send("GET", "/api/delivery/charges");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      freeShippingFromRupees: 999,
      shippingFeeRupees: 99,
      codFeeRupees: 49,
      codMaxOrderRupees: 10_000,
      upi: null,
    });
  });

  it("charge shipping below ₹999 and nothing from ₹999 up", async () => {
    const below = await cartOf(998.99);
    const placed = await below.place(998.99 + 99);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order).toMatchObject({
      subtotalAmount: 998.99,
      shippingAmount: 99,
      codFeeAmount: 0,
      totalAmount: 1097.99,
      paymentMethod: "upi",
    });

    const at = await cartOf(999);
    const free = await at.place(999);
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json().order).toMatchObject({ shippingAmount: 0, totalAmount: 999 });

    const above = await cartOf(1250, 2);
    const big = await above.place(2500);
    expect(big.statusCode, big.body).toBe(201);
    expect(big.json().order).toMatchObject({ subtotalAmount: 2500, totalAmount: 2500 });
    // What the shopper reads back later is what was stored.
    const mine = await send("GET", "/api/orders/my-orders", above.user.cookie);
    expect(mine.json()[0]).toMatchObject({ shippingAmount: 0, totalAmount: 2500 });
  });

  it("add the COD fee when the shopper pays cash on delivery", async () => {
    const { user, place } = await cartOf(500);
    const res = await place(500 + 99 + 49, { paymentMethod: "cash_on_delivery" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({
      paymentMethod: "cash_on_delivery",
      subtotalAmount: 500,
      shippingAmount: 99,
      codFeeAmount: 49,
      totalAmount: 648,
    });
    const mail = await placedMail(user.user.email);
    expect(mail.text).toContain("Shipping: ₹99.00");
    expect(mail.text).toContain("Cash-on-delivery fee: ₹49.00");
    expect(mail.text).toContain("Total: ₹648.00");
    expect(mail.text).toContain("Please keep ₹648.00 ready");
  });

  it("refuse a client total without the charges, answering the new total and taking nothing", async () => {
    const { product, place } = await cartOf(400);
    const old = await place(400);
    expect(old.statusCode).toBe(409);
    expect(old.json()).toMatchObject({ message: ORDER_MESSAGES.totalChanged, totalAmount: 499 });
    const cod = await place(499, { paymentMethod: "cash_on_delivery" });
    expect(cod.statusCode).toBe(409);
    expect(cod.json().totalAmount).toBe(548);
    expect(await stockOf(product.id)).toBe(10);
  });

  it("refuse cash on delivery where the PIN does not allow it", async () => {
    const { user, product, place } = await cartOf(1500, 1, "744101");
    const res = await place(1549, { paymentMethod: "cash_on_delivery" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      paymentMethod: SHIPPING_MESSAGES.codNotAvailable("744101"),
    });
    expect(await stockOf(product.id)).toBe(10);
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    // The same cart by UPI is placed.
    expect((await place(1500)).statusCode).toBe(201);
  });

  it("refuse an unknown payment method", async () => {
    const { place } = await cartOf(1500);
    const res = await place(1500, { paymentMethod: "card" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ paymentMethod: SHIPPING_MESSAGES.paymentMethod });
  });
});

describe("the settings", () => {
  it("change the threshold and fees, and check the UPI ID", async () => {
    const bad = await saveSettings({ upiVpa: "vastra at okaxis" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ upiVpa: SHIPPING_MESSAGES.upiVpa });
    const negative = await saveSettings({ shippingFeeRupees: -1 });
    expect(negative.json().errors).toEqual({ shippingFeeRupees: SHIPPING_MESSAGES.fee });

    const saved = await saveSettings({
      freeShippingFromRupees: 1500,
      shippingFeeRupees: 60,
      codFeeRupees: 30,
      upiVpa: " vastra.store@okaxis ",
      upiPayeeName: "Vastra Fashions",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toMatchObject({ upiVpa: "vastra.store@okaxis" });
    expect((await send("GET", "/api/delivery/charges")).json()).toEqual({
      freeShippingFromRupees: 1500,
      shippingFeeRupees: 60,
      codFeeRupees: 30,
      codMaxOrderRupees: 10_000,
      upi: { vpa: "vastra.store@okaxis", payeeName: "Vastra Fashions" },
    });
    // Every page states the charges from GET /api/store, which the read model and the guest-page
    // cache keep per 'store' version: the settings' write moved it (at once on PGlite, by the
    // database's notice within a moment on PostgreSQL).
    await expect
      .poll(async () => (await send("GET", "/api/store")).json().shipping, { timeout: 1500 })
      .toEqual({
        freeShippingFromRupees: 1500,
        shippingFeeRupees: 60,
        codFeeRupees: 30,
        codMaxOrderRupees: 10_000,
        upi: { vpa: "vastra.store@okaxis", payeeName: "Vastra Fashions" },
      });

    const { user, place } = await cartOf(1499);
    const res = await place(1559);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    // The order-placed e-mail carries the UPI link for the exact amount and its QR code.
    const link = `upi://pay?pa=vastra.store@okaxis&pn=Vastra%20Fashions&am=1559.00&cu=INR&tn=${order.orderNumber}`;
    const mail = await placedMail(user.user.email);
    expect(mail.text).toContain(link);
    // Its QR code is made when the e-mail is sent (record 0067): the HTML names it by cid:.
    expect(mail.html).toContain(`src="cid:${UPI_QR_CID}"`);
    expect(mail.inlineImages).toEqual([{ cid: UPI_QR_CID, qr: link }]);
    expect(mail.html).toContain(link.replaceAll("&", "&amp;"));

    await saveSettings({});
  });
});

describe("waiving the COD fee", () => {
  it("takes the fee off the total, records it, and is the admin's alone", async () => {
    const { user, place } = await cartOf(1200);
    const placed = await place(1249, { paymentMethod: "cash_on_delivery" });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().order._id as string;
    const url = `/api/orders/${id}/cod-fee/waive`;
    expect((await send("POST", url, user.cookie)).statusCode).toBe(403);

    clock.advance(60_000);
    const waived = await send("POST", url, admin.cookie);
    expect(waived.statusCode, waived.body).toBe(200);
    expect(waived.json().message).toBe(SHIPPING_MESSAGES.codFeeWaived);
    expect(waived.json().order).toMatchObject({
      codFeeAmount: 0,
      codFeeWaived: true,
      totalAmount: 1200,
    });
    expect(waived.json().order.events.at(-1)).toMatchObject({
      type: "cod_fee_waived",
      actorName: admin.user.name,
      summary: "Cash-on-delivery fee of ₹49.00 waived; total ₹1,249.00 → ₹1,200.00",
    });
    // The shopper sees the new total; a second waiver changes nothing.
    const mine = await send("GET", `/api/orders/${id}`, user.cookie);
    expect(mine.json()).toMatchObject({ totalAmount: 1200, codFeeWaived: true });
    const again = await send("POST", url, admin.cookie);
    expect(again.json().order.events).toHaveLength(waived.json().order.events.length);

    const upi = await cartOf(1200);
    const noFee = await upi.place(1200);
    const refused = await send(
      "POST",
      `/api/orders/${noFee.json().order._id}/cod-fee/waive`,
      admin.cookie,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SHIPPING_MESSAGES.codFeeNotCharged);
  });
});

describe("upiPayLink", () => {
  it("writes NPCI's link: payee, name, the amount with paise, INR and the order number", () => {
    expect(
      upiPayLink({
        vpa: "vastra.store@okaxis",
        payeeName: "Vastra Fashions & Co",
        amountRupees: 1097.9,
        orderNumber: "VST-100042",
      }),
    ).toBe(
      "upi://pay?pa=vastra.store@okaxis&pn=Vastra%20Fashions%20%26%20Co&am=1097.90&cu=INR&tn=VST-100042",
    );
    expect(
      upiPayLink({ vpa: "shop@upi", payeeName: "", amountRupees: 648, orderNumber: "VST-7" }),
    ).toBe("upi://pay?pa=shop@upi&am=648.00&cu=INR&tn=VST-7");
  });
});
