/**
 * The catalogue (storefront.md §2 Product list and Product detail, §5, §8; decisions.md §3): the
 * list's filters live in the URL (each change replaces the history entry, back/forward restore
 * them), the product page's size, colour and quantity rules, and a shopper's own review from
 * writing to editing to deleting it. Products are chosen from the demo catalogue through the API.
 */
import type { APIRequestContext, Locator, Page, TestInfo } from "@playwright/test";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { runToken } from "./fixtures/store.ts";
import { expect, isMobile, test } from "./fixtures/test.ts";

type Product = {
  _id: string;
  title: string;
  imageUrl: string;
  additionalImages: string[];
  category: string | null;
  sizes: string[];
  sizeStock: Array<{ size: string; stock: number }>;
  colors: string[];
  colorImages: Array<{ color: string; imageUrl: string }>;
  inStock: boolean;
};

const main = (page: Page) => page.getByRole("main");
/** A toast's text (exactly: Radix also keeps a longer copy for screen readers). */
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /notifications/i }).getByText(text, { exact: true });

/**
 * The demo pictures are drawn in the background after the store starts; a page shown before they
 * exist would log failed image loads. Waits until every product picture is there.
 */
test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000);
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const products = await allProducts(request);
  const urls = [
    ...new Set(
      products.flatMap((p) => [
        p.imageUrl,
        ...p.additionalImages,
        ...p.colorImages.map((c) => c.imageUrl),
      ]),
    ),
  ].filter((u) => u.startsWith("/images/"));
  let missing = urls;
  await expect
    .poll(
      async () => {
        const found = await Promise.all(missing.map(async (url) => (await request.head(url)).ok()));
        missing = missing.filter((_, i) => !found[i]);
        return missing.length;
      },
      {
        timeout: 200_000,
        intervals: [1000, 2000, 3000],
        message: "the demo pictures should be drawn",
      },
    )
    .toBe(0);
  await request.dispose();
});

async function allProducts(request: APIRequestContext): Promise<Product[]> {
  const res = await request.get("/api/products?limit=100");
  expect(res.status(), "GET /api/products").toBe(200);
  return (await res.json()) as Product[];
}

async function totalOf(request: APIRequestContext, query: Record<string, string>) {
  const res = await request.get(`/api/products?${new URLSearchParams({ ...query, limit: "1" })}`);
  expect(res.status()).toBe(200);
  return Number(res.headers()["x-total-count"]);
}

const countText = (n: number) => `${n.toLocaleString("en-IN")} ${n === 1 ? "product" : "products"}`;

/** The filter controls: the sidebar on desktop, the drawer (opened here) on a phone. */
async function filters(page: Page, testInfo: TestInfo): Promise<Locator> {
  if (!isMobile(testInfo)) return page.getByRole("complementary", { name: "Filters" });
  const drawer = page.getByRole("dialog", { name: "Filters" });
  if (!(await drawer.isVisible())) {
    await main(page)
      .getByRole("button", { name: /^Filters/ })
      .click();
  }
  await expect(drawer).toBeVisible();
  return drawer;
}

/** The result count: behind an open filter drawer, its 'Show N products' button says it. */
async function expectCount(
  page: Page,
  testInfo: TestInfo,
  status: Locator,
  n: number,
  timeout?: number,
) {
  const drawer = page.getByRole("dialog", { name: "Filters" });
  if (isMobile(testInfo) && (await drawer.isVisible())) {
    await expect(drawer.getByRole("button", { name: `Show ${countText(n)}` })).toBeVisible({
      timeout,
    });
  } else {
    await expect(status).toHaveText(countText(n), { timeout });
  }
}

/**
 * The result count equals the API's count for the same filters at this moment. Other specs add
 * and delete products while this one runs (the admin's product test), so when the page and the
 * API disagree the page is read again (same URL) until they agree. Returns the count.
 */
async function expectLiveCount(
  page: Page,
  testInfo: TestInfo,
  status: Locator,
  request: APIRequestContext,
  query: Record<string, string>,
): Promise<number> {
  let n = 0;
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) await page.reload();
    n = await totalOf(request, query);
    await expectCount(page, testInfo, status, n, 3000);
  }).toPass({ timeout: 30_000 });
  return n;
}

async function closeFilters(page: Page, testInfo: TestInfo): Promise<void> {
  if (!isMobile(testInfo)) return;
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Filters" })).toBeHidden();
}

