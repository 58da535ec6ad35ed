/**
 * The wishlist (issue #15, record 0045), at phone and desktop widths: a guest's heart asks to sign
 * in and comes back to the product, saved; the hearts on the home and list cards save and show
 * what is saved after a reload; /wishlist moves a product to the cart (choosing the size and
 * colour in place), refuses a sold-out one with the reason, removes, and ends on its empty state.
 * Each new screen is checked with axe and saved to .tmp/ to be looked at.
 */
import path from "node:path";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { expect, isMobile, test } from "./fixtures/test.ts";
import { createShopper, DEMO_ADMIN, signedInShopper } from "./helpers/accounts.ts";

type Product = { _id: string; title: string; imageUrl: string };

const main = (page: Page) => page.getByRole("main");
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /notifications/i }).getByText(text, { exact: true });
const heart = (scope: Page | ReturnType<Page["getByRole"]>, title: string, saved: boolean) =>
  scope.getByRole("button", {
    name: saved ? `Remove ${title} from wishlist` : `Save ${title} to wishlist`,
    exact: true,
  });

function shot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  const file = path.resolve(
    import.meta.dirname,
    `../.tmp/wishlist-${name}-${testInfo.project.name}.png`,
  );
  return page.screenshot({ path: file, fullPage });
}

