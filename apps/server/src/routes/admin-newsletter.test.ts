import {
  DEFAULT_NEWSLETTER_COLORS,
  NEWSLETTER_ADMIN_MESSAGES,
  type NewsletterCampaign,
  type NewsletterSettings,
  newsletterQueuedMessage,
  type SubscribersReply,
} from "@vastra/contracts";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createUser } from "../../test/factories.ts";
import { buildTestApp, createTestClock, TEST_APP_SECRET } from "../../test/helpers.ts";
import {
  campaignRecipients,
  emailOutbox,
  newsletterCampaigns,
  newsletterSettings,
  newsletterSubscribers,
} from "../db/schema.ts";
import { unsubscribeToken } from "../services/newsletter/index.ts";

const clock = createTestClock("2026-03-10T06:30:00Z");
const { app, database } = await buildTestApp({ clock });
const db = database.db;

const admin = await createUser(db, { isAdmin: true, name: "Store Admin", now: clock() });
const shopper = await createUser(db, { now: clock() });

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, body?: unknown, cookie: string | null = admin.cookie) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });

async function addSubscribers(
  list: Array<{
    email: string;
    status?: "subscribed" | "unsubscribed";
    source?: string;
    daysAgo?: number;
  }>,
) {
  await db.insert(newsletterSubscribers).values(
    list.map((s) => ({
      email: s.email,
      status: s.status ?? "subscribed",
      source: s.source ?? "website",
      subscribedAt: new Date(clock().getTime() - (s.daysAgo ?? 1) * 86_400_000),
      unsubscribedAt: s.status === "unsubscribed" ? clock() : null,
    })),
  );
}

const template = {
  subject: "The festive edit",
  mainTitle: "New kurtas <b>are here</b>",
  description: "Fresh colours for the season.\n\nShop before they sell out.",
  buttonText: "SHOP THE EDIT",
  buttonUrl: "/products?sort=newest",
  headerImage: "/images/0123456789abcdef01234567-w1280.webp",
  footerMessage: "See you soon",
};

beforeEach(async () => {
  await db.delete(emailOutbox);
  await db.delete(newsletterCampaigns);
  await db.delete(newsletterSubscribers);
  await db.delete(newsletterSettings);
});

describe("admins only", () => {
  const routes: Array<[Method, string, unknown?]> = [
    ["GET", "/api/newsletter/subscribers"],
    ["DELETE", "/api/newsletter/subscribers/00000000-0000-4000-8000-000000000000"],
    ["GET", "/api/newsletter/export"],
    ["GET", "/api/newsletter/settings"],
    ["PUT", "/api/newsletter/settings", {}],
    ["POST", "/api/newsletter/preview-modern", template],
    ["POST", "/api/newsletter/send-modern", template],
    ["GET", "/api/newsletter/campaigns"],
    ["GET", "/api/newsletter/campaigns/00000000-0000-4000-8000-000000000000"],
  ];
  it("answers 401 to a guest and 403 to a shopper on every route, and changes nothing", async () => {
    await addSubscribers([{ email: "asha@example.in" }]);
    for (const [method, url, body] of routes) {
      expect((await call(method, url, body, null)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, body, shopper.cookie)).statusCode, `${method} ${url}`).toBe(
        403,
      );
    }
    expect(await db.select().from(newsletterCampaigns)).toHaveLength(0);
    expect(await db.select().from(newsletterSubscribers)).toHaveLength(1);
  });
});