test("filtering by category and size updates the URL and the results, and back restores them", async ({
  page,
  request,
}, testInfo) => {
  // Many page loads: a busy machine needs more than the default 30 s.
  test.slow();
  // A category and a size that narrow the list without emptying it.
  const products = await allProducts(request);
  const all = await totalOf(request, {});
  let pick: { category: string; size: string; total: number } | undefined;
  for (const p of products) {
    if (!p.category) continue;
    for (const size of p.sizes) {
      const total = await totalOf(request, { category: p.category, size });
      if (total > 0 && total < all) {
        pick = { category: p.category, size, total };
        break;
      }
    }
    if (pick) break;
  }
  expect(
    pick,
    "the demo catalogue should have a category and size that narrow the list",
  ).toBeTruthy();
  const { category, size } = pick!;
  const live = (query: Record<string, string>) =>
    expectLiveCount(page, testInfo, status, request, query);

  await page.goto("/products");
  const status = main(page)
    .getByRole("status")
    .filter({ hasText: /products?$/ });
  await live({});
  const historyLength = await page.evaluate(() => history.length);

  let panel = await filters(page, testInfo);
  // A controlled checkbox (several categories may be on, record 0041): it turns on once the URL
  // has changed (the URL is the source of truth).
  await panel.getByRole("checkbox", { name: category, exact: true }).click();
  await expect(panel.getByRole("checkbox", { name: category, exact: true })).toBeChecked();
  await expect(page).toHaveURL((url) => url.searchParams.get("category") === category);
  await live({ category });

  panel = await filters(page, testInfo);
  // A size chip is a label round a hidden checkbox: pressed as a shopper does.
  await panel
    .locator('[data-filter-group="Size"] label')
    .filter({ has: page.getByRole("checkbox", { name: size, exact: true }) })
    .click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get("category") === category && url.searchParams.get("size") === size,
  );
  const total = await live({ category, size });
  panel = await filters(page, testInfo);
  await expect(panel.getByRole("checkbox", { name: size, exact: true })).toBeChecked();
  await closeFilters(page, testInfo);

  const cards = main(page).getByRole("article");
  await expect(cards).toHaveCount(Math.min(total, 24));

  // The filter changes replaced the history entry instead of adding new ones.
  expect(await page.evaluate(() => history.length)).toBe(historyLength);

  // Open a product, come back: the same filters, controls and results.
  const filteredUrl = page.url();
  await cards.first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/products\/[^/?]+$/);
  await expect(main(page).getByRole("heading", { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(filteredUrl);
  await live({ category, size });
  panel = await filters(page, testInfo);
  await expect(panel.getByRole("checkbox", { name: category, exact: true })).toBeChecked();
  await expect(panel.getByRole("checkbox", { name: size, exact: true })).toBeChecked();
  await closeFilters(page, testInfo);

  // Forward goes to the product again and back returns to the filtered list.
  await page.goForward();
  await expect(page).toHaveURL(/\/products\/[^/?]+$/);
  await page.goBack();
  await expect(page).toHaveURL(filteredUrl);
  await live({ category, size });

  // Read on first load: the same URL opened afresh shows the same results.
  await page.goto(filteredUrl);
  await live({ category, size });

  // Clearing the filters brings every product back.
  await main(page).getByRole("link", { name: "Clear all", exact: true }).click();
  await expect(page).toHaveURL(
    (url) => !url.searchParams.has("category") && !url.searchParams.has("size"),
  );
  await live({});
});

test("a guest's quick add fills their cart (record 0044); a search that matches nothing shows 'No products found'", async ({
  page,
}) => {
  await page.goto("/products");
  const firstCard = main(page).getByRole("article").first();
  await firstCard.getByRole("button", { name: /^Add to cart: .+, size \S+$/ }).click();
  await expect(toast(page, "Item added to cart")).toBeVisible();

  await page.goto(`/shop?search=${runToken()}zzqx`);
  await expect(main(page).getByRole("heading", { name: "No products found" })).toBeVisible();
  await expect(main(page).getByRole("status")).toHaveText("0 products");
  await main(page).getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(main(page).getByRole("article").first()).toBeVisible();
});

test("the product page enforces the size, colour and quantity rules", async ({ page, request }) => {
  const products = await allProducts(request);
  // A product with a sold-out size next to one in stock, and a colour with its own image.
  const product = products.find(
    (p) =>
      p.sizeStock.some((s) => s.stock === 0) &&
      p.sizeStock.some((s) => s.stock > 1) &&
      p.colorImages.some((c) => c.imageUrl && c.imageUrl !== p.imageUrl),
  );
  expect(
    product,
    "the demo catalogue should have a product with a sold-out size and colour images",
  ).toBeTruthy();
  const { _id, title, sizeStock, colorImages } = product!;
  const soldOut = sizeStock.find((s) => s.stock === 0)!;
  const available = sizeStock.filter((s) => s.stock > 1).sort((a, b) => a.stock - b.stock)[0]!;
  const colour = colorImages.find((c) => c.imageUrl && c.imageUrl !== product!.imageUrl)!;

  await page.goto(`/products/${_id}`);
  await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(title);

  // Adding without a size asks for one (a guest is told to log in only after that).
  await main(page).getByRole("button", { name: "Add to cart" }).click();
  await expect(toast(page, "Please select a size!")).toBeVisible();

  // A sold-out size is shown but cannot be chosen.
  const soldOutRadio = main(page).getByRole("radio", { name: `${soldOut.size} (sold out)` });
  await expect(soldOutRadio).toBeDisabled();

  // The quantity stops at the chosen size's stock.
  await main(page).getByRole("radio", { name: available.size, exact: true }).check({ force: true });
  const quantity = main(page).getByRole("spinbutton", { name: "Quantity" });
  const increase = main(page).getByRole("button", { name: "Increase quantity" });
  const decrease = main(page).getByRole("button", { name: "Decrease quantity" });
  await expect(quantity).toHaveValue("1");
  await expect(decrease).toBeDisabled();
  for (let i = 1; i < available.stock; i++) await increase.click();
  await expect(quantity).toHaveValue(String(available.stock));
  await expect(increase).toBeDisabled();
  await quantity.fill(String(available.stock + 5));
  await quantity.blur();
  await expect(quantity).toHaveValue(String(available.stock));

  // Choosing a colour shows its image.
  const mainImage = main(page).getByRole("img", { name: `${title} in ${colour.color}` });
  await expect(mainImage).toHaveCount(0);
  await main(page).getByRole("radio", { name: colour.color, exact: true }).check({ force: true });
  await expect(mainImage).toBeVisible();
  const imageId = /\/images\/([\w-]+)-w\d+\.webp/.exec(colour.imageUrl)?.[1] ?? colour.imageUrl;
  await expect(mainImage).toHaveAttribute("src", new RegExp(imageId));

  // The gallery: the arrows and ←/→ on the focused image move through the images.
  const counter = main(page).getByText(/^Image \d+ \/ \d+/);
  const before = await counter.textContent();
  await main(page).getByRole("button", { name: "Next image" }).click();
  await expect(counter).not.toHaveText(before!);
  await main(page).getByRole("button", { name: "Previous image" }).click();
  await expect(counter).toHaveText(before!);
  await mainImage.focus();
  await page.keyboard.press("ArrowRight");
  await expect(counter).not.toHaveText(before!);
  await page.keyboard.press("ArrowLeft");
  await expect(counter).toHaveText(before!);

  // A guest with a size chosen fills a guest cart (record 0044).
  await main(page).getByRole("button", { name: "Add to cart" }).click();
  await expect(toast(page, "Item added to cart")).toBeVisible();
});

test("a signed-in shopper writes, edits and deletes their own review, and quick-adds to the cart", async ({
  page,
  request,
}) => {
  // Signing up, three review changes and the cart: more than the default 30 s on a busy machine.
  test.slow();
  const products = await allProducts(request);
  const product = products[products.length - 1]!;

  // A verified shopper, signed in through the page's own request context (the cookie lands in
  // the browser).
  const email = `reviewer-${runToken()}@vastra.example`;
  // The token's random end: the two widths run at once and must not share a reviewer's name.
  const name = `Asha ${runToken().slice(-6)}`;
  const registered = await page.request.post("/api/auth/register", {
    data: { name, email, password: "Kurta#Silk2026" },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  let otp: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
        const mails = (await res.json()) as Array<{ subject: string }>;
        otp = mails
          .map((m) => /^(\d{6}) is your .*verification code$/.exec(m.subject)?.[1])
          .find(Boolean);
        return otp;
      },
      { timeout: 20_000, message: "the verification code should reach the mailbox" },
    )
    .toBeTruthy();
  const verified = await page.request.post("/api/auth/verify-otp", { data: { email, otp } });
  expect(verified.status()).toBe(200);

  await page.goto(`/products/${product._id}`);
  await main(page)
    .getByRole("tab", { name: /^Reviews/ })
    .click();
  const reviews = main(page).getByRole("tabpanel", { name: /^Reviews/ });

  // An empty comment is refused.
  const form = reviews.getByRole("form", { name: "Write a review" });
  await form.getByRole("button", { name: "Submit review" }).click();
  await expect(form.getByText("Please enter a comment")).toBeVisible();

  // Four stars and a comment.
  await form.getByRole("radio", { name: /^4 stars/ }).check({ force: true });
  const comment = `Lovely fabric, true to size. <b>${runToken()}</b>`;
  await form.getByRole("textbox", { name: "Your review" }).fill(comment);
  await form.getByRole("button", { name: "Submit review" }).click();
  await expect(toast(page, "Review submitted successfully!")).toBeVisible();

  const mine = reviews.getByRole("article", { name: `Review by ${name}` });
  await expect(mine).toBeVisible();
  // The comment is shown as text, never as markup.
  await expect(mine.getByText(comment, { exact: true })).toBeVisible();
  await expect(mine.getByText("Rated 4 out of 5")).toBeAttached();
  await expect(reviews.getByRole("form", { name: "Write a review" })).toHaveCount(0);

  // Edit: inline, five stars and a new comment.
  await mine.getByRole("button", { name: "Edit your review" }).click();
  const edit = reviews.getByRole("form", { name: "Edit your review" });
  await edit.getByRole("radio", { name: /^5 stars/ }).check({ force: true });
  await edit.getByRole("textbox", { name: "Your review" }).fill("Even better after a wash.");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Review updated successfully")).toBeVisible();
  await expect(mine.getByText("Even better after a wash.", { exact: true })).toBeVisible();
  await expect(mine.getByText("Rated 5 out of 5")).toBeAttached();

  // Delete, after confirming.
  await mine.getByRole("button", { name: "Delete your review" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete your review?" });
  await confirm.getByRole("button", { name: "Keep review" }).click();
  await expect(mine).toBeVisible();
  await mine.getByRole("button", { name: "Delete your review" }).click();
  await confirm.getByRole("button", { name: "Delete review" }).click();
  await expect(toast(page, "Review deleted successfully")).toBeVisible();
  await expect(mine).toHaveCount(0);
  await expect(reviews.getByRole("form", { name: "Write a review" })).toBeVisible();

  // Quick add on the list: the first size in stock (M when it is), quantity 1, into the cart.
  const inStock = products.find((p) => p.inStock)!;
  await page.goto(`/products?search=${encodeURIComponent(inStock.title)}`);
  const card = main(page).getByRole("article").filter({ hasText: inStock.title }).first();
  const quickAdd = card.getByRole("button", { name: /^Add to cart: .+, size \S+$/ });
  const size = /, size (\S+)$/.exec((await quickAdd.getAttribute("aria-label")) ?? "")?.[1];
  const sizes = inStock.sizeStock.filter((s) => s.stock > 0).map((s) => s.size);
  expect(size).toBe(sizes.includes("M") ? "M" : sizes[0]);
  await quickAdd.click();
  await expect(toast(page, "Item added to cart")).toBeVisible();
  const cart = (await (await page.request.get("/api/cart")).json()) as Array<{
    productId: string;
    size: string;
    quantity: number;
  }>;
  expect(cart).toEqual([expect.objectContaining({ productId: inStock._id, size, quantity: 1 })]);
  // The header's cart badge counts it.
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
});

test("a guest is invited to log in to review, and an unknown product is a 404", async ({
  page,
  request,
  pageGuard,
}) => {
  // The 404 document itself is reported by the browser as a failed load.
  pageGuard.allow(/no-such-product: Failed to load resource: .* 404/);
  const [product] = await allProducts(request);
  await page.goto(`/products/${product!._id}`);
  await main(page)
    .getByRole("tab", { name: /^Reviews/ })
    .click();
  const reviews = main(page).getByRole("tabpanel", { name: /^Reviews/ });
  await expect(reviews.getByText("Please log in to write a review")).toBeVisible();
  await expect(reviews.getByRole("link", { name: /log in/i })).toHaveAttribute(
    "href",
    `/login?redirect=${encodeURIComponent(`/products/${product!._id}`)}`,
  );

  const missing = await page.goto("/products/no-such-product");
  expect(missing?.status()).toBe(404);
  await expect(main(page).getByRole("heading", { name: "Product Not Found" })).toBeVisible();
  await main(page).getByRole("link", { name: "Back to products" }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test("the catalogue screens pass the accessibility check", async ({ page, request }, testInfo) => {
  // Seven axe scans of long pages.
  test.slow();
  const products = await allProducts(request);
  const product = products.find((p) => p.colorImages.length > 0) ?? products[0]!;

  await page.goto("/products");
  await expectNoSeriousViolations(page, "the product list");
  if (isMobile(testInfo)) {
    await filters(page, testInfo);
    await expectNoSeriousViolations(page, "the filter drawer");
    await closeFilters(page, testInfo);
  } else {
    await page.goto("/products?view=list");
    await expectNoSeriousViolations(page, "the product list as a list");
  }
  await page.goto("/products?search=zzqx-nothing-matches");
  await expectNoSeriousViolations(page, "the empty product list");

  await page.goto(`/products/${product._id}`);
  await expectNoSeriousViolations(page, "the product page");
  for (const tab of [/^Reviews/, /^Shipping/]) {
    await main(page).getByRole("tab", { name: tab }).click();
    await expectNoSeriousViolations(page, `the product page's ${tab.source} tab`);
  }
  await main(page).getByRole("button", { name: "Share" }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await expectNoSeriousViolations(page, "the share menu");
});

test("the product list fits the screen in both views, down to its last card", async ({ page }) => {
  for (const view of ["grid", "list"]) {
    await page.goto(`/products?view=${view}`);
    const cards = main(page).getByRole("article");
    await expect(cards).toHaveCount(24);
    // Nothing wider than the window, before and after the cards below the fold are laid out.
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow(), `${view} view, first paint`).toBeLessThanOrEqual(0);
    await cards.last().scrollIntoViewIfNeeded();
    await expect(cards.last()).toBeInViewport();
    expect(await overflow(), `${view} view, scrolled to the end`).toBeLessThanOrEqual(0);
    const box = await cards.last().boundingBox();
    expect(box!.x + box!.width, `${view} view, last card`).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
  }
});

test("the product page's tabs work from the keyboard (arrows wrap, Home/End, Tab into the panel)", async ({
  page,
  request,
}) => {
  const [product] = await allProducts(request);
  await page.goto(`/products/${product!._id}`);
  const tabs = main(page).getByRole("tablist", { name: "Product information" });
  const tab = (name: RegExp) => tabs.getByRole("tab", { name });
  const details = tab(/^Details/);
  await expect(details).toHaveAttribute("aria-selected", "true");
  // One tab in the page's tab order: the selected one.
  await expect(tabs.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
  await details.focus();

  await page.keyboard.press("ArrowRight");
  await expect(tab(/^Reviews/)).toBeFocused();
  await expect(tab(/^Reviews/)).toHaveAttribute("aria-selected", "true");
  const reviewsPanel = main(page).getByRole("tabpanel", { name: /^Reviews/ });
  await expect(reviewsPanel).toBeVisible();
  await expect(reviewsPanel.getByRole("heading", { name: /review/i }).first()).toBeVisible();
  await expect(details).toHaveAttribute("aria-selected", "false");
  await expect(details).toHaveAttribute("tabindex", "-1");

  await page.keyboard.press("End");
  await expect(tab(/^Shipping/)).toBeFocused();
  await expect(main(page).getByRole("tabpanel", { name: /^Shipping/ })).toBeVisible();
  await page.keyboard.press("ArrowRight"); // wraps to the first
  await expect(details).toBeFocused();
  await expect(details).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowLeft"); // wraps to the last
  await expect(tab(/^Shipping/)).toBeFocused();
  await page.keyboard.press("Home");
  await expect(details).toBeFocused();

  // Tab leaves the tab list for the selected panel, which its tab names.
  await page.keyboard.press("Tab");
  const panel = main(page).getByRole("tabpanel", { name: /^Details/ });
  await expect(panel).toBeFocused();
  await expect(main(page).getByRole("tabpanel")).toHaveCount(1);
});
