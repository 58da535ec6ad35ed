/**
 * GST tax invoices and credit notes (issue #14, record 0037): issued with the status change that
 * ships or cancels an order, numbered without gaps per financial year even when many orders ship
 * at once, CGST + SGST within the store's state and IGST across, a snapshot later edits leave
 * alone, and the buyer's GSTIN checked against the delivery state.
 */
import { GST_MESSAGES } from "@vastra/contracts";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createOrder, createProduct, createUser } from "../../../test/factories.ts";
import { createTestClock, setupTestDatabase } from "../../../test/helpers.ts";
import { cartLines, orders, products, taxDocuments } from "../../db/schema.ts";
import { changeOrderStatus, createOrderService, inTransaction } from "../orders/index.ts";
import {
  getTaxDocument,
  getTaxSettings,
  issueInvoiceForOrder,
  updateTaxSettings,
} from "./index.ts";
import { renderTaxDocument } from "./pdf.ts";

const database = await setupTestDatabase();
const db = database.db;
const clock = createTestClock("2026-11-26T10:00:00Z");
const publicUrl = "https://shop.vastra.example";
const admin = { id: null, name: "Asha (admin)" };

const MUMBAI = {
  address: "5 Marine Drive, Mumbai, Maharashtra, 400020, India",
  shippingAddress: {
    streetAddress: "5 Marine Drive",
    apartment: "",
    city: "Mumbai",
    state: "Maharashtra",
    pincode: "400020",
    country: "India",
    addressType: "home",
  },
};

/** An order of these products (rupee prices), to Bengaluru unless `mumbai`. */
async function orderOf(
  items: Array<{ price: number; quantity?: number; taxClass?: string; hsnCode?: string }>,
  options: { mumbai?: boolean; shippingPaise?: number; codFeePaise?: number; userId?: string } = {},
) {
  const made = [];
  for (const item of items) {
    const product = await createProduct(db, { price: item.price, title: `Kurta ₹${item.price}` });
    if (item.taxClass || item.hsnCode) {
      await db
        .update(products)
        .set({ taxClass: item.taxClass ?? "apparel", hsnCode: item.hsnCode ?? "6211" })
        .where(eq(products.id, product.id));
    }
    made.push({ productId: product.id, quantity: item.quantity ?? 1 });
  }
  const order = await createOrder(db, {
    userId: options.userId ?? null,
    items: made,
    status: "processing",
  });
  const extra = (options.shippingPaise ?? 0) + (options.codFeePaise ?? 0);
  await db
    .update(orders)
    .set({
      ...(options.mumbai ? MUMBAI : {}),
      shippingPaise: options.shippingPaise ?? 0,
      codFeePaise: options.codFeePaise ?? 0,
      totalPaise: sql`${orders.totalPaise} + ${extra}`,
    })
    .where(eq(orders.id, order.id));
  return order;
}

const ship = (orderId: string) =>
  changeOrderStatus({ db, clock, publicUrl }, { orderId, status: "shipped", actor: admin });
const cancel = (orderId: string) =>
  changeOrderStatus({ db, clock, publicUrl }, { orderId, status: "cancelled", actor: admin });

const seqOf = (number: string) => Number(number.split("/")[2]);

