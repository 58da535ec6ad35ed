/**
 * The home page (storefront.md §2 Home, §8 'Other behaviour', §9; decisions.md §3 images, §6
 * newsletter text, §7 QR): hero advertisements, the rotating caption, 'Our Collections', the
 * social-connect QR overlay, the newsletter form and the page's SEO tags.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { runToken } from "./fixtures/store.ts";
import { expect, test } from "./fixtures/test.ts";

type Ad = {
  _id: string;
  title: string;
  imageUrl: string;
  buttonText: string;
  buttonLink: string;
  isActive: boolean;
  priority: number;
};
type Product = {
  _id: string;
  title: string;
  price: number;
  imageUrl: string;
  heroImage: string | null;
};

/** The ads the hero must show: active ones, lowest priority number first, at most 4. */
async function heroAds(request: APIRequestContext): Promise<Ad[]> {
  const res = await request.get("/api/admin/advertisements/active");
  expect(res.status(), "GET /api/admin/advertisements/active (public)").toBe(200);
  const ads = (await res.json()) as Ad[];
  return ads
    .filter((ad) => ad.isActive)
    .sort((a, b) => a.priority - b.priority)
    .slice(0, 4);
}

async function heroProducts(request: APIRequestContext): Promise<Product[]> {
  const res = await request.get("/api/products?isHero=true&limit=4");
  expect(res.status(), "GET /api/products?isHero=true").toBe(200);
  return ((await res.json()) as Product[]).slice(0, 4);
}

const rupees = (n: number) =>
  new Intl.NumberFormat("en-IN", {
    style: "currency",
    currency: "INR",
    maximumFractionDigits: Number.isInteger(n) ? 0 : 2,
    minimumFractionDigits: Number.isInteger(n) ? 0 : 2,
  }).format(n);

const newsletter = (page: Page) => page.locator("#newsletter");

const WIDTHS = [320, 640, 960, 1280];

/**
 * The demo store draws its pictures in the background after start-up: wait until every width of
 * the pictures this page shows is served, so a picture still being drawn is not a failed image.
 */
test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const ads = await heroAds(request);
  const products = await heroProducts(request);
  const urls = [
    ...ads.map((ad) => ad.imageUrl),
    ...products.map((p) => p.heroImage || p.imageUrl),
  ].flatMap((url) => WIDTHS.map((w) => url.replace(/-w\d+\.webp$/, `-w${w}.webp`)));
  await expect
    .poll(
      async () => {
        const statuses = await Promise.all(urls.map(async (u) => (await request.head(u)).status()));
        return statuses.filter((status) => status !== 200).length;
      },
      { timeout: 110_000, intervals: [500, 1000, 2000], message: "demo pictures drawn" },
    )
    .toBe(0);
  await request.dispose();
});

test("the hero shows the advertisements: two tall 'Special Offer' cards, then 'Trending'", async ({
  page,
  request,
}) => {
  const ads = await heroAds(request);
  await page.goto("/");
  const hero = page.getByRole("region", { name: "Vastra", exact: true });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(hero.getByRole("link", { name: "Shop Now", exact: true })).toHaveAttribute(
    "href",
    "/products",
  );

  const cards = page.getByTestId("hero-ad");
  if (ads.length === 0) {
    await expect(page.getByText("Special Offers Coming Soon")).toBeVisible();
    await expect(cards).toHaveCount(0);
    return;
  }
  await expect(cards).toHaveCount(ads.length);
  for (const [i, ad] of ads.entries()) {
    const card = cards.nth(i);
    await expect(card).toContainText(i < 2 ? "Special Offer" : "Trending");
    await expect(card.getByRole("heading", { name: ad.title })).toBeAttached();
    const link = card.getByRole("link");
    await expect(link).toContainText(ad.buttonText);
    if (/^https?:\/\//i.test(ad.buttonLink)) {
      await expect(link).toHaveAttribute("href", ad.buttonLink);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    } else {
      await expect(link).not.toHaveAttribute("target", "_blank");
    }
  }
  // Tall cards are taller than wide; square ones are square.
  const box = await cards.first().boundingBox();
  expect(box && box.height > box.width).toBe(true);
  if (ads.length > 2) {
    const square = await cards.nth(2).boundingBox();
    expect(square && Math.abs(square.height - square.width) < 2).toBe(true);
  }
  await expect(page.getByTestId("hero-ads-loading")).toHaveCount(0);
});

