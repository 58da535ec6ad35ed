/**
 * The newsletter from the shopper's side (storefront.md §2 Home newsletter and Unsubscribe, §4, §8;
 * decisions.md §6): subscribing from the home page (idempotent), the welcome e-mail with the
 * subscriber's own unsubscribe link, the /unsubscribe page's four views, and a re-subscribe that
 * really subscribes again.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { type Mail, runToken, storeSettings } from "./fixtures/store.ts";
import { expect, test } from "./fixtures/test.ts";

const WELCOME = /^Welcome to the Vastra family!/;
const WELCOME_SUBJECT = "Welcome to the Vastra newsletter";

const freshAddress = (tag: string) => `${tag}.${runToken()}@example.com`;

/** Waits for the welcome e-mail to `email` (the outbox delivers within a moment). */
async function welcomeMail(request: APIRequestContext, email: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
        found = ((await res.json()) as Mail[]).find((mail) => mail.subject === WELCOME_SUBJECT);
        return found?.id;
      },
      { timeout: 20_000, intervals: [250, 500, 1000], message: `a welcome e-mail to ${email}` },
    )
    .toBeTruthy();
  return found!;
}

/** The personal unsubscribe link the welcome e-mail carries (its plain-text part). */
function unsubscribeLinkIn(mail: Mail): string {
  const link = /https?:\/\/\S+\/unsubscribe\?\S+/.exec(mail.text)?.[0];
  expect(link, `an unsubscribe link in:\n${mail.text}`).toBeTruthy();
  return link!;
}

async function subscribedWithLink(request: APIRequestContext, tag: string) {
  const email = freshAddress(tag);
  const res = await request.post("/api/newsletter/subscribe", { data: { email, source: "e2e" } });
  expect(res.status()).toBe(200);
  return { email, link: unsubscribeLinkIn(await welcomeMail(request, email)) };
}

/** Opens the link as a shopper would (the page is on this test's server, whatever PUBLIC_URL says). */
async function open(page: Page, link: string) {
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
}

test("subscribing from the home page welcomes the subscriber; the same address again is fine", async ({
  page,
  request,
}) => {
  test.slow();
  const email = freshAddress("home");
  await page.goto("/");
  const section = page.locator("#newsletter");
  const field = section.getByRole("textbox", { name: /email/i });

  await field.fill(email);
  await section.getByRole("button", { name: /subscribe/i }).click();
  await expect(section.getByText(WELCOME)).toBeVisible();
  await expect(section.getByText(WELCOME)).toBeHidden({ timeout: 7_000 });

  // Idempotent: the same address again gets the same welcome, no error.
  await field.fill(email);
  await section.getByRole("button", { name: /subscribe/i }).click();
  await expect(section.getByText(WELCOME)).toBeVisible();
  await expect(section.getByTestId("newsletter-error")).toHaveCount(0);

  // One welcome e-mail, with the personal unsubscribe link and the RFC 8058 headers.
  const mail = await welcomeMail(request, email);
  expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  expect(mail.headers["List-Unsubscribe"]).toMatch(
    /^<https?:\/\/.+\/api\/newsletter\/unsubscribe\?/,
  );
  const link = new URL(unsubscribeLinkIn(mail));
  expect(link.searchParams.get("email")).toBe(email);
  const welcomes = (await (
    await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)
  ).json()) as Mail[];
  expect(welcomes.filter((m) => m.subject === mail.subject)).toHaveLength(1);
});

test("a failed subscription keeps the typed address and says 'Subscription failed. Please try again.'", async ({
  page,
  pageGuard,
}) => {
  pageGuard.allow(/Failed to load resource.*503/);
  await page.route("**/api/newsletter/subscribe", (route) =>
    route.fulfill({ status: 503, json: { message: "Service unavailable" } }),
  );
  await page.goto("/");
  const section = page.locator("#newsletter");
  await section.getByRole("textbox", { name: /email/i }).fill("kavya@example.com");
  await section.getByRole("button", { name: /subscribe/i }).click();
  await expect(section.getByRole("alert")).toHaveText("Subscription failed. Please try again.");
  await expect(section.getByRole("textbox", { name: /email/i })).toHaveValue("kavya@example.com");
});

