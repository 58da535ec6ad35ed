/**
 * The dashboard shell and its Overview (admin.md §2, decisions.md §8): who may open /admin, the
 * figure cards against the API's figures, the 30-day revenue chart with a freshly paid order, and
 * the sales report downloaded as CSV with that order's revenue in it.
 */
import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { expect, test } from "./fixtures/test.ts";
import {
  createShopper,
  DEMO_ADMIN,
  signedInShopper,
  signIn,
  signInAsAdmin,
} from "./helpers/accounts.ts";
import { type OrderedProduct, placeOrder } from "./helpers/orders.ts";

type Overview = {
  totals: {
    totalProducts: number;
    totalCategories: number;
    totalReviews: number;
    averageRating: number;
    heroProducts: number;
  };
  revenue: { days: Array<{ date: string; revenue: number; paidOrders: number }>; total: number };
};
type SalesReport = {
  periods: Array<{ start: string; revenue: number; orders: number; units: number }>;
  totals: { revenue: number };
  topProducts: Array<{ title: string; units: number; revenue: number }>;
};
const TAB_NAMES = [
  "Overview",
  "Orders",
  "Categories",
  "Products",
  "Reviews",
  "Advertisements",
  "Newsletter",
];

/** Today in India, YYYY-MM-DD (the dashboard's days are Indian days). */
const todayInIndia = () =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Kolkata",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());

const rupees = (amount: number) =>
  Number.isInteger(amount)
    ? new Intl.NumberFormat("en-IN", {
        style: "currency",
        currency: "INR",
        maximumFractionDigits: 0,
      }).format(amount)
    : new Intl.NumberFormat("en-IN", {
        style: "currency",
        currency: "INR",
        minimumFractionDigits: 2,
      }).format(amount);

const card = (page: Page, label: string) => page.getByRole("group", { name: label, exact: true });

/**
 * A shopper (in their own request context) orders one piece of an in-stock product; the admin
 * (the page's context) marks it paid. Returns what was paid.
 */
async function paidOrder(
  page: Page,
  shopperRequest: APIRequestContext,
): Promise<{ total: number; product: OrderedProduct }> {
  const { order, product } = await placeOrder(
    shopperRequest,
    {
      name: "Meera Iyer",
      email: "meera@example.in",
      phone: "9876543210",
      address: "4 Park Street, Kolkata, West Bengal, 700016, India",
    },
    2,
  );
  const paid = await page.request.patch(`/api/orders/${order._id}/status`, {
    data: { status: "confirmed", paymentStatus: "paid" },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return { total: order.totalAmount, product };
}

test("a guest is sent to sign in, a shopper to the home page", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login\?redirect=\/admin$/);

  await page.goto("/admin/orders");
  await expect(page).toHaveURL(/\/login\?redirect=\/admin\/orders$/);

  await signedInShopper(page, "admin-guard");
  await page.goto("/admin");
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  // The API refuses the shopper too.
  expect((await page.request.get("/api/admin/stats/overview")).status()).toBe(403);
});