describe("GET /api/newsletter/subscribers", () => {
  it("gives stats, 50 a page newest first, and pagination", async () => {
    await addSubscribers([
      ...Array.from({ length: 55 }, (_, i) => ({
        email: `reader${String(i).padStart(2, "0")}@example.in`,
        daysAgo: 100 - i,
      })),
      { email: "gone@example.in", status: "unsubscribed" as const },
      { email: "new@example.in", daysAgo: 2, source: "footer" },
    ]);
    const first = await call("GET", "/api/newsletter/subscribers");
    expect(first.statusCode).toBe(200);
    const body = first.json<SubscribersReply>();
    expect(body.stats).toEqual({
      total: 57,
      subscribed: 56,
      active: 56,
      unsubscribed: 1,
      recent: 1,
    });
    expect(body.subscribers).toHaveLength(50);
    expect(body.subscribers[0]).toMatchObject({ email: "gone@example.in", status: "unsubscribed" });
    expect(body.subscribers[1]).toMatchObject({
      email: "new@example.in",
      status: "subscribed",
      source: "footer",
    });
    expect(body.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalItems: 57,
      hasNext: true,
      hasPrev: false,
    });
    const second = (
      await call("GET", "/api/newsletter/subscribers?page=2")
    ).json<SubscribersReply>();
    expect(second.subscribers).toHaveLength(7);
    expect(second.subscribers.at(-1)!.email).toBe("reader00@example.in");
    expect(second.pagination).toMatchObject({ currentPage: 2, hasNext: false, hasPrev: true });
  });

  it("filters by status and searches the address", async () => {
    await addSubscribers([
      { email: "asha@example.in" },
      { email: "ravi@example.in", status: "unsubscribed" },
      { email: "meera_100%@example.in" },
    ]);
    const emails = async (query: string) =>
      (await call("GET", `/api/newsletter/subscribers?${query}`))
        .json<SubscribersReply>()
        .subscribers.map((s) => s.email)
        .sort();
    expect(await emails("status=unsubscribed")).toEqual(["ravi@example.in"]);
    expect(await emails("status=subscribed")).toEqual(["asha@example.in", "meera_100%@example.in"]);
    expect(await emails("search=ASHA")).toEqual(["asha@example.in"]);
    // LIKE wildcards are searched for as they are.
    expect(await emails("search=_100%25")).toEqual(["meera_100%@example.in"]);
    expect(await emails("search=a&status=unsubscribed")).toEqual(["ravi@example.in"]);
    const res = await call("GET", "/api/newsletter/subscribers?status=maybe");
    expect(res.statusCode).toBe(400);
  });
});

describe("DELETE /api/newsletter/subscribers/{id}", () => {
  it("deletes one subscriber; an unknown one is 404", async () => {
    await addSubscribers([{ email: "asha@example.in" }, { email: "ravi@example.in" }]);
    const [row] = await db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "asha@example.in"));
    const res = await call("DELETE", `/api/newsletter/subscribers/${row!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: NEWSLETTER_ADMIN_MESSAGES.deleted });
    const left = await db.select().from(newsletterSubscribers);
    expect(left.map((r) => r.email)).toEqual(["ravi@example.in"]);
    const again = await call("DELETE", `/api/newsletter/subscribers/${row!.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(NEWSLETTER_ADMIN_MESSAGES.subscriberNotFound);
    expect((await call("DELETE", "/api/newsletter/subscribers/not-an-id")).statusCode).toBe(404);
  });
});

describe("GET /api/newsletter/export", () => {
  it("downloads subscribers-YYYY-MM-DD.csv with formula-like cells escaped", async () => {
    await addSubscribers([
      { email: "asha@example.in", source: '=HYPERLINK("http://evil.example")' },
      { email: "+91@example.in", source: "@SUM(A1)" },
      { email: "-x@example.in", source: "\tTAB" },
      { email: "ravi@example.in", status: "unsubscribed", source: "\rCR" },
    ]);
    const res = await call("GET", "/api/newsletter/export");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="subscribers-2026-03-10.csv"',
    );
    const rows = parse(res.body.replace(/^\uFEFF/, ""), { columns: true }) as Array<
      Record<string, string>
    >;
    expect(rows).toHaveLength(4);
    const byEmail = Object.fromEntries(rows.map((r) => [r.Email, r]));
    expect(byEmail["asha@example.in"]!.Source).toBe('\'=HYPERLINK("http://evil.example")');
    expect(byEmail["'+91@example.in"]!.Source).toBe("'@SUM(A1)");
    expect(byEmail["'-x@example.in"]!.Source).toBe("'\tTAB");
    expect(byEmail["ravi@example.in"]).toMatchObject({ Status: "unsubscribed", Source: "'\rCR" });
    // No cell of the file starts a formula.
    for (const row of rows)
      for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    const only = await call("GET", "/api/newsletter/export?status=unsubscribed");
    const onlyRows = parse(only.body.replace(/^\uFEFF/, ""), { columns: true }) as unknown[];
    expect(onlyRows).toEqual([expect.objectContaining({ Email: "ravi@example.in" })]);
  });
});

