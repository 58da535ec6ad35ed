/**
 * Cart, checkout and My orders in the browser (storefront.md §2, §5, §8, §9; decisions.md §4): a
 * shopper adds two sizes of one product, checks the cart and the header badge, checks out with a
 * wrong pincode and then a right one, confirms in the review dialog, finds the e-mail and the order,
 * and cancels it. Also: the cart's steppers (decrease at 1 removes, the stock refusal, the notice
 * above ₹999), the sign-in guard, and an axe scan of every state.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { expect, test } from "./fixtures/test.ts";
import { signedInShopper } from "./helpers/accounts.ts";
import { mailTo } from "./helpers/mailbox.ts";
import { placeOrder } from "./helpers/orders.ts";

type Product = {
  _id: string;
  title: string;
  price: number;
  imageUrl: string;
  sizeStock: Array<{ size: string; stock: number }>;
  colors: string[];
  colorImages: Array<{ color: string; imageUrl: string }>;
};

type CartLine = { productId: string; size: string; quantity: number; color?: string };

const main = (page: Page) => page.getByRole("main");
/** A toast's text (exactly: Radix also keeps a longer copy for screen readers). */
const toast = (page: Page, text: string | RegExp) =>
  page
    .getByRole("region", { name: /notifications/i })
    .getByText(text, { exact: typeof text === "string" });
/** The header's cart link: its name carries the badge's figure. */
const cartBadge = (page: Page, count: number) =>
  page.getByRole("link", { name: count === 1 ? "Cart, 1 item" : `Cart, ${count} items` });

const rupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const money = (amount: number) => rupees.format(amount);
/** A new store's charges (record 0036): items under ₹999 pay ₹99 shipping, paid by UPI. */
const withShipping = (subtotal: number) => (subtotal >= 999 ? subtotal : subtotal + 99);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function allProducts(request: APIRequestContext): Promise<Product[]> {
  const res = await request.get("/api/products?limit=100");
  expect(res.status(), "GET /api/products").toBe(200);
  return (await res.json()) as Product[];
}

/** Waits until the product's pictures are drawn (a fresh store draws them in the background). */
async function picturesReady(request: APIRequestContext, product: Product): Promise<void> {
  const urls = [product.imageUrl, ...product.colorImages.map((c) => c.imageUrl)].filter((u) =>
    u.startsWith("/images/"),
  );
  await expect
    .poll(
      async () =>
        (await Promise.all(urls.map(async (u) => (await request.head(u)).ok()))).every(Boolean),
      { timeout: 120_000, intervals: [1000, 2000], message: `pictures of ${product.title}` },
    )
    .toBe(true);
}

async function cartOf(request: APIRequestContext): Promise<CartLine[]> {
  const res = await request.get("/api/cart");
  expect(res.status(), "GET /api/cart").toBe(200);
  return (await res.json()) as CartLine[];
}

/** One cart line on /cart, found by its increase button's name (title, size, colour). */
function cartLine(page: Page, title: string, size: string): Locator {
  const named = new RegExp(
    `^Increase quantity of ${escapeRegExp(title)}, size ${escapeRegExp(size)}(,|$)`,
  );
  return main(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name: named }) });
}

const quantityOf = (line: Locator) => line.getByRole("status", { name: /^Quantity of / });

