/**
 * Product data a clothing shop needs (issue #16, record 0041), at phone and desktop widths: the MRP
 * struck through with the discount on cards and the product page, fabric, care and the SKU as the
 * product code (the chosen size's); the list's filters with several values from the URL and the
 * filter checkboxes; the phone's sticky 'Add to cart' bar; the admin's product search by the words
 * typed. Each screen is saved to .tmp/ to be looked at.
 */
import path from "node:path";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { expect, isMobile, test } from "./fixtures/test.ts";
import { signInAsAdmin } from "./helpers/accounts.ts";

type Product = {
  _id: string;
  title: string;
  price: number;
  mrp: number | null;
  discountPercent: number | null;
  sku: string;
  sizeSkus: Array<{ size: string; sku: string }>;
  sizeStock: Array<{ size: string; stock: number }>;
  fabric: string;
  care: string;
};

const main = (page: Page) => page.getByRole("main");
const rupees = (n: number) => `₹${n.toLocaleString("en-IN")}`;

function shot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  const file = path.resolve(
    import.meta.dirname,
    `../.tmp/product-data-${name}-${testInfo.project.name}.png`,
  );
  return page.screenshot({ path: file, fullPage });
}

/** A demo product with an MRP and at least two sizes in stock. */
async function discounted(request: APIRequestContext): Promise<Product> {
  const res = await request.get("/api/products?limit=100&inStock=true");
  expect(res.status()).toBe(200);
  // A demo product (its readable SKU): others' tests add and delete products of their own.
  const product = ((await res.json()) as Product[]).find(
    (p) =>
      /^VS-[A-Z]{3}-\d{3}$/.test(p.sku) &&
      p.mrp !== null &&
      p.sizeStock.filter((s) => s.stock > 0).length >= 2,
  );
  expect(product, "a demo product with an MRP and two sizes in stock").toBeTruthy();
  return product!;
}

/** Scrolls the page's own add-to-cart row up out of view. */
async function scrollPastButton(page: Page) {
  await page.evaluate(() => {
    const row = document.querySelector("[data-add-to-cart-row]")!;
    window.scrollTo(0, window.scrollY + row.getBoundingClientRect().bottom + 120);
  });
}

async function totalOf(request: APIRequestContext, query: string): Promise<number> {
  const res = await request.get(`/api/products?limit=1&${query}`);
  expect(res.status()).toBe(200);
  return Number(res.headers()["x-total-count"]);
}

test("a card and the product page show the MRP struck through, the discount, fabric, care and the SKU", async ({
  page,
}, testInfo) => {
  const product = await discounted(page.request);
  expect(product.discountPercent).toBe(
    Math.floor(((product.mrp! - product.price) / product.mrp!) * 100),
  );

  // The card, found by its title.
  await page.goto(`/products?search=${encodeURIComponent(product.title)}`);
  const card = main(page)
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: product.title, exact: true }) })
    .first();
  const tag = card.locator("[data-price-tag]");
  await expect(tag).toContainText(rupees(product.price));
  await expect(tag.locator("s")).toHaveText(rupees(product.mrp!));
  await expect(tag).toContainText(`${product.discountPercent}% off`);
  // Read out in words, not as a bare struck-through figure.
  await expect(tag).toContainText(`MRP ${rupees(product.mrp!)}`);
  await card.scrollIntoViewIfNeeded();
  await shot(page, testInfo, "card");

  await page.goto(`/products/${product._id}`);
  const pageTag = main(page).locator("[data-price-tag]").first();
  await expect(pageTag).toBeVisible();
  await expect(pageTag).toHaveText(
    `Price ${rupees(product.price)}, MRP ${rupees(product.mrp!)}, ${product.discountPercent}% off`,
  );
  await expect(pageTag.locator("s")).toHaveCSS("text-decoration-line", "line-through");
  await shot(page, testInfo, "page-price");

  const facts = main(page).locator("[data-product-facts]");
  await expect(facts).toContainText(product.fabric);
  await expect(main(page).getByRole("heading", { name: "Care" })).toBeVisible();
  await expect(main(page).getByText(product.care)).toBeVisible();
  const code = facts.locator("div").filter({ hasText: "Product code" }).locator("dd");
  await expect(code).toHaveText(product.sku);
  await expect(facts).not.toContainText(product._id);

  // Choosing a size: the product code is that size's SKU.
  const size = product.sizeStock.find((s) => s.stock > 0)!.size;
  await main(page).locator("[data-size-chooser]").getByText(size, { exact: true }).click();
  const sizeSku = product.sizeSkus.find((s) => s.size === size)!.sku;
  await expect(code).toHaveText(sizeSku);
  await facts.scrollIntoViewIfNeeded();
  await shot(page, testInfo, "page-facts");
  await expectNoSeriousViolations(page, "the product page with MRP, fabric and care");
});