describe("newsletter settings", () => {
  it("starts with the default colours, saves every field, and refuses bad colours and links", async () => {
    const first = await call("GET", "/api/newsletter/settings");
    expect(first.statusCode).toBe(200);
    expect(first.json<{ settings: NewsletterSettings }>().settings).toMatchObject({
      ...DEFAULT_NEWSLETTER_COLORS,
      customCSS: "",
      socialLinks: { instagram: "", facebook: "", twitter: "", linkedin: "" },
    });

    const settings = {
      primaryColor: "#7A1F2B",
      secondaryColor: "#334155",
      accentColor: "#b8862b",
      companyName: "Vastra Studio",
      logoUrl: "/favicon.svg",
      websiteUrl: "https://vastra.example",
      headerImage: "/images/0123456789abcdef01234567-w1280.webp",
      footerText: "Made in Mumbai",
      socialLinks: {
        instagram: "https://instagram.com/vastra.example",
        facebook: "",
        twitter: "https://x.com/vastra",
        linkedin: "",
      },
      customCSS: ".nl-title{letter-spacing:2px}",
    };
    const saved = await call("PUT", "/api/newsletter/settings", settings);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      message: NEWSLETTER_ADMIN_MESSAGES.settingsSaved,
      settings: { ...settings, primaryColor: "#7a1f2b" },
    });
    expect((await call("GET", "/api/newsletter/settings")).json().settings.companyName).toBe(
      "Vastra Studio",
    );

    const bad = await call("PUT", "/api/newsletter/settings", {
      ...settings,
      primaryColor: "red",
      websiteUrl: "javascript:alert(1)",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      primaryColor: NEWSLETTER_ADMIN_MESSAGES.colorInvalid,
      websiteUrl: NEWSLETTER_ADMIN_MESSAGES.linkInvalid,
    });
    expect((await call("GET", "/api/newsletter/settings")).json().settings.primaryColor).toBe(
      "#7a1f2b",
    );
  });
});

describe("POST /api/newsletter/preview-modern", () => {
  it("needs a subject and a main title", async () => {
    const res = await call("POST", "/api/newsletter/preview-modern", {
      subject: " ",
      mainTitle: "",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: NEWSLETTER_ADMIN_MESSAGES.previewRequired,
      errors: {
        subject: NEWSLETTER_ADMIN_MESSAGES.previewRequired,
        mainTitle: NEWSLETTER_ADMIN_MESSAGES.previewRequired,
      },
    });
  });

  it("renders the e-mail as it will be sent: escaped, inlined, absolute links, a sample unsubscribe link", async () => {
    await call("PUT", "/api/newsletter/settings", {
      primaryColor: "#112233",
      customCSS: ".nl-title{text-transform:uppercase}</style><script>alert(1)</script><style>",
    });
    const res = await call("POST", "/api/newsletter/preview-modern", template);
    expect(res.statusCode).toBe(200);
    const { html, text, subject } = res.json<{ html: string; text: string; subject: string }>();
    expect(subject).toBe(template.subject);
    expect(html).toContain("New kurtas &lt;b&gt;are here&lt;/b&gt;</h1>");
    expect(html).not.toContain("<b>are here");
    expect(html).not.toMatch(/<script/i);
    // Styles are inlined (the custom CSS too) and the colours are the settings'.
    expect(html).toMatch(
      /<h1 class="nl-title" style="[^"]*color: #112233;[^"]*text-transform: uppercase/,
    );
    expect(html).toContain('href="http://localhost:3000/products?sort=newest"');
    expect(html).toContain('src="http://localhost:3000/images/0123456789abcdef01234567-w640.webp"');
    const sample = `http://localhost:3000/unsubscribe?email=subscriber%40example.in&amp;token=${unsubscribeToken(TEST_APP_SECRET, "subscriber@example.in")}`;
    expect(html).toContain(`href="${sample}"`);
    expect(text).toContain("SHOP THE EDIT: http://localhost:3000/products?sort=newest");
    expect(text).toContain(
      "Unsubscribe: http://localhost:3000/unsubscribe?email=subscriber%40example.in",
    );
  });
});

