/**
 * The policy pages a shopper reads before buying (storefront.md §2, §9; decisions.md §7): each is
 * reachable, titled, and states the store's real figures.
 */
import type { Page } from "@playwright/test";
import { storeSettings } from "./fixtures/store.ts";
import { expect, test } from "./fixtures/test.ts";

const main = (page: Page) => page.getByRole("main");

/** The page's main text as rendered (what a shopper reads), spaces collapsed. */
async function shownText(page: Page): Promise<string> {
  return (await main(page).innerText()).replace(/\s+/g, " ");
}

test("/terms has 9 numbered sections and a contact section", async ({ page, request }) => {
  const store = await storeSettings(request);
  await page.goto("/terms");
  await expect(page).toHaveTitle(/terms/i);
  await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(/terms/i);

  const sections = main(page).getByRole("heading", { level: 2 });
  const titles = (await sections.allTextContents()).map((t) => t.trim());
  const numbered = titles.filter((t) => /^\d+\./.test(t));
  expect(
    numbered.map((t) => Number.parseInt(t, 10)),
    `numbered section headings, found: ${JSON.stringify(titles)}`,
  ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  const contact = titles.filter((t) => !/^\d+\./.test(t) && /contact/i.test(t));
  expect(contact, `a contact section after the 9, found: ${JSON.stringify(titles)}`).toHaveLength(
    1,
  );
  expect(titles.indexOf(contact[0]!)).toBeGreaterThan(titles.indexOf(numbered[8]!));

  // The terms name the payment methods (storefront.md §1) and how to reach the store.
  for (const method of ["Google Pay", "PhonePe", "Paytm", "UPI"]) {
    await expect(main(page)).toContainText(method);
  }
  await expect(main(page).getByRole("link", { name: store.email }).first()).toHaveAttribute(
    "href",
    `mailto:${store.email}`,
  );
});

test("/general-policy is the privacy policy dated January 2025", async ({ page }) => {
  await page.goto("/general-policy");
  await expect(page).toHaveTitle(/privacy|policy/i);
  await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(/privacy|policy/i);
  await expect(main(page)).toContainText("January 2025");
});

test("/shipping says what the shopper pays: free from ₹999, ₹99 below, faster options on request", async ({
  page,
}) => {
  await page.goto("/shipping");
  await expect(page).toHaveTitle(/shipping/i);
  await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(/shipping/i);
  const text = await shownText(page);
  expect(text).toContain("Free shipping on orders of ₹999 and above; ₹99 below that.");
  expect(text).toContain("Cash on delivery adds ₹49 where your PIN code allows it.");
  // The old wording read backwards (issue #16).
  expect(text).not.toMatch(/up ?to ₹999/i);
  for (const [option, fee] of [
    ["Standard", "₹99, free from ₹999"],
    ["Express", "₹199, on request"],
    ["Same Day", "₹299, on request"],
  ] as const) {
    await expect(main(page).getByRole("row", { name: new RegExp(`^${option}`) })).toContainText(
      fee,
    );
  }
  expect(text, "how payment works").toMatch(/UPI when our team contacts you/);
  expect(text, "500+ cities").toContain("500+");
});

test("/cancellations shows the 7-day return window", async ({ page }) => {
  await page.goto("/cancellations");
  await expect(page).toHaveTitle(/cancel|return/i);
  await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(/cancel|return/i);
  const text = await shownText(page);
  expect(text, "returns within 7 days of delivery").toMatch(/\b7[- ]days?\b/i);
  // One return window only: the old text's stray "30 days" contradicted it (storefront.md §9).
  expect(text).not.toMatch(/\b30[- ]days?\b/i);
  expect(text).toMatch(/within 2 hours/i);
  for (const stage of ["Order Confirmed", "Processing", "Shipped", "Delivered"]) {
    expect(text, `tracking stage ${stage}`).toContain(stage);
  }
});