test("the filters take several sizes, colours and categories at once, from the URL and the checkboxes", async ({
  page,
}, testInfo) => {
  const m = await totalOf(page.request, "size=M");
  const both = await totalOf(page.request, "size=M,L");
  expect(both).toBeGreaterThanOrEqual(m);
  expect(await totalOf(page.request, "size=L,M")).toBe(both);
  const sarees = await totalOf(page.request, "category=Sarees");
  const kurtas = await totalOf(page.request, "category=Kurtas");
  expect(await totalOf(page.request, "category=Kurtas,Sarees")).toBe(sarees + kurtas);

  // An old single-value link still works.
  await page.goto("/products?category=Sarees");
  await expect(main(page).getByRole("status")).toHaveText(`${sarees} products`);

  // Another category ticked: both, in one URL value.
  const mobile = isMobile(testInfo);
  if (mobile)
    await main(page)
      .getByRole("button", { name: /^Filters/ })
      .click();
  const panel = mobile ? page.getByRole("dialog", { name: "Filters" }) : main(page);
  const categories = panel.locator('[data-filter-group="Category"]');
  await expect(categories.getByRole("checkbox", { name: "Sarees" })).toBeChecked();
  // Controlled by the URL: checked once the list has followed the click.
  await categories
    .locator("label")
    .filter({ hasText: /^Kurtas$/ })
    .click();
  await expect(page).toHaveURL(/category=Kurtas%2CSarees|category=Kurtas,Sarees/);
  const sizes = panel.locator('[data-filter-group="Size"]');
  // The chips are labels round a hidden native checkbox: pressed as a shopper does.
  await sizes.locator("label").filter({ hasText: /^M$/ }).click();
  await expect(page).toHaveURL(/size=M/);
  await sizes.locator("label").filter({ hasText: /^L$/ }).click();
  await expect(page).toHaveURL(/size=L%2CM|size=L,M/);
  const expected = await totalOf(page.request, "category=Kurtas,Sarees&size=L,M");
  await expect(sizes.getByRole("checkbox", { name: "L", exact: true })).toBeChecked();
  await expect(sizes.getByRole("checkbox", { name: "M", exact: true })).toBeChecked();
  await shot(page, testInfo, "filters");
  if (mobile) await page.getByRole("button", { name: /^Show \d+ products?$/ }).click();
  await expect(main(page).getByRole("status")).toHaveText(`${expected} products`);
  // One chip per value; removing one keeps the others.
  const chips = main(page).getByRole("list", { name: "Active filters" });
  await expect(chips.getByRole("button", { name: /^Size L/ })).toBeVisible();
  await chips.getByRole("button", { name: /^Size L/ }).click();
  await expect(page).toHaveURL(/size=M(&|$)/);
  await expect(main(page).getByRole("status")).toHaveText(
    `${await totalOf(page.request, "category=Kurtas,Sarees&size=M")} products`,
  );
  await shot(page, testInfo, "filters-chips");
  await expectNoSeriousViolations(page, "the product list with several filters");
});

test("on a phone, a sticky 'Add to cart' bar follows once the button scrolls away; never on a desktop", async ({
  page,
}, testInfo) => {
  const product = await discounted(page.request);
  await page.goto(`/products/${product._id}`);
  const bar = page.locator("[data-sticky-add-to-cart]");
  await expect(main(page).getByRole("heading", { level: 1 })).toBeVisible();
  await expect(bar).toHaveCount(0);
  // Scrolled past the page's own button.
  await scrollPastButton(page);
  if (!isMobile(testInfo)) {
    await page.waitForTimeout(300);
    await expect(bar).toHaveCount(0);
    return;
  }
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAccessibleName(`Add ${product.title} to cart`);
  await expect(bar.locator("[data-price-tag]")).toContainText(rupees(product.price));
  await expect(bar).toContainText("Choose a size");
  await shot(page, testInfo, "sticky-bar");
  await expectNoSeriousViolations(page, "the product page with the sticky bar");
  // Without a size: taken to the sizes, with the message.
  await bar.getByRole("button", { name: "Choose size" }).click();
  await expect(main(page).getByText("Please select a size!").first()).toBeVisible();
  const size = product.sizeStock.find((s) => s.stock > 0)!.size;
  await main(page).locator("[data-size-chooser]").getByText(size, { exact: true }).click();
  await scrollPastButton(page);
  await expect(bar).toContainText(`Size ${size}`);
  await expect(bar.getByRole("button", { name: "Add to cart" })).toBeEnabled();
  // The footer is never covered: the bar steps aside while it is on screen.
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await expect(bar).toHaveCount(0);
  await shot(page, testInfo, "sticky-footer");
});