test("the e-mailed link unsubscribes; re-subscribe subscribes again; a second visit is 'already'", async ({
  page,
  request,
}) => {
  test.slow();
  const store = await storeSettings(request);
  const { email, link } = await subscribedWithLink(request, "unsub");

  // The page posts at once; while the answer is on its way it says so.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/unsubscribe\.data/, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await open(page, link);
  await expect(
    page.getByRole("status").filter({ hasText: "Processing your request..." }),
  ).toBeVisible();
  release();
  await expect(
    page.getByRole("heading", { level: 1, name: "Successfully Unsubscribed" }),
  ).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: store.email })).toHaveAttribute(
    "href",
    `mailto:${store.email}`,
  );
  await expectNoSeriousViolations(page, "/unsubscribe (success)");

  // Re-subscribe really subscribes: the link then unsubscribes again (not 'already').
  await page.getByRole("button", { name: "Re-subscribe" }).click();
  await expect(page.getByTestId("resubscribed")).toContainText("You're subscribed again");
  await expect(page.getByTestId("resubscribed").getByText(WELCOME)).toBeVisible();
  await open(page, link);
  await expect(
    page.getByRole("heading", { level: 1, name: "Successfully Unsubscribed" }),
  ).toBeVisible();

  // And once more: already unsubscribed, with the way back to the home page's form.
  await open(page, link);
  await expect(page.getByRole("heading", { level: 1, name: "Already Unsubscribed" })).toBeVisible();
  await expect(page.getByText("This email is already unsubscribed.")).toBeVisible();
  await expect(page.getByRole("link", { name: /subscribe with another address/i })).toHaveAttribute(
    "href",
    "/#newsletter",
  );
  await expectNoSeriousViolations(page, "/unsubscribe (already)");
});

test("a link with a wrong token fails and unsubscribes nobody", async ({ page, request }) => {
  test.slow();
  const { email, link } = await subscribedWithLink(request, "forged");
  const forged = new URL(link);
  forged.searchParams.set("token", "not-the-right-token");
  await open(page, forged.toString());
  await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe Failed" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("Invalid unsubscribe link");
  await expect(page.getByRole("button", { name: "Try Again" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  await expectNoSeriousViolations(page, "/unsubscribe (error)");

  // Try Again posts again (same answer, no reload loop).
  await page.getByRole("button", { name: "Try Again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe Failed" })).toBeVisible();

  // The address is still subscribed: the real link unsubscribes it now.
  await open(page, link);
  await expect(
    page.getByRole("heading", { level: 1, name: "Successfully Unsubscribed" }),
  ).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
});

test("a link without its e-mail address says so at once", async ({ page }) => {
  let posted = false;
  page.on("request", (req) => {
    if (req.method() === "POST") posted = true;
  });
  await page.goto("/unsubscribe?token=abc");
  await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe Failed" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(
    "Invalid unsubscribe link. Email parameter is missing.",
  );
  await page.goto("/unsubscribe");
  await expect(page.getByRole("alert")).toHaveText(
    "Invalid unsubscribe link. Email parameter is missing.",
  );
  expect(posted).toBe(false);
});

test("opening the link without JavaScript changes nothing until the shopper confirms", async ({
  browser,
  request,
}) => {
  test.slow();
  const { email, link } = await subscribedWithLink(request, "nojs");
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await open(page, link);
    await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
    // A mail scanner that only opens the link unsubscribes nobody: the confirm button does.
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Confirm unsubscribe" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Successfully Unsubscribed" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Re-subscribe" }).click();
    await expect(page.getByText("You're subscribed again")).toBeVisible();
  } finally {
    await context.close();
  }
});
