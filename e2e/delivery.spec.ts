/**
 * Delivery by PIN code (issue #14): the product page's "Check delivery" box at both widths (a
 * malformed PIN, then a PIN's area, promised day and cash on delivery; remembered on the next
 * visit), the checkout filling City and State from the remembered PIN while keeping what the
 * shopper typed, the refusal of a PIN the store does not serve (in the form and by the API), and
 * the admin's Delivery tab importing a CSV.
 *
 * The store's list gets one row for the Andaman and Nicobar Islands (prefix 744, not served),
 * merged: both projects add the same row, and no other spec uses those PINs.
 */
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { expect, test } from "./fixtures/test.ts";
import { DEMO_ADMIN, signedInShopper, signInAsAdmin } from "./helpers/accounts.ts";

const SHOTS = path.resolve(import.meta.dirname, "../.tmp");
const main = (page: Page) => page.getByRole("main");
const deliveryBox = (page: Page) => main(page).getByRole("region", { name: "Check delivery" });
const banner = (page: Page, text: string) =>
  page.locator("[data-banner]").filter({ hasText: text });

type Check = { message: string; deliveryBy: string | null; serviceable: boolean };

async function checkOf(request: APIRequestContext, pin: string): Promise<Check> {
  const res = await request.get(`/api/delivery/${pin}`);
  expect(res.status(), `GET /api/delivery/${pin}`).toBe(200);
  return (await res.json()) as Check;
}

test.beforeAll(async ({ playwright }) => {
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const login = await admin.post("/api/auth/login", { data: DEMO_ADMIN });
    expect(login.status(), "admin sign-in").toBe(200);
    const res = await admin.post("/api/admin/delivery/zones/import", {
      data: {
        csv: "pin,zone,transit_days,cod,serviceable\n744,Andaman Islands,,,n\n",
        mode: "merge",
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    await admin.dispose();
  }
});

test("the product page's delivery check: area, promised day and cash on delivery, remembered", async ({
  page,
}, testInfo) => {
  const [product] = (await (await page.request.get("/api/products?limit=1")).json()) as Array<{
    _id: string;
    title: string;
  }>;
  await page.goto(`/products/${product!._id}`);
  await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(product!.title);
  const box = deliveryBox(page);
  const pin = box.getByLabel("PIN code");
  await expect(pin).toHaveValue("");

  // A PIN starting with 0 is not one: said at once, no request.
  await pin.fill("056001");
  await box.getByRole("button", { name: "Check" }).click();
  await expect(box).toContainText(
    "Please enter a valid 6-digit PIN code (it does not start with 0)",
  );
  await expect(pin).toHaveAttribute("aria-invalid", "true");

  // Bandra West: where it is, by when, and cash on delivery.
  const expected = await checkOf(page.request, "400050");
  expect(expected.message).toMatch(
    /^Delivery by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2}$/,
  );
  await pin.fill("400050");
  await pin.press("Enter");
  await expect(box).toContainText("400050: Bandra West, Mumbai, Maharashtra");
  await expect(box.getByTestId("delivery-by")).toHaveText(expected.message);
  await expect(box).toContainText("Cash on delivery available");
  await expect(pin).not.toHaveAttribute("aria-invalid", "true");
  // The answer is announced as it comes.
  const answerId = await pin.getAttribute("aria-describedby");
  await expect(page.locator(`[id="${answerId}"]`)).toHaveAttribute("aria-live", "polite");
  await expectNoSeriousViolations(page, "the product page's delivery check");

  await box.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `delivery-box-${testInfo.project.name}.png`) });
  const shown = await box.boundingBox();
  const viewport = page.viewportSize()!;
  expect(shown!.x).toBeGreaterThanOrEqual(0);
  expect(shown!.x + shown!.width).toBeLessThanOrEqual(viewport.width);

  // A PIN the store does not serve.
  await pin.fill("744101");
  await box.getByRole("button", { name: "Check" }).click();
  await expect(box).toContainText(
    "744101: Marine Jetty, South Andaman, Andaman and Nicobar Islands",
  );
  await expect(box).toContainText("Sorry, we do not deliver to PIN code 744101 yet.");
  await expect(box.getByTestId("delivery-by")).toHaveCount(0);
  await page.screenshot({
    path: path.join(SHOTS, `delivery-box-refused-${testInfo.project.name}.png`),
  });

  // The next visit remembers the last PIN and answers for it at once.
  await pin.fill("400050");
  await pin.press("Enter");
  await expect(box.getByTestId("delivery-by")).toHaveText(expected.message);
  await page.reload();
  await expect(deliveryBox(page).getByLabel("PIN code")).toHaveValue("400050");
  await expect(deliveryBox(page).getByTestId("delivery-by")).toHaveText(expected.message);
});

