/**
 * Size charts and fit (issue #15, record 0046), at both widths: the shopper opens the product's
 * size chart (its code loads on the click), switches to inches, and — a verified buyer — reviews
 * with "How did it fit?" and the size bought prefilled from the order; with five answers the page
 * shows the fit line and its advice, and the admin's product grid counts them. The admin edits a
 * category's chart (a bad value refused with its message, then saved) and the shop shows it.
 * Axe on the chart dialog, the review form and the admin's chart editor.
 */
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { request as playwrightRequest } from "@playwright/test";
import { SIZE_CHART_MESSAGES } from "../packages/contracts/src/size-chart-messages.ts";
import {
  cmToInches,
  FIT_LABELS,
  type FitAnswer,
  fitSummary,
} from "../packages/contracts/src/size-fit.ts";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { runToken } from "./fixtures/store.ts";
import { expect, test } from "./fixtures/test.ts";
import {
  createShopper,
  DEMO_ADMIN,
  type Shopper,
  signIn,
  signInAsAdmin,
} from "./helpers/accounts.ts";

const SHOTS = path.resolve(import.meta.dirname, "../.tmp");

type Product = {
  _id: string;
  title: string;
  price: number;
  sizeStock: Array<{ size: string; stock: number }>;
  fit?: { runsSmall: number; trueToSize: number; runsLarge: number } | null;
};
type SizeChart = { columns: string[]; rows: Array<{ size: string; values: number[] }> };

async function apiContext(baseURL: string, account: { email: string; password: string }) {
  const context = await playwrightRequest.newContext({ baseURL });
  const res = await context.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
  });
  expect(res.status(), `sign in ${account.email}`).toBe(200);
  return context;
}

/** One piece of `product` in `size`, ordered by the shopper and delivered by the admin. */
async function deliveredOrder(
  shopper: APIRequestContext,
  admin: APIRequestContext,
  product: Product,
  size: string,
  name: string,
  email: string,
) {
  const added = await shopper.post("/api/cart/add", {
    data: { productId: product._id, size, quantity: 1 },
  });
  expect(added.status(), `add to cart: ${await added.text()}`).toBeLessThan(300);
  const res = await shopper.post("/api/orders", {
    data: {
      user: { address: "x", name, email, phone: "9845012345" },
      items: [{ productId: product._id, size, quantity: 1 }],
      totalAmount: product.price + (product.price < 999 ? 99 : 0),
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
  const { order } = (await res.json()) as { order: { _id: string } };
  for (const data of [
    { status: "shipped", courier: "Delhivery", trackingNumber: `DL${runToken()}`.slice(0, 20) },
    { status: "delivered" },
  ]) {
    const changed = await admin.patch(`/api/orders/${order._id}/status`, { data });
    expect(changed.status(), await changed.text()).toBe(200);
  }
}

const banner = (page: Page, text: string | RegExp) =>
  page.locator("[data-banner]").filter({ hasText: text });

test("the size chart in cm and inches, a verified buyer's fit answer, and the fit line", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const width = testInfo.project.name;
  const baseURL = String(testInfo.project.use.baseURL);
  const token = runToken();

  // A women's kurta of the demo (its category's chart), one per width so runs do not meet.
  const kurtas = (await (
    await page.request.get("/api/products?category=Kurtas&limit=100&inStock=true")
  ).json()) as Product[];
  const candidates = kurtas
    .filter((p) => p.sizeStock.filter((s) => s.stock > 8).length >= 2)
    .filter((p) => p.sizeStock.some((s) => s.size === "XS"))
    .reverse();
  const product = candidates[width === "mobile" ? 0 : 1];
  expect(product, "a women's kurta in stock").toBeTruthy();
  const sizes = product!.sizeStock.filter((s) => s.stock > 8).map((s) => s.size);
  const chart = (
    (await (await page.request.get(`/api/products/${product!._id}/size-chart`)).json()) as {
      chart: SizeChart;
    }
  ).chart;
  expect(chart.columns).toContain("Bust");

  // Five verified buyers: four answer through the API, the fifth through the review form.
  const admin = await apiContext(baseURL, DEMO_ADMIN);
  const answers: FitAnswer[] = ["runs_small", "runs_small", "true_to_size", "true_to_size"];
  const buyers: Shopper[] = [];
  for (let i = 0; i < 5; i++) {
    const shopper = await createShopper(page.request, `fit-${width}-${i}-${token}`, {
      name: `Fit Buyer ${i} ${token}`,
    });
    buyers.push(shopper);
    const context = await apiContext(baseURL, shopper);
    await deliveredOrder(context, admin, product!, sizes[i % 2]!, shopper.name, shopper.email);
    if (i < 4) {
      const res = await context.post("/api/reviews", {
        data: {
          productId: product!._id,
          rating: 4,
          comment: `Fit answer ${i}`,
          fit: answers[i],
          sizeBought: sizes[i % 2],
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await context.dispose();
  }

  // The fifth buyer on the product page.
  const buyer = buyers[4]!;
  await signIn(page, buyer);
  await page.goto(`/products/${product!._id}`);
  await page.waitForLoadState("networkidle");
  const before = (await (
    await page.request.get(`/api/products/${product!._id}`)
  ).json()) as Product;
  const shownBefore = fitSummary(before.fit);
  if (shownBefore) await expect(page.locator("[data-fit-summary]")).toContainText(shownBefore.text);
  else await expect(page.locator("[data-fit-summary]")).toHaveCount(0);

  // The chart dialog: its code loads on the first click.
  const chartButton = page.getByRole("button", { name: "Size chart" });
  await chartButton.click();
  const dialog = page.getByRole("dialog", { name: "Size chart" });
  await expect(dialog).toBeVisible();
  const bust = chart.columns.indexOf("Bust");
  const firstRow = dialog.getByRole("row", { name: new RegExp(`^${chart.rows[0]!.size}\\b`) });
  await expect(dialog.getByRole("columnheader", { name: "Bust (cm)" })).toBeVisible();
  await expect(firstRow.getByRole("cell").nth(bust)).toHaveText(
    String(chart.rows[0]!.values[bust]),
  );
  await expectNoSeriousViolations(page, "size chart dialog");
  await dialog.getByText("Inches (in)").click();
  await expect(dialog.getByRole("columnheader", { name: "Bust (in)" })).toBeVisible();
  await expect(firstRow.getByRole("cell").nth(bust)).toHaveText(
    cmToInches(chart.rows[0]!.values[bust]!).toFixed(1).replace(/\.0$/, ""),
  );
  await page.screenshot({ path: path.join(SHOTS, `size-chart-dialog-${width}.png`) });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(chartButton).toBeFocused();

  // The review form asks the verified buyer how it fitted, the size prefilled from the order.
  await page.getByRole("tab", { name: /^Reviews/ }).click();
  const form = page.getByRole("form", { name: "Write a review" });
  await expect(form.getByRole("group", { name: /How did it fit\?/ })).toBeVisible();
  await expect(form.getByLabel("Size bought")).toHaveValue(sizes[0]!);
  await form.getByText(FIT_LABELS.runs_small, { exact: true }).click();
  await form.getByLabel("Your review").fill("Snug across the shoulders; size up.");
  await expectNoSeriousViolations(page, "review form with fit questions");
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `size-fit-review-form-${width}.png`) });
  await form.getByRole("button", { name: "Submit review" }).click();
  const mine = page.getByRole("article", { name: `Review by ${buyer.name}` });
  await expect(mine).toContainText(`Fit: ${FIT_LABELS.runs_small}`);
  await expect(mine).toContainText(`Size bought: ${sizes[0]}`);

  // With five answers (or more, on a retry) the page shows the line and its advice.
  const after = (await (await page.request.get(`/api/products/${product!._id}`)).json()) as Product;
  const summary = fitSummary(after.fit);
  expect(summary, "five answers or more").not.toBeNull();
  await page.reload();
  await page.waitForLoadState("networkidle");
  const line = page.locator("[data-fit-summary]");
  await expect(line).toContainText(summary!.text);
  if (summary!.advice) await expect(line).toContainText(summary!.advice);
  await line.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `size-fit-line-${width}.png`) });

  // The admin's product grid counts the answers.
  await signInAsAdmin(page);
  await page.goto(`/admin/products?search=${encodeURIComponent(product!.title)}`);
  const card = page.getByRole("listitem", { name: product!.title }).first();
  await expect(card.locator("[data-fit-figures]")).toContainText(
    `${FIT_LABELS.runs_small} ${after.fit!.runsSmall}`,
  );
  // The product form shows the same figures beside the product's own chart (none yet: its
  // category's is used).
  await card.getByRole("button", { name: `Edit ${product!.title}` }).click();
  const section = page.getByRole("region", { name: "Size chart and fit" });
  await expect(section.locator("[data-fit-figures]")).toContainText(
    `${FIT_LABELS.true_to_size} ${after.fit!.trueToSize}`,
  );
  await expect(section).toContainText("No chart of its own");
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `size-chart-product-form-${width}.png`) });
  await admin.dispose();
});

