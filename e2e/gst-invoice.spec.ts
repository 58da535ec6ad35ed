/**
 * GST tax invoices (issue #14, record 0037), at both widths: the admin sets the store's GSTIN on
 * the Tax tab (a mistyped one is refused with its reason), ships a shopper's order, and downloads
 * its tax invoice from the order's details; the PDF says what an Indian tax invoice says and is
 * rendered to an image (pdf.js in the browser) to be looked at. The shopper then sees the
 * "Tax invoice" link on My Orders and gets the same PDF.
 *
 * The legal name and address stay the new store's (other specs read them on the shipping bill);
 * only the GSTIN changes, to the same valid value in both projects.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { runToken } from "./fixtures/store.ts";
import { expect, test } from "./fixtures/test.ts";
import { createShopper, signedInShopper, signIn, signInAsAdmin } from "./helpers/accounts.ts";
import { type OrderedProduct, placeOrder } from "./helpers/orders.ts";

const SHOTS = path.resolve(import.meta.dirname, "../.tmp");
const GSTIN = "27AAPFU0939F1ZV";
/** unpdf's build of pdf.js (its package exports it for import only). */
const PDFJS = path.resolve(import.meta.dirname, "../node_modules/unpdf/dist/pdfjs.mjs");

const banner = (page: Page, text: string) =>
  page.locator("[data-banner]").filter({ hasText: text });

