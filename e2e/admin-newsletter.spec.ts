/**
 * The admin's newsletter (admin.md §2 Newsletter, §5, §8; decisions.md §6): compose from a quick
 * template, preview, send after the confirmation, follow the progress to 'Newsletter sent
 * successfully!', and find one e-mail per subscriber in the development mailbox, each with its own
 * unsubscribe link (and RFC 8058 headers) that unsubscribes that address only.
 */
import { expectNoSeriousViolations } from "./fixtures/a11y.ts";
import { type Mail, runToken } from "./fixtures/store.ts";
import { expect, test } from "./fixtures/test.ts";
import { signInAsAdmin } from "./helpers/accounts.ts";
import { freshEmail } from "./helpers/mailbox.ts";

type Subscriber = { _id: string; email: string; status: "subscribed" | "unsubscribed" };
type Campaign = {
  subject: string;
  status: string;
  total: number;
  queued: number;
  sent: number;
  failed: number;
};

test("compose from a template, preview, send to every subscriber; each e-mail unsubscribes only its reader", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const readers = [freshEmail("nl-asha"), freshEmail("nl-ravi"), freshEmail("nl-meera")];
  for (const email of readers) {
    const res = await page.request.post("/api/newsletter/subscribe", {
      data: { email, source: "e2e" },
    });
    expect(res.status(), `subscribe ${email}`).toBe(200);
  }
  await signInAsAdmin(page);

  // The Overview tab links to Compose, which the URL keeps (?view=compose).
  await page.goto("/admin/newsletter");
  await expect(page.getByRole("heading", { level: 2, name: "Newsletter" })).toBeVisible();
  const active = page.getByRole("group", { name: "Active" });
  await expect(active).toBeVisible();
  await page.getByRole("link", { name: "Compose newsletter" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter\?view=compose$/);
  await expect(page.getByRole("link", { name: "Compose", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // Sending with nothing filled in names the required fields and sends nothing.
  await page.getByRole("button", { name: "Send newsletter" }).click();
  await expect(page.getByRole("alert").first()).toContainText(
    "Subject, main title, and description are required",
  );
  await expect(page.getByRole("textbox", { name: "Subject" })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(page.getByRole("alertdialog")).toHaveCount(0);

  // A quick template fills the builder; the preview shows the e-mail as it will be sent.
  await page.getByRole("button", { name: "Seasonal Sale" }).click();
  await expect(page.getByRole("textbox", { name: "Main title" })).toHaveValue(
    "The Season Sale Is On",
  );
  // A header image, uploaded through the image module, shows in the preview at its e-mail width.
  const picture = await page.screenshot({
    type: "png",
    clip: { x: 0, y: 0, width: 200, height: 250 },
  });
  await page
    .locator("#compose-image-file")
    .setInputFiles({ name: "sale banner.png", mimeType: "image/png", buffer: picture });
  await expect(
    page.getByRole("status").filter({ hasText: "Image uploaded successfully!" }),
  ).toBeVisible({ timeout: 20_000 });
  const headerImage = page.getByRole("textbox", { name: "Header image URL" });
  await expect(headerImage).toHaveValue(/^\/images\/[a-f0-9]{24}-w\d+\.webp$/);
  const imageId = /\/images\/([a-f0-9]{24})-/.exec(await headerImage.inputValue())![1]!;
  const subject = `Season sale ${runToken()}`;
  await page.getByRole("textbox", { name: "Subject" }).fill(subject);
  const preview = page.frameLocator('iframe[title="Newsletter preview"]');
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText("The Season Sale Is On");
  await expect(preview.locator("img.nl-hero")).toHaveAttribute(
    "src",
    new RegExp(`^https?://[^/]+/images/${imageId}-w640\\.webp$`),
  );
  await expect(preview.getByRole("link", { name: "SHOP THE SALE" })).toHaveAttribute(
    "href",
    /^https?:\/\/[^/]+\/products\?sort=price-low$/,
  );
  await expect(preview.getByRole("link", { name: "Unsubscribe" })).toHaveAttribute(
    "href",
    /\/unsubscribe\?email=subscriber%40example\.in&token=/,
  );
  // At the top of the page: scrolled, the sticky tab bar covers the view links (axe: target-size).
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoSeriousViolations(page, "/admin/newsletter?view=compose");

  // The confirmation names the active subscriber count.
  await page.getByRole("button", { name: "Send newsletter" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Send this newsletter?" });
  await expect(dialog).toContainText(/will be e-mailed to \d+ active subscribers?\./);
  const count = Number(
    /to (\d[\d,]*) active/.exec((await dialog.textContent()) ?? "")![1]!.replaceAll(",", ""),
  );
  expect(count).toBeGreaterThanOrEqual(3);
  await dialog.getByRole("button", { name: "Send newsletter" }).click();

  // This campaign's progress shows at once (not another campaign's, nor the upload's bar).
  await expect(
    page.locator("[data-campaign-status]").filter({ hasText: subject }).getByRole("progressbar"),
  ).toBeVisible();
  // Delivery runs in the background (the runner queues, the mail worker sends): wait for it on
  // the API, so a failure says how far the campaign got instead of only "no banner".
  const campaignSent = async () => {
    const res = await page.request.get("/api/newsletter/campaigns");
    const ours = ((await res.json()) as Campaign[]).find((c) => c.subject === subject);
    if (!ours) return null;
    const { status, total, queued, sent, failed } = ours;
    return { status, total, queued, sent, failed };
  };
  await expect
    .poll(campaignSent, { timeout: 120_000, message: "the campaign delivers every e-mail" })
    .toMatchObject({ status: "sent", failed: 0 });
  // The page follows it (polling every second) to the closing message, shown for 5 s, and back
  // to Overview.
  await expect(
    page.getByRole("status").filter({ hasText: "Newsletter sent successfully!" }),
  ).toContainText(/Newsletter sent successfully! \d+ emails delivered\./);
  await expect(page).toHaveURL(/\/admin\/newsletter$/);

  // One e-mail per reader, each with its own unsubscribe link and the RFC 8058 headers.
  const mails: Mail[] = [];
  for (const email of readers) {
    const res = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    const ours = ((await res.json()) as Mail[]).filter((m) => m.subject === subject);
    expect(ours, `newsletters to ${email}`).toHaveLength(1);
    mails.push(ours[0]!);
  }
  const links = mails.map((mail, i) => {
    const link = /https?:\/\/\S+\/unsubscribe\?\S+/.exec(mail.text)?.[0];
    expect(link, `an unsubscribe link for ${readers[i]}`).toBeTruthy();
    expect(new URL(link!).searchParams.get("email")).toBe(readers[i]);
    expect(mail.html).toContain(link!.replaceAll("&", "&amp;"));
    expect(mail.html).toContain(`/images/${imageId}-w640.webp`);
    expect(mail.headers["List-Unsubscribe"]).toMatch(
      /^<https?:\/\/.+\/api\/newsletter\/unsubscribe\?/,
    );
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    return link!;
  });
  expect(new Set(links).size).toBe(3);

  // Opening the second reader's link unsubscribes that reader only.
  const url = new URL(links[1]!);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(
    page.getByRole("heading", { level: 1, name: "Successfully Unsubscribed" }),
  ).toBeVisible();
  await page.goto("/admin/newsletter");
  const statusOf = async (email: string) => {
    const res = await page.request.get(
      `/api/newsletter/subscribers?search=${encodeURIComponent(email)}`,
    );
    const list = ((await res.json()) as { subscribers: Subscriber[] }).subscribers;
    return list.find((s) => s.email === email)?.status;
  };
  expect(await statusOf(readers[0]!)).toBe("subscribed");
  expect(await statusOf(readers[1]!)).toBe("unsubscribed");
  expect(await statusOf(readers[2]!)).toBe("subscribed");
  await expectNoSeriousViolations(page, "/admin/newsletter");
});

test("settings keep their fields; the subscriber list filters, searches and deletes after a confirmation", async ({
  page,
  pageGuard,
}) => {
  test.setTimeout(90_000);
  // The refused save below answers 400, which the browser logs.
  pageGuard.allow(/status of 400 \(Bad Request\).*\/api\/newsletter\/settings/);
  const email = freshEmail("nl-delete");
  await page.request.post("/api/newsletter/subscribe", { data: { email, source: "e2e" } });
  await signInAsAdmin(page);

  await page.goto("/admin/newsletter?view=settings");
  const primary = page.getByRole("textbox", { name: "Primary colour", exact: true });
  await expect(primary).toHaveValue(/^#[0-9a-f]{6}$/);
  await page.getByRole("textbox", { name: "Footer text" }).fill(`Footer ${runToken()}`);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Settings saved successfully!" }),
  ).toBeVisible();
  await primary.fill("blue");
  await page.getByRole("button", { name: "Save settings" }).click();
  // The message next to the field (and in the banner); nothing typed is lost.
  await expect(primary).toHaveAccessibleDescription(/Please enter a colour like #1e293b/);
  await expect(
    page.getByRole("alert").filter({ hasText: "Please enter a colour like #1e293b" }).first(),
  ).toBeVisible();
  await expect(primary).toHaveValue("blue");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoSeriousViolations(page, "/admin/newsletter?view=settings");

  await page.goto(`/admin/newsletter?search=${encodeURIComponent(email)}`);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: `Delete ${email}` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete subscriber?" });
  await expect(dialog).toContainText(email);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Subscriber deleted successfully" }),
  ).toBeVisible();
  await expect(page.getByText("No subscribers match these filters.")).toBeVisible();
  await expectNoSeriousViolations(page, "/admin/newsletter");
});