test("the admin edits a category's size chart and the shop shows it", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const width = testInfo.project.name;
  const category = width === "mobile" ? "Dresses" : "Anarkalis";
  await signInAsAdmin(page);
  await page.goto("/admin/categories");
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: `Size chart of ${category}` }).click();
  const dialog = page.getByRole("dialog", { name: `Size chart: ${category}` });
  await expect(dialog).toBeVisible();
  const first = dialog.getByRole("textbox", { name: /^Bust of size XS, cm$/ });
  await expect(first).toBeVisible();
  await first.fill("0");
  await dialog.getByRole("button", { name: "Save size chart" }).click();
  await expect(dialog.getByText(SIZE_CHART_MESSAGES.value).first()).toBeVisible();
  await expect(first).toHaveAttribute("aria-invalid", "true");
  const value = width === "mobile" ? "79.5" : "80.5";
  await first.fill(value);
  await dialog.getByRole("button", { name: "Add measurement" }).click();
  const added = dialog.getByRole("textbox", { name: "Measurement 5 name" });
  await expect(added).toHaveValue("Chest");
  await added.fill("Shoulder");
  for (const size of ["XS", "S", "M", "L", "XL"]) {
    await dialog.getByRole("textbox", { name: `Shoulder of size ${size}, cm` }).fill("36");
  }
  await expectNoSeriousViolations(page, "admin size chart editor");
  await page.screenshot({ path: path.join(SHOTS, `size-chart-admin-${width}.png`) });
  await dialog.getByRole("button", { name: "Save size chart" }).click();
  await expect(banner(page, `${SIZE_CHART_MESSAGES.saved} for ${category}`)).toBeVisible();

  // The shop answers with the new chart at once.
  const list = (await (
    await page.request.get(`/api/products?category=${encodeURIComponent(category)}&limit=1`)
  ).json()) as Product[];
  const shown = (await (
    await page.request.get(`/api/products/${list[0]!._id}/size-chart`)
  ).json()) as {
    chart: SizeChart;
    source: string;
  };
  expect(shown.chart.columns).toContain("Shoulder");
  expect(shown.chart.rows[0]!.values[0]).toBe(Number(value));
});
