/**
 * Every page so far is usable with assistive technology (decisions.md §9: WCAG 2.2 AA) and loads
 * cleanly: no console errors, no uncaught exceptions, nothing refused by the Content-Security-Policy.
 */
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { PAGES } from "./fixtures/store.ts";
import { expect, isMobile, test } from "./fixtures/test.ts";

for (const { path, name } of PAGES) {
  test.describe(`${name} (${path})`, () => {
    test("loads without console errors or CSP violations", async ({ page, pageGuard }) => {
      const response = await page.goto(path, { waitUntil: "load" });
      expect(response?.status(), `GET ${path}`).toBe(200);
      await page.waitForLoadState("networkidle");
      // Hydration finished: React attaches its root; any mismatch would have logged an error.
      await expect(page.locator("body")).toBeVisible();
      expect(pageGuard.problems(), pageGuard.problems().join("\n")).toEqual([]);
    });

    test("has no serious or critical accessibility violations", async ({ page }) => {
      // An axe scan of a long page (the mailbox fills up during a run) can outlast 30 s on two cores.
      test.slow();
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expectNoSeriousViolations(page, path);
    });
  });
}

test("the open mobile menu has no serious or critical accessibility violations", async ({
  page,
}, testInfo) => {
  test.skip(!isMobile(testInfo), "the menu button exists on small screens");
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: /menu/i }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoSeriousViolations(page, "/ with the mobile menu open");
});

test("the contact form showing its errors has no serious or critical violations", async ({
  page,
}) => {
  await page.goto("/contact");
  await page.getByRole("main").getByRole("button", { name: /send/i }).click();
  await expect(page.getByText("Please enter your name", { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, "/contact with validation errors");
});

test("the open header search has no serious or critical violations", async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo), "desktop header control");
  await page.goto("/");
  await page
    .getByRole("banner")
    .getByRole("button", { name: /search/i })
    .click();
  await expect(page.getByRole("banner").getByRole("searchbox")).toBeFocused();
  await expectNoSeriousViolations(page, "/ with the header search open");
});
