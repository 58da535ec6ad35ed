/**
 * The activity history (issue #15, record 0050): an admin changes a product's price in the edit
 * dialog, then finds the change (old → new, who, why) in the product's History section and in
 * the Activity tab, filtered to price changes by admins and then to the product itself.
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { runToken } from "./fixtures/store.ts";
import { expect, test } from "./fixtures/test.ts";
import { signedInShopper, signInAsAdmin } from "./helpers/accounts.ts";
import { placeOrder } from "./helpers/orders.ts";

const banner = (page: Page, text: string) =>
  page.locator("[data-banner]").filter({ hasText: text });

/** A product of the admin's own at ₹1,499 (its picture borrowed from the catalogue). */
async function createProduct(page: Page, title: string): Promise<string> {
  const list = await page.request.get("/api/products?limit=1");
  expect(list.ok()).toBe(true);
  const body = await list.json();
  const imageUrl: string = (Array.isArray(body) ? body : body.products)[0].imageUrl;
  const categories = (await (await page.request.get("/api/categories")).json()) as Array<{
    _id: string;
  }>;
  const res = await page.request.post("/api/admin/products", {
    data: {
      title,
      description: "Block-printed cotton, for the history test.",
      price: 1499,
      lowStockThreshold: 2,
      gender: "Women",
      sizes: ["M", "L"],
      sizeStock: [
        { size: "M", stock: 5 },
        { size: "L", stock: 3 },
      ],
      colors: [],
      categories: categories.slice(0, 1).map((c) => c._id),
      imageUrl,
      additionalImages: [],
      colorImages: [],
      isHero: false,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).product._id;
}

test("an admin changes a price and sees it in the product's history and the Activity tab", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const viewport = testInfo.project.name;
  const token = runToken();
  const title = `History Kurta ${token}`;
  await signInAsAdmin(page);
  const productId = await createProduct(page, title);

  // The price edited in the product dialog.
  await page.goto(`/admin/products?search=${token}`);
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  let dialog = page.getByRole("dialog", { name: "Edit product" });
  await dialog.getByLabel("Price (₹)").fill("1299");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(banner(page, "Product updated successfully!")).toBeVisible();
  await expect(dialog).toBeHidden();

  // The product's History: the price change on top, by the admin, an admin edit.
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  dialog = page.getByRole("dialog", { name: "Edit product" });
  await dialog.locator("summary", { hasText: "History" }).click();
  const history = dialog.getByRole("region", { name: "History", exact: true });
  const priceEntry = history.getByRole("listitem").filter({ hasText: "Price" }).first();
  await expect(priceEntry).toContainText("₹1,499.00 → ₹1,299.00");
  await expect(priceEntry).toContainText("Admin edit");
  await expect(priceEntry).toContainText(/by \S/);
  // The sizes it was created with are there too.
  await expect(history.getByText("Stock (M)")).toBeVisible();
  await expect(history.getByText("(none) → 5 (+5)")).toBeVisible();
  await history.evaluate((el) => el.scrollIntoView({ block: "start" }));
  await expectNoSeriousViolations(page, "product history");
  await page.screenshot({ path: testInfo.outputPath(`product-history-${viewport}.png`) });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // The Activity tab, from the dashboard's navigation.
  await page.goto("/admin/activity");
  await expect(page.getByRole("heading", { name: "Activity", exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, "activity");
  await page.screenshot({ path: testInfo.outputPath(`activity-${viewport}.png`), fullPage: false });

  // Filtered to price changes made by admins.
  const filters = page.getByRole("form", { name: "Filter activity" });
  await filters.getByLabel("Entity", { exact: true }).selectOption("product");
  await filters.getByLabel("Reason").selectOption("admin edit");
  await filters.getByLabel("Field").fill("price_paise");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/field=price_paise/);
  const entry = page.getByRole("listitem").filter({ hasText: title }).first();
  await expect(entry).toContainText("Price ₹1,499.00 → ₹1,299.00");
  await expect(entry).toContainText("Admin edit");
  await expectNoSeriousViolations(page, "activity filtered");
  await page.screenshot({
    path: testInfo.outputPath(`activity-filtered-${viewport}.png`),
    fullPage: true,
  });

  // The product's name leads to its whole history.
  await entry.getByRole("link", { name: `Product ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`entityId=${productId}`));
  await expect(page.getByRole("listitem").filter({ hasText: "Created" })).toContainText(title);
  await expect(page.getByRole("listitem").filter({ hasText: "Stock (L)" })).toContainText(
    "(none) → 3 (+3)",
  );

  // A date range before the change shows nothing.
  await page.goto(`/admin/activity?entityId=${productId}&from=2020-01-01&to=2020-01-31`);
  await expect(page.getByText("No changes match these filters.")).toBeVisible();
});

test("the order view's change log shows the order placed and the admin's notes", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const viewport = testInfo.project.name;
  const shopper = await signedInShopper(page, "activity-order", { name: "Kavya Menon" });
  const { order } = await placeOrder(page.request, {
    name: shopper.name,
    email: shopper.email,
    phone: "9876501234",
  });
  // The admin now, on the same browser (the sign-in replaces the shopper's session).
  await signInAsAdmin(page);
  const notes = await page.request.patch(`/api/orders/${order._id}/notes`, {
    data: { notes: "Gift wrap, no invoice in the box" },
  });
  expect(notes.status(), await notes.text()).toBe(200);

  await page.goto(`/admin/orders?search=${order.orderNumber}`);
  await page
    .getByRole("button", { name: `Details of order ${order.orderNumber}` })
    .first()
    .click();
  const details = page.getByRole("dialog", { name: `Order ${order.orderNumber}` });
  await details.locator("summary", { hasText: "Change log" }).click();
  const log = details.getByRole("region", { name: "Change log", exact: true });
  await expect(log.getByRole("listitem").filter({ hasText: "Internal notes" })).toContainText(
    "(empty) → Gift wrap, no invoice in the box",
  );
  await expect(log.getByRole("listitem").filter({ hasText: "Created" })).toContainText(
    `by ${shopper.name}`,
  );
  await expect(log.getByRole("listitem").filter({ hasText: "Created" })).toContainText("Order");
  await log.evaluate((el) => el.scrollIntoView({ block: "start" }));
  await expectNoSeriousViolations(page, "order change log");
  await page.screenshot({ path: testInfo.outputPath(`order-change-log-${viewport}.png`) });
});
