/**
 * Route-level splitting (issue: "storefront pages never load admin code"; record 0022): the home
 * page, the product list and a product page load none of the admin's route chunks nor its chart
 * library, while the admin's Overview does load them (so the check would see them if they leaked).
 *
 * The storefront's script budget (record 0029): what each of those three pages loads on a first
 * visit, gzipped, may not grow past what it is now (`npm run bundle-sizes` shows what is in it).
 * Issue #11 asks for at most 140 KB each; all three meet it since record 0053. Lower these as the
 * pages shrink; never raise them without a written reason, and never past 140.
 *
 * Raised: the product page 158 → 160 KB (2026-11-26, issue #16): the MRP price tag, fabric/care
 * facts, the phone's sticky add-to-cart bar and the store's review replies came to ~2.5 KB; the
 * review form (signed-in only), the share menu and the sticky bar now load after the page (lazy
 * chunks: they still count here, as this measures until the network is quiet), which took back
 * what could be taken without dropping tailwind-merge or the Tabs (record 0043).
 *
 * Raised: the product page 160 → 161 KB (2026-11-26 evening, issue #15): the wishlist heart and
 * the size chart button with the fit line, which the issue puts on the product page, came to
 * ~1.8 KB (the chart dialog and the review's fit questions load on demand); the share menu now
 * loads only when Share is first pressed (~1.3 KB off a first visit), which brought the page from
 * ~161.0 to 160.1 KB measured here. tailwind-merge (~9 KB) and Radix Tabs (~7 KB with its parts)
 * remain the cuts that would reach issue #11's 140 KB (docs/performance.md).
 *
 * Lowered: home 140 → 136, list 146 → 140, product 161 → 140 KB (2026-11-26 night, record 0053):
 * our own WAI-ARIA tabs instead of Radix Tabs (~9 KB), the Reviews and Shipping panels loaded with
 * their tab, tailwind-merge with its configuration cut to the app's class groups (8.4 → ~4.4 KB),
 * the catalogue chunks regrouped, the product loader writing the delivery line, JSON-LD and fit
 * line, and no preload helper: by `npm run bundle-sizes` 135.9, 139.2 and 139.8 KB.
 */
import { gzipSync } from "node:zlib";
import type { Page, Response } from "@playwright/test";
import { expect, test } from "./fixtures/test.ts";
import { signInAsAdmin } from "./helpers/accounts.ts";

/** The admin's code: its route modules (admin.*) and the chunk that holds recharts. */
const ADMIN_CODE = /\/assets\/(admin[.-]|charts-)/;

/** KB of gzipped script on a first visit, per page. */
const BUDGET_KB = { home: 136, list: 140, product: 140 } as const;

/** The scripts a page loads, from navigation until the network is quiet. */
async function scriptResponsesOf(page: Page, url: string): Promise<Response[]> {
  const scripts: Response[] = [];
  const record = (response: Response) => {
    if (response.request().resourceType() === "script") scripts.push(response);
  };
  page.on("response", record);
  await page.goto(url, { waitUntil: "networkidle" });
  page.off("response", record);
  return scripts;
}

async function scriptsOf(page: Page, url: string): Promise<string[]> {
  return (await scriptResponsesOf(page, url)).map((r) => r.url());
}

test("the storefront's pages load no admin code; the admin's overview does", async ({
  page,
  request,
}) => {
  const [product] = (await (await request.get("/api/products?limit=1")).json()) as Array<{
    _id: string;
  }>;
  for (const url of ["/", "/products", `/products/${product?._id}`]) {
    const scripts = await scriptsOf(page, url);
    expect(scripts.length, `${url} loads its scripts`).toBeGreaterThan(0);
    expect(
      scripts.filter((s) => ADMIN_CODE.test(s)),
      `${url} loads no admin code`,
    ).toEqual([]);
  }

  await signInAsAdmin(page);
  const admin = await scriptsOf(page, "/admin");
  await expect(page.getByRole("heading", { name: "Overview", exact: true })).toBeVisible();
  expect(admin.filter((s) => ADMIN_CODE.test(s)).length).toBeGreaterThan(0);
});

test("a first visit of the home, product list and product pages stays within its script budget (gzipped)", async ({
  page,
  request,
}) => {
  const [product] = (await (await request.get("/api/products?limit=1")).json()) as Array<{
    _id: string;
  }>;
  // Each page as on a first visit: nothing from the cache of the page before (Chromium only).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const pages = [
    ["/", BUDGET_KB.home],
    ["/products", BUDGET_KB.list],
    [`/products/${product?._id}`, BUDGET_KB.product],
  ] as const;
  for (const [url, budget] of pages) {
    const scripts = await scriptResponsesOf(page, url);
    let bytes = 0;
    for (const script of scripts) bytes += gzipSync(await script.body()).length;
    expect(scripts.length, `${url} loads its scripts`).toBeGreaterThan(0);
    expect(bytes / 1024, `${url}: KB of script, gzipped`).toBeLessThanOrEqual(budget);
  }
});