describe("tax invoice on dispatch", () => {
  it("charges CGST and SGST when the delivery is in the store's state, per line with HSN", async () => {
    clock.set("2026-11-26T10:00:00Z");
    const order = await orderOf(
      [
        { price: 1050, quantity: 2 },
        { price: 3540, hsnCode: "6204" },
      ],
      {
        mumbai: true,
        shippingPaise: 9_900,
      },
    );
    await ship(order.id);
    const invoice = await getTaxDocument(db, order.id, "invoice");
    expect(invoice.number).toMatch(/^INV\/26-27\/\d{6}$/);
    expect(invoice.intraState).toBe(true);
    expect(invoice.placeOfSupply).toEqual({ code: "27", name: "Maharashtra" });
    expect(invoice.seller.gstin).toBe("27AAACV1234F1ZP");
    expect(invoice.buyer.gstin).toBeNull();
    const [cheap, dear, shipping] = [
      invoice.lines.find((l) => l.unitPricePaise === 105_000)!,
      invoice.lines.find((l) => l.unitPricePaise === 354_000)!,
      invoice.lines.find((l) => l.description === "Shipping charges")!,
    ];
    // ₹1,050 × 2 at 5%: ₹2,000 + ₹50 + ₹50.
    expect(cheap).toMatchObject({
      hsn: "6211",
      quantity: 2,
      rateBp: 500,
      taxablePaise: 200_000,
      cgstPaise: 5_000,
      sgstPaise: 5_000,
      igstPaise: 0,
      totalPaise: 210_000,
    });
    // ₹3,540 is ₹3,000 before tax: above ₹2,500, so 18%.
    expect(dear).toMatchObject({
      hsn: "6204",
      rateBp: 1800,
      taxablePaise: 300_000,
      cgstPaise: 27_000,
      sgstPaise: 27_000,
    });
    // Shipping rides at the highest goods rate (18%), SAC 996812.
    expect(shipping).toMatchObject({ hsn: "996812", rateBp: 1800, totalPaise: 9_900 });
    expect(invoice.totalPaise).toBe(210_000 + 354_000 + 9_900);
    expect(invoice.taxablePaise + invoice.cgstPaise + invoice.sgstPaise).toBe(invoice.totalPaise);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.taxInvoiceNumber).toBe(invoice.number);
    expect(row!.totalPaise).toBe(invoice.totalPaise);
  });

  it("charges IGST when the delivery is in another state; fabric at 5% whatever the price", async () => {
    const order = await orderOf([
      { price: 2625 },
      { price: 2626 },
      { price: 8000, taxClass: "fabric", hsnCode: "5208" },
    ]);
    await ship(order.id);
    const invoice = await getTaxDocument(db, order.id, "invoice");
    expect(invoice.intraState).toBe(false);
    expect(invoice.placeOfSupply).toEqual({ code: "29", name: "Karnataka" });
    const rate = (paise: number) => invoice.lines.find((l) => l.unitPricePaise === paise)!;
    expect(rate(262_500)).toMatchObject({ rateBp: 500, taxablePaise: 250_000, igstPaise: 12_500 });
    expect(rate(262_600).rateBp).toBe(1800);
    expect(rate(800_000)).toMatchObject({ rateBp: 500, hsn: "5208" });
    expect(invoice.cgstPaise + invoice.sgstPaise).toBe(0);
    expect(invoice.lines.every((l) => l.cgstPaise === 0 && l.igstPaise > 0)).toBe(true);
  });

  it("is issued once: another change while shipped, or delivered, keeps the one invoice", async () => {
    const order = await orderOf([{ price: 999 }]);
    await ship(order.id);
    const first = await getTaxDocument(db, order.id, "invoice");
    await changeOrderStatus(
      { db, clock, publicUrl },
      { orderId: order.id, status: "delivered", paymentStatus: "paid", actor: admin },
    );
    const invoices = await db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
    expect(invoices.map((d) => d.number)).toEqual([first.number]);
  });

  it("keeps its snapshot when products and the store's settings change later", async () => {
    const order = await orderOf([{ price: 1499, hsnCode: "6206" }], { mumbai: true });
    await ship(order.id);
    const before = await getTaxDocument(db, order.id, "invoice");
    await db.update(products).set({ hsnCode: "6104", taxClass: "fabric", pricePaise: 1 });
    const settings = await getTaxSettings(db);
    await updateTaxSettings(db, {
      ...settings,
      legalName: "Renamed Retail LLP",
      address: { ...settings.address, state: "Karnataka", city: "Bengaluru", pincode: "560001" },
      gstin: "29AAACK1234M1ZH",
    });
    const after = await getTaxDocument(db, order.id, "invoice");
    expect(after).toEqual(before);
    expect(after.seller.legalName).toBe("Vastra Retail Private Limited");
    expect(after.lines[0]!.hsn).toBe("6206");
    // Orders shipped from now on are invoiced from Karnataka: Mumbai is now inter-state.
    await updateTaxSettings(db, settings);
    expect((await getTaxSettings(db)).gstin).toBe(settings.gstin);
  });

  it("refuses tax settings whose GSTIN is of another state, and changes nothing", async () => {
    const settings = await getTaxSettings(db);
    await expect(
      updateTaxSettings(db, { ...settings, legalName: "X", gstin: "29AAACK1234M1ZH" }),
    ).rejects.toMatchObject({
      status: 400,
      errors: {
        gstin:
          "This GSTIN is registered in state code 29 (Karnataka), but the state chosen is Maharashtra",
      },
    });
    expect(await getTaxSettings(db)).toEqual(settings);
  });
});

