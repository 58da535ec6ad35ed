/**
 * The address book (issue #16, record 0040), at both widths: the first checkout saves the typed
 * address ("Save to my address book"), the second starts with it chosen and is placed without
 * typing anything; the profile's Address Book adds one (the PIN fills city and state), makes it
 * the default and deletes the other.
 */
import path from "node:path";
import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { expect, test } from "./fixtures/test.ts";
import { signedInShopper } from "./helpers/accounts.ts";

const SHOTS = path.resolve(import.meta.dirname, "../.tmp");
const main = (page: Page) => page.getByRole("main");

type Product = { _id: string; price: number; sizeStock: Array<{ size: string; stock: number }> };

/** One piece of a demo product in stock into the shopper's cart. */
async function fillCart(page: Page) {
  const products = (await (
    await page.request.get("/api/products?limit=100&inStock=true")
  ).json()) as Product[];
  const product = [...products].reverse().find((p) => p.sizeStock.some((s) => s.stock > 3));
  expect(product, "a demo product in stock").toBeTruthy();
  const size = product!.sizeStock.find((s) => s.stock > 3)!.size;
  const added = await page.request.post("/api/cart/add", {
    data: { productId: product!._id, size, quantity: 1 },
  });
  expect(added.status(), await added.text()).toBe(200);
}

async function reviewAndConfirm(page: Page, expectedAddress: RegExp) {
  await main(page).getByRole("button", { name: "Review order" }).click();
  const dialog = page.getByRole("dialog", { name: "Review your order" });
  await expect(dialog).toContainText(expectedAddress);
  await dialog.getByRole("button", { name: "Confirm order" }).click();
  await expect(
    main(page).getByRole("heading", {
      level: 1,
      name: "Order confirmed! Check your email for details.",
    }),
  ).toBeVisible();
}

test("the first checkout saves the address; the second is placed without typing it again", async ({
  page,
}, testInfo) => {
  test.slow();
  const width = testInfo.project.name;
  await signedInShopper(page, "address-book", { name: "Kavya Menon" });

  // First order: nothing saved yet, so the address is typed; "Save to my address book" is ticked.
  await fillCart(page);
  await page.goto("/checkout");
  const form = main(page).getByRole("form", { name: "Shipping details" });
  await expect(form.getByRole("radio", { name: /Deliver to a new address/ })).toHaveCount(0);
  await form.getByLabel("Mobile number").fill("98470 12345");
  await form.getByLabel("Street address").fill("22 Residency Road");
  await form.getByLabel(/^Apartment/).fill("Flat 4B");
  await form.getByLabel("Pincode").fill("560025");
  await expect(form.getByLabel("State / Union territory")).toHaveValue("Karnataka");
  await expect(form.getByLabel("City")).not.toHaveValue("");
  const save = form.getByRole("checkbox", { name: "Save to my address book" });
  await expect(save).toBeChecked();
  await save.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `address-book-first-checkout-${width}.png`) });
  await reviewAndConfirm(page, /22 Residency Road, Flat 4B/);
  await expect(main(page).getByTestId("address-saved-note")).toHaveText(
    "The address is saved to your address book for next time.",
  );

  // Second order: the saved address is chosen already; nothing is typed.
  await fillCart(page);
  await page.goto("/checkout");
  const saved = form.getByRole("radio", { name: /22 Residency Road/ });
  await expect(saved).toBeChecked();
  await expect(form.getByText("Default", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Street address")).toBeHidden();
  await expect(form.getByLabel("Mobile number")).toHaveValue("9847012345");
  await expect(form).toContainText(/Delivery by/);
  await expectNoSeriousViolations(page, "the checkout with a saved address");
  await page.screenshot({
    path: path.join(SHOTS, `address-book-second-checkout-${width}.png`),
    fullPage: true,
  });
  await reviewAndConfirm(page, /22 Residency Road, Flat 4B/);
  await expect(main(page).getByTestId("address-saved-note")).toHaveCount(0);

  const orders = (await (await page.request.get("/api/orders/my-orders")).json()) as Array<{
    shippingAddress: { streetAddress: string; pincode: string } | null;
    user: { phone: string };
  }>;
  expect(orders).toHaveLength(2);
  for (const order of orders) {
    expect(order.shippingAddress).toMatchObject({
      streetAddress: "22 Residency Road",
      pincode: "560025",
    });
    expect(order.user.phone).toBe("9847012345");
  }
  const book = (await (await page.request.get("/api/me/addresses")).json()) as unknown[];
  expect(book).toHaveLength(1);

  // "Deliver to a new address" shows the empty fields again.
  await fillCart(page);
  await page.goto("/checkout");
  await form.getByRole("radio", { name: /Deliver to a new address/ }).check();
  await expect(form.getByLabel("Street address")).toBeVisible();
  await expect(form.getByLabel("Street address")).toHaveValue("");
  await expect(form.getByRole("checkbox", { name: "Save to my address book" })).not.toBeChecked();
});

