/**
 * The admin's Orders tab and shipping bill (admin.md §2, §4, §5; decisions.md §4, §8): a shopper
 * orders (through the API); the admin finds the order by search, sets it to shipped (the shopper's
 * e-mail arrives), tries empty notes (nothing happens), adds notes, reads the history in the
 * details modal, opens the bill, prints it (only the bill is on paper) and downloads its PDF.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { runToken } from "./fixtures/store.ts";
import { expect, test } from "./fixtures/test.ts";
import { createShopper, signIn, signInAsAdmin } from "./helpers/accounts.ts";
import { mailTo } from "./helpers/mailbox.ts";
import { placeOrder } from "./helpers/orders.ts";

const banner = (page: Page, text: string) =>
  page.locator("[data-banner]").filter({ hasText: text });

/** The order's row (desktop table) or card (phone): whichever this screen shows. */
const orderItem = (page: Page, orderNumber: string) =>
  page.locator(`[data-order="${orderNumber}"]:visible`);

test("an admin ships an order, adds notes, and prints and downloads its shipping bill", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = runToken();
  const name = `Farah Qureshi ${token}`;
  const shopper = await createShopper(page.request, `order-${token}`, { name });
  await signIn(page, shopper);
  const { order } = await placeOrder(page.request, {
    name,
    email: shopper.email,
    phone: "9845012345",
  });

  await signInAsAdmin(page);
  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { name: "Orders", exact: true })).toBeVisible();
  await expect(page.getByRole("group", { name: "Revenue" })).toContainText("Paid orders only");

  // Found by the shopper's e-mail; the search stays in the URL.
  await page.getByLabel("Search orders").fill(shopper.email.toUpperCase());
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/[?&]search=/);
  await expect(page.getByText("Showing 1–1 of 1 order")).toBeVisible();
  const item = orderItem(page, order.orderNumber);
  await expect(item).toContainText(name);
  await expectNoSeriousViolations(page, "admin orders");

  // Shipped: one PATCH with both values; the shopper's e-mail goes out.
  const status = item.getByRole("combobox", { name: /^Status/ });
  const payment = item.getByRole("combobox", { name: /^Payment/ });
  await expect(status).toHaveValue("pending");
  const patched = page.waitForRequest(
    (r) => r.method() === "PATCH" && r.url().endsWith(`/api/orders/${order._id}/status`),
  );
  await status.selectOption("shipped");
  // Shipped asks for the courier and the tracking number first (record 0039).
  const ship = page.getByRole("dialog", { name: `Ship order ${order.orderNumber}` });
  await ship.getByLabel("Courier").selectOption("Blue Dart");
  await ship.getByLabel("Tracking number (AWB)").fill("BD-7731002");
  await ship.getByRole("button", { name: "Mark shipped" }).click();
  expect((await patched).postDataJSON()).toEqual({
    status: "shipped",
    paymentStatus: "pending",
    courier: "Blue Dart",
    trackingNumber: "BD-7731002",
  });
  await expect(banner(page, "Order updated successfully")).toBeVisible();
  await expect(status).toHaveValue("shipped");
  await expect(status).toBeEnabled();
  await expect(payment).toBeEnabled();
  await expect
    .poll(async () => (await mailTo(page.request, shopper.email)).map((m) => m.subject), {
      // After the undo window (ORDER_MAIL_HOLD_SECONDS, 15 s by default).
      timeout: 40_000,
      message: "the shipped e-mail should reach the shopper",
    })
    .toContain(`Your Vastra order ${order.orderNumber} has shipped`);

  // The status filter keeps the search and finds it among shipped orders.
  await page
    .getByRole("search", { name: "Find orders" })
    .getByRole("combobox", { name: "Status" })
    .selectOption("shipped");
  await expect(page).toHaveURL(/status=shipped/);
  await expect(orderItem(page, order.orderNumber)).toBeVisible();

  // Notes: empty ones do nothing; real ones are saved.
  await orderItem(page, order.orderNumber)
    .getByRole("button", { name: `Notes of order ${order.orderNumber}` })
    .click();
  const notesDialog = page.getByRole("dialog", { name: `Notes for ${order.orderNumber}` });
  await notesDialog.getByRole("textbox", { name: "Notes" }).fill("   ");
  await notesDialog.getByRole("button", { name: "Save notes" }).click();
  await expect(
    notesDialog.getByText("Write a note first: empty notes are not saved."),
  ).toBeVisible();
  await expect(banner(page, "Order notes updated successfully")).toHaveCount(0);
  await notesDialog
    .getByRole("textbox", { name: "Notes" })
    .fill("Call before delivery; leave with the guard.");
  await notesDialog.getByRole("button", { name: "Save notes" }).click();
  await expect(banner(page, "Order notes updated successfully")).toBeVisible();
  await expect(notesDialog).toBeHidden();

  // Details: items, address, notes, the payment method, and who did what when.
  await orderItem(page, order.orderNumber)
    .getByRole("button", { name: `Details of order ${order.orderNumber}` })
    .click();
  const details = page.getByRole("dialog", { name: `Order ${order.orderNumber}` });
  const history = details.getByRole("list", { name: "Order history" });
  await expect(history).toContainText("Status: Pending → Shipped");
  await expect(history).toContainText("Notes set to “Call before delivery; leave with the guard.”");
  await expect(history).toContainText("Demo Admin");
  await expect(history).toContainText(name);
  await expect(details).toContainText("14 Residency Road");
  await expect(details.getByRole("textbox")).toHaveValue(
    "Call before delivery; leave with the guard.",
  );
  // Placed without a method: UPI when the store gets in touch (record 0036); the admin changes it.
  await details.getByRole("combobox", { name: "Payment method" }).selectOption("bank_transfer");
  await details.getByRole("button", { name: "Save payment method" }).click();
  await expect(banner(page, "Order updated successfully")).toBeVisible();
  await expect(history).toContainText("Payment method: UPI → Bank transfer");
  await expectNoSeriousViolations(page, "order details");
  await details.getByRole("link", { name: "Open shipping bill" }).click();

  // The bill page: the A4 bill with its barcode.
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order._id}/bill$`));
  const bill = page.getByRole("article", { name: `Shipping bill of order ${order.orderNumber}` });
  await expect(
    bill.getByRole("img", { name: `Barcode of order ${order.orderNumber}` }),
  ).toBeVisible();
  for (const text of [
    name,
    "Vastra Retail Private Limited",
    "Shipped",
    "Bank transfer",
    "Handling instructions",
  ]) {
    await expect(bill).toContainText(text);
  }
  // The notes are the store's own: never on the parcel's label (record 0039).
  await expect(bill).not.toContainText("Call before delivery; leave with the guard.");
  await expectNoSeriousViolations(page, "shipping bill");

  // Printed, the page holds the bill alone.
  await page.emulateMedia({ media: "print" });
  await expect(bill).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Print Bill" })).toBeHidden();
  await expect(page.locator("footer").first()).toBeHidden();
  await page.emulateMedia({ media: "screen" });

  // Save as PDF: the server's PDF of the same bill.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Save as PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`shipping-bill-${order.orderNumber}.pdf`);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
    mergePages: true,
  });
  expect(text).toContain(order.orderNumber);
  expect(text).toContain(name);
});
