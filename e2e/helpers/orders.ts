/** Orders placed through the API by a signed-in shopper (the request context carries the cookie). */
import type { APIRequestContext } from "@playwright/test";
import { expect } from "../fixtures/test.ts";

export type OrderedProduct = {
  _id: string;
  title: string;
  price: number;
  sizeStock: Array<{ size: string; stock: number }>;
};
export type PlacedOrder = { _id: string; orderNumber: string; totalAmount: number };

/**
 * `quantity` pieces of a demo product with more than `quantity` in one size, through the cart
 * and POST /api/orders, as the checkout does. Returns the order and what was ordered.
 */
export async function placeOrder(
  request: APIRequestContext,
  customer: { name: string; email: string; phone: string; address?: string },
  quantity = 1,
): Promise<{ order: PlacedOrder; product: OrderedProduct; size: string }> {
  const products = (await (
    await request.get("/api/products?limit=100&inStock=true")
  ).json()) as OrderedProduct[];
  // From the demo catalogue (the end of the newest-first list): products that other specs create
  // and whose stock they check are at its start.
  const product = [...products].reverse().find((p) => p.sizeStock.some((s) => s.stock > quantity));
  expect(product, "a product in stock").toBeTruthy();
  const size = product!.sizeStock.find((s) => s.stock > quantity)!.size;
  const added = await request.post("/api/cart/add", {
    data: { productId: product!._id, size, quantity },
  });
  expect(added.status(), `add to cart: ${await added.text()}`).toBeLessThan(300);
  const res = await request.post("/api/orders", {
    data: {
      user: { address: "x", ...customer },
      items: [{ productId: product!._id, size, quantity }],
      // A new store's charges (record 0036): under ₹999 of items, ₹99 shipping (UPI, no COD fee).
      totalAmount: product!.price * quantity + (product!.price * quantity < 999 ? 99 : 0),
      shippingAddress: {
        streetAddress: "14 Residency Road",
        apartment: "Flat 2A",
        city: "Bengaluru",
        state: "Karnataka",
        pincode: "560025",
      },
    },
  });
  expect(res.status(), `place order: ${await res.text()}`).toBe(201);
  return { order: ((await res.json()) as { order: PlacedOrder }).order, product: product!, size };
}