test("a guest is sent to sign in from checkout and orders (the cart is theirs: record 0044)", async ({
  page,
}) => {
  for (const path of ["/checkout", "/orders"]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${escapeRegExp(path)}$`));
  }
});

test("the whole journey: two sizes, cart, checkout with a wrong then a right pincode, review, confirmation, e-mail, my orders, cancel", async ({
  page,
}) => {
  // Sign-up, a dozen page loads, an order, an e-mail and a cancellation: a busy machine needs time.
  test.slow();
  const shopper = await signedInShopper(page, "orders-journey", { name: "Meera Iyer" });
  // A product above ₹999 with two sizes well in stock (other tests may order a few meanwhile).
  const products = await allProducts(page.request);
  const product = products.find(
    (p) => p.price > 999 && p.sizeStock.filter((s) => s.stock >= 5).length >= 2,
  );
  expect(product, "the demo catalogue should have a product with two sizes in stock").toBeTruthy();
  const { _id, title, price } = product!;
  const [first, second] = product!.sizeStock.filter((s) => s.stock >= 5).map((s) => s.size) as [
    string,
    string,
  ];
  await picturesReady(page.request, product!);

  // Two sizes of one product, from its page.
  await page.goto(`/products/${_id}`);
  await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(title);
  for (const [index, size] of [first, second].entries()) {
    await main(page).getByRole("radio", { name: size, exact: true }).check({ force: true });
    await main(page).getByRole("button", { name: "Add to cart" }).click();
    await expect(toast(page, "Item added to cart").first()).toBeVisible();
    await expect(cartBadge(page, index + 1)).toBeVisible();
  }

  // The cart: both lines, their prices, the total, the badge and the notice above ₹999.
  await cartBadge(page, 2).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(main(page).getByRole("heading", { level: 1, name: "Shopping Cart" })).toBeVisible();
  const lineA = cartLine(page, title, first);
  const lineB = cartLine(page, title, second);
  await expect(lineA).toHaveCount(1);
  await expect(lineB).toHaveCount(1);
  for (const line of [lineA, lineB]) {
    await expect(line.getByRole("link", { name: title })).toBeVisible();
    await expect(line).toContainText(`Price:${money(price)}`);
    await expect(quantityOf(line)).toHaveText("1");
  }
  await expect(main(page).getByTestId("cart-total")).toHaveText(money(price * 2));
  // Above ₹999 the order ships free (record 0036).
  await expect(main(page).getByTestId("shipping-line")).toContainText("Free");
  await expect(main(page).getByTestId("free-shipping-note")).toHaveText("Your order ships free.");
  // One more of the first size: the line, the total and the badge follow.
  await lineA.getByRole("button", { name: /^Increase quantity of / }).click();
  await expect(quantityOf(lineA)).toHaveText("2");
  await expect(main(page).getByTestId("cart-total")).toHaveText(money(price * 3));
  await expect(cartBadge(page, 3)).toBeVisible();
  await expectNoSeriousViolations(page, "the cart");

  // Checkout: prefilled from the account; a wrong pincode is refused at its field, nothing lost.
  await main(page).getByRole("link", { name: "Proceed to checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const form = main(page).getByRole("form", { name: "Shipping details" });
  await expect(form.getByLabel("Full name")).toHaveValue("Meera Iyer");
  await expect(form.getByLabel("Email")).toHaveValue(shopper.email);
  await expect(form.getByLabel("Country")).toHaveValue("India");
  await expect(form.getByRole("radio", { name: "Home" })).toBeChecked();
  await form.getByLabel("Mobile number").fill("98765 43210");
  await form.getByLabel("Street address").fill("14, Carter Road, Bandra West");
  await form.getByLabel(/^Apartment/).fill("Flat 3B, Sea Breeze");
  await form.getByLabel("City").fill("Mumbai");
  await form.getByLabel("State / Union territory").selectOption("Maharashtra");
  await form.getByLabel("Pincode").fill("040005");
  await form.getByRole("radio", { name: "Office" }).check();
  await form.getByRole("button", { name: "Review order" }).click();
  const pincode = form.getByLabel("Pincode");
  await expect(pincode).toHaveAttribute("aria-invalid", "true");
  await expect(pincode).toHaveAccessibleDescription("Please enter a valid 6-digit pincode");
  await expect(pincode).toBeFocused();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Nothing typed was lost.
  await expect(form.getByLabel("Street address")).toHaveValue("14, Carter Road, Bandra West");
  await expect(form.getByLabel("City")).toHaveValue("Mumbai");
  await expect(form.getByLabel("State / Union territory")).toHaveValue("Maharashtra");
  await expect(form.getByLabel("Mobile number")).toHaveValue("98765 43210");
  await expect(form.getByRole("radio", { name: "Office" })).toBeChecked();
  await expectNoSeriousViolations(page, "the checkout form with an error");

  // The right pincode: the review dialog shows the address, the items and the total.
  await pincode.fill("400050");
  await expect(pincode).not.toHaveAttribute("aria-invalid", "true");
  await form.getByRole("button", { name: "Review order" }).click();
  const dialog = page.getByRole("dialog", { name: "Review your order" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    "14, Carter Road, Bandra West, Flat 3B, Sea Breeze, Mumbai, Maharashtra, 400050, India",
  );
  await expect(dialog).toContainText("Deliver to (Office)");
  await expect(dialog).toContainText(money(price * 3));
  await expectNoSeriousViolations(page, "the review dialog");
  // Cancel goes back to the form with everything kept; then confirm, twice in a row.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(pincode).toHaveValue("400050");
  await form.getByRole("button", { name: "Review order" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Confirm order" }).dblclick();

  // The confirmation view with its links; the cart is empty now.
  await expect(
    main(page).getByRole("heading", {
      level: 1,
      name: "Order confirmed! Check your email for details.",
    }),
  ).toBeVisible();
  const orderNumber = (await main(page).getByTestId("order-number").textContent()) ?? "";
  expect(orderNumber).toMatch(/^VST-\d+$/);
  await expect(main(page).getByRole("link", { name: "Continue shopping" })).toHaveAttribute(
    "href",
    "/products",
  );
  await expect(main(page).getByRole("link", { name: "View my orders" })).toHaveAttribute(
    "href",
    "/orders",
  );
  await expect(cartBadge(page, 0)).toBeVisible();
  expect(await cartOf(page.request)).toEqual([]);
  await expectNoSeriousViolations(page, "the order confirmation");

  // One order only, however often Confirm was pressed.
  const mine = (await (await page.request.get("/api/orders/my-orders")).json()) as Array<{
    orderNumber: string;
    addressType: string;
    totalAmount: number;
  }>;
  expect(mine).toEqual([
    expect.objectContaining({ orderNumber, addressType: "office", totalAmount: price * 3 }),
  ]);

  // The confirmation e-mail is in the (development) mailbox.
  await expect
    .poll(
      async () =>
        (await mailTo(page.request, shopper.email)).some((m) => m.subject.includes(orderNumber)),
      { timeout: 20_000, intervals: [250, 500, 1000], message: "the order e-mail" },
    )
    .toBe(true);

  // My orders: the order, pending; cancel it after the question.
  await main(page).getByRole("link", { name: "View my orders" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const card = main(page).getByRole("article", { name: `Order ${orderNumber}` });
  await expect(card).toBeVisible();
  await expect(card.getByTestId("order-status")).toHaveText("Status: Pending");
  await expect(card).toContainText(money(price * 3));
  await expect(card).toContainText("Payment pending");
  await expect(
    card.getByRole("list", { name: `Items in order ${orderNumber}` }).getByRole("listitem"),
  ).toHaveCount(2);
  await expectNoSeriousViolations(page, "my orders");
  await card.getByRole("button", { name: `Cancel order ${orderNumber}` }).click();
  const confirm = page.getByRole("dialog", { name: `Cancel order ${orderNumber}?` });
  await expect(confirm).toContainText("Are you sure you want to cancel this order?");
  await confirm.getByRole("button", { name: "Yes, cancel order" }).click();
  await expect(toast(page, "Order cancelled successfully")).toBeVisible();
  await expect(card.getByTestId("order-status")).toHaveText("Status: Cancelled");
  await expect(card.getByRole("button", { name: /^Cancel order/ })).toHaveCount(0);

  // The status filter names the status when nothing matches.
  await main(page).getByRole("link", { name: "Shipped" }).click();
  await expect(page).toHaveURL(/\/orders\?status=shipped$/);
  await expect(main(page).getByRole("heading", { name: "No shipped orders found" })).toBeVisible();
  await main(page).getByRole("link", { name: "Cancelled" }).click();
  await expect(main(page).getByRole("article", { name: `Order ${orderNumber}` })).toBeVisible();
});

test("without JavaScript, cancelling asks on the page, then cancels; 'Keep order' keeps it", async ({
  page,
  browser,
}) => {
  const shopper = await signedInShopper(page, "orders-nojs");
  const customer = { name: shopper.name, email: shopper.email, phone: "9845012345" };
  const { order: kept } = await placeOrder(page.request, customer);
  const { order } = await placeOrder(page.request, customer);

  // The same signed-in shopper, in a browser that runs no scripts.
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const noJs = await context.newPage();
    await noJs.goto("/orders?status=pending");
    const keptCard = main(noJs).getByRole("article", { name: `Order ${kept.orderNumber}` });
    await keptCard.getByRole("button", { name: `Cancel order ${kept.orderNumber}` }).click();
    await expect(noJs).toHaveURL(
      new RegExp(`/orders\\?status=pending&cancel=${kept._id}#cancel-${kept._id}$`),
    );
    const ask = keptCard.getByRole("region", { name: `Cancel order ${kept.orderNumber}?` });
    await expect(ask).toContainText("Are you sure you want to cancel this order?");
    await ask.getByRole("link", { name: "Keep order" }).click();
    await expect(noJs).toHaveURL(/\/orders\?status=pending$/);
    await expect(keptCard.getByTestId("order-status")).toHaveText("Status: Pending");

    const card = main(noJs).getByRole("article", { name: `Order ${order.orderNumber}` });
    await card.getByRole("button", { name: `Cancel order ${order.orderNumber}` }).click();
    await card
      .getByRole("region", { name: `Cancel order ${order.orderNumber}?` })
      .getByRole("button", { name: "Yes, cancel order" })
      .click();
    await expect(noJs).toHaveURL(/\/orders\?status=pending$/);
    await expect(main(noJs).getByRole("status")).toHaveText("Order cancelled successfully");
    await expect(card).toHaveCount(0);
    await noJs.goto("/orders?status=cancelled");
    const cancelled = main(noJs).getByRole("article", { name: `Order ${order.orderNumber}` });
    await expect(cancelled.getByTestId("order-status")).toHaveText("Status: Cancelled");
    await expect(cancelled.getByRole("button", { name: /^Cancel order/ })).toHaveCount(0);
  } finally {
    await context.close();
  }
  const mine = (await (await page.request.get("/api/orders/my-orders")).json()) as Array<{
    _id: string;
    status: string;
  }>;
  expect(mine.find((o) => o._id === order._id)?.status).toBe("cancelled");
  expect(mine.find((o) => o._id === kept._id)?.status).toBe("pending");
});