test("an admin sees the Overview's figures, the revenue chart, and downloads the sales report", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A shopper of their own (a second request context) buys; the admin marks the order paid.
  const shopperRequest = await playwright.request.newContext({ baseURL });
  const shopper = await createShopper(shopperRequest, "overview-buyer");
  const login = await shopperRequest.post("/api/auth/login", {
    data: { email: shopper.email, password: shopper.password },
  });
  expect(login.status()).toBe(200);
  await signInAsAdmin(page);
  const { total, product } = await paidOrder(page, shopperRequest);
  await shopperRequest.dispose();

  await page.goto("/admin");
  const tabs = page.getByRole("navigation", { name: "Dashboard" });
  for (const name of TAB_NAMES)
    await expect(tabs.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Overview" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // The cards show the API's figures (retried: other tests may add products or reviews meanwhile).
  await expect(async () => {
    const stats = (await (await page.request.get("/api/admin/stats/overview")).json()) as Overview;
    await page.reload();
    await expect(card(page, "Total products")).toContainText(
      stats.totals.totalProducts.toLocaleString("en-IN"),
      { timeout: 1000 },
    );
    await expect(card(page, "Categories")).toContainText(String(stats.totals.totalCategories), {
      timeout: 1000,
    });
    await expect(card(page, "Total reviews")).toContainText(
      stats.totals.totalReviews.toLocaleString("en-IN"),
      { timeout: 1000 },
    );
    await expect(card(page, "Average rating")).toContainText(
      `${stats.totals.averageRating.toFixed(1)} / 5`,
      { timeout: 1000 },
    );
    await expect(card(page, "Hero products")).toContainText(String(stats.totals.heroProducts), {
      timeout: 1000,
    });
    // Today's bar holds the paid order.
    const today = stats.revenue.days.at(-1)!;
    expect(today.date).toBe(todayInIndia());
    expect(today.revenue).toBeGreaterThanOrEqual(total);
    await expect(page.locator("[data-revenue-total]")).toHaveText(rupees(stats.revenue.total), {
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000 });

  // The chart is drawn (recharts' SVG, bars for the days with revenue).
  const chart = page.locator("[data-chart]").first();
  await expect(chart.locator("svg.recharts-surface")).toBeVisible({ timeout: 15_000 });
  await expect(chart.locator(".recharts-bar-rectangle path").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Recent reviews" })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "The five most recent reviews" }).getByRole("listitem"),
  ).toHaveCount(5);
  await expect(page.getByRole("heading", { name: "Low stock" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Manage stock in Products" })).toHaveAttribute(
    "href",
    "/admin/products?stock=needs-restock",
  );
  await expect(page.getByRole("link", { name: "Send Newsletter" })).toHaveAttribute(
    "href",
    "/admin/newsletter?view=compose",
  );
  await expectNoSeriousViolations(page, "admin overview");

  // Refresh Statistics reloads the figures and says so.
  await page.getByRole("button", { name: "Refresh Statistics" }).click();
  await expect(page.locator("[data-banner]")).toHaveText("Statistics refreshed");

  // Generate Sales Report: the last 30 days by day, then this week's days only.
  await page.getByRole("link", { name: "Generate Sales Report" }).click();
  const report = page.getByRole("region", { name: "Sales report" });
  // The report is computed by the page's loader: allow a busy machine its time.
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(report.getByRole("heading", { name: "Sales report" })).toBeFocused();
  const today = todayInIndia();
  await expect(report.getByLabel("To")).toHaveValue(today);

  // A start after the end is refused next to the field, and what was typed stays.
  await report.getByLabel("From").fill("2099-01-01");
  await report.getByRole("button", { name: "Generate" }).click();
  await expect(report.getByText("The start date must be on or before the end date")).toBeVisible();
  await expect(report.getByLabel("From")).toHaveValue("2099-01-01");

  await report.getByLabel("From").fill(today);
  await report.getByText("Week", { exact: true }).click();
  await report.getByRole("button", { name: "Generate" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}&groupBy=week`), {
    timeout: 30_000,
  });
  await expect(report.locator("[data-chart] svg.recharts-surface").first()).toBeVisible({
    timeout: 15_000,
  });
  await expect(report.getByRole("table", { name: "Top products" })).toContainText(product.title);
  await expectNoSeriousViolations(page, "sales report");

  const downloading = page.waitForEvent("download");
  await report.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`sales-report-${today}-to-${today}-by-week.csv`);
  const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const lines = csv.split("\r\n");
  expect(lines[0]).toBe("Period start,Period end,Orders,Paid orders,Revenue (INR),Units");
  // One period (today), its revenue as the API reports it, and at least the paid order's.
  const [start, end, , paidOrders, revenue] = lines[1]!.split(",");
  expect([start, end]).toEqual([today, today]);
  expect(Number(paidOrders)).toBeGreaterThanOrEqual(1);
  expect(Number(revenue)).toBeGreaterThanOrEqual(total);
  const api = (await (
    await page.request.get(`/api/admin/stats/sales-report?from=${today}&to=${today}&groupBy=week`)
  ).json()) as SalesReport;
  expect(Number(revenue)).toBeLessThanOrEqual(api.totals.revenue);
  expect(lines[2]).toMatch(/^Total,,/);
  expect(lines).toContain("Top products,Units,Revenue (INR)");
  expect(csv).toContain(product.title);
});

test("the dashboard's shell: tabs lead to their pages, and the sticky tab bar stays in view", async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN);
  await page.goto("/admin");
  const tabs = page.getByRole("navigation", { name: "Dashboard" });
  await tabs.getByRole("link", { name: "Categories" }).click();
  await expect(page).toHaveURL(/\/admin\/categories$/);
  await expect(tabs.getByRole("link", { name: "Categories" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await tabs.getByRole("link", { name: "Overview" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.mouse.wheel(0, 1500);
  await expect(tabs).toBeInViewport();
});

test("on a phone, a tab bar scrolled while the page loads stays where the admin put it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_ADMIN);
  // The page's scripts are held back, so the bar is scrolled before React takes the page over.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/admin", { waitUntil: "commit" });
  const list = page.getByRole("navigation", { name: "Dashboard" }).getByRole("list");
  await expect(list).toBeVisible();
  const scrolled = await list.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
    return el.scrollLeft;
  });
  expect(scrolled, "the bar scrolls sideways at phone width").toBeGreaterThan(0);

  release();
  await expect
    .poll(() => page.evaluate(() => Object.keys(document).some((k) => k.startsWith("__react"))))
    .toBe(true);
  await page.waitForLoadState("networkidle");
  // Hydration kept the current tab (Overview) in view before: the bar jumped back under the
  // admin's finger, and a tap meant for Newsletter landed elsewhere.
  expect(await list.evaluate((el) => el.scrollLeft)).toBe(scrolled);
  await list.getByRole("link", { name: "Newsletter" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter$/);
});