/** Page 1 of a PDF drawn by pdf.js (unpdf's build) on a canvas, saved as a PNG; returns its size. */
async function renderPdf(page: Page, pdf: Buffer, file: string) {
  const pdfjs = await readFile(PDFJS);
  await page.route("http://pdf.invalid/**", (route) => {
    const url = route.request().url();
    if (url.endsWith("/pdfjs.mjs")) {
      return route.fulfill({ body: pdfjs, contentType: "text/javascript" });
    }
    if (url.endsWith("/doc.pdf"))
      return route.fulfill({ body: pdf, contentType: "application/pdf" });
    return route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><body style="margin:0;background:#777"><canvas id="c"></canvas>
        <script type="module">
          import * as pdfjs from "/pdfjs.mjs";
          const doc = await pdfjs.getDocument({ url: "/doc.pdf" }).promise;
          const sheet = await doc.getPage(1);
          const viewport = sheet.getViewport({ scale: 1.5 });
          const canvas = document.getElementById("c");
          canvas.width = viewport.width;
          canvas.height = viewport.height;
          await sheet.render({ canvasContext: canvas.getContext("2d"), viewport, canvas }).promise;
          document.body.dataset.rendered = String(doc.numPages);
        </script></body>`,
    });
  });
  await page.goto("http://pdf.invalid/view.html");
  await expect(page.locator("body[data-rendered]")).toHaveAttribute("data-rendered", "1");
  const canvas = page.locator("#c");
  await canvas.screenshot({ path: file });
  // Something was drawn: dark pixels (text) on the white page.
  const inked = await canvas.evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 100) dark++;
    return dark;
  });
  expect(inked, "the invoice page has text on it").toBeGreaterThan(5_000);
  await page.unroute("http://pdf.invalid/**");
}

test("the admin sets the GSTIN, ships an order and downloads its tax invoice; the shopper sees it too", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const width = testInfo.project.name;
  const token = runToken();
  const name = `Kavya Rao ${token}`;
  const shopper = await createShopper(page.request, `gst-${token}`, { name });
  await signIn(page, shopper);
  const { order } = await placeOrder(page.request, {
    name,
    email: shopper.email,
    phone: "9845012345",
  });

  // ---- the Tax tab: a GSTIN with a wrong check character is refused, the right one saved
  await signInAsAdmin(page);
  await page.goto("/admin/tax");
  await expect(page.getByRole("heading", { name: "Tax", exact: true })).toBeVisible();
  const form = page.getByRole("form", { name: "Tax settings" });
  await expect(form.getByLabel("Legal name")).toHaveValue("Vastra Retail Private Limited");
  // Checked before any banner floats over the fields.
  await expectNoSeriousViolations(page, "admin tax settings");
  await form.getByLabel("State / Union territory").selectOption("Maharashtra");
  const gstin = form.getByLabel("GSTIN");
  await gstin.fill("27AAPFU0939F1ZW");
  await gstin.blur();
  await expect(form).toContainText(
    "This GSTIN's last character does not match: please check it for typing mistakes",
  );
  await form.getByLabel("State / Union territory").selectOption("Karnataka");
  await gstin.fill(GSTIN.toLowerCase());
  await form.getByRole("button", { name: "Save tax settings" }).click();
  await expect(form).toContainText(
    "This GSTIN is registered in state code 27 (Maharashtra), but the state chosen is Karnataka",
  );
  await gstin.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `gst-tax-settings-${width}.png`) });
  await form.getByLabel("State / Union territory").selectOption("Maharashtra");
  await form.getByRole("button", { name: "Save tax settings" }).click();
  await expect(banner(page, "Tax details saved")).toBeVisible();
  await expect(gstin).toHaveValue(GSTIN);

  // ---- ship the order (courier and AWB, record 0039)
  await page.goto(`/admin/orders?search=${encodeURIComponent(shopper.email)}`);
  const item = page.locator(`[data-order="${order.orderNumber}"]:visible`);
  await item.getByRole("combobox", { name: /^Status/ }).selectOption("shipped");
  const ship = page.getByRole("dialog", { name: `Ship order ${order.orderNumber}` });
  await ship.getByLabel("Courier").selectOption("Blue Dart");
  await ship.getByLabel("Tracking number (AWB)").fill("BD-8842001");
  await ship.getByRole("button", { name: "Mark shipped" }).click();
  await expect(banner(page, "Order updated successfully")).toBeVisible();

  // ---- the details show the invoice link; the PDF downloads
  await item.getByRole("button", { name: `Details of order ${order.orderNumber}` }).click();
  const details = page.getByRole("dialog", { name: `Order ${order.orderNumber}` });
  const link = details.getByRole("link", { name: /^Tax invoice INV\/\d{2}-\d{2}\/\d{6}/ });
  await expect(link).toBeVisible();
  const number = /INV\/\d{2}-\d{2}\/\d{6}/.exec((await link.getAttribute("aria-label")) ?? "")![0];
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(`tax-invoice-${number.replaceAll("/", "-")}.pdf`);
  const pdf = await readFile(await download.path());
  const text = (
    await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })
  ).text;
  for (const expected of [
    "TAX INVOICE",
    number,
    `GSTIN: ${GSTIN}`,
    "Vastra Retail Private Limited",
    "Place of supply: Karnataka (29)",
    "Inter-state (IGST)",
    order.orderNumber,
    name,
    "Rupees ",
    " Only",
    "Authorised signatory",
  ]) {
    expect(text, `the invoice says ${expected}`).toContain(expected);
  }
  await renderPdf(page, pdf, path.join(SHOTS, `gst-invoice-pdf-${width}.png`));

  // ---- the shopper's My Orders: the link, and the same PDF
  await signIn(page, shopper);
  await page.goto("/orders");
  const card = page.getByRole("article").filter({ hasText: order.orderNumber });
  const mine = card.getByRole("link", {
    name: `Tax invoice ${number} for order ${order.orderNumber} (PDF)`,
  });
  await expect(mine).toBeVisible();
  await mine.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `gst-my-orders-${width}.png`) });
  const res = await page.request.get((await mine.getAttribute("href"))!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
});

test("a business buyer's GSTIN at checkout: another state's is refused at its field, the delivery state's goes on the order", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const width = testInfo.project.name;
  const shopper = await signedInShopper(page, "gst-buyer", { name: "Meera Iyer" });
  const products = (await (
    await page.request.get("/api/products?limit=100&inStock=true")
  ).json()) as OrderedProduct[];
  const product = [...products]
    .reverse()
    .find((p) => p.price > 999 && p.sizeStock.some((s) => s.stock > 1));
  expect(product, "a demo product over ₹999 in stock").toBeTruthy();
  const size = product!.sizeStock.find((s) => s.stock > 1)!.size;
  const added = await page.request.post("/api/cart/add", {
    data: { productId: product!._id, size, quantity: 1 },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);

  await page.goto("/checkout");
  const main = page.getByRole("main");
  const form = main.getByRole("form", { name: "Shipping details" });
  await form.getByLabel("Mobile number").fill("98765 43210");
  await form.getByLabel("Street address").fill("14, Carter Road, Bandra West");
  await form.getByLabel("Pincode").fill("400050");
  await form.getByLabel("City").fill("Mumbai");
  await form.getByLabel("State / Union territory").selectOption("Maharashtra");
  const gstin = form.getByLabel("GSTIN (optional)");
  await gstin.fill("29AAACK1234M1ZH");
  await form.getByRole("button", { name: "Review order" }).click();
  await expect(gstin).toHaveAttribute("aria-invalid", "true");
  await expect(gstin).toHaveAccessibleDescription(
    /This GSTIN is registered in state code 29 \(Karnataka\), but the state chosen is Maharashtra/,
  );
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await gstin.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `gst-checkout-gstin-${width}.png`) });

  await gstin.fill("27aapfu0939f1zv");
  await form.getByRole("button", { name: "Review order" }).click();
  const dialog = page.getByRole("dialog", { name: "Review your order" });
  await expect(dialog).toContainText(`GSTIN: ${GSTIN}`);
  await dialog.getByRole("button", { name: "Confirm order" }).click();
  await expect(
    main.getByRole("heading", { level: 1, name: "Order confirmed! Check your email for details." }),
  ).toBeVisible();
  const mine = (await (await page.request.get("/api/orders/my-orders")).json()) as Array<{
    buyerGstin?: string;
    user: { email: string };
  }>;
  expect(mine[0]?.buyerGstin).toBe(GSTIN);
  expect(mine[0]?.user.email).toBe(shopper.email);
});

test("the product form's GST section: HSN code and tax class, a wrong HSN refused at its field", async ({
  page,
}, testInfo) => {
  const width = testInfo.project.name;
  await signInAsAdmin(page);
  await page.goto("/admin/products");
  await page.getByRole("button", { name: "Add product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add product" });
  const gst = dialog.getByRole("group", { name: /^GST/ });
  const hsn = gst.getByLabel("HSN code");
  await expect(hsn).toHaveValue("6211");
  await expect(gst.getByLabel("Tax class")).toHaveValue("apparel");
  await hsn.fill("62");
  await gst.getByLabel("Tax class").selectOption("fabric");
  await dialog.getByRole("button", { name: "Create product" }).click();
  await expect(hsn).toHaveAttribute("aria-invalid", "true");
  await expect(hsn).toHaveAccessibleDescription(/An HSN code has 4, 6 or 8 digits/);
  await gst.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `gst-product-form-${width}.png`) });
});