test("checkout fills City and State from the PIN, keeps what the shopper typed, and refuses a PIN the store does not serve", async ({
  page,
}, testInfo) => {
  test.slow();
  await signedInShopper(page, "delivery-checkout", { name: "Kavya Menon" });
  const products = (await (
    await page.request.get("/api/products?limit=100&inStock=true")
  ).json()) as Array<{
    _id: string;
    price: number;
    sizeStock: Array<{ size: string; stock: number }>;
  }>;
  const product = [...products].reverse().find((p) => p.sizeStock.some((s) => s.stock > 2))!;
  const size = product.sizeStock.find((s) => s.stock > 2)!.size;
  const added = await page.request.post("/api/cart/add", {
    data: { productId: product._id, size, quantity: 1 },
  });
  expect(added.status(), await added.text()).toBe(200);

  // The cart's box: the shopper checks Bengaluru's GPO.
  await page.goto("/cart");
  const box = deliveryBox(page);
  await box.getByLabel("PIN code").fill("560001");
  await box.getByRole("button", { name: "Check" }).click();
  await expect(box).toContainText("560001: Bangalore, Karnataka");
  await expect(box.getByTestId("delivery-by")).toHaveText(/^Delivery by /);
  await expectNoSeriousViolations(page, "the cart's delivery check");
  await box.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `delivery-cart-${testInfo.project.name}.png`) });

  // Checkout starts from that PIN: City and State filled from it.
  await main(page).getByRole("link", { name: "Proceed to checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const form = main(page).getByRole("form", { name: "Shipping details" });
  const pin = form.getByLabel("Pincode");
  const city = form.getByLabel("City");
  const state = form.getByLabel("State / Union territory");
  await expect(pin).toHaveValue("560001");
  await expect(city).toHaveValue("Bangalore");
  await expect(state).toHaveValue("Karnataka");
  await expect(form).toContainText(/Delivery by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2}/);

  // The shopper's own spelling of the city stays through PIN changes; the state follows the PIN.
  await city.fill("Bengaluru");
  await pin.fill("744101");
  await expect(state).toHaveValue("Andaman and Nicobar Islands");
  await expect(city).toHaveValue("Bengaluru");
  const refusal = "Sorry, we do not deliver to PIN code 744101 yet.";
  await expect(pin).toHaveAttribute("aria-invalid", "true");
  await expect(pin).toHaveAccessibleDescription(refusal);
  await form.getByLabel("Mobile number").fill("98470 12345");
  await form.getByLabel("Street address").fill("22 Residency Road");
  await form.getByRole("button", { name: "Review order" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(pin).toBeFocused();
  await expectNoSeriousViolations(page, "the checkout refusing a PIN");
  await pin.scrollIntoViewIfNeeded();
  await page.screenshot({
    path: path.join(SHOTS, `delivery-checkout-refused-${testInfo.project.name}.png`),
  });

  // The API refuses it too, at the PIN's field, whatever the page does.
  const refused = await page.request.post("/api/orders", {
    data: {
      user: { name: "Kavya Menon", email: "kavya@example.in", phone: "9847012345", address: "x" },
      items: [{ productId: product._id, size, quantity: 1 }],
      totalAmount: product.price,
      shippingAddress: {
        streetAddress: "1 Aberdeen Bazaar",
        city: "Port Blair",
        state: "Andaman and Nicobar Islands",
        pincode: "744101",
      },
    },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({
    message: refusal,
    errors: { "shippingAddress.pincode": refusal },
  });

  // A served PIN again: the refusal goes, the state comes back, the order is placed.
  await pin.fill("560025");
  await expect(state).toHaveValue("Karnataka");
  await expect(pin).not.toHaveAttribute("aria-invalid", "true");
  await expect(city).toHaveValue("Bengaluru");
  await form.getByRole("button", { name: "Review order" }).click();
  const dialog = page.getByRole("dialog", { name: "Review your order" });
  await expect(dialog).toContainText("22 Residency Road, Bengaluru, Karnataka, 560025, India");
  await dialog.getByRole("button", { name: "Confirm order" }).click();
  await expect(
    main(page).getByRole("heading", {
      level: 1,
      name: "Order confirmed! Check your email for details.",
    }),
  ).toBeVisible();
});

test("the admin's Delivery tab imports a CSV of served PINs and lists it", async ({
  page,
  pageGuard,
}) => {
  // The file with a duplicate row is refused with a 400 on purpose; the browser logs it.
  pageGuard.allow(/status of 400 \(Bad Request\).*\/api\/admin\/delivery\/zones\/import/);
  await signInAsAdmin(page);
  await page.goto("/admin/delivery");
  await expect(page.getByRole("heading", { name: "Delivery", exact: true })).toBeVisible();
  await expect(page.getByLabel("Cut-off hour (India time)")).toHaveValue(/^\d{1,2}$/);
  await expectNoSeriousViolations(page, "the admin's Delivery tab");

  const upload = page.getByRole("form", { name: "Import served PIN codes" });
  await upload.getByLabel("CSV file").setInputFiles({
    name: "islands.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("pin,zone,transit_days,cod\n682,Lakshadweep,9,n\n682,Again,9,n\n"),
  });
  await upload.getByRole("radio", { name: /adds to it/ }).check();
  await upload.getByRole("button", { name: "Import" }).click();
  // The duplicate row: named by its line, nothing imported.
  await expect(upload.getByRole("list", { name: "Problems in the file" })).toContainText(
    "line 3: 682 is already listed on line 2",
  );
  await upload.getByLabel("CSV file").setInputFiles({
    name: "islands.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("pin,zone,transit_days,cod\n682,Lakshadweep,9,n\n"),
  });
  await upload.getByRole("button", { name: "Import" }).click();
  await expect(banner(page, "Imported 1 row into the list")).toBeVisible();

  await page.getByLabel("Starting with").fill("68");
  await page.getByRole("button", { name: "Show" }).click();
  const row = page.getByRole("row", { name: /^682…/ });
  await expect(row).toContainText("Lakshadweep");
  await expect(row).toContainText("9");
});
