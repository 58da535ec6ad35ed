/**
 * The shared shell a shopper sees on every page (storefront.md §2 "Top navigation", §1 footer,
 * route table; decisions.md §7 redirects): header, search, mobile menu, footer, redirects, scrolling.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { LEGACY_REDIRECTS, looseText, storeSettings } from "./fixtures/store.ts";
import { expect, isMobile, test } from "./fixtures/test.ts";

const header = (page: Page): Locator => page.getByRole("banner");
const footer = (page: Page): Locator => page.getByRole("contentinfo");

async function openMobileMenu(page: Page): Promise<Locator> {
  const button = header(page).getByRole("button", { name: /menu/i });
  await button.click();
  const menu = page.getByRole("dialog");
  await expect(menu).toBeVisible();
  return menu;
}

test.describe("header", () => {
  test("shows the store name linking home, Collections, and Sign In / Join for a guest", async ({
    page,
    request,
  }, testInfo) => {
    const store = await storeSettings(request);
    await page.goto("/terms");
    const home = header(page).getByRole("link", { name: store.name, exact: true });
    await expect(home).toBeVisible();
    await expect(home).toHaveAttribute("href", "/");

    // On a phone the navigation entries live in the menu; on a desktop they are in the header.
    const nav = isMobile(testInfo) ? await openMobileMenu(page) : header(page);
    const collections = nav.getByRole("link", { name: "Collections", exact: true });
    await expect(collections).toBeVisible();
    await expect(collections).toHaveAttribute("href", /^\/products\/?$/);
    const signIn = nav.getByRole("link", { name: "Sign In", exact: true });
    await expect(signIn).toBeVisible();
    await expect(signIn).toHaveAttribute("href", /^\/login/);
    const join = nav.getByRole("link", { name: "Join", exact: true });
    await expect(join).toBeVisible();
    await expect(join).toHaveAttribute("href", /^\/register/);

    if (isMobile(testInfo)) await page.keyboard.press("Escape");
    await home.click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the search icon opens a search field that searches the products", async ({
    page,
    request,
  }, testInfo) => {
    test.skip(isMobile(testInfo), "desktop header control; the phone's search is in the menu");
    await page.goto("/terms");
    const open = header(page).getByRole("button", { name: /search/i });
    await expect(open).toBeVisible();
    await open.click();
    const field = header(page).getByRole("searchbox");
    await expect(field).toBeVisible();
    await expect(field).toBeFocused();
    await searchFor(page, request, field, "kurta");
  });

  test("the mobile menu's search field searches the products", async ({
    page,
    request,
  }, testInfo) => {
    test.skip(!isMobile(testInfo), "the menu button exists on small screens");
    await page.goto("/terms");
    const menu = await openMobileMenu(page);
    await searchFor(page, request, menu.getByRole("searchbox"), "kurta");
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("turns opaque once the page is scrolled more than 50 px", async ({ page }) => {
    await page.goto("/terms");
    const banner = header(page);
    await expect(banner).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.scrollingElement!.scrollHeight))
      .toBeGreaterThan(page.viewportSize()!.height + 200);

    await page.evaluate(() => window.scrollTo(0, 30));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(30);
    await expect(banner).not.toHaveAttribute("data-scrolled", "true");
    expect(await backgroundAlpha(banner), "header background at 30 px").toBeLessThan(1);

    await page.evaluate(() => window.scrollTo(0, 120));
    await expect(banner).toHaveAttribute("data-scrolled", "true");
    await expect
      .poll(() => backgroundAlpha(banner), { message: "header background at 120 px" })
      .toBe(1);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(banner).not.toHaveAttribute("data-scrolled", "true");
  });

  test("the mobile menu opens as a dialog with the navigation and closes with Escape", async ({
    page,
  }, testInfo) => {
    test.skip(!isMobile(testInfo), "the menu button exists on small screens");
    await page.goto("/");
    const button = header(page).getByRole("button", { name: /menu/i });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    const menu = await openMobileMenu(page);
    // The open (modal) menu hides the rest of the page from assistive technology.
    await expect(
      page.getByRole("button", { name: /menu/i, expanded: true, includeHidden: true }),
    ).toHaveCount(1);
    for (const name of ["Collections", "Sign In", "Join"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    // A link in the menu navigates and closes the menu.
    await page.goto("/terms");
    const again = await openMobileMenu(page);
    await again.getByRole("link", { name: "Home", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("the desktop header shows no menu button", async ({ page }, testInfo) => {
    test.skip(isMobile(testInfo), "desktop only");
    await page.goto("/");
    await expect(header(page).getByRole("button", { name: /menu/i })).toBeHidden();
  });
});

test.describe("footer", () => {
  test("shows the store's address, phone, e-mail and hours", async ({ page, request }) => {
    const store = await storeSettings(request);
    await page.goto("/");
    const foot = footer(page);
    await expect(foot).toBeVisible();
    await expect(foot).toContainText(looseText(store.address.line1));
    await expect(foot).toContainText(store.address.city);
    await expect(foot).toContainText(store.address.pincode);
    await expect(foot).toContainText(looseText(store.phone));
    await expect(foot.getByRole("link", { name: looseText(store.phone) })).toHaveAttribute(
      "href",
      `tel:${store.phone.replace(/\s/g, "")}`,
    );
    await expect(foot.getByRole("link", { name: store.email })).toHaveAttribute(
      "href",
      `mailto:${store.email}`,
    );
    // Mon-Sat 10:00 AM-8:00 PM, Sun 12:00 PM-6:00 PM (storefront.md §1).
    for (const { days, hours } of store.hours) {
      await expect(foot).toContainText(looseText(days));
      await expect(foot).toContainText(looseText(hours));
    }
  });
});

test.describe("routes", () => {
  for (const [from, to] of Object.entries(LEGACY_REDIRECTS)) {
    test(`${from} lands on ${to}`, async ({ page, request }) => {
      const res = await request.get(from, { maxRedirects: 0 });
      expect(res.status(), `${from} answers with a permanent redirect`).toBe(301);
      expect(res.headers().location).toBe(to);

      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${to}$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  }

  test("an unknown path lands on the home page, replacing the history entry", async ({ page }) => {
    await page.goto("/terms");
    await page.goto("/no-such-page-here");
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/terms$/);
  });

  test("every route change scrolls to the top", async ({ page, request }) => {
    const store = await storeSettings(request);
    await page.goto("/terms");
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);

    // Through a footer link to another page …
    const link = footer(page)
      .getByRole("link", { name: /shipping/i })
      .first();
    await link.click();
    await expect(page).toHaveURL(/\/shipping$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // … and through the header's home link.
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await header(page).getByRole("link", { name: store.name, exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

/**
 * Types `term` into a search field and presses Enter: the shopper must land on
 * /products?search=term. While the product list is not built yet the app sends unknown paths
 * home, so then the navigation the search started is checked instead (the router's pending
 * location), and the test says so in its annotations.
 */
