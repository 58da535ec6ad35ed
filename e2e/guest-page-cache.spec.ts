/**
 * Guest pages rendered once and reused (issue #11, records 0028 and 0029): a signed-out visitor of
 * `/`, `/products` and `/products/{id}` may get a stored page, but a stored page never carries a
 * signed-in shopper's data, and a shopper never gets the guests' page. A guest's ETag answers 304.
 */
import type { APIRequestContext, Page, Response } from "@playwright/test";
import { expect, test } from "./fixtures/test.ts";
import { signedInShopper } from "./helpers/accounts.ts";

type Product = { _id: string; sizeStock: Array<{ size: string; stock: number }> };

async function inStockProduct(request: APIRequestContext): Promise<Product> {
  const res = await request.get("/api/products?inStock=true&limit=24");
  expect(res.status()).toBe(200);
  const product = ((await res.json()) as Product[]).find((p) =>
    p.sizeStock.some((s) => s.stock > 2),
  );
  expect(product, "an in-stock product in the demo catalogue").toBeDefined();
  return product!;
}

const header = (page: Page) => page.getByRole("banner");

test("a cached guest page never shows a signed-in shopper's name or cart", async ({
  page,
  browser,
}) => {
  const product = await inStockProduct(page.request);
  const urls = ["/", "/products", `/products/${product._id}`];

  // A guest first: the pages are rendered for guests and stored.
  const before = await browser.newContext();
  for (const url of urls) {
    const res = await before.request.get(url);
    expect(res.status(), url).toBe(200);
  }
  await before.close();

  // A shopper with one piece in the cart sees their own header on every page. A name no one else
  // has: the demo's reviews are signed by Meera Pillai, and which product comes first changes as
  // other tests place orders, so a commoner name could be on the guests' page by right.
  const shopper = await signedInShopper(page, "guest-cache", { name: "Tanvika Rajadhyaksha" });
  const size = product.sizeStock.find((s) => s.stock > 2)!.size;
  const added = await page.request.post("/api/cart/add", {
    data: { productId: product._id, size, quantity: 1 },
  });
  expect(added.status()).toBe(200);
  for (const url of urls) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(200);
    expect(res?.headers()["x-page-cache"], `${url} is not a stored page`).toBeUndefined();
    // The account button is in the header on a desktop, in the menu's place on a phone.
    await expect(
      header(page).getByRole("button", {
        name: "Tanvika Rajadhyaksha, your account",
        includeHidden: true,
      }),
    ).toBeAttached();
    await expect(header(page).getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  }

  // A guest afterwards, in a fresh context: no trace of the shopper, in the HTML or on screen.
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  for (const url of urls) {
    const res = await guest.request.get(url);
    expect(res.status(), url).toBe(200);
    const html = await res.text();
    for (const trace of ["Tanvika", "Rajadhyaksha", shopper.email]) {
      expect(html, `${url} holds no "${trace}"`).not.toContain(trace);
    }
    await guestPage.goto(url);
    await expect(
      header(guestPage).getByRole("link", { name: "Sign In", exact: true, includeHidden: true }),
    ).toBeAttached();
    await expect(header(guestPage).getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
    await expect(guestPage.getByText("Tanvika")).toHaveCount(0);
  }

  // The guest's copy is validated by its ETag: 304 without a body, while it holds. Other tests
  // write to the catalogue meanwhile (an order takes stock), which retires every stored page and
  // its ETag at once: the three requests are tried again until no write fell between them.
  for (const url of urls) {
    let etag = "";
    await expect(async () => {
      // Stored by the first (when it expired meanwhile), answered from the store by the second.
      await guest.request.get(url);
      const first = await guest.request.get(url);
      etag = first.headers().etag ?? "";
      expect(etag, `${url} has an ETag`).toBeTruthy();
      const again = await guest.request.get(url, { headers: { "if-none-match": etag } });
      expect(again.status(), `${url} with its ETag`).toBe(304);
      expect(await again.body()).toHaveLength(0);
    }).toPass({ timeout: 20_000 });
    // The same ETag from the shopper gets the shopper's own page, never the guests'.
    const mine = await page.request.get(url, { headers: { "if-none-match": etag } });
    expect(mine.status(), `${url} for the shopper`).toBe(200);
    expect(await mine.text()).toContain("Tanvika Rajadhyaksha");
  }
  await guest.close();
});

test("a stored guest page comes gzip-compressed with its own nonce, and the browser runs it", async ({
  browser,
  page,
}) => {
  const product = await inStockProduct(page.request);
  const context = await browser.newContext();
  const problems: string[] = [];
  const tab = await context.newPage();
  tab.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  tab.on("pageerror", (error) => problems.push(error.message));
  for (const url of ["/", "/products", `/products/${product._id}`]) {
    // Stored by the first request, served from the store to the second. Other tests write to the
    // catalogue meanwhile (orders take stock), which retires every stored page at once: the pair
    // is tried again until the second is a stored page.
    let res: Response | null = null;
    await expect(async () => {
      await context.request.get(url);
      res = await tab.goto(url);
      expect(res?.status(), url).toBe(200);
      expect((await res!.allHeaders())["x-page-cache"], `${url} is a stored page`).toBe("hit");
    }).toPass({ timeout: 20_000 });
    const headers = await res!.allHeaders();
    expect(headers["content-encoding"], `${url} is sent compressed`).toBe("gzip");
    const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
    expect(nonce, `${url} has a nonce`).toBeTruthy();
    expect(await res!.text()).toContain(`nonce="${nonce}"`);
    // React took over the server's HTML (hydrateRoot marks its container, the document).
    await expect
      .poll(() => tab.evaluate(() => Object.keys(document).some((k) => k.startsWith("__react"))))
      .toBe(true);
  }
  expect(problems).toEqual([]);
  await context.close();
});