describe("numbering", () => {
  it("has no gaps under 50 concurrent dispatches, and a rolled-back issue returns its number", async () => {
    clock.set("2031-06-01T06:00:00Z"); // FY 31-32: a fresh series
    const batch = await Promise.all(Array.from({ length: 50 }, () => orderOf([{ price: 799 }])));
    await Promise.all(batch.map((o) => ship(o.id)));
    const numbers = await db
      .select({ number: taxDocuments.number })
      .from(taxDocuments)
      .where(eq(taxDocuments.fy, "31-32"));
    expect(numbers.map((n) => seqOf(n.number)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    // A dispatch that fails after the invoice was numbered leaves no hole.
    const failing = await orderOf([{ price: 799 }]);
    await expect(
      inTransaction(db, async (tx) => {
        await issueInvoiceForOrder(tx, failing.id, clock());
        throw new Error("courier refused the parcel");
      }),
    ).rejects.toThrow("courier refused");
    await ship(failing.id);
    expect((await getTaxDocument(db, failing.id, "invoice")).number).toBe("INV/31-32/000051");
  });

  it("restarts at 1 on 1 April, India time", async () => {
    clock.set("2033-03-31T18:29:00Z"); // 23:59 IST, 31 March 2033: FY 32-33
    const march = await orderOf([{ price: 500 }]);
    await ship(march.id);
    clock.set("2033-03-31T18:30:00Z"); // 00:00 IST, 1 April 2033: FY 33-34
    const april = await orderOf([{ price: 500 }]);
    await ship(april.id);
    expect((await getTaxDocument(db, march.id, "invoice")).number).toBe("INV/32-33/000001");
    expect((await getTaxDocument(db, april.id, "invoice")).number).toBe("INV/33-34/000001");
  });
});

describe("credit note", () => {
  it("reverses a shipped order's invoice when it is cancelled, in its own series", async () => {
    clock.set("2034-05-10T06:00:00Z");
    const order = await orderOf([{ price: 1299 }], { codFeePaise: 4_900 });
    await ship(order.id);
    await cancel(order.id);
    const invoice = await getTaxDocument(db, order.id, "invoice");
    const note = await getTaxDocument(db, order.id, "credit_note");
    expect(note.number).toBe("CN/34-35/000001");
    expect(note.invoice?.number).toBe(invoice.number);
    expect(note.totalPaise).toBe(invoice.totalPaise);
    expect(note.lines).toEqual(invoice.lines);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.creditNoteNumber).toBe(note.number);
    // Cancelling again (or an order never shipped) issues nothing more.
    const unshipped = await orderOf([{ price: 1299 }]);
    await cancel(unshipped.id);
    await expect(getTaxDocument(db, unshipped.id, "credit_note")).rejects.toMatchObject({
      status: 404,
      message: GST_MESSAGES.creditNoteNotIssued,
    });
    // Reopened and shipped again: a new invoice, the next number.
    await changeOrderStatus(
      { db, clock, publicUrl },
      { orderId: order.id, status: "processing", actor: admin },
    );
    await ship(order.id);
    const again = await getTaxDocument(db, order.id, "invoice");
    expect(seqOf(again.number)).toBe(seqOf(invoice.number) + 1);
  });
});

describe("buyer GSTIN at checkout", () => {
  const service = createOrderService({ db, clock, publicUrl });
  async function place(buyerGstin?: string) {
    const shopper = await createUser(db);
    const product = await createProduct(db, { price: 1250, sizes: [{ size: "M", stock: 5 }] });
    await db.delete(cartLines).where(eq(cartLines.userId, shopper.id));
    await db
      .insert(cartLines)
      .values({ userId: shopper.id, productId: product.id, size: "M", quantity: 1 });
    return service.place(shopper.user, {
      user: {
        name: "Kavya Rao",
        email: "kavya.checkout@example.in",
        phone: "9123456780",
        address: "4 Park Street, Kolkata, West Bengal, 700016, India",
      },
      items: [{ productId: product.id, size: "M", quantity: 1 }],
      totalAmount: 1250,
      paymentMethod: "upi",
      ...(buyerGstin ? { buyerGstin } : {}),
    });
  }

  it("is stored and printed as B2B when its state is the delivery state", async () => {
    const placed = await place("19AAACK1234M1ZI");
    const order = placed.body.order;
    expect(order.buyerGstin).toBe("19AAACK1234M1ZI");
    await ship(order._id);
    const invoice = await getTaxDocument(db, order._id, "invoice");
    expect(invoice.buyer.gstin).toBe("19AAACK1234M1ZI");
    expect(invoice.placeOfSupply.code).toBe("19");
    const pdf = await renderTaxDocument(invoice);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("is refused when registered in another state", async () => {
    await expect(place("27AAACK1234M1ZL")).rejects.toMatchObject({
      status: 400,
      errors: {
        buyerGstin:
          "This GSTIN is registered in state code 27 (Maharashtra), but the state chosen is West Bengal",
      },
    });
  });
});
