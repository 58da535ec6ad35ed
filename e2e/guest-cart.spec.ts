/**
 * Guest carts (issue #15, record 0044), at phone and desktop widths: a guest adds two pieces, sees
 * the header badge and the cart, is sent to sign in by the cart's checkout, signs in, lands on
 * checkout with the same pieces (the guest cart merged into the account's), and places the order.
 * Each step's screen is saved to .tmp/ to be looked at.
 */
import path from "node:path";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { expect, test } from "./fixtures/test.ts";
import { createShopper } from "./helpers/accounts.ts";

type Product = {
  _id: string;
  title: string;
  price: number;
  sizeStock: Array<{ size: string; stock: number }>;
};

const main = (page: Page) => page.getByRole("main");
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /notifications/i }).getByText(text, { exact: true });
const cartBadge = (page: Page, count: number) =>
  page
    .getByRole("banner")
    .getByRole("link", { name: count === 1 ? "Cart, 1 item" : `Cart, ${count} items` });

function shot(page: Page, testInfo: TestInfo, name: string) {
  const file = path.resolve(
    import.meta.dirname,
    `../.tmp/guest-cart-${name}-${testInfo.project.name}.png`,
  );
  return page.screenshot({ path: file });
}

/** Two demo products with a size well in stock (from the end of the list: the demo catalogue). */
async function twoProducts(request: APIRequestContext): Promise<Array<Product & { size: string }>> {
  const res = await request.get("/api/products?limit=100&inStock=true");
  expect(res.status()).toBe(200);
  const picked = ((await res.json()) as Product[])
    .reverse()
    .filter((p) => p.sizeStock.some((s) => s.stock >= 5))
    .slice(0, 2)
    .map((p) => ({ ...p, size: p.sizeStock.find((s) => s.stock >= 5)!.size }));
  expect(picked, "two demo products in stock").toHaveLength(2);
  return picked;
}

test("a guest fills a cart, signs in from checkout and places the order with the same pieces", async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  // The account exists already (made through the API, in another context): the page stays a guest.
  const shopper = await createShopper(request, "guest-cart", { name: "Ritu Sharma" });
  const products = await twoProducts(request);

  for (const [index, product] of products.entries()) {
    await page.goto(`/products/${product._id}`);
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(product.title);
    await main(page).getByRole("radio", { name: product.size, exact: true }).check({ force: true });
    await main(page).getByRole("button", { name: "Add to cart" }).click();
    await expect(toast(page, "Item added to cart").first()).toBeVisible();
    await expect(cartBadge(page, index + 1)).toBeVisible();
  }
  // The header of every page counts the guest's cart (never a stored guest page: record 0044).
  await page.goto("/");
  await expect(cartBadge(page, 2)).toBeVisible();
  await shot(page, testInfo, "badge");

  await cartBadge(page, 2).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(main(page).getByRole("heading", { level: 1, name: "Shopping Cart" })).toBeVisible();
  for (const product of products) {
    await expect(main(page).getByRole("link", { name: product.title }).first()).toBeVisible();
  }
  await expect(
    main(page).getByText("Please sign in to check out; your cart comes with you."),
  ).toBeVisible();
  await expectNoSeriousViolations(page, "a guest's cart");
  await main(page).getByRole("link", { name: "Proceed to checkout" }).scrollIntoViewIfNeeded();
  await shot(page, testInfo, "cart");

  // Checkout asks the guest to sign in, then comes back to checkout.
  await main(page).getByRole("link", { name: "Proceed to checkout" }).click();
  await expect(page).toHaveURL(/\/login\?redirect=\/checkout$/);
  await main(page).getByRole("textbox", { name: "Email", exact: true }).fill(shopper.email);
  await main(page).getByRole("textbox", { name: "Password", exact: true }).fill(shopper.password);
  await shot(page, testInfo, "sign-in");
  await main(page).getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  // The guest cart is now the account's: both pieces on the checkout, the badge still 2.
  for (const product of products) {
    await expect(main(page).getByText(product.title).first()).toBeVisible();
  }
  await expect(cartBadge(page, 2)).toBeVisible();
  const cart = (await (await page.request.get("/api/cart")).json()) as Array<{
    productId: string;
    size: string;
    quantity: number;
  }>;
  expect(cart.map((l) => [l.productId, l.size, l.quantity])).toEqual(
    products.map((p) => [p._id, p.size, 1]),
  );
  await shot(page, testInfo, "checkout");

  const form = main(page).getByRole("form", { name: "Shipping details" });
  await expect(form.getByLabel("Full name")).toHaveValue("Ritu Sharma");
  await form.getByLabel("Mobile number").fill("98470 12345");
  await form.getByLabel("Street address").fill("22 Residency Road");
  await form.getByLabel(/^Apartment/).fill("Flat 4B");
  await form.getByLabel("Pincode").fill("560025");
  await expect(form.getByLabel("State / Union territory")).toHaveValue("Karnataka");
  await expect(form.getByLabel("City")).not.toHaveValue("");
  await form.getByRole("button", { name: "Review order" }).click();
  const dialog = page.getByRole("dialog", { name: "Review your order" });
  await expect(dialog).toContainText(/22 Residency Road, Flat 4B/);
  await dialog.getByRole("button", { name: "Confirm order" }).click();
  await expect(
    main(page).getByRole("heading", {
      level: 1,
      name: "Order confirmed! Check your email for details.",
    }),
  ).toBeVisible();
  await expect(cartBadge(page, 0)).toBeVisible();
  await shot(page, testInfo, "placed");

  const orders = (await (await page.request.get("/api/orders/my-orders")).json()) as Array<{
    items: Array<{ productId: string; size: string; quantity: number }>;
  }>;
  expect(orders).toHaveLength(1);
  expect(orders[0]!.items.map((i) => [i.productId, i.size, i.quantity]).sort()).toEqual(
    products.map((p) => [p._id, p.size, 1]).sort(),
  );
});

test("signing in says so when the guest cart was held to the stock left", async ({
  page,
  request,
}, testInfo) => {
  const shopper = await createShopper(request, "guest-cart-capped", { name: "Farah Khan" });
  const signedIn = await request.post("/api/auth/login", {
    data: { email: shopper.email, password: shopper.password },
  });
  expect(signedIn.status()).toBe(200);
  // A product apart from the first test's (it orders those): all of one size in the account's cart.
  const res = await request.get("/api/products?limit=100&inStock=true");
  const product = ((await res.json()) as Product[])
    .reverse()
    .filter((p) => p.sizeStock.some((s) => s.stock >= 2 && s.stock <= 50))[4]!;
  const { size, stock } = product.sizeStock.find((s) => s.stock >= 2 && s.stock <= 50)!;
  const full = await request.post("/api/cart/add", {
    data: { productId: product._id, size, quantity: stock },
  });
  expect(full.status(), await full.text()).toBe(200);

  // The guest (this page) adds one more of that size, then signs in from the header.
  await page.goto(`/products/${product._id}`);
  await main(page).getByRole("radio", { name: size, exact: true }).check({ force: true });
  await main(page).getByRole("button", { name: "Add to cart" }).click();
  await expect(cartBadge(page, 1)).toBeVisible();
  await page.goto("/login?redirect=/cart");
  await main(page).getByRole("textbox", { name: "Email", exact: true }).fill(shopper.email);
  await main(page).getByRole("textbox", { name: "Password", exact: true }).fill(shopper.password);
  await main(page).getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(
    toast(page, "One item in your cart was reduced to the stock available"),
  ).toBeVisible();
  await expect(cartBadge(page, stock)).toBeVisible();
  await shot(page, testInfo, "capped");
});