test("without JavaScript, the checkout's review confirms once: the same review sent again gives the same order", async ({
  page,
  browser,
}) => {
  test.slow();
  await signedInShopper(page, "checkout-nojs", { name: "Kabir Shah" });
  const products = await allProducts(page.request);
  const product = products.find((p) => p.sizeStock.some((s) => s.stock >= 3));
  expect(product, "a product in stock").toBeTruthy();
  const size = product!.sizeStock.find((s) => s.stock >= 3)!.size;
  const added = await page.request.post("/api/cart/add", {
    data: { productId: product!._id, size, quantity: 1 },
  });
  expect(added.status(), await added.text()).toBe(200);

  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const noJs = await context.newPage();
    await noJs.goto("/checkout");
    const form = main(noJs).getByRole("form", { name: "Shipping details" });
    await form.getByLabel("Mobile number").fill("9812345678");
    await form.getByLabel("Street address").fill("22 Park Street");
    await form.getByLabel("City").fill("Kolkata");
    await form.getByLabel("State / Union territory").selectOption("West Bengal");
    await form.getByLabel("Pincode").fill("700016");
    await form.getByRole("button", { name: "Review order" }).click();

    // The review, as a section of the page, with its Confirm carrying an Idempotency-Key.
    await expect(main(noJs).getByRole("heading", { name: "Review your order" })).toBeVisible();
    await expect(main(noJs)).toContainText("22 Park Street, Kolkata, West Bengal, 700016, India");
    const confirm = main(noJs)
      .locator("form")
      .filter({
        has: noJs.getByRole("button", { name: "Confirm order" }),
      });
    const fields = Object.fromEntries(
      await confirm
        .locator('input[type="hidden"]')
        .evaluateAll((inputs) =>
          inputs.map((input) => [
            (input as HTMLInputElement).name,
            (input as HTMLInputElement).value,
          ]),
        ),
    ) as Record<string, string>;
    expect(fields.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    await confirm.getByRole("button", { name: "Confirm order" }).click();
    await expect(
      main(noJs).getByRole("heading", { name: "Order confirmed! Check your email for details." }),
    ).toBeVisible();
    const orderNumber = (await main(noJs).getByTestId("order-number").textContent()) ?? "";
    expect(orderNumber).toMatch(/^VST-\d+$/);

    // The same Confirm sent again (a reload that posts again): the same order, not a second one.
    const again = await noJs.request.post("/checkout", { form: { ...fields, intent: "place" } });
    expect(again.status()).toBe(200);
    expect(await again.text()).toContain(orderNumber);
  } finally {
    await context.close();
  }
  const mine = (await (await page.request.get("/api/orders/my-orders")).json()) as unknown[];
  expect(mine).toHaveLength(1);
});