test("the profile's address book: add with the PIN's city and state, make default, delete", async ({
  page,
}, testInfo) => {
  test.slow();
  const width = testInfo.project.name;
  await signedInShopper(page, "address-profile", { name: "Rohan Das" });
  const first = await page.request.post("/api/me/addresses", {
    data: {
      name: "Rohan Das",
      phone: "9830012345",
      streetAddress: "5 Park Street",
      city: "Kolkata",
      state: "West Bengal",
      pincode: "700016",
      addressType: "home",
    },
  });
  expect(first.status(), await first.text()).toBe(201);

  await page.goto("/profile");
  const panel = main(page).getByRole("region", { name: "Address Book" });
  await expect(panel.getByRole("article", { name: "Home" })).toContainText("5 Park Street");
  await panel.getByRole("link", { name: "Add address" }).click();
  const editor = panel.getByRole("form", { name: "New address" });
  await expect(editor.getByLabel("Full name")).toBeFocused();

  // A bad mobile number is refused at its field, and nothing is saved.
  await editor.getByLabel("Mobile number").fill("12345");
  await editor.getByRole("button", { name: "Save address" }).click();
  await expect(
    editor.getByText("Please enter a valid 10-digit Indian mobile number"),
  ).toBeVisible();
  await expect(editor.getByText("Please fill in all required fields").first()).toBeVisible();

  await editor.getByLabel("Mobile number").fill("9830098765");
  await editor.getByLabel("Street address").fill("Unit 12, Hill Road");
  await editor.getByLabel("Pincode").fill("400050");
  await expect(editor.getByLabel("State / Union territory")).toHaveValue("Maharashtra");
  await expect(editor.getByLabel("City")).toHaveValue("Mumbai");
  await editor.getByRole("radio", { name: "Office" }).check();
  await page.screenshot({
    path: path.join(SHOTS, `address-book-profile-form-${width}.png`),
    fullPage: true,
  });
  await editor.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByText("Address saved to your address book", { exact: true })).toBeVisible();
  const office = panel.getByRole("article", { name: "Office" });
  await expect(office).toContainText("Unit 12, Hill Road, Mumbai, Maharashtra, 400050");

  await office.getByRole("button", { name: "Make default" }).click();
  await expect(page.getByText("Default address changed", { exact: true })).toBeVisible();
  await expect(office.getByText("Default", { exact: true })).toBeVisible();
  const home = panel.getByRole("article", { name: "Home" });
  await expect(home.getByText("Default", { exact: true })).toHaveCount(0);

  await home.getByRole("button", { name: /^Delete Home address/ }).click();
  await home.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Address deleted", { exact: true })).toBeVisible();
  await expect(panel.getByRole("article")).toHaveCount(1);
  await expectNoSeriousViolations(page, "the profile's address book");
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `address-book-profile-${width}.png`) });

  const book = (await (await page.request.get("/api/me/addresses")).json()) as Array<{
    addressType: string;
    isDefault: boolean;
  }>;
  expect(book.map((a) => [a.addressType, a.isDefault])).toEqual([["office", true]]);
});

test("before JavaScript runs: a saved address is chosen and ordered, a new one can be typed", async ({
  page,
  browser,
}) => {
  test.slow();
  await signedInShopper(page, "address-nojs", { name: "Isha Kapoor" });
  for (const address of [
    {
      streetAddress: "5 Park Street",
      city: "Kolkata",
      state: "West Bengal",
      pincode: "700016",
      addressType: "home",
    },
    {
      streetAddress: "Unit 12, Hill Road",
      city: "Mumbai",
      state: "Maharashtra",
      pincode: "400050",
      addressType: "office",
    },
  ]) {
    const res = await page.request.post("/api/me/addresses", {
      data: { name: "Isha Kapoor", phone: "9830012345", ...address },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await fillCart(page);

  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const noJs = await context.newPage();
    await noJs.goto("/checkout");
    const form = main(noJs).getByRole("form", { name: "Shipping details" });
    await expect(form.getByRole("radio", { name: /5 Park Street/ })).toBeChecked();
    await expect(form.getByLabel("Street address")).toBeHidden();
    // "A new address" shows its fields (CSS alone), and back.
    await form.getByRole("radio", { name: /Deliver to a new address/ }).check();
    await expect(form.getByLabel("Street address")).toBeVisible();
    await form.getByRole("radio", { name: /Unit 12, Hill Road/ }).check();
    await expect(form.getByLabel("Street address")).toBeHidden();

    await form.getByRole("button", { name: "Review order" }).click();
    await expect(main(noJs).getByRole("heading", { name: "Review your order" })).toBeVisible();
    await expect(main(noJs)).toContainText(
      "Unit 12, Hill Road, Mumbai, Maharashtra, 400050, India",
    );
    await main(noJs).getByRole("button", { name: "Confirm order" }).click();
    await expect(
      main(noJs).getByRole("heading", { name: "Order confirmed! Check your email for details." }),
    ).toBeVisible();
  } finally {
    await context.close();
  }
  const [order] = (await (await page.request.get("/api/orders/my-orders")).json()) as Array<{
    shippingAddress: { streetAddress: string; addressType: string };
  }>;
  expect(order!.shippingAddress).toMatchObject({
    streetAddress: "Unit 12, Hill Road",
    addressType: "office",
  });
});
