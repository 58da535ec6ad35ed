/**
 * Admin advertisements (admin.md §2, §3, §5, §8; storefront.md §2 home hero): an admin meets the
 * required-field messages, creates an ad with an uploaded picture and a shop-filter link, sees it
 * on the home page, deactivates it (gone from the home page), and deletes it.
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { runToken } from "./fixtures/store.ts";
import { expect, test } from "./fixtures/test.ts";
import { signInAsAdmin } from "./helpers/accounts.ts";

const banner = (page: Page, text: string) =>
  page.locator("[data-banner]").filter({ hasText: text });

/**
 * Only the visible card: while React streams the hero, the resolved ads can sit in a hidden
 * segment beside the rendered ones for a moment, so the same card is briefly in the DOM twice.
 */
const heroAd = (page: Page, title: string) =>
  page.getByTestId("hero-ad").filter({ hasText: title, visible: true });

test("an admin creates an ad with an uploaded picture, sees it on the home page, deactivates and deletes it", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const token = runToken();
  const title = `Monsoon Edit ${token}`;
  await signInAsAdmin(page);
  await page.goto("/admin/advertisements");
  await expect(page.getByRole("heading", { name: "Advertisements", exact: true })).toBeVisible();
  await expect(page.getByTestId("ad-card").first()).toBeVisible();
  await expectNoSeriousViolations(page, "admin advertisements");

  await page.getByRole("button", { name: "Add advertisement" }).click();
  const dialog = page.getByRole("dialog", { name: "Add advertisement" });
  await expect(dialog.getByLabel("Button text")).toHaveValue("Shop Now");
  await expect(dialog.getByLabel("Priority")).toHaveValue("1");
  await expect(dialog.getByRole("checkbox", { name: "Active" })).toBeChecked();

  // The messages of admin.md §5, each next to its field.
  await dialog.getByLabel("Target page").selectOption("custom");
  await dialog.getByRole("button", { name: "Create advertisement" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please fill in all required fields");
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await expect(dialog.getByText("Please upload an image")).toBeVisible();
  await expect(dialog.getByText("Please enter a custom URL")).toBeVisible();
  await dialog.getByLabel("Priority").fill("11");
  await dialog.getByRole("button", { name: "Create advertisement" }).click();
  await expect(dialog.getByText("Priority must be a whole number from 1 to 10")).toBeVisible();
  await expectNoSeriousViolations(page, "ad form with errors");

  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Description").fill("Breezy cottons for the rains.");
  await dialog.getByLabel("Button text").fill("Shop the Rains");
  await dialog.getByLabel("Priority").fill("1");

  // Upload a picture (a real PNG: a screenshot of the page), with its preview.
  const png = await page.screenshot({ type: "png", clip: { x: 0, y: 0, width: 200, height: 250 } });
  await dialog
    .getByLabel("Upload an image")
    .setInputFiles({ name: "monsoon banner.png", mimeType: "image/png", buffer: png });
  await expect(banner(page, "Image uploaded successfully!")).toBeVisible();
  await expect(dialog.getByLabel("Or an image already in the store")).toHaveValue(
    /^\/images\/[a-f0-9]{24}-w\d+\.webp$/,
  );
  await expect(dialog.getByTestId("ad-image-preview")).toBeVisible();
  await expect(dialog.getByTestId("ad-image-name")).toHaveText("Uploaded: monsoon banner.png");

  // The shop-filter builder makes the link.
  await dialog.getByLabel("Target page").selectOption("shop-filters");
  await dialog.getByLabel("Gender").selectOption("Women");
  await dialog.getByLabel("Price range").selectOption("500-1000");
  await dialog.getByLabel("Sort").selectOption("newest");
  await expect(
    dialog.getByText("/products?gender=Women&priceRange=500-1000&sort=newest"),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Create advertisement" }).click();
  await expect(banner(page, "Advertisement created successfully!")).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId("ad-card").filter({ hasText: title });
  await expect(card).toContainText("On home page");
  await expect(card).toContainText("Priority 1");
  await expect(card).toContainText("Shop with filters: Women · ₹500 – ₹1,000 · Newest");

  // On the home page, its button opening the filtered list.
  await page.goto("/");
  const ad = heroAd(page, title);
  await expect(ad).toBeVisible();
  await expect(ad.getByRole("link", { name: /Shop the Rains/ })).toHaveAttribute(
    "href",
    "/products?gender=Women&priceRange=500-1000&sort=newest",
  );

  // Deactivated: gone from the home page.
  await page.goto("/admin/advertisements");
  await page.getByRole("button", { name: `Deactivate ${title}` }).click();
  await expect(banner(page, "Advertisement deactivated")).toBeVisible();
  await expect(card).toContainText("Inactive");
  await expect(card).not.toContainText("On home page");
  await page.goto("/");
  await expect(page.getByTestId("hero-ad").first()).toBeVisible();
  await expect(heroAd(page, title)).toHaveCount(0);

  // Deleted after a confirmation.
  await page.goto("/admin/advertisements");
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Delete “${title}”?` });
  await confirm.getByRole("button", { name: "Delete advertisement" }).click();
  await expect(banner(page, "Advertisement deleted successfully!")).toBeVisible();
  await expect(page.getByTestId("ad-card").filter({ hasText: title })).toHaveCount(0);
});