test("the admin's product search matches the words typed, not a description's passing mention", async ({
  page,
}, testInfo) => {
  await signInAsAdmin(page);
  await page.goto("/admin/products?search=Mulmul");
  const grid = main(page);
  // Newest first in the grid: compared as a set.
  const titles = async () => (await grid.getByRole("heading", { level: 3 }).allInnerTexts()).sort();
  await expect
    .poll(titles)
    .toEqual([
      "Chikankari Cotton Kurta",
      "Kalamkari Print Cotton Saree",
      "Mul Cotton Kurta Pant Set",
    ]);
  // Why each is there: its fabric, beside its SKU.
  await expect(grid.locator("[data-product-sku]").first()).toContainText(/VS-[A-Z]{3}-\d{3}/);
  await expect(grid.locator("[data-product-fabric]").filter({ hasText: /mul/i })).toHaveCount(3);
  await shot(page, testInfo, "admin-search");

  await page.goto("/admin/products?search=nehru%20khadi");
  await expect.poll(titles).toEqual(["Khadi Nehru Jacket"]);
  await page.goto("/admin/products?search=palazzos");
  await expect(grid.getByText(/No products match|Try another search/).first()).toBeVisible();
  await expect(grid.getByRole("heading", { level: 3 })).toHaveCount(0);
});

test("the admin gives a product an MRP, SKUs, fabric and care in the product form", async ({
  page,
}, testInfo) => {
  await signInAsAdmin(page);
  // A product of this test's own (the two widths run at once on one store).
  const tag = `PD${testInfo.project.name === "mobile" ? "M" : "D"}${Date.now().toString(36).toUpperCase()}`;
  // A picture the store has (a demo product's).
  const [demo] = (await (await page.request.get("/api/products?limit=1")).json()) as Array<{
    imageUrl: string;
  }>;
  const created = await page.request.post("/api/admin/products", {
    data: {
      title: `Form Test Kurta ${tag}`,
      price: 1299,
      gender: "Women",
      sizes: ["S", "M"],
      sizeStock: [
        { size: "S", stock: 3 },
        { size: "M", stock: 4 },
      ],
      imageUrl: demo!.imageUrl,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()).product as Product;

  await page.goto(`/admin/products?search=${tag}`);
  await main(page)
    .getByRole("button", { name: `Edit Form Test Kurta ${tag}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Edit product" });
  // The SKUs it was given by default, editable.
  await expect(dialog.getByLabel("SKU", { exact: true })).toHaveValue(product.sku);
  await expect(dialog.getByLabel("SKU of size M")).toHaveValue(`${product.sku}-M`);

  // An MRP not above the price: the message, and nothing saved.
  await dialog.getByLabel("MRP (₹)").fill("1299");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog.getByText("The MRP must be more than the price").first()).toBeVisible();
  expect((await (await page.request.get(`/api/products/${product._id}`)).json()).mrp).toBeNull();

  await dialog.getByLabel("MRP (₹)").fill("1999");
  await expect(dialog.getByText("Shown as 35% off")).toBeVisible();
  // A new product SKU: the sizes' SKUs made from the old one follow it.
  await dialog.getByLabel("SKU", { exact: true }).fill(`${tag}-1`);
  await expect(dialog.getByLabel("SKU of size M")).toHaveValue("");
  await dialog.getByLabel("SKU of size S").fill(`${tag}-small`);
  await dialog.getByLabel("Fabric").fill("Chanderi silk");
  await dialog.getByLabel("Care").fill("Hand wash cold.");
  await dialog.getByLabel("SKU", { exact: true }).scrollIntoViewIfNeeded();
  await shot(page, testInfo, "admin-form");
  await expectNoSeriousViolations(page, "the product form's product data");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toBeHidden();

  const saved = (await (await page.request.get(`/api/products/${product._id}`)).json()) as Product;
  expect(saved).toMatchObject({
    mrp: 1999,
    discountPercent: 35,
    sku: `${tag}-1`,
    fabric: "Chanderi silk",
    care: "Hand wash cold.",
    sizeSkus: [
      { size: "S", sku: `${tag}-SMALL` },
      { size: "M", sku: `${tag}-1-M` },
    ],
  });
  await page.request.delete(`/api/admin/products/${product._id}`);
});
