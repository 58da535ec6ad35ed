/**
 * The bulk catalogue (issue #15, record 0049): the admin exports the products as CSV, imports a
 * small CSV with one bad row (preview with counts, apply, the bad row's report downloaded), finds
 * the imported product in the grid, and exports the orders of a date range.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { runToken } from "./fixtures/store.ts";
import { expect, test } from "./fixtures/test.ts";
import { signInAsAdmin } from "./helpers/accounts.ts";

const SHOTS = path.resolve(import.meta.dirname, "../.tmp");

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent("download"), click()]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), "utf8") };
}

test("an admin exports products, imports a CSV with one bad row, and exports orders", async ({
  page,
  pageGuard,
}, testInfo) => {
  test.setTimeout(120_000);
  pageGuard.allow(/status of 400/);
  const width = page.viewportSize()?.width ?? 0;
  const token = runToken().toUpperCase();
  await signInAsAdmin(page);
  await page.goto("/admin/products");
  await expect(page.getByRole("heading", { name: "Products", exact: true })).toBeVisible();

  await expectNoSeriousViolations(page, "admin products with import and export");
  await page.screenshot({ path: path.join(SHOTS, `bulk-products-header-${width}.png`) });

  // Export: every product as one CSV row, with the import's columns.
  const exported = await download(page, () =>
    page.getByRole("link", { name: "Export CSV" }).click(),
  );
  expect(exported.name).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(exported.text, { bom: true, columns: true }) as Array<Record<string, string>>;
  expect(rows.length).toBeGreaterThan(0);
  const model = rows[0]!;
  expect(Object.keys(model).slice(0, 4)).toEqual(["sku", "title", "description", "price"]);

  // Import: one good new product and one row with a price that is not a number.
  const title = `Imported Khadi Kurta ${token}`;
  const csv = stringify([
    ["sku", "title", "price", "gender", "categories", "colours", "sizes", "image"],
    [
      `IMP-${token}-${testInfo.project.name}`,
      title,
      "1499",
      "Men",
      model.categories ?? "",
      "Indigo",
      "M:5|L:2",
      model.image!,
    ],
    [`IMP-BAD-${token}`, "Broken row", "twelve", "Men", "", "", "M:1", model.image!],
  ]);
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import products from CSV" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("CSV file").setInputFiles({
    name: "products.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await dialog.getByRole("button", { name: "Preview" }).click();
  const preview = dialog.getByRole("definition");
  await expect(
    dialog.getByText("1 new and 0 updated products would be imported; 1 row has errors"),
  ).toBeVisible();
  await expect(preview).toHaveText(["1", "0", "1"]);
  await expect(dialog.getByRole("table", { name: "Rows with errors" })).toContainText(
    "Please enter a number such as 1299 or 1299.50",
  );
  await expectNoSeriousViolations(page, "import preview");
  await page.screenshot({ path: path.join(SHOTS, `bulk-import-preview-${width}.png`) });

  await dialog.getByRole("button", { name: "Apply import" }).click();
  await expect(
    dialog.getByText("1 new and 0 updated products were imported; 1 row has errors"),
  ).toBeVisible();
  const report = await download(page, () =>
    dialog.getByRole("link", { name: "Download error report" }).click(),
  );
  expect(report.name).toBe("import-errors.csv");
  expect(parse(report.text, { bom: true })).toEqual([
    ["Row", "Column", "Message"],
    ["3", "price", "Please enter a number such as 1299 or 1299.50"],
  ]);
  await expectNoSeriousViolations(page, "import result");
  await page.screenshot({ path: path.join(SHOTS, `bulk-import-result-${width}.png`) });
  await dialog.getByRole("button", { name: "Done" }).click();

  // The new product is in the grid.
  const filter = page.getByRole("search", { name: "Filter products" }).getByLabel("Search");
  await filter.fill(title);
  await filter.press("Enter");
  await expect(
    page.getByRole("list", { name: "Products" }).getByRole("listitem", { name: title }),
  ).toBeVisible();

  // Orders of a date range.
  await page.goto("/admin/orders");
  const form = page.getByRole("form", { name: "Export orders" });
  await expect(form).toBeVisible();
  await expectNoSeriousViolations(page, "admin orders with export");
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `bulk-orders-export-${width}.png`) });
  const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel("Orders from (India date)").fill(from);
  const orders = await download(page, () =>
    form.getByRole("button", { name: "Export orders CSV" }).click(),
  );
  expect(orders.name).toMatch(new RegExp(`^orders-${from}-to-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const orderRows = parse(orders.text, { bom: true }) as string[][];
  expect(orderRows[0]?.slice(0, 3)).toEqual(["Order number", "Date (IST)", "Shopper"]);
});
