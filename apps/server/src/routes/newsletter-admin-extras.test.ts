/**
 * The newsletter's defaults and tools (issue #16, record 0042): the default colours are the web
 * app's own theme colours; the subscriber export's times are India time, said in its header; the
 * 'Send test to me' call mails the draft to the signed-in admin alone through the outbox, a few
 * times per ten minutes.
 */
import { readFileSync } from "node:fs";
import {
  DEFAULT_NEWSLETTER_COLORS,
  NEWSLETTER_ADMIN_MESSAGES,
  NEWSLETTER_TEST_LIMIT,
  type NewsletterSettings,
} from "@vastra/contracts";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { createUser } from "../../test/factories.ts";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";
import { emailOutbox, newsletterSubscribers } from "../db/schema.ts";

const clock = createTestClock("2026-11-26T06:30:00Z");
const { app, database } = await buildTestApp({ clock });
const db = database.db;
const admin = await createUser(db, { isAdmin: true, email: "owner@vastra.example", now: clock() });
const otherAdmin = await createUser(db, {
  isAdmin: true,
  email: "ops@vastra.example",
  now: clock(),
});
const shopper = await createUser(db, { now: clock() });

const call = (method: "GET" | "POST", url: string, body?: object, cookie = admin.cookie) =>
  app.inject({ method, url, headers: { cookie }, ...(body ? { payload: body } : {}) });

const draft = {
  subject: "Winter wedding edit",
  mainTitle: "Lehengas for the season",
  description: "Handpicked for December weddings.",
};

describe("default colours", () => {
  it("are the store's theme colours from the web app", async () => {
    const css = readFileSync(new URL("../../../web/app/app.css", import.meta.url), "utf8");
    const token = (name: string) =>
      new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`, "i").exec(css)?.[1]?.toLowerCase();
    expect(DEFAULT_NEWSLETTER_COLORS.primaryColor).toBe(token("primary"));
    expect(DEFAULT_NEWSLETTER_COLORS.secondaryColor).toBe(token("maroon-900"));
    expect(DEFAULT_NEWSLETTER_COLORS.accentColor).toBe(token("gold-700"));
    const res = await call("GET", "/api/newsletter/settings");
    expect(res.json<{ settings: NewsletterSettings }>().settings).toMatchObject(
      DEFAULT_NEWSLETTER_COLORS,
    );
    const preview = await call("POST", "/api/newsletter/preview-modern", draft);
    expect(preview.json<{ html: string }>().html).toContain(DEFAULT_NEWSLETTER_COLORS.primaryColor);
  });
});

describe("the subscriber export", () => {
  it("writes times in India time and says so in the header", async () => {
    await db.insert(newsletterSubscribers).values([
      // 23:45 UTC on the 25th is 05:15 IST on the 26th.
      { email: "late@example.in", subscribedAt: new Date("2026-11-25T23:45:00Z") },
      {
        email: "gone@example.in",
        status: "unsubscribed",
        subscribedAt: new Date("2026-11-01T04:30:00Z"),
        unsubscribedAt: new Date("2026-11-20T12:00:30Z"),
      },
    ]);
    const res = await call("GET", "/api/newsletter/export");
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body.replace(/^\uFEFF/, ""), { columns: true }) as Array<
      Record<string, string>
    >;
    expect(Object.keys(rows[0]!)).toEqual([
      "Email",
      "Status",
      "Source",
      "Subscribed At (IST, Asia/Kolkata)",
      "Unsubscribed At (IST, Asia/Kolkata)",
    ]);
    const byEmail = Object.fromEntries(rows.map((r) => [r.Email, r]));
    expect(byEmail["late@example.in"]).toMatchObject({
      "Subscribed At (IST, Asia/Kolkata)": "2026-11-26 05:15:00",
      "Unsubscribed At (IST, Asia/Kolkata)": "",
    });
    expect(byEmail["gone@example.in"]).toMatchObject({
      "Subscribed At (IST, Asia/Kolkata)": "2026-11-01 10:00:00",
      "Unsubscribed At (IST, Asia/Kolkata)": "2026-11-20 17:30:30",
    });
  });
});

describe("Send test to me", () => {
  it("queues the draft, marked [Test], to the signed-in admin only", async () => {
    await db.delete(emailOutbox);
    const res = await call("POST", "/api/newsletter/send-test", draft);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ to: "owner@vastra.example" });
    const mails = await db.select().from(emailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      toAddress: "owner@vastra.example",
      subject: "[Test] Winter wedding edit",
      kind: "newsletter-test",
    });
    expect(mails[0]!.html).toContain("Lehengas for the season");
    // No campaign, no subscriber mailed.
    const campaigns = await call("GET", "/api/newsletter/campaigns");
    expect(campaigns.json()).toEqual([]);
  });

  it("refuses a draft without subject or title, sending nothing", async () => {
    await db.delete(emailOutbox);
    const res = await call("POST", "/api/newsletter/send-test", { ...draft, subject: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NEWSLETTER_ADMIN_MESSAGES.previewRequired);
    expect(await db.select().from(emailOutbox)).toHaveLength(0);
  });

  it("is limited per admin, and for admins only", async () => {
    await db.delete(emailOutbox);
    // The first test above used one of the owner's sends.
    for (let i = 1; i < NEWSLETTER_TEST_LIMIT.points; i++) {
      expect((await call("POST", "/api/newsletter/send-test", draft)).statusCode).toBe(202);
    }
    const refused = await call("POST", "/api/newsletter/send-test", draft);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(NEWSLETTER_ADMIN_MESSAGES.testTooMany);
    expect(await db.select().from(emailOutbox)).toHaveLength(NEWSLETTER_TEST_LIMIT.points - 1);
    // Another admin has their own budget.
    const other = await call("POST", "/api/newsletter/send-test", draft, otherAdmin.cookie);
    expect(other.statusCode).toBe(202);
    expect(other.json().to).toBe("ops@vastra.example");
    const denied = await call("POST", "/api/newsletter/send-test", draft, shopper.cookie);
    expect(denied.statusCode).toBe(403);
  });
});