describe("POST /api/newsletter/send-modern", () => {
  it("needs subject, main title and description", async () => {
    await addSubscribers([{ email: "asha@example.in" }]);
    const res = await call("POST", "/api/newsletter/send-modern", { ...template, description: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: NEWSLETTER_ADMIN_MESSAGES.sendRequired,
      errors: { description: NEWSLETTER_ADMIN_MESSAGES.sendRequired },
    });
    expect(await db.select().from(newsletterCampaigns)).toHaveLength(0);
  });

  it("refuses when nobody is subscribed, and creates nothing", async () => {
    await addSubscribers([{ email: "ravi@example.in", status: "unsubscribed" }]);
    const res = await call("POST", "/api/newsletter/send-modern", template);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NEWSLETTER_ADMIN_MESSAGES.noSubscribers);
    expect(await db.select().from(newsletterCampaigns)).toHaveLength(0);
  });

  it("creates a campaign for the active subscribers, whose progress can be read", async () => {
    await addSubscribers([
      { email: "asha@example.in" },
      { email: "Meera@Example.in" },
      { email: "ravi@example.in", status: "unsubscribed" },
    ]);
    const res = await call("POST", "/api/newsletter/send-modern", template);
    expect(res.statusCode).toBe(202);
    const body = res.json<{ message: string; campaign: NewsletterCampaign }>();
    expect(body.message).toBe(newsletterQueuedMessage(2));
    expect(body.campaign).toMatchObject({
      subject: template.subject,
      status: "queued",
      total: 2,
      queued: 0,
      sent: 0,
      failed: 0,
      finishedAt: null,
      message: null,
    });
    const recipients = await db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, body.campaign._id));
    expect(recipients.map((r) => r.email).sort()).toEqual(["asha@example.in", "meera@example.in"]);
    const [row] = await db
      .select({ by: newsletterCampaigns.createdById })
      .from(newsletterCampaigns)
      .where(eq(newsletterCampaigns.id, body.campaign._id));
    expect(row!.by).toBe(admin.id);

    const progress = await call("GET", `/api/newsletter/campaigns/${body.campaign._id}`);
    expect(progress.statusCode).toBe(200);
    expect(progress.json()).toMatchObject({ _id: body.campaign._id, total: 2, status: "queued" });
    const list = await call("GET", "/api/newsletter/campaigns");
    expect(list.json<NewsletterCampaign[]>().map((c) => c._id)).toEqual([body.campaign._id]);

    const missing = await call(
      "GET",
      "/api/newsletter/campaigns/00000000-0000-4000-8000-000000000000",
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(NEWSLETTER_ADMIN_MESSAGES.campaignNotFound);
    expect((await call("GET", "/api/newsletter/campaigns/nope")).statusCode).toBe(404);
    // Nothing is in the outbox until the runner queues it.
    const [queued] = await db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
    expect(Number(queued!.n)).toBe(0);
  });

  it("answers admin.md §7's client with results.successful (counts so far) and the campaign to follow", async () => {
    await addSubscribers([{ email: "asha@example.in" }, { email: "meera@example.in" }]);
    const res = await call("POST", "/api/newsletter/send-modern", template);
    expect(res.statusCode, res.body).toBeLessThan(300);
    const body = res.json();
    // What the spec's builder reads for 'Newsletter sent successfully! {n} emails delivered.'
    expect(body.results).toEqual({ successful: 0, failed: 0, total: 2 });
    expect(body.campaignId).toBe(body.campaign._id);
    const progress = await call("GET", `/api/newsletter/campaigns/${body.campaignId}`);
    expect(progress.json()).toMatchObject({ total: 2, results: { successful: 0, failed: 0 } });
  });
});
