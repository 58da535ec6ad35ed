/**
 * Cash-on-delivery controls (issue #14, record 0038), at both widths: a new order waits for the
 * shopper's confirmation; the order e-mail (read from the dev mailbox) carries a signed link whose
 * page works without signing in and confirms the order; My Orders then says it is confirmed; the
 * admin's order list flags the shopper's first order with a risk badge.
 */
import path from "node:path";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { runToken } from "./fixtures/store.ts";
import { expect, test } from "./fixtures/test.ts";
import { createShopper, signIn, signInAsAdmin } from "./helpers/accounts.ts";
import { placeOrder } from "./helpers/orders.ts";

const SHOTS = path.resolve(import.meta.dirname, "../.tmp");

type Mail = { subject: string; text: string };

test("the shopper confirms a new order from the e-mail's link; the admin sees its risk badge", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const width = testInfo.project.name;
  const token = runToken();
  const name = `Ritika Menon ${token}`;
  const shopper = await createShopper(page.request, `cod-${token}`, { name });
  await signIn(page, shopper);
  const { order } = await placeOrder(page.request, {
    name,
    email: shopper.email,
    phone: "9845098450",
  });

  // My Orders asks for the confirmation, with its deadline.
  await page.goto("/orders");
  const card = page.getByRole("article", { name: `Order ${order.orderNumber}` });
  await expect(
    card.getByRole("region", { name: `Confirm order ${order.orderNumber}` }),
  ).toContainText("Please confirm this order by");

  // The order e-mail, from the development mailbox: its link to confirm.
  let link = "";
  await expect
    .poll(
      async () => {
        const res = await page.request.get(
          `/api/dev/mailbox?to=${encodeURIComponent(shopper.email)}`,
        );
        const mails = (await res.json()) as Mail[];
        const placed = mails.find((m) =>
          m.subject.includes(`order ${order.orderNumber} has been placed`),
        );
        link =
          placed?.text.match(
            /https?:\/\/\S+\/order-confirmation\?token=[^\s&]+&action=confirm/,
          )?.[0] ?? "";
        return link;
      },
      { timeout: 20_000, message: "the order e-mail with its confirmation link" },
    )
    .not.toBe("");
  const url = new URL(link);

  // A browser that is not signed in (the shopper opens the mail on their phone).
  const guest = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: testInfo.project.use.viewport ?? null,
  });
  try {
    const phone = await guest.newPage();
    await phone.goto(`${url.pathname}${url.search}`);
    await expect(
      phone.getByRole("heading", { level: 1, name: `Order ${order.orderNumber}` }),
    ).toBeVisible();
    await expect(phone.getByRole("heading", { name: "Confirm your order" })).toBeVisible();
    await expect(phone.getByTestId("confirmation-address")).toContainText("560025");
    await expect(phone.getByText("Correct the delivery address", { exact: true })).toBeVisible();
    await expect(phone.getByText("Cancel this order", { exact: true })).toBeVisible();
    await phone.screenshot({
      path: path.join(SHOTS, `cod-confirm-link-${width}.png`),
      fullPage: true,
    });
    await expectNoSeriousViolations(phone, "the order confirmation page");

    await phone.getByRole("button", { name: "Confirm order" }).click();
    await expect(phone.getByRole("status")).toContainText("Thank you! Your order is confirmed.");
    await expect(phone.getByText(/You confirmed this order on/)).toBeVisible();
    await expect(phone.getByRole("button", { name: "Confirm order" })).toHaveCount(0);
    await phone.screenshot({
      path: path.join(SHOTS, `cod-confirmed-${width}.png`),
      fullPage: true,
    });

    // A changed token is refused.
    const forged = url.search.replace(
      /token=([^&]+)/,
      (_m, t: string) => `token=${t.slice(0, -2)}xx`,
    );
    await phone.goto(`${url.pathname}${forged}`);
    await expect(phone.getByRole("alert")).toContainText("This link is not valid");
  } finally {
    await guest.close();
  }

  // My Orders shows it confirmed.
  await page.reload();
  await expect(card).toContainText("You confirmed this order on");
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `cod-my-orders-${width}.png`) });

  // The admin sees the first order flagged.
  await signInAsAdmin(page);
  await page.goto("/admin/orders");
  await page.getByLabel("Search orders").fill(shopper.email);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const item = page.locator(`[data-order="${order.orderNumber}"]:visible`);
  const badges = item.getByTestId("risk-badges");
  await expect(badges).toContainText("First order");
  await expect(badges.locator("li", { hasText: "First order" })).toHaveAttribute(
    "title",
    "The shopper's first order with the store",
  );
  await page.screenshot({
    path: path.join(SHOTS, `cod-admin-badges-${width}.png`),
    fullPage: true,
  });
  await expectNoSeriousViolations(page, "the admin's order list with risk badges");
});
