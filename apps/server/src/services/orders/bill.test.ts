import { DEFAULT_STORE_SETTINGS, type Order } from "@vastra/contracts";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { renderShippingBill } from "./bill.ts";

function order(overrides: Partial<Order> = {}): Order {
  return {
    _id: "5f0c2b1e-1d4c-4e9a-9b7a-3c1d2e4f5a6b",
    orderNumber: "VST-100042",
    status: "processing",
    paymentStatus: "pending",
    paymentMethod: "to_be_confirmed",
    totalAmount: 2498,
    subtotalAmount: 2498,
    shippingAmount: 0,
    codFeeAmount: 0,
    codFeeWaived: false,
    items: [
      {
        productId: null,
        title: "Chanderi Silk Kurta",
        imageUrl: "",
        price: 1249,
        size: "L",
        quantity: 2,
        color: "Maroon",
      },
    ],
    user: {
      name: "Priya Sharma",
      email: "priya@example.in",
      phone: "9876543210",
      address: "12 MG Road, Flat 4B, Bengaluru, Karnataka, 560001, India",
    },
    shippingAddress: null,
    addressType: "home",
    notes: "",
    createdAt: "2026-11-21T10:00:00Z",
    shopperConfirmedAt: null,
    confirmBy: null,
    paymentFirstReason: "",
    ...overrides,
  };
}

async function textOf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  // Lines wrap inside the boxes: compare with single spaces.
  return { text: text.replace(/\s+/g, " "), pages: document.numPages };
}

describe("renderShippingBill", () => {
  it("prints the store's contact when the order has no notes, and the address string when it has no structured one", async () => {
    const pdf = await renderShippingBill(order(), DEFAULT_STORE_SETTINGS, {
      generatedAt: new Date("2026-11-22T05:30:00Z"),
    });
    const { text, pages } = await textOf(pdf);
    expect(pages).toBe(1);
    expect(text).toContain("12 MG Road, Flat 4B, Bengaluru, Karnataka, 560001, India");
    expect(text).toContain("Questions about this parcel?");
    expect(text).toContain(`${DEFAULT_STORE_SETTINGS.phone}`);
    expect(text).toContain("Chanderi Silk Kurta (Maroon)");
    expect(text).toContain("₹1,249.00");
    expect(text).toContain("₹2,498.00");
    expect(text).toContain("To be confirmed");
    // The charges above the total (record 0036).
    expect(text).toContain("Subtotal ₹2,498.00");
    expect(text).toContain("Shipping Free");
    // Order date and time in Indian time, and when the bill was made.
    expect(text).toContain("21 Nov 2026, 3:30 pm");
    expect(text).toContain("Bill generated 22 Nov 2026, 11:00 am");
  });

  it("prints shipping and the cash-on-delivery fee above the total", async () => {
    const pdf = await renderShippingBill(
      order({
        items: [{ ...order().items[0]!, price: 450, quantity: 1 }],
        paymentMethod: "cash_on_delivery",
        subtotalAmount: 450,
        shippingAmount: 99,
        codFeeAmount: 49,
        totalAmount: 598,
      }),
      DEFAULT_STORE_SETTINGS,
    );
    const { text } = await textOf(pdf);
    expect(text).toContain("Subtotal ₹450.00");
    expect(text).toContain("Shipping ₹99.00");
    expect(text).toContain("Cash-on-delivery fee ₹49.00");
    expect(text).toContain("Total ₹598.00");
    expect(text).toContain("Cash on delivery");
  });

  it("runs onto more pages when the items do not fit on one", async () => {
    const items = Array.from({ length: 60 }, (_, i) => ({
      productId: null,
      title: `Handloom Saree No. ${i + 1}`,
      imageUrl: "",
      price: 999,
      size: "Free",
      quantity: 1,
      color: "",
    }));
    const pdf = await renderShippingBill(
      order({ items, totalAmount: 59940, notes: "Three boxes" }),
      DEFAULT_STORE_SETTINGS,
    );
    const { text, pages } = await textOf(pdf);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain("Shipping bill VST-100042 (continued)");
    expect(text).toContain("Handloom Saree No. 60");
    expect(text).toContain("₹59,940.00");
    // The order's notes are internal: never on the parcel's label (record 0039).
    expect(text).not.toContain("Three boxes");
    expect(text).toContain("Questions about this parcel?");
    expect(text).toContain("Received by (customer)");
  });
});
