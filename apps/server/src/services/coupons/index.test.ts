/**
 * Coupons in the service layer (record 0047): the GST invoice of an order with a coupon (the
 * discount allocated over the lines, each taxed on its discounted value, the rate slab judged on
 * the discounted piece price), and the per-shopper limit when one shopper's two carts race.
 */
import { allocateByLargestRemainder, couponDiscount } from "@vastra/contracts";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createOrder, createProduct, createUser } from "../../../test/factories.ts";
import { createTestClock, setupTestDatabase } from "../../../test/helpers.ts";
import { cartLines, couponRedemptions, coupons } from "../../db/schema.ts";
import { readCart } from "../cart/index.ts";
import { getTaxDocument } from "../gst/index.ts";
import { changeOrderStatus, createOrderService } from "../orders/index.ts";
import { createCouponService, recordRedemption, redeemCoupon } from "./index.ts";

const database = await setupTestDatabase();
const db = database.db;
const clock = createTestClock("2026-11-26T10:00:00Z");
const publicUrl = "https://shop.vastra.example";
const couponsService = createCouponService({ db, clock });
const ordersService = createOrderService({ db, clock, publicUrl });

const base = {
  kind: "percent" as const,
  percent: 10,
  maxDiscount: null,
  amount: null,
  minCartValue: 0,
  startsAt: null,
  endsAt: null,
  totalLimit: null,
  perShopperLimit: null,
  categoryIds: [],
  active: true,
};

describe("the discount's arithmetic", () => {
  it("allocates paise by largest remainder, adding up exactly", () => {
    expect(allocateByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateByLargestRemainder(10_100, [200_000, 50_000])).toEqual([8_080, 2_020]);
    expect(allocateByLargestRemainder(0, [5, 5])).toEqual([0, 0]);
    const shares = allocateByLargestRemainder(99_999, [123, 4567, 89_012, 3]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(99_999);
  });

  it("never takes off more than the eligible lines come to", () => {
    const terms = {
      ...base,
      kind: "fixed" as const,
      percent: null,
      maxDiscountPaise: null,
      amountPaise: 500_000,
      minCartPaise: 0,
      categoryIds: [],
    };
    expect(couponDiscount(terms, [{ pricePaise: 30_000, quantity: 1, categoryIds: [] }])).toEqual({
      eligiblePaise: 30_000,
      discountPaise: 30_000,
      perLine: [30_000],
    });
  });
});

describe("an order with a coupon on its GST invoice", () => {
  it("taxes each line on its discounted value, the rate judged on the discounted piece price", async () => {
    const shopper = await createUser(db, { now: clock() });
    // ₹2,800 a piece is above ₹2,625 (18 %); 10 % off makes it ₹2,520 (5 %).
    const dear = await createProduct(db, {
      price: 2800,
      title: "Silk Kurta",
      sizes: [{ size: "M", stock: 5 }],
    });
    const cheap = await createProduct(db, {
      price: 1000,
      title: "Cotton Kurta",
      sizes: [{ size: "M", stock: 5 }],
    });
    await db.insert(cartLines).values([
      { userId: shopper.id, productId: dear.id, size: "M", quantity: 1 },
      { userId: shopper.id, productId: cheap.id, size: "M", quantity: 2 },
    ]);
    const made = await couponsService.create({ ...base, code: "GST-TEN" });
    const placed = await ordersService.place(shopper.user, {
      user: {
        name: "Kavya Rao",
        email: "kavya.coupon@example.in",
        phone: "9123456780",
        address: "4 MG Road, Bengaluru, Karnataka, 560001, India",
      },
      items: [
        { productId: dear.id, size: "M", quantity: 1 },
        { productId: cheap.id, size: "M", quantity: 2 },
      ],
      totalAmount: 4800 - 480,
      paymentMethod: "upi",
      couponCode: made.code,
    });
    const order = placed.body.order;
    expect(order).toMatchObject({ discountAmount: 480, totalAmount: 4320 });
    await changeOrderStatus(
      { db, clock, publicUrl },
      { orderId: order._id, status: "shipped", actor: { id: null, name: "Admin" } },
    );
    const invoice = await getTaxDocument(db, order._id, "invoice");
    expect(invoice.totalPaise).toBe(432_000);
    const silk = invoice.lines.find((l) => l.description.startsWith("Silk Kurta"))!;
    const cotton = invoice.lines.find((l) => l.description.startsWith("Cotton Kurta"))!;
    // ₹480 over ₹2,800 and ₹2,000: ₹280 and ₹200.
    expect(silk).toMatchObject({ rateBp: 500, totalPaise: 252_000, taxablePaise: 240_000 });
    expect(silk.description).toContain("less coupon discount ₹280.00");
    expect(cotton).toMatchObject({ rateBp: 500, totalPaise: 180_000 });
    expect(invoice.taxablePaise + invoice.cgstPaise + invoice.sgstPaise + invoice.igstPaise).toBe(
      invoice.totalPaise,
    );
  });
});

describe("the per-shopper limit", () => {
  it("holds when one shopper's two orders redeem at once", async () => {
    const shopper = await createUser(db, { now: clock() });
    const product = await createProduct(db, { price: 1500, sizes: [{ size: "M", stock: 10 }] });
    await db
      .insert(cartLines)
      .values({ userId: shopper.id, productId: product.id, size: "M", quantity: 1 });
    const lines = await readCart(db, shopper.id);
    const made = await couponsService.create({ ...base, code: "ONCE-EACH", perShopperLimit: 1 });
    const orderA = await createOrder(db, {
      userId: shopper.id,
      items: [{ productId: product.id }],
    });
    const orderB = await createOrder(db, {
      userId: shopper.id,
      items: [{ productId: product.id }],
    });
    const attempt = (orderId: string) =>
      db.transaction(async (tx) => {
        const redeemed = await redeemCoupon(tx, {
          code: "once-each",
          userId: shopper.id,
          lines,
          now: clock(),
        });
        await recordRedemption(tx, redeemed, orderId, shopper.id, clock());
        return redeemed.discountPaise;
      });
    const results = await Promise.allSettled([attempt(orderA.id), attempt(orderB.id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.message).toBe("You have already used the code ONCE-EACH.");
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(
        and(eq(couponRedemptions.couponId, made._id), eq(couponRedemptions.userId, shopper.id)),
      );
    expect(row!.n).toBe(1);
    const [counted] = await db
      .select({ uses: coupons.uses })
      .from(coupons)
      .where(eq(coupons.id, made._id));
    expect(counted!.uses).toBe(1);
  });
});
