/**
 * GST over HTTP (issue #14, record 0037): the admin's tax settings, the buyer's GSTIN at
 * checkout, and the tax invoice and credit note PDFs, which only the order's shopper and admins get.
 */
import { GST_MESSAGES, type Order } from "@vastra/contracts";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { createProduct, createUser, type TestUser } from "../../test/factories.ts";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";
import { cartLines } from "../db/schema.ts";

const clock = createTestClock("2026-11-26T05:00:00Z");
const { app, database } = await buildTestApp({ clock });
const db = database.db;

const admin = await createUser(db, { name: "Asha Admin", isAdmin: true, now: clock() });
const stranger = await createUser(db, { name: "Someone Else", now: clock() });

const SETTINGS = {
  legalName: "Vastra Retail Private Limited",
  address: {
    line1: "Shop 12, Palladium Arcade",
    line2: "Lower Parel",
    city: "Mumbai",
    state: "Maharashtra",
    pincode: "400013",
  },
  gstin: "27AAPFU0939F1ZV",
};

async function placeOrder(
  payload: { buyerGstin?: string } = {},
): Promise<{ order: Order; shopper: TestUser; status: number; body: Record<string, unknown> }> {
  const shopper = await createUser(db, { now: clock() });
  const product = await createProduct(db, {
    title: "Chanderi Silk Kurta",
    price: 3540,
    sizes: [{ size: "M", stock: 5 }],
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
        name: "Kavya Rao",
        email: "kavya@example.in",
        phone: "9123456780",
        address: "12 MG Road, Bengaluru, Karnataka, 560001, India",
      },
      items: [{ productId: product.id, size: "M", quantity: 1 }],
      totalAmount: 3540,
      shippingAddress: {
        streetAddress: "12 MG Road",
        city: "Bengaluru",
        state: "Karnataka",
        pincode: "560001",
      },
      ...payload,
    },
  });
  const body = res.json() as Record<string, unknown>;
  return { order: body.order as Order, shopper, status: res.statusCode, body };
}

const setStatus = (orderId: string, status: string) => {
  clock.advance(1000);
  return app.inject({
    method: "PATCH",
    url: `/api/orders/${orderId}/status`,
    headers: { cookie: admin.cookie },
    // Shipping names the courier and the AWB (record 0039).
    payload:
      status === "shipped"
        ? { status, courier: "Delhivery", trackingNumber: "DL1234567890" }
        : { status },
  });
};

const pdfText = async (body: Buffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true })).text;

describe("tax settings", () => {
  const put = (payload: Record<string, unknown>, cookie = admin.cookie) =>
    app.inject({ method: "PUT", url: "/api/admin/tax/settings", headers: { cookie }, payload });

  it("are the admin's only", async () => {
    expect((await put(SETTINGS, stranger.cookie)).statusCode).toBe(403);
    const res = await app.inject({ method: "GET", url: "/api/admin/tax/settings" });
    expect(res.statusCode).toBe(401);
  });

  it("refuse a GSTIN with a wrong check character or of another state, and keep the old one", async () => {
    const before = await app.inject({
      method: "GET",
      url: "/api/admin/tax/settings",
      headers: { cookie: admin.cookie },
    });
    const typo = await put({ ...SETTINGS, gstin: "27AAPFU0939F1ZW" });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().errors.gstin).toBe(GST_MESSAGES.gstinCheck);
    const elsewhere = await put({
      ...SETTINGS,
      address: { ...SETTINGS.address, state: "Karnataka" },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors.gstin).toBe(
      "This GSTIN is registered in state code 27 (Maharashtra), but the state chosen is Karnataka",
    );
    const after = await app.inject({
      method: "GET",
      url: "/api/admin/tax/settings",
      headers: { cookie: admin.cookie },
    });
    expect(after.json()).toEqual(before.json());
  });

  it("save a valid GSTIN of the chosen state, shown on the store's public settings too", async () => {
    const res = await put({ ...SETTINGS, gstin: "27aapfu0939f1zv" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: GST_MESSAGES.saved, settings: SETTINGS });
    const store = await app.inject({ method: "GET", url: "/api/store" });
    expect(store.json()).toMatchObject({ gstin: "27AAPFU0939F1ZV", legalName: SETTINGS.legalName });
  });
});