/** This test's own products (made by the demo admin), so no other test changes their stock. */
async function makeProducts(request: APIRequestContext, tag: string) {
  const login = await request.post("/api/auth/login", {
    data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const [demo] = (await (await request.get("/api/products?limit=1")).json()) as Product[];
  const make = async (title: string, body: Record<string, unknown>) => {
    const res = await request.post("/api/admin/products", {
      data: { title, price: 1499, gender: "Women", imageUrl: demo!.imageUrl, ...body },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).product as Product;
  };
  // One word, so the list's search finds exactly these three.
  const suffix = `${tag.replace(/\W/g, "")}${Date.now().toString(36)}`;
  const sized = await make(`Wish Kurta ${suffix}`, {
    sizes: ["S", "M", "L"],
    sizeStock: [
      { size: "S", stock: 0 },
      { size: "M", stock: 3 },
      { size: "L", stock: 2 },
    ],
    colors: ["Indigo", "Rust"],
    defaultColor: "Indigo",
  });
  const single = await make(`Wish Dupatta ${suffix}`, {
    sizes: ["Free Size"],
    sizeStock: [{ size: "Free Size", stock: 5 }],
  });
  const soldOut = await make(`Wish Saree ${suffix}`, {
    sizes: ["M"],
    sizeStock: [{ size: "M", stock: 0 }],
  });
  await request.post("/api/auth/logout");
  return { sized, single, soldOut, suffix };
}

test("a guest's heart asks to sign in, and signing in comes back to the product, saved", async ({
  page,
  request,
}, testInfo) => {
  const { single } = await makeProducts(request, `guest-${testInfo.project.name}`);
  const shopper = await createShopper(request, "wishlist-guest", { name: "Kavya Menon" });

  await page.goto(`/products/${single._id}`);
  await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(single.title);
  const guestHeart = heart(main(page), single.title, false);
  await expect(guestHeart).toHaveAttribute("aria-pressed", "false");
  await guestHeart.click();
  await expect(toast(page, "Please sign in to save items to your wishlist")).toBeVisible();
  await shot(page, testInfo, "guest-toast");
  await page
    .getByRole("region", { name: /notifications/i })
    .getByRole("link", { name: "Sign in" })
    .click();
  await expect(page).toHaveURL(/\/login\?redirect=/);

  await main(page).getByRole("textbox", { name: "Email", exact: true }).fill(shopper.email);
  await main(page).getByRole("textbox", { name: "Password", exact: true }).fill(shopper.password);
  await main(page).getByRole("button", { name: "Sign In" }).click();

  // Back on the same product, which is now saved; the address is the product's own again.
  await expect(page).toHaveURL(new RegExp(`/products/${single._id}$`));
  const savedHeart = heart(main(page), single.title, true);
  await expect(savedHeart).toHaveAttribute("aria-pressed", "true");
  await expect(toast(page, "Saved to your wishlist")).toBeVisible();
  const ids = (await (await page.request.get("/api/wishlist/ids")).json()) as { ids: string[] };
  expect(ids.ids).toEqual([single._id]);
  await expectNoSeriousViolations(page, "the product page with its heart pressed");
  await shot(page, testInfo, "product-saved");

  // Pressing again removes it; a reload shows it still removed.
  await savedHeart.click();
  await expect(heart(main(page), single.title, false)).toHaveAttribute("aria-pressed", "false");
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/wishlist/ids")).json()) as { ids: string[] }).ids,
    )
    .toEqual([]);
  await page.reload();
  await expect(heart(main(page), single.title, false)).toBeVisible();
});

test("card hearts save; /wishlist moves to the cart, refuses a sold-out piece, removes, empties", async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const { sized, single, soldOut, suffix } = await makeProducts(
    request,
    `page-${testInfo.project.name}`,
  );
  await signedInShopper(page, "wishlist-page", { name: "Nila Raman" });

  // The home page's featured cards carry a heart too.
  await page.goto("/");
  const featured = page.getByTestId("featured-product").first();
  const featuredTitle = (await featured.getByRole("heading").innerText()).trim();
  await heart(featured, featuredTitle, false).click();
  await expect(heart(featured, featuredTitle, true)).toHaveAttribute("aria-pressed", "true");
  await expect(toast(page, "Saved to your wishlist").first()).toBeVisible();
  await featured.scrollIntoViewIfNeeded();
  await shot(page, testInfo, "home", false);

  // The list's cards: three of this test's products saved from their hearts.
  await page.goto(`/products?search=${encodeURIComponent(suffix)}`);
  for (const product of [sized, single, soldOut]) {
    await heart(main(page), product.title, false).click();
    await expect(heart(main(page), product.title, true)).toHaveAttribute("aria-pressed", "true");
  }
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/wishlist/ids")).json()) as { ids: string[] }).ids
          .length,
    )
    .toBe(4);
  // After a reload the hearts know what is saved (one GET of the ids after hydration).
  await page.reload();
  await expect(heart(main(page), sized.title, true)).toHaveAttribute("aria-pressed", "true");
  await expectNoSeriousViolations(page, "the product list with hearts");
  await shot(page, testInfo, "list");

  // To the wishlist from the header (the phone's menu).
  if (isMobile(testInfo)) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Wishlist" }).click();
  } else {
    await page
      .getByRole("banner")
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Wishlist" })
      .click();
  }
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(main(page).getByRole("heading", { level: 1, name: "Your Wishlist" })).toBeVisible();
  const list = main(page).getByRole("list", { name: "Saved products" });
  await expect(list.getByRole("listitem")).toHaveCount(4);
  const card = (title: string) => list.getByRole("listitem", { name: title });
  await expect(card(soldOut.title)).toContainText("Out of Stock");
  await expect(card(sized.title)).toContainText("₹1,499");
  await expectNoSeriousViolations(page, "the wishlist");
  await shot(page, testInfo, "page");

  // A sold-out piece: refused with the reason, and it stays.
  await card(soldOut.title).getByRole("button", { name: "Move to cart" }).click();
  await expect(card(soldOut.title)).toContainText("This product is out of stock");
  await expect(list.getByRole("listitem")).toHaveCount(4);

  // More than one size: chosen in place (S is sold out), and a colour.
  await card(sized.title).getByRole("button", { name: "Move to cart" }).click();
  const sizes = card(sized.title).getByRole("group", { name: "Choose a size" });
  await expect(sizes.getByRole("radio", { name: "S (sold out)" })).toBeDisabled();
  await sizes.getByRole("radio", { name: "L", exact: true }).check({ force: true });
  await card(sized.title).getByRole("combobox", { name: "Colour" }).selectOption("Rust");
  await expectNoSeriousViolations(page, "the wishlist's size chooser");
  await shot(page, testInfo, "choose-size");
  await card(sized.title).getByRole("button", { name: "Add to cart" }).click();
  await expect(toast(page, "Moved to your cart").first()).toBeVisible();
  await expect(card(sized.title)).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 1 item" })).toBeVisible();

  // One size: straight to the cart.
  await card(single.title).getByRole("button", { name: "Move to cart" }).click();
  await expect(card(single.title)).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
  const cart = (await (await page.request.get("/api/cart")).json()) as Array<{
    productId: string;
    size: string;
    color?: string;
    quantity: number;
  }>;
  expect(cart.map((l) => [l.productId, l.size, l.color ?? "", l.quantity])).toEqual([
    [sized._id, "L", "Rust", 1],
    [single._id, "Free Size", "", 1],
  ]);

  // Remove the rest; the empty state leads to the collection.
  for (const title of [featuredTitle, soldOut.title]) {
    await card(title)
      .getByRole("button", { name: `Remove ${title} from wishlist` })
      .click();
    await expect(card(title)).toHaveCount(0);
  }
  await expect(main(page).getByRole("heading", { name: "Your wishlist is empty" })).toBeVisible();
  await expectNoSeriousViolations(page, "the empty wishlist");
  await shot(page, testInfo, "empty");
  await main(page).getByRole("link", { name: "Explore the collection" }).click();
  await expect(page).toHaveURL(/\/products$/);
});
