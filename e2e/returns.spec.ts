/**
 * Returns and exchanges (issue #15, record 0048), at both widths: the shopper asks to return a
 * piece of a delivered order from My Orders; the admin approves it in the Returns tab and marks it
 * received from the order's details; the shopper sees the status and got an e-mail at each step.
 * Axe on the request dialog, the Returns tab and the order's Returns section.
 */
import path from "node:path";
import type { Page } from "@playwright/test";
import { RETURN_MESSAGES } from "../packages/contracts/src/returns.ts";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { runToken } from "./fixtures/store.ts";
import { expect, test } from "./fixtures/test.ts";
import { createShopper, signIn, signInAsAdmin } from "./helpers/accounts.ts";
import { mailTo } from "./helpers/mailbox.ts";
import { placeOrder } from "./helpers/orders.ts";

const SHOTS = path.resolve(import.meta.dirname, "../.tmp");

const banner = (page: Page, text: string | RegExp) =>
  page.locator("[data-banner]").filter({ hasText: text });

test("a delivered order's piece is returned: shopper asks, admin approves and receives", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const width = testInfo.project.name;
  const token = runToken();
  const name = `Radhika Menon ${token}`;
  const shopper = await createShopper(page.request, `returns-${width}-${token}`, { name });
  await signIn(page, shopper);
  const { order, product } = await placeOrder(page.request, {
    name,
    email: shopper.email,
    phone: "9845012345",
  });

  // The store ships and delivers it (the admin's status changes, as in fulfilment.spec.ts).
  await signInAsAdmin(page);
  for (const data of [
    { status: "shipped", courier: "Delhivery", trackingNumber: `DL-${token}`.slice(0, 20) },
    { status: "delivered" },
  ]) {
    const res = await page.request.patch(`/api/orders/${order._id}/status`, { data });
    expect(res.status(), await res.text()).toBe(200);
  }

  // The shopper asks for a return from My Orders.
  await signIn(page, shopper);
  await page.goto("/orders");
  const card = page.getByRole("article", { name: `Order ${order.orderNumber}` });
  const returns = card.getByRole("region", { name: "Returns and exchanges" });
  await expect(returns).toContainText("You can ask for a return or exchange until");
  await returns.getByRole("button", { name: /^Return or exchange/ }).click();
  const dialog = page.getByRole("dialog", {
    name: `Return or exchange, order ${order.orderNumber}`,
  });
  // Nothing chosen: the dialog says what is missing.
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(dialog.getByText(RETURN_MESSAGES.noLines)).toBeVisible();
  await expect(dialog.getByText(RETURN_MESSAGES.reason)).toBeVisible();
  await dialog.getByLabel(new RegExp(`^How many of ${product.title}`)).selectOption("1");
  await dialog.getByLabel("Reason").selectOption("too_large");
  await expectNoSeriousViolations(page, "return request dialog");
  await page.screenshot({ path: path.join(SHOTS, `returns-dialog-${width}.png`) });
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(RETURN_MESSAGES.requested).first()).toBeVisible();
  await expect(returns.getByTestId("return-status")).toHaveText("Status: Requested");

  // The admin approves it in the Returns tab.
  await signInAsAdmin(page);
  await page.goto("/admin/returns?status=requested");
  const row = page.getByTestId("return-request").filter({ hasText: order.orderNumber });
  await expect(row).toContainText(product.title);
  await expect(row).toContainText("Size too large");
  await expectNoSeriousViolations(page, "admin returns tab");
  await page.screenshot({ path: path.join(SHOTS, `returns-admin-${width}.png`), fullPage: true });
  await row.getByRole("button", { name: `Approve return for order ${order.orderNumber}` }).click();
  await expect(banner(page, RETURN_MESSAGES.approved)).toBeVisible();

  // And marks it received from the order's details (its Returns section).
  await page.goto(`/admin/orders?search=${encodeURIComponent(order.orderNumber)}`);
  const item = page.locator(`[data-order="${order.orderNumber}"]:visible`);
  await item.getByRole("button", { name: `Details of order ${order.orderNumber}` }).click();
  const details = page.getByRole("dialog", { name: `Order ${order.orderNumber}` });
  const section = details.getByRole("region", { name: "Returns", exact: true });
  await expect(section.getByTestId("return-status")).toHaveText("Status: Approved");
  await expectNoSeriousViolations(page, "order details with returns");
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `returns-order-details-${width}.png`) });
  await section
    .getByRole("button", { name: `Mark received return for order ${order.orderNumber}` })
    .click();
  await expect(banner(page, RETURN_MESSAGES.received)).toBeVisible();
  await expect(section.getByTestId("return-status")).toHaveText("Status: Received");
  // (Stock back once, per size, is checked by the API tests: other specs order the same
  // demo products in parallel.)

  // The shopper sees the status, and had an e-mail at each step.
  await signIn(page, shopper);
  await page.goto("/orders");
  await expect(returns.getByTestId("return-status")).toHaveText("Status: Received");
  await returns.screenshot({ path: path.join(SHOTS, `returns-my-orders-${width}.png`) });
  await expect
    .poll(async () => (await mailTo(page.request, shopper.email)).map((m) => m.subject))
    .toEqual(
      expect.arrayContaining([
        `Vastra order ${order.orderNumber}: we have your return request`,
        `Vastra order ${order.orderNumber}: your return is approved`,
        `Vastra order ${order.orderNumber}: we have received your return`,
      ]),
    );
});

test("the policy page states the store's return window", async ({ page }) => {
  const store = (await (await page.request.get("/api/store")).json()) as {
    returnWindowDays: number;
  };
  await page.goto("/cancellations");
  await expect(
    page.getByText(`within ${store.returnWindowDays} days of delivery`).first(),
  ).toBeVisible();
  // The product page says the same (its promise and its Shipping & returns tab).
  const [product] = (await (await page.request.get("/api/products?limit=1")).json()) as Array<{
    _id: string;
  }>;
  await page.goto(`/products/${product!._id}`);
  await expect(
    page.getByText(`Easy returns within ${store.returnWindowDays} days of delivery`),
  ).toBeVisible();
});