test("an advertisement opening on this site navigates there in the same window", async ({
  page,
  pageGuard,
  request,
}) => {
  const ads = await heroAds(request);
  const index = ads.findIndex((ad) => ad.buttonLink.startsWith("/"));
  test.skip(index < 0, "no advertisement links into the store");
  await page.goto("/");
  const card = page.getByTestId("hero-ad").nth(index);
  // The product list loads next: pictures the demo store is still drawing are not the home page's.
  pageGuard.allow(/Failed to load resource: .*404.*\/images\//);
  await card.getByRole("link").click();
  const target = new URL(ads[index]!.buttonLink, "http://x");
  await expect(page).toHaveURL((url) => url.pathname === target.pathname);
});

test("a failed advertisement image falls back to the logo", async ({
  page,
  pageGuard,
  request,
}) => {
  const ads = await heroAds(request);
  test.skip(ads.length === 0, "no advertisements to show");
  pageGuard.allow(/Failed to load resource.*404/);
  await page.route("**/images/**", (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto("/");
  const img = page.getByTestId("hero-ad").first().locator("img");
  await expect(img).toHaveAttribute("data-fallback", "logo");
  await expect(img).toHaveAttribute("src", "/favicon.svg");
  await expect(img).not.toHaveAttribute("srcset", /./);
});

test("the caption cycles through the collections every 4 seconds, without live announcements", async ({
  page,
}) => {
  await page.goto("/");
  const caption = page.getByTestId("hero-caption");
  await expect(caption).toHaveAttribute("aria-live", "off");
  await expect(caption).toContainText("WEDDING & FESTIVE EDIT");
  await expect(caption).toContainText("NEW SEASON");
  await expect(caption).toContainText("URBAN CHIC", { timeout: 6_000 });
  await expect(caption).toContainText("TRENDING");
  await expect(caption).toContainText("MODERN CLASSICS", { timeout: 6_000 });
  await expect(caption).toContainText("TIMELESS");

  // It can be paused (WCAG 2.2.2) and then stays put.
  await page.getByRole("button", { name: /pause the collection captions/i }).click();
  const paused = await caption.textContent();
  await page.waitForTimeout(4_500);
  await expect(caption).toHaveText(paused ?? "");
  await expect(page.getByRole("button", { name: /play the collection captions/i })).toBeVisible();
});

test("'Our Collections' shows the hero products, each linking to its page", async ({
  page,
  pageGuard,
  request,
}) => {
  const products = await heroProducts(request);
  await page.goto("/");
  const section = page.getByRole("region", { name: "Our Collections" });
  await expect(section.getByRole("heading", { name: "Our Collections" })).toBeVisible();
  await expect(section.getByRole("link", { name: /explore all collections/i })).toHaveAttribute(
    "href",
    "/products",
  );
  const cards = section.getByTestId("featured-product");
  await expect(cards).toHaveCount(products.length);
  await expect(section.getByTestId("featured-loading")).toHaveCount(0);
  for (const [i, product] of products.entries()) {
    const card = cards.nth(i);
    const link = card.getByRole("link", { name: product.title });
    await expect(link).toHaveAttribute("href", `/products/${product._id}`);
    await expect(card).toContainText(rupees(product.price));
    // heroImage when set, else the main image (a stored image: srcset of its widths).
    const image = product.heroImage || product.imageUrl;
    await expect(card.locator("img")).toHaveAttribute("src", image);
  }
  if (products.length > 0) {
    // Past this point the product page loads; pictures the demo store is still drawing in the
    // background are its business, not the home page's.
    pageGuard.allow(/Failed to load resource: .*404.*\/images\//);
    await cards.first().getByRole("link", { name: products[0]!.title }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${products[0]!._id}$`));
  }
});

test("the QR overlay shows a real QR code of the link and closes with Escape", async ({ page }) => {
  await page.goto("/");
  const store = (await (await page.request.get("/api/store")).json()) as {
    social: { instagram: string };
  };
  const card = page.getByTestId("social-instagram");
  await expect(card.getByRole("link", { name: /follow/i })).toHaveAttribute(
    "href",
    store.social.instagram,
  );
  await expect(card.getByRole("link", { name: /follow/i })).toHaveAttribute("target", "_blank");
  for (const figure of ["68K+", "2.5K+", "24/7"]) {
    await expect(page.getByRole("region", { name: /connect with/i })).toContainText(figure);
  }

  const trigger = card.getByRole("button", { name: /qr code/i });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "Scan to Follow" });
  await expect(dialog).toBeVisible();
  const qr = dialog.getByRole("img", { name: /qr code/i });
  await expect(qr).toHaveAttribute("src", /^data:image\/svg\+xml/);
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(dialog.getByRole("button", { name: "Close" })).toBeVisible();
  await expectNoSeriousViolations(page, "/ with the QR overlay open");

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  // The Close button closes it too.
  await trigger.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("the newsletter button is disabled while the email is empty", async ({ page }) => {
  await page.goto("/");
  const section = newsletter(page);
  const email = section.getByRole("textbox", { name: /email/i });
  const button = section.getByRole("button", { name: /subscribe/i });
  await expect(button).toBeDisabled();
  await email.fill("meera@example.com");
  await expect(button).toBeEnabled();
  await email.fill("   ");
  await expect(button).toBeDisabled();
});

test("a newsletter subscription welcomes the subscriber for 5 s, then the form returns", async ({
  page,
}) => {
  const email = `meera.${runToken()}@example.com`;
  let body: unknown;
  page.on("request", (req) => {
    if (req.url().endsWith("/api/newsletter/subscribe")) body = req.postDataJSON();
  });
  await page.goto("/");
  const section = newsletter(page);
  await section.getByRole("textbox", { name: /email/i }).fill(email);
  const button = section.getByRole("button", { name: /subscribe/i });
  await button.click();
  const welcome = section.getByText(/^Welcome to the Vastra family!/);
  await expect(welcome).toBeVisible();
  expect(body).toEqual({ email, source: "home" });
  await expect(button).toBeHidden();
  await expect(welcome).toBeHidden({ timeout: 7_000 });
  await expect(section.getByRole("textbox", { name: /email/i })).toHaveValue("");
  await expect(section.getByRole("button", { name: /subscribe/i })).toBeDisabled();
});

test("a failed subscription shows the error for 5 s", async ({ page, pageGuard }) => {
  pageGuard.allow(/Failed to load resource.*500/);
  await page.route("**/api/newsletter/subscribe", (route) =>
    route.fulfill({ status: 500, json: { message: "Internal error" } }),
  );
  await page.goto("/");
  const section = newsletter(page);
  await section.getByRole("textbox", { name: /email/i }).fill("meera@example.com");
  await section.getByRole("button", { name: /subscribe/i }).click();
  const error = section.getByText("Subscription failed. Please try again.");
  await expect(error).toBeVisible();
  await expect(error).toBeHidden({ timeout: 7_000 });
  await expect(section.getByRole("textbox", { name: /email/i })).toHaveValue("meera@example.com");
});

test("the page carries its canonical URL, Open Graph tags and Organization JSON-LD", async ({
  page,
  request,
}) => {
  const products = await heroProducts(request);
  await page.goto("/");
  await expect(page).toHaveTitle(/Vastra/);
  const origin = new URL(page.url()).origin;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /./);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Vastra/);
  const ogImage = page.locator('meta[property="og:image"]');
  if (products[0]) {
    const image = products[0].heroImage || products[0].imageUrl;
    await expect(ogImage).toHaveAttribute("content", new URL(image, origin).toString());
  } else {
    await expect(ogImage).toHaveCount(0);
  }
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
  ) as { "@type": string; name: string; url: string };
  expect(ld["@type"]).toBe("Organization");
  expect(ld.name).toBe("Vastra");
  expect(ld.url).toBe(`${origin}/`);
});