async function searchFor(
  page: Page,
  request: APIRequestContext,
  field: Locator,
  term: string,
): Promise<void> {
  const productsBuilt = (await request.get("/products", { maxRedirects: 0 })).status() === 200;
  await page.evaluate(() => {
    type Router = {
      subscribe(
        fn: (state: { navigation: { location?: { pathname: string; search: string } } }) => void,
      ): void;
    };
    const w = window as unknown as {
      __reactRouterDataRouter?: Router;
      __e2eNavigations?: string[];
    };
    w.__e2eNavigations = [];
    w.__reactRouterDataRouter?.subscribe((state) => {
      const to = state.navigation.location;
      if (to) w.__e2eNavigations!.push(to.pathname + to.search);
    });
  });
  await field.fill(term);
  await field.press("Enter");
  const target = `/products?search=${encodeURIComponent(term)}`;
  if (productsBuilt) {
    await expect(page).toHaveURL(new RegExp(`${target.replace(/[?]/g, "\\?")}$`));
    return;
  }
  test.info().annotations.push({
    type: "note",
    description: "/products is not built yet: checked the navigation the search started",
  });
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { __e2eNavigations: string[] }).__e2eNavigations),
    )
    .toContain(target);
}

/** The alpha of the element's computed background colour (1 = opaque). */
async function backgroundAlpha(element: Locator): Promise<number> {
  const color = await element.evaluate((el) => getComputedStyle(el).backgroundColor);
  const match = color.match(/rgba?\(([^)]+)\)/) ?? color.match(/color\(srgb ([^)]+)\)/);
  if (!match) return color === "transparent" ? 0 : 1;
  const parts = match[1]!.split(/[\s,/]+/).filter(Boolean);
  return parts.length >= 4 ? Number(parts[3]) : 1;
}