describe("tax invoice PDF", () => {
  it("is the shopper's own once shipped, 404 to another shopper, and the admin's", async () => {
    await app.inject({
      method: "PUT",
      url: "/api/admin/tax/settings",
      headers: { cookie: admin.cookie },
      payload: SETTINGS,
    });
    const { order, shopper } = await placeOrder();
    const url = `/api/orders/${order._id}/invoice.pdf`;
    const before = await app.inject({ method: "GET", url, headers: { cookie: shopper.cookie } });
    expect(before.statusCode).toBe(404);
    expect(before.json().message).toBe(GST_MESSAGES.invoiceNotIssued);

    const shipped = await setStatus(order._id, "shipped");
    expect(shipped.statusCode, shipped.body).toBe(200);
    const number = shipped.json().order.taxInvoiceNumber as string;
    expect(number).toMatch(/^INV\/26-27\/\d{6}$/);

    const mine = await app.inject({ method: "GET", url, headers: { cookie: shopper.cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["content-type"]).toBe("application/pdf");
    expect(mine.headers["content-disposition"]).toContain(
      `tax-invoice-${number.replaceAll("/", "-")}.pdf`,
    );
    const text = await pdfText(mine.rawPayload);
    expect(text).toContain("TAX INVOICE");
    expect(text).toContain(number);
    expect(text).toContain("27AAPFU0939F1ZV");
    expect(text).toContain("Karnataka (29)");
    expect(text).toContain("IGST");
    // ₹3,540 is ₹3,000 before 18% IGST.
    expect(text).toContain("₹540.00");
    expect(text).toContain("Rupees Three Thousand Five Hundred Forty Only");

    const theirs = await app.inject({ method: "GET", url, headers: { cookie: stranger.cookie } });
    expect(theirs.statusCode).toBe(404);
    const guest = await app.inject({ method: "GET", url });
    expect(guest.statusCode).toBe(401);
    const admins = await app.inject({ method: "GET", url, headers: { cookie: admin.cookie } });
    expect(admins.statusCode).toBe(200);

    // The shopper's list shows the number, so My Orders can link to it.
    const list = await app.inject({
      method: "GET",
      url: "/api/orders/my-orders",
      headers: { cookie: shopper.cookie },
    });
    expect((list.json() as Order[])[0]!.taxInvoiceNumber).toBe(number);
  });

  it("is followed by a credit note when the shipped order is cancelled", async () => {
    const { order, shopper } = await placeOrder();
    await setStatus(order._id, "shipped");
    const cancelled = await setStatus(order._id, "cancelled");
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const cn = cancelled.json().order.creditNoteNumber as string;
    expect(cn).toMatch(/^CN\/26-27\/\d{6}$/);
    const res = await app.inject({
      method: "GET",
      url: `/api/orders/${order._id}/credit-note.pdf`,
      headers: { cookie: shopper.cookie },
    });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain("CREDIT NOTE");
    expect(text).toContain(cn);
    const theirs = await app.inject({
      method: "GET",
      url: `/api/orders/${order._id}/credit-note.pdf`,
      headers: { cookie: stranger.cookie },
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe("buyer GSTIN at checkout", () => {
  it("is printed on the invoice (B2B) when registered in the delivery state", async () => {
    const { order, status } = await placeOrder({ buyerGstin: "29aaack1234m1zh" });
    expect(status).toBe(201);
    expect(order.buyerGstin).toBe("29AAACK1234M1ZH");
    await setStatus(order._id, "shipped");
    const res = await app.inject({
      method: "GET",
      url: `/api/orders/${order._id}/invoice.pdf`,
      headers: { cookie: admin.cookie },
    });
    const text = await pdfText(res.rawPayload);
    expect(text).toContain("29AAACK1234M1ZH");
    expect(text).toContain("B2B");
  });

  it("is refused with a clear message when it is invalid or of another state", async () => {
    const typo = await placeOrder({ buyerGstin: "29AAACK1234M1ZX" });
    expect(typo.status).toBe(400);
    expect(typo.body.errors).toEqual({ buyerGstin: GST_MESSAGES.gstinCheck });
    const other = await placeOrder({ buyerGstin: "27AAPFU0939F1ZV" });
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual({
      buyerGstin:
        "This GSTIN is registered in state code 27 (Maharashtra), but the state chosen is Karnataka",
    });
  });
});

describe("a product's HSN code and tax class", () => {
  const body = (overrides: Record<string, unknown>) => ({
    title: "Banarasi Silk Saree",
    price: 6499,
    gender: "Women",
    sizes: ["Free"],
    imageUrl: "/images/bbbbbbbbbbbbbbbbbbbbbbbb-w1280.webp",
    ...overrides,
  });
  const create = (payload: Record<string, unknown>) =>
    app.inject({
      method: "POST",
      url: "/api/admin/products",
      headers: { cookie: admin.cookie },
      payload,
    });

  it("are saved with the product and kept by an edit that does not send them", async () => {
    const res = await create(body({ hsnCode: "5007", taxClass: "fabric" }));
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json().product;
    expect(product).toMatchObject({ hsnCode: "5007", taxClass: "fabric" });
    const edited = await app.inject({
      method: "PUT",
      url: `/api/admin/products/${product._id}`,
      headers: { cookie: admin.cookie },
      payload: body({ price: 6999 }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().product).toMatchObject({
      price: 6999,
      hsnCode: "5007",
      taxClass: "fabric",
    });
  });

  it("are refused with a clear message when not an HSN code or not a class", async () => {
    const bad = await create(body({ hsnCode: "62", taxClass: "luxury" }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      hsnCode: GST_MESSAGES.hsn,
      taxClass: GST_MESSAGES.taxClass,
    });
  });
});
