/**
 * The referral page (storefront.md §2 Referrals, §3 Affiliate stats; decisions.md §5): the code,
 * the link with copy and sharing, How It Works, the friends who joined with the code, the
 * /register?ref=CODE link, /referrals as the same screen, and the way there from the header.
 */
import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { expect, isMobile, test } from "./fixtures/test.ts";
import { createShopper, signedInShopper } from "./helpers/accounts.ts";

type Stats = {
  affiliateCode: string;
  count: number;
  referred: Array<{ name: string; email: string; joinedAt: string }>;
  rewardPerReferral: number;
};

const rupees = (n: number) =>
  new Intl.NumberFormat("en-IN", {
    style: "currency",
    currency: "INR",
    maximumFractionDigits: Number.isInteger(n) ? 0 : 2,
  }).format(n);

async function stats(page: Page): Promise<Stats> {
  const res = await page.request.get("/api/affiliate/stats");
  expect(res.status(), "GET /api/affiliate/stats").toBe(200);
  return (await res.json()) as Stats;
}

const friendsList = (page: Page): Locator =>
  page.getByRole("list", { name: "Your referrals" }).getByRole("listitem");

test("a signed-in shopper sees their code, link, sharing, How It Works and 'No Referrals Yet'", async ({
  page,
}) => {
  test.slow();
  await signedInShopper(page, "referrer-empty");
  const { affiliateCode, rewardPerReferral } = await stats(page);
  expect(affiliateCode).toMatch(/^[A-Z0-9]{8}$/);
  await page.goto("/affiliate");
  await expect(page.getByRole("heading", { level: 1, name: "Referrals" })).toBeVisible();
  await expect(page.getByRole("main").getByTestId("referral-code")).toHaveText(affiliateCode);
  await expect(page.getByTestId("referral-count")).toHaveText("0");

  const origin = new URL(page.url()).origin;
  const link = `${origin}/register?ref=${affiliateCode}`;
  await expect(page.getByLabel("Your referral link")).toHaveValue(link);
  const whatsapp = page.getByRole("link", { name: /Share on WhatsApp/ });
  expect(decodeURIComponent((await whatsapp.getAttribute("href")) ?? "")).toContain(link);
  expect(await whatsapp.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/\?text=/);
  const mail = page.getByRole("link", { name: "Share by e-mail" });
  expect(await mail.getAttribute("href")).toMatch(/^mailto:\?subject=/);
  expect(decodeURIComponent((await mail.getAttribute("href")) ?? "")).toContain(link);

  const how = page.getByRole("region", { name: "How It Works" });
  for (const step of ["Share your link", "Friends join", "Earn rewards"]) {
    await expect(how.getByRole("heading", { name: step })).toBeVisible();
  }
  // decisions.md §5: the reward in rupees from the store settings ('$' is a defect).
  await expect(page.getByText(`+${rupees(rewardPerReferral)}`).first()).toBeVisible();
  await expect(page.getByText("$")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "No Referrals Yet" })).toBeVisible();
  await expectNoSeriousViolations(page, "/affiliate without referrals");
});

test("a friend who joins with the code is counted and listed with the potential reward", async ({
  page,
  request,
}) => {
  test.slow();
  await signedInShopper(page, "referrer");
  const { affiliateCode, rewardPerReferral } = await stats(page);
  await page.goto("/affiliate");
  await expect(page.getByRole("main").getByTestId("referral-code")).toHaveText(affiliateCode);
  await expect(page.getByRole("heading", { name: "No Referrals Yet" })).toBeVisible();

  // Friend B registers through the API with A's code (and verifies the address), in a request
  // context of their own: verifying signs the new account in.
  const friend = await createShopper(request, "friend", {
    name: "Rohan Mehta",
    referredBy: affiliateCode,
  });
  await page.reload();
  await expect(page.getByTestId("referral-count")).toHaveText("1");
  await expect(page.getByRole("heading", { name: "No Referrals Yet" })).toHaveCount(0);
  const rows = friendsList(page);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Rohan Mehta");
  await expect(rows.first()).toContainText(friend.email);
  await expect(rows.first()).toContainText(`+${rupees(rewardPerReferral)}`);
  await expect(rows.first()).toContainText("Potential reward");
  await expect(page.getByTestId("referral-total")).toHaveText(rupees(rewardPerReferral));
  await expectNoSeriousViolations(page, "/affiliate with a referred friend");

  // /referrals is the same screen (decisions.md §5).
  await page.goto("/referrals");
  await expect(page.getByRole("main").getByTestId("referral-code")).toHaveText(affiliateCode);
  await expect(friendsList(page)).toHaveCount(1);
});

test("the shared link opens the sign-up form with the code filled in", async ({
  page,
  browser,
}) => {
  await signedInShopper(page, "referrer-link");
  await page.goto("/affiliate");
  // In the page's main region: while React streams the page in, a finished part can also sit in a
  // hidden holder outside it, for a moment, before it is moved into place.
  const main = page.getByRole("main");
  await expect(main.getByTestId("referral-code")).toHaveText(/^[A-Z0-9]{8}$/);
  const code = (await main.getByTestId("referral-code").textContent())?.trim();
  const link = await main.getByLabel("Your referral link").inputValue();
  expect(link).toMatch(/\/register\?ref=[A-Z0-9]{8}$/);
  expect(link.endsWith(`=${code}`)).toBe(true);

  // A guest (a signed-in user is sent away from /register).
  const guest = await browser.newContext();
  try {
    const friendPage = await guest.newPage();
    await friendPage.goto(link);
    await expect(friendPage.getByLabel("Referral Code (optional)")).toHaveValue(code!);
  } finally {
    await guest.close();
  }
});

test("Copy link copies the link and says so", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signedInShopper(page, "referrer-copy");
  await page.goto("/affiliate");
  const link = await page.getByLabel("Your referral link").inputValue();
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied to clipboard!").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible({ timeout: 5_000 });
});

test("a guest is sent to sign in, and comes back after", async ({ page }) => {
  for (const path of ["/affiliate", "/referrals"]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${path}$`));
  }
});

test("signed-in shoppers reach Referrals and Orders from the account menu", async ({
  page,
}, testInfo) => {
  await signedInShopper(page, "referrer-nav");
  await page.goto("/products");
  const header = page.getByRole("banner");
  // The mobile menu holds links; the desktop account menu holds menu items (links inside).
  let entry: (name: string) => Locator;
  if (isMobile(testInfo)) {
    await header.getByRole("button", { name: /menu/i }).click();
    const menu = page.getByRole("dialog");
    entry = (name) => menu.getByRole("link", { name, exact: true });
  } else {
    await header.getByRole("button", { name: /your account/i }).click();
    const menu = page.getByRole("menu");
    entry = (name) => menu.getByRole("menuitem", { name, exact: true });
  }
  await expect(entry("Orders")).toHaveAttribute("href", "/orders");
  await entry("Referrals").click();
  await expect(page).toHaveURL(/\/affiliate$/);
  await expect(page.getByRole("heading", { level: 1, name: "Referrals" })).toBeVisible();
});
