/**
 * Admin categories and reviews (admin.md §2, §5, §8): an admin adds a category (after the
 * required-name message and a refused duplicate), renames it inline and deletes it after a
 * confirmation; edits a shopper's review in the modal and deletes it, found with the filters.
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { runToken } from "./fixtures/store.ts";
import { expect, test } from "./fixtures/test.ts";
import { createShopper, signIn, signInAsAdmin } from "./helpers/accounts.ts";

const banner = (page: Page, text: string) =>
  page.locator("[data-banner]").filter({ hasText: text });

test("an admin adds, renames and deletes a category", async ({ page, pageGuard }) => {
  test.setTimeout(90_000);
  // The refused duplicate is a 409 on purpose; the browser logs every failed request.
  pageGuard.allow(/status of 409 \(Conflict\).*\/api\/categories/);
  const token = runToken();
  const name = `Phulkari ${token}`;
  const renamed = `Phulkari Dupattas ${token}`;
  await signInAsAdmin(page);
  await page.goto("/admin/categories");
  await expect(page.getByRole("heading", { name: "Categories", exact: true })).toBeVisible();
  const list = page.getByRole("list", { name: "Categories" });
  await expect(list.getByText("Sarees", { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, "admin categories");

  // Nothing typed: the message next to the field.
  await page.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByText("Category name is required")).toBeVisible();
  await expect(page.getByLabel("New category")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("New category").fill(`  ${name} `);
  await page.getByRole("button", { name: "Add category" }).click();
  await expect(banner(page, "Category added successfully!")).toBeVisible();
  const row = page.getByTestId("category-row").filter({ hasText: name });
  await expect(row).toContainText("0 products");
  await expect(page.getByLabel("New category")).toHaveValue("");

  // The same name in other letters is refused, and what was typed stays.
  await page.getByLabel("New category").fill(name.toUpperCase());
  await page.getByRole("button", { name: "Add category" }).click();
  const duplicate = `A category named "${name}" already exists`;
  await expect(page.getByText(duplicate).first()).toBeVisible();
  await expect(page.getByLabel("New category")).toHaveValue(name.toUpperCase());
  await page.getByLabel("New category").fill("");

  // Inline rename.
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const input = page.getByRole("textbox", { name: "Category name" });
  await expect(input).toHaveValue(name);
  await input.fill(renamed);
  await input.press("Enter");
  await expect(banner(page, "Category updated successfully!")).toBeVisible();
  await expect(page.getByTestId("category-row").filter({ hasText: renamed })).toBeVisible();
  await expect(page.getByRole("button", { name: `Edit ${name}`, exact: true })).toHaveCount(0);

  // Delete, after a confirmation that says what happens to its products.
  await page.getByRole("button", { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Delete “${renamed}”?` });
  await expect(confirm).toContainText("No products use it.");
  await expectNoSeriousViolations(page, "delete category confirmation");
  await confirm.getByRole("button", { name: "Delete category" }).click();
  await expect(banner(page, "Category deleted successfully!")).toBeVisible();
  await expect(page.getByTestId("category-row").filter({ hasText: renamed })).toHaveCount(0);
  const categories = (await (await page.request.get("/api/categories")).json()) as Array<{
    name: string;
  }>;
  expect(categories.map((c) => c.name)).not.toContain(renamed);
});

test("an admin finds a shopper's review with the filters, edits it and deletes it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const token = runToken();
  // A shopper reviews a product.
  const shopper = await createShopper(page.request, `review-${token}`, { name: "Nisha Rao" });
  await signIn(page, shopper);
  const products = (await (await page.request.get("/api/products?limit=1")).json()) as Array<{
    _id: string;
    title: string;
  }>;
  const product = products[0]!;
  const posted = await page.request.post("/api/reviews", {
    data: { productId: product._id, rating: 5, comment: `Beautiful drape ${token}` },
  });
  expect(posted.status()).toBe(201);

  await signInAsAdmin(page);
  await page.goto("/admin/reviews");
  await expect(page.getByRole("heading", { name: "Reviews", exact: true })).toBeVisible();
  await expect(page.getByTestId("review-group").first()).toBeVisible();
  await expectNoSeriousViolations(page, "admin reviews");

  // The text filter finds it; the rating filter narrows to five stars and keeps it.
  await page.getByLabel("Search reviews").fill(token);
  await page.getByLabel("Search reviews").press("Enter");
  await expect(page).toHaveURL(new RegExp(`search=${token}`));
  const card = page.getByRole("article", { name: `Review by Nisha Rao of ${product.title}` });
  await expect(card).toContainText(`Beautiful drape ${token}`);
  await expect(page.getByRole("article")).toHaveCount(1);
  await page.getByLabel("Rating").selectOption("5");
  await expect(page).toHaveURL(/rating=5/);
  await expect(card).toBeVisible();
  await page.getByLabel("Rating").selectOption("1");
  await expect(page.getByText("No reviews match these filters.")).toBeVisible();
  await page.getByLabel("Rating").selectOption("");
  await expect(card).toBeVisible();

  // Edit in the modal: an empty comment is refused, then a real change is saved.
  await card.getByRole("button", { name: "Edit review by Nisha Rao" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit review" });
  await expect(dialog.getByLabel("Comment")).toHaveValue(`Beautiful drape ${token}`);
  await dialog.getByLabel("Comment").fill("  ");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog.getByText("Please enter a comment")).toBeVisible();
  await expectNoSeriousViolations(page, "edit review modal");
  await dialog.getByLabel("Rating").selectOption("3");
  await dialog.getByLabel("Comment").fill(`Nice drape, colour a shade lighter ${token}`);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(banner(page, "Review updated successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText(`Nice drape, colour a shade lighter ${token}`);
  await expect(card).toContainText("Rated 3 out of 5");

  // Delete after the confirmation.
  await card.getByRole("button", { name: "Delete review by Nisha Rao" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete this review?" });
  await expect(confirm).toContainText(`Nisha Rao's 3-star review of ${product.title}`);
  await confirm.getByRole("button", { name: "Delete review" }).click();
  await expect(banner(page, "Review deleted successfully")).toBeVisible();
  await expect(page.getByText("No reviews match these filters.")).toBeVisible();
  const left = (await (await page.request.get(`/api/reviews/${product._id}`)).json()) as Array<{
    comment: string;
  }>;
  expect(left.map((r) => r.comment).join("\n")).not.toContain(token);
});
