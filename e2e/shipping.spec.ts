/**
 * Shipping charges, the cash-on-delivery fee and pay-on-contact by UPI (issue #14, record 0036),
 * at both widths: the cart's shipping line and how much more ships free, a checkout paid by cash
 * on delivery showing its fee and placing the order, and My Orders showing a UPI order's QR code
 * and `upi://pay` link for its exact total.
 *
 * The store gets a UPI ID (both projects set the same one); the fees stay a new store's: ₹99
 * shipping under ₹999, ₹49 for cash on delivery.
 */
import path from "node:path";
import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { expect, test } from "./fixtures/test.ts";
import { DEMO_ADMIN, signedInShopper } from "./helpers/accounts.ts";
import { mailTo } from "./helpers/mailbox.ts";
import { placeOrder } from "./helpers/orders.ts";

const SHOTS = path.resolve(import.meta.dirname, "../.tmp");
const VPA = "vastra.store@okaxis";
const PAYEE = "Vastra Fashions";
const main = (page: Page) => page.getByRole("main");
const rupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const money = (amount: number) => rupees.format(amount);

type Product = { _id: string; price: number; sizeStock: Array<{ size: string; stock: number }> };

test.beforeAll(async ({ playwright }) => {
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const login = await admin.post("/api/auth/login", { data: DEMO_ADMIN });
    expect(login.status(), "admin sign-in").toBe(200);
    const current = await (await admin.get("/api/admin/delivery/settings")).json();
    const res = await admin.put("/api/admin/delivery/settings", {
      data: { ...current, upiVpa: VPA, upiPayeeName: PAYEE },
    });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    await admin.dispose();
  }
});

test("the cart's shipping line, a cash-on-delivery checkout with its fee, and the UPI QR on My Orders", async ({
  page,
}, testInfo) => {
  test.slow();
  const width = testInfo.project.name;
  const shopper = await signedInShopper(page, "shipping", { name: "Ananya Rao" });
  const products = (await (
    await page.request.get("/api/products?limit=100&inStock=true")
  ).json()) as Product[];
  // Under ₹999, from the demo catalogue (the end of the newest-first list).
  const cheap = [...products]
    .reverse()
    .find((p) => p.price >= 300 && p.price < 900 && p.sizeStock.some((s) => s.stock > 2));
  expect(cheap, "a demo product under ₹900 in stock").toBeTruthy();
  const size = cheap!.sizeStock.find((s) => s.stock > 2)!.size;
  const added = await page.request.post("/api/cart/add", {
    data: { productId: cheap!._id, size, quantity: 1 },
  });
  expect(added.status(), await added.text()).toBe(200);

  // The cart: subtotal, ₹99 shipping, the total with it, and how much more ships free.
  await page.goto("/cart");
  const summary = main(page).getByRole("heading", { name: "Order summary" }).locator("..");
  await expect(summary.getByTestId("shipping-line")).toHaveText(/Shipping\s*₹99\.00/);
  await expect(summary.getByTestId("cart-total")).toHaveText(money(cheap!.price + 99));
  await expect(summary.getByTestId("free-shipping-note")).toContainText(
    `Add ${money(999 - cheap!.price)} more for free shipping`,
  );
  await expectNoSeriousViolations(page, "the cart with shipping");
  await summary.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `shipping-cart-${width}.png`) });

  // Checkout by cash on delivery: the fee joins the summary's total.
  await main(page).getByRole("link", { name: "Proceed to checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const form = main(page).getByRole("form", { name: "Shipping details" });
  await form.getByLabel("Mobile number").fill("98470 12345");
  await form.getByLabel("Street address").fill("22 Residency Road");
  await form.getByLabel("Pincode").fill("560025");
  await expect(form.getByLabel("State / Union territory")).toHaveValue("Karnataka");
  await expect(form.getByLabel("City")).not.toHaveValue("");
  const cod = form.getByRole("radio", { name: /^Cash on delivery/ });
  await expect(cod).toBeEnabled();
  await cod.check();
  const total = cheap!.price + 99 + 49;
  await expect(main(page).getByTestId("cod-fee-line")).toHaveText(/₹49\.00/);
  await expect(main(page).getByTestId("checkout-total")).toHaveText(money(total));
  await expectNoSeriousViolations(page, "the checkout with cash on delivery");
  await page.screenshot({
    path: path.join(SHOTS, `shipping-checkout-cod-${width}.png`),
    fullPage: true,
  });

  await form.getByRole("button", { name: "Review order" }).click();
  const dialog = page.getByRole("dialog", { name: "Review your order" });
  await expect(dialog).toContainText("Payment: Cash on delivery");
  await expect(dialog).toContainText(money(total));
  await dialog.getByRole("button", { name: "Confirm order" }).click();
  await expect(
    main(page).getByRole("heading", {
      level: 1,
      name: "Order confirmed! Check your email for details.",
    }),
  ).toBeVisible();
  const codNumber = (await main(page).getByTestId("order-number").textContent())!.trim();
  await expect(main(page)).toContainText(money(total));

  // A second order paid by UPI when the store gets in touch (the API's default).
  const { order: upiOrder } = await placeOrder(page.request, {
    name: shopper.name,
    email: shopper.email,
    phone: "9847012345",
  });

  // My Orders: the UPI order shows its QR code and link for the exact total; the COD one does not.
  await page.goto("/orders");
  const cardOf = (number: string) => main(page).getByRole("article", { name: `Order ${number}` });
  const upiCard = cardOf(upiOrder.orderNumber);
  const qr = upiCard.getByTestId("upi-qr");
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
    true,
  );
  await expect(upiCard.getByTestId("upi-link")).toHaveAttribute(
    "href",
    `upi://pay?pa=${VPA}&pn=Vastra%20Fashions&am=${upiOrder.totalAmount.toFixed(2)}&cu=INR&tn=${upiOrder.orderNumber}`,
  );
  const codCard = cardOf(codNumber);
  await expect(codCard.getByTestId("cod-fee-line")).toHaveText(/₹49\.00/);
  await expect(codCard.getByTestId("upi-qr")).toHaveCount(0);
  await expectNoSeriousViolations(page, "My Orders with a UPI QR code");
  await upiCard.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `shipping-orders-upi-${width}.png`) });

  // The order e-mail shows the same payment QR: made when the e-mail was sent and attached inline
  // (record 0067); the development mailbox shows it in the message's HTML.
  const placed = `${upiOrder.orderNumber} has been placed`;
  await expect
    .poll(async () =>
      (await mailTo(page.request, shopper.email)).some((m) => m.subject.includes(placed)),
    )
    .toBe(true);
  await page.goto("/dev/mailbox");
  await page
    .getByRole("navigation", { name: /messages/i })
    .getByRole("link")
    .filter({ hasText: placed })
    .click();
  const mailQr = page.frameLocator('iframe[title^="HTML body"]').getByRole("img", {
    name: new RegExp(`UPI QR code to pay .* for order ${upiOrder.orderNumber}`),
  });
  await expect(mailQr).toBeVisible();
  expect(
    await mailQr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
  ).toBe(true);
  // The picture within the message's frame, the frame within the page.
  await mailQr.evaluate((img: HTMLImageElement) => img.scrollIntoView({ block: "center" }));
  await page.locator('iframe[title^="HTML body"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `shipping-mail-upi-${width}.png`) });
});
