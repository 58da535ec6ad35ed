/**
 * The admin's content screens after issue #16 (record 0042), at 390 and 1280 px: the reviews list
 * sorted newest first is in date order (grouping only on request); hiding a review takes it off the
 * product page and its count, greyed in the admin with Unhide; the store's reply shows under the
 * review as "Reply from Vastra"; an ad gets dates (scheduled, not on the home page) and a link picked
 * by category or by product search, and its uploaded picture shows in the form; the newsletter's
 * 'Send test to me' mails the draft to the signed-in admin; a phone's cart thumbnail is exactly its
 * picture (no band below it).
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { runToken, waitForMail } from "./fixtures/store.ts";
import { expect, test } from "./fixtures/test.ts";
import { createShopper, DEMO_ADMIN, signIn, signInAsAdmin } from "./helpers/accounts.ts";

const banner = (page: Page, text: string) =>
  page.locator("[data-banner]").filter({ hasText: text });
const shot = (page: Page, name: string) =>
  page.screenshot({
    path: `/tmp/admin-content-${name}-${page.viewportSize()?.width}.png`,
    fullPage: false,
  });

type Product = {
  _id: string;
  title: string;
  reviewCount: number;
  sizeStock: Array<{ size: string; stock: number }>;
};

test("reviews: newest first is in date order; hide and unhide; a reply shows on the product page", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const token = runToken();
  // A product of our own choosing per project, reviewed by a shopper of this run.
  const products = (await (await page.request.get("/api/products?limit=60")).json()) as Product[];
  const product = products[testInfo.project.name === "mobile" ? 40 : 41] ?? products.at(-1)!;
  const shopper = await createShopper(page.request, `rev${token}`, { name: `Ritu ${token}` });
  await signIn(page, shopper);
  const comment = `Lovely drape, true to size ${token}`;
  const posted = await page.request.post("/api/reviews", {
    data: { productId: product._id, rating: 4, comment },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const before = (await (await page.request.get(`/api/products/${product._id}`)).json()) as Product;

  await signInAsAdmin(page);
  await page.goto("/admin/reviews");
  await expect(page.getByRole("heading", { name: "Reviews", exact: true })).toBeVisible();
  await expect(page.getByLabel("Sort by")).toHaveValue("newest");
  await expect(page.getByRole("checkbox", { name: "Group by category" })).not.toBeChecked();
  // Newest first: every card's date is on or before the one above it, across categories.
  const times = await page
    .getByRole("article", { name: /^Review by/ })
    .locator("time")
    .evaluateAll((els) => els.map((el) => el.getAttribute("datetime") ?? ""));
  expect(times.length).toBeGreaterThan(3);
  expect([...times].sort().reverse()).toEqual(times);
  await shot(page, "reviews-list");

  // Ours is the newest: hide it.
  const card = page.getByRole("article", { name: `Review by Ritu ${token} of ${product.title}` });
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: `Hide review by Ritu ${token}` }).click();
  await expect(banner(page, "Review hidden from the shop")).toBeVisible();
  const hidden = page.getByRole("article", {
    name: `Review by Ritu ${token} of ${product.title} (hidden)`,
  });
  await expect(hidden).toContainText("Hidden from the shop");
  await expect(
    hidden.getByRole("button", { name: `Unhide review by Ritu ${token}` }),
  ).toBeVisible();
  await shot(page, "reviews-hidden");

  await page.goto(`/products/${product._id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("tab", { name: /^Reviews/ }).click();
  await expect(page.getByRole("tab", { name: /^Reviews/ })).toHaveText(
    before.reviewCount - 1 > 0 ? `Reviews (${before.reviewCount - 1})` : /^Reviews/,
  );
  await expect(page.getByText(comment)).toHaveCount(0);
  const whileHidden = (await (
    await page.request.get(`/api/products/${product._id}`)
  ).json()) as Product;
  expect(whileHidden.reviewCount).toBe(before.reviewCount - 1);

  // Unhidden, and replied to.
  await page.goto("/admin/reviews");
  await hidden.getByRole("button", { name: `Unhide review by Ritu ${token}` }).click();
  await expect(banner(page, "Review shown in the shop again")).toBeVisible();
  await card.getByRole("button", { name: `Reply to review by Ritu ${token}` }).click();
  const dialog = page.getByRole("dialog", { name: "Reply to review" });
  await dialog.getByRole("button", { name: "Save reply" }).click();
  await expect(dialog.getByText("Please enter a reply")).toBeVisible();
  await dialog.getByLabel("Your reply").fill("Thank you, Ritu! Happy wearing.");
  await shot(page, "reviews-reply-dialog");
  await dialog.getByRole("button", { name: "Save reply" }).click();
  await expect(banner(page, "Reply saved")).toBeVisible();
  await expect(card).toContainText("Reply from Vastra");
  await expectNoSeriousViolations(page, "admin reviews with a reply");

  await page.goto(`/products/${product._id}`);
  await page.getByRole("tab", { name: /^Reviews/ }).click();
  const review = page.getByRole("article", { name: `Review by Ritu ${token}` });
  await expect(review).toContainText(comment);
  const reply = review.getByRole("region", { name: "Reply from Vastra" });
  await expect(reply).toContainText("Thank you, Ritu! Happy wearing.");
  await reply.scrollIntoViewIfNeeded();
  await shot(page, "product-reply");
});

test("ads: dates, a category or product picked from lists, and the uploaded picture in the form", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const token = runToken();
  await signInAsAdmin(page);
  await page.goto("/admin/advertisements");
  await expect(page.getByRole("heading", { name: "Advertisements", exact: true })).toBeVisible();

  // A category ad for next year's wedding season: scheduled, not on the home page.
  await page.getByRole("button", { name: "Add advertisement" }).click();
  const dialog = page.getByRole("dialog", { name: "Add advertisement" });
  const title = `Wedding Edit ${token}`;
  await dialog.getByLabel("Title").fill(title);
  const png = await page.screenshot({ type: "png", clip: { x: 0, y: 0, width: 200, height: 250 } });
  await dialog
    .getByLabel("Upload an image")
    .setInputFiles({ name: "wedding.png", mimeType: "image/png", buffer: png });
  await expect(banner(page, "Image uploaded successfully!")).toBeVisible();
  const preview = dialog.getByTestId("ad-image-preview");
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(dialog.getByTestId("ad-image-name")).toHaveText("Uploaded: wedding.png");

  await dialog.getByLabel("Target page").selectOption("category");
  await dialog.getByRole("button", { name: "Create advertisement" }).click();
  const category = dialog.getByRole("combobox", { name: "Category" });
  await expect(category).toHaveAccessibleDescription(/Please choose a category/);
  const firstCategory = await category.locator("option").nth(1).textContent();
  await category.selectOption({ label: firstCategory! });
  await expect(dialog.getByText(/\/products\?category=/)).toBeVisible();

  await dialog.getByLabel("First day").fill("2027-11-01");
  await dialog.getByLabel("Last day").fill("2027-10-01");
  await dialog.getByRole("button", { name: "Create advertisement" }).click();
  await expect(dialog.getByLabel("Last day")).toHaveAccessibleDescription(
    /The last day cannot be before the first day/,
  );
  await dialog.getByLabel("Last day").fill("2027-12-15");
  await shot(page, "ad-form");
  await dialog.getByRole("button", { name: "Create advertisement" }).click();
  await expect(banner(page, "Advertisement created successfully!")).toBeVisible();
  const card = page.getByTestId("ad-card").filter({ hasText: title });
  await expect(card).toContainText("Scheduled");
  await expect(card).toContainText("1 Nov 2027 – 15 Dec 2027");
  await expect(card).toContainText(`Category: ${firstCategory}`);
  await expect(card).not.toContainText("On home page");
  await card.scrollIntoViewIfNeeded();
  await shot(page, "ad-card");

  // A product ad: the product found by its title, no id typed.
  const [someProduct] = (await (
    await page.request.get("/api/products?limit=1&sort=price-high")
  ).json()) as Product[];
  await page.getByRole("button", { name: "Add advertisement" }).click();
  const second = page.getByRole("dialog", { name: "Add advertisement" });
  const productTitle = `Product Spotlight ${token}`;
  await second.getByLabel("Title").fill(productTitle);
  await second.getByLabel("Or an image already in the store").fill("/favicon.svg");
  await second.getByLabel("Target page").selectOption("product");
  await second.getByLabel("Search products by title").fill(someProduct!.title);
  await second.getByRole("button", { name: "Search", exact: true }).click();
  const hit = second
    .getByRole("list", { name: "Matching products" })
    .getByRole("button", { name: someProduct!.title });
  await hit.first().click();
  await expect(second.getByTestId("chosen-product")).toContainText(someProduct!.title);
  await expect(second.getByText(`/products/${someProduct!._id}`)).toBeVisible();
  await second.getByLabel("First day").fill("2027-01-01");
  await shot(page, "ad-product-picker");
  await second.getByRole("button", { name: "Create advertisement" }).click();
  await expect(banner(page, "Advertisement created successfully!")).toBeVisible();
  const productCard = page.getByTestId("ad-card").filter({ hasText: productTitle });
  await expect(productCard).toContainText(`Product page (/products/${someProduct!._id})`);
  await expectNoSeriousViolations(page, "admin advertisements with scheduled ads");

  // Neither shows on the home page before its first day.
  await page.goto("/");
  await expect(page.getByTestId("hero-ad").first()).toBeVisible();
  await expect(page.getByTestId("hero-ad").filter({ hasText: token })).toHaveCount(0);

  // Clean up.
  await page.goto("/admin/advertisements");
  for (const name of [title, productTitle]) {
    await page.getByRole("button", { name: `Delete ${name}` }).click();
    await page
      .getByRole("alertdialog", { name: `Delete “${name}”?` })
      .getByRole("button", { name: "Delete advertisement" })
      .click();
    await expect(page.getByTestId("ad-card").filter({ hasText: name })).toHaveCount(0);
  }
});

test("newsletter: 'Send test to me' mails the draft to the signed-in admin", async ({ page }) => {
  test.setTimeout(90_000);
  const token = runToken();
  await signInAsAdmin(page);
  await page.goto("/admin/newsletter?view=compose");
  await page.getByRole("button", { name: "Send test to me" }).click();
  await expect(page.getByRole("alert").first()).toContainText(
    "Subject and main title are required for preview",
  );
  await page.getByRole("textbox", { name: "Subject" }).fill(`Winter wedding edit ${token}`);
  await page.getByRole("textbox", { name: "Main title" }).fill("Lehengas for the season");
  await page.getByRole("button", { name: "Send test to me" }).click();
  await expect(banner(page, `Test sent to ${DEMO_ADMIN.email}`)).toBeVisible();
  await shot(page, "newsletter-test-sent");
  const mail = await waitForMail(
    page.request,
    (m) => m.to === DEMO_ADMIN.email && m.subject === `[Test] Winter wedding edit ${token}`,
  );
  expect(mail.html).toContain("Lehengas for the season");
  // The store's maroon, unless an admin saved other colours.
  const settings = (await (await page.request.get("/api/newsletter/settings")).json()) as {
    settings: { primaryColor: string };
  };
  expect(mail.html.toLowerCase()).toContain(settings.settings.primaryColor.toLowerCase());
});

test("cart: a thumbnail is exactly its picture, with no band below it", async ({ page }) => {
  const token = runToken();
  const shopper = await createShopper(page.request, `thumb${token}`);
  await signIn(page, shopper);
  const products = (await (
    await page.request.get("/api/products?limit=100&inStock=true")
  ).json()) as Product[];
  const inStock = products.filter((p) => p.sizeStock.some((s) => s.stock > 3)).slice(-2);
  for (const p of inStock) {
    const size = p.sizeStock.find((s) => s.stock > 3)!.size;
    const added = await page.request.post("/api/cart/add", {
      data: { productId: p._id, size, quantity: 1 },
    });
    expect(added.status(), await added.text()).toBe(200);
  }
  await page.goto("/cart");
  const thumbs = page.getByTestId("cart-thumbnail");
  await expect(thumbs).toHaveCount(inStock.length);
  for (const thumb of await thumbs.all()) {
    const box = await thumb.boundingBox();
    const img = await thumb.locator("img").boundingBox();
    expect(box && img).toBeTruthy();
    // The frame is the picture: 4:5, no background band below it.
    expect(Math.abs(box!.height - img!.height)).toBeLessThanOrEqual(1);
    expect(Math.abs(img!.height / img!.width - 1.25)).toBeLessThan(0.03);
  }
  await shot(page, "cart");
});

test("newsletter: a burst of sign-ups from one network is taken, and the unsubscribe page's Re-subscribe works", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const token = runToken();
  // Shoppers behind one carrier address (every request of this test comes from 127.0.0.1).
  const emails = Array.from({ length: 15 }, (_, i) => `cgnat${i}.${token}@example.in`);
  for (const email of emails) {
    const res = await page.request.post("/api/newsletter/subscribe", {
      data: { email, source: "e2e" },
    });
    expect(res.status(), `${email}: ${await res.text()}`).toBe(200);
  }
  const last = emails.at(-1)!;
  const welcome = await waitForMail(
    page.request,
    (m) => m.to === last && /unsubscribe\?/.test(m.text),
  );
  const link = /https?:\/\/\S+\/unsubscribe\?\S+/.exec(welcome.text)![0];
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(
    page.getByRole("heading", { level: 1, name: "Successfully Unsubscribed" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Re-subscribe" }).click();
  await expect(page.getByTestId("resubscribed")).toContainText("You're subscribed again");
  await shot(page, "resubscribed");
});