test("cart steppers: the notice above ₹999, a refused increase, and decrease at 1 removes the line", async ({
  page,
}) => {
  test.slow();
  await signedInShopper(page, "orders-cart");
  const products = await allProducts(page.request);
  // One line that crosses ₹999 at two pieces, and one whose size we fill to its stock.
  const cheap = products.find(
    (p) => p.price > 500 && p.price <= 999 && p.sizeStock.some((s) => s.stock >= 5),
  );
  // A size with one piece left, from the demo catalogue (the end of the newest-first list): the
  // other specs order only sizes with more in stock, and the admin's product test changes only its
  // own (new) product, so nothing meanwhile changes the stock this line is filled to.
  const other = [...products]
    .reverse()
    .find((p) => p._id !== cheap?._id && p.sizeStock.some((s) => s.stock === 1));
  expect(cheap && other, "the demo catalogue should have suitable products").toBeTruthy();
  const cheapSize = cheap!.sizeStock.find((s) => s.stock >= 5)!.size;
  const full = other!.sizeStock.find((s) => s.stock === 1)!;
  await Promise.all([picturesReady(page.request, cheap!), picturesReady(page.request, other!)]);
  for (const body of [
    { productId: cheap!._id, size: cheapSize, quantity: 1 },
    { productId: other!._id, size: full.size, quantity: full.stock },
  ]) {
    const res = await page.request.post("/api/cart/add", { data: body });
    expect(res.status(), `add ${JSON.stringify(body)}: ${await res.text()}`).toBe(200);
  }

  await page.goto("/cart");
  const cheapLine = cartLine(page, cheap!.title, cheapSize);
  const fullLine = cartLine(page, other!.title, full.size);
  await expect(cartBadge(page, 1 + full.stock)).toBeVisible();
  await expect(main(page).getByTestId("cart-total")).toHaveText(
    money(withShipping(cheap!.price + other!.price * full.stock)),
  );

  // More than the size's stock is refused with the server's words, at the line.
  await fullLine.getByRole("button", { name: /^Increase quantity of / }).click();
  await expect(fullLine).toContainText(/Only \d+ items available in stock/);
  await expect(quantityOf(fullLine)).toHaveText(String(full.stock));
  await expect(cartBadge(page, 1 + full.stock)).toBeVisible();

  // Removing that line leaves the cheap one alone: at ₹999 or less there is no notice.
  await fullLine.getByRole("button", { name: /^Remove .+ from cart$/ }).click();
  await expect(toast(page, "Item removed from cart")).toBeVisible();
  await expect(fullLine).toHaveCount(0);
  await expect(cartBadge(page, 1)).toBeVisible();
  // Under ₹999: shipping is added, and the cart says how much more ships free.
  await expect(main(page).getByTestId("cart-total")).toHaveText(money(withShipping(cheap!.price)));
  if (cheap!.price < 999) {
    await expect(main(page).getByTestId("free-shipping-note")).toContainText(
      `Add ${money(999 - cheap!.price)} more for free shipping`,
    );
  }
  await expect(main(page).getByRole("link", { name: "Continue shopping" })).toHaveAttribute(
    "href",
    "/products",
  );

  // Two pieces cross ₹999: shipping is free.
  await cheapLine.getByRole("button", { name: /^Increase quantity of / }).click();
  await expect(quantityOf(cheapLine)).toHaveText("2");
  await expect(main(page).getByTestId("cart-total")).toHaveText(money(cheap!.price * 2));
  await expect(main(page).getByTestId("free-shipping-note")).toHaveText("Your order ships free.");
  await expect(cartBadge(page, 2)).toBeVisible();

  // Decrease: 2 → 1, then at 1 the line goes and the cart is empty.
  await cheapLine.getByRole("button", { name: /^Decrease quantity of / }).click();
  await expect(quantityOf(cheapLine)).toHaveText("1");
  await expect(main(page).getByTestId("cart-total")).toHaveText(money(withShipping(cheap!.price)));
  await cheapLine.getByRole("button", { name: /^Remove .+ \(quantity 1\)$/ }).click();
  await expect(main(page).getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await expect(cartBadge(page, 0)).toBeVisible();
  expect(await cartOf(page.request)).toEqual([]);
  await expect(main(page).getByRole("link", { name: "Start shopping" })).toHaveAttribute(
    "href",
    "/products",
  );
  await expectNoSeriousViolations(page, "the empty cart");

  // Checkout with an empty cart says so; My orders with none says so.
  await page.goto("/checkout");
  await expect(main(page).getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await page.goto("/orders");
  await expect(main(page).getByRole("heading", { name: "No orders found" })).toBeVisible();
  await expectNoSeriousViolations(page, "my orders with none");
});
