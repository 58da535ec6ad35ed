/**
 * Route-level splitting (issue: "storefront pages never load admin code"; record 0022): the home
 * page, the product list and a product page load none of the admin's route chunks nor its chart
 * library, while the admin's Overview does load them (so the check would see them if they leaked).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test.ts";
import { signInAsAdmin } from "./helpers/accounts.ts";

/** The admin's code: its route modules (admin.*) and the chunk that holds recharts. */
const ADMIN_CODE = /\/assets\/(admin[.-]|charts-)/;

/** The script URLs a page loads, from navigation until the network is quiet. */
async function scriptsOf(page: Page, url: string): Promise<string[]> {
  const scripts: string[] = [];
  const record = (response: { url(): string; request(): { resourceType(): string } }) => {
    if (response.request().resourceType() === "script") scripts.push(response.url());
  };
  page.on("response", record);
  await page.goto(url, { waitUntil: "networkidle" });
  page.off("response", record);
  return scripts;
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
