import { newsletterSentMessage, newsletterTemplateSchema } from "@vastra/contracts";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "../../../test/factories.ts";
import { buildTestApp, TEST_APP_SECRET } from "../../../test/helpers.ts";
import { freePort, leafParts, type SmtpSink, startSmtpSink } from "../../../test/mail.ts";
import {
  campaignRecipients,
  emailOutbox,
  newsletterCampaigns,
  newsletterSubscribers,
} from "../../db/schema.ts";
import { smtpTransport } from "../../mail/transports.ts";
import { createMailWorker, type MailWorker } from "../../mail/worker.ts";
import { createCampaignRunner, createCampaigns } from "./campaigns.ts";
import { unsubscribeLink, unsubscribePostUrl, unsubscribeToken } from "./index.ts";

const { app, database, config } = await buildTestApp();
const db = database.db;
const campaigns = createCampaigns({ db });
const admin = await createUser(db, { isAdmin: true });
const links = { appSecret: TEST_APP_SECRET, publicUrl: config.publicUrl };

const template = newsletterTemplateSchema.parse({
  subject: "Season sale at Vastra",
  mainTitle: "The season sale is on",
  description: "Up to 40% off.",
});

const sinks: SmtpSink[] = [];
const workers: MailWorker[] = [];

beforeEach(async () => {
  await db.delete(emailOutbox);
  await db.delete(newsletterCampaigns);
  await db.delete(newsletterSubscribers);
});
afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
  for (const s of sinks.splice(0)) await s.close();
});

async function subscribe(count: number, prefix = "reader") {
  const emails = Array.from({ length: count }, (_, i) => `${prefix}${i}@example.in`);
  await db.insert(newsletterSubscribers).values(emails.map((email) => ({ email })));
  return emails;
}

function runner(options: Partial<Parameters<typeof createCampaignRunner>[0]> = {}) {
  return createCampaignRunner({ db, ...links, batchSize: 10, ...options });
}

/** The outbox rows of a campaign, per address. */
async function outboxOf(campaignId: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.campaignId, campaignId));
}

async function deliverTo(sink: SmtpSink) {
  const worker = createMailWorker({
    db,
    transport: smtpTransport(`smtp://127.0.0.1:${sink.port}/?pool=true`),
    from: "Vastra <hello@vastra.example>",
    batchSize: 50,
  });
  workers.push(worker);
  return worker.drainOnce();
}

describe("the campaign runner", () => {
  it("resumes after a crash mid-send with no address queued twice and every subscriber once", async () => {
    const emails = await subscribe(95);
    const campaign = await campaigns.create(template, admin.id);
    expect(campaign.total).toBe(95);

    // The first runner commits three batches, then "crashes" inside the fourth transaction.
    let batches = 0;
    const crashing = runner({
      afterBatch: () => {
        batches++;
        if (batches === 4) throw new Error("power cut");
      },
    });
    await expect(crashing.runOnce()).rejects.toThrow("power cut");
    expect(await outboxOf(campaign._id)).toHaveLength(30);
    const mid = await campaigns.get(campaign._id);
    expect(mid).toMatchObject({ status: "sending", total: 95, queued: 30, sent: 0 });

    // A second runner stopped after two batches, then a third one that finishes the work.
    expect(await runner().runOnce({ maxBatches: 2 })).toMatchObject({ queued: 20 });
    expect(await runner().runOnce()).toMatchObject({ queued: 45, finished: 0 });
    // Nothing is left: another pass queues nothing.
    expect(await runner().runOnce()).toMatchObject({ queued: 0 });

    const rows = await outboxOf(campaign._id);
    expect(rows).toHaveLength(95);
    expect(new Set(rows.map((r) => r.toAddress)).size).toBe(95);
    expect(rows.map((r) => r.toAddress).sort()).toEqual([...emails].sort());
    const recorded = await db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, campaign._id));
    expect(recorded.every((r) => r.outboxId !== null)).toBe(true);

    // Delivered through SMTP: each address exactly once; then the campaign closes.
    const sink = await startSmtpSink(await freePort());
    sinks.push(sink);
    expect(await deliverTo(sink)).toEqual({ sent: 95, failed: 0 });
    const received = sink.received.flatMap((m) => m.envelope.to).sort();
    expect(received).toEqual([...emails].sort());
    expect(await runner().runOnce()).toMatchObject({ finished: 1 });
    const done = await campaigns.get(campaign._id);
    expect(done).toMatchObject({
      status: "sent",
      total: 95,
      queued: 95,
      sent: 95,
      failed: 0,
      results: { successful: 95, failed: 0 },
      message: newsletterSentMessage(95),
    });
    expect(done.finishedAt).not.toBeNull();
  });

  it("never queues an address twice when two runners work at once", async () => {
    await subscribe(60);
    const campaign = await campaigns.create(template, admin.id);
    const results = await Promise.all([runner().runOnce(), runner().runOnce(), runner().runOnce()]);
    expect(results.reduce((n, r) => n + r.queued, 0)).toBe(60);
    const rows = await outboxOf(campaign._id);
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((r) => r.toAddress)).size).toBe(60);
  });

  it("skips addresses that unsubscribed or were deleted after the send, and only sends to subscribers", async () => {
    const emails = await subscribe(12);
    await db
      .insert(newsletterSubscribers)
      .values({ email: "old@example.in", status: "unsubscribed" });
    const campaign = await campaigns.create(template, admin.id);
    expect(campaign.total).toBe(12);
    await app.inject({
      method: "POST",
      url: "/api/newsletter/unsubscribe",
      payload: { email: emails[3], token: unsubscribeToken(TEST_APP_SECRET, emails[3]!) },
    });
    await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, emails[7]!));
    expect(await runner().runOnce()).toMatchObject({ queued: 10, skipped: 2 });
    const sent = (await outboxOf(campaign._id)).map((r) => r.toAddress).sort();
    expect(sent).toEqual(emails.filter((_, i) => i !== 3 && i !== 7).sort());
    expect(sent).not.toContain("old@example.in");
    expect((await campaigns.get(campaign._id)).total).toBe(10);
  });

  it("gives each e-mail its own unsubscribe link and the RFC 8058 headers", async () => {
    const emails = await subscribe(3);
    await campaigns.create(template, admin.id);
    await runner().runOnce();
    const sink = await startSmtpSink(await freePort());
    sinks.push(sink);
    await deliverTo(sink);
    expect(sink.received).toHaveLength(3);
    for (const mail of sink.received) {
      const to = mail.envelope.to[0]!;
      expect(emails).toContain(to);
      const headers = mail.message.headers;
      expect(headers.subject).toBe("Season sale at Vastra");
      expect(headers["list-unsubscribe"]).toBe(`<${unsubscribePostUrl(links, to)}>`);
      expect(headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      const [textPart, htmlPart] = leafParts(mail.message);
      const own = unsubscribeLink(links, to);
      expect(textPart!.type).toBe("text/plain");
      expect(textPart!.body).toContain(`Unsubscribe: ${own}`);
      expect(htmlPart!.body).toContain(`href="${own.replaceAll("&", "&amp;")}"`);
      for (const other of emails.filter((e) => e !== to)) {
        expect(htmlPart!.body).not.toContain(encodeURIComponent(other));
      }
      // The one-click POST from the header unsubscribes that address only.
      const url = new URL(headers["list-unsubscribe"]!.slice(1, -1));
      const res = await app.inject({
        method: "POST",
        url: `${url.pathname}${url.search}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
      expect(res.statusCode).toBe(200);
    }
    const [left] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.status, "subscribed"));
    expect(Number(left!.n)).toBe(0);
  });

  it("marks a campaign failed when none of its e-mails could be delivered", async () => {
    await subscribe(2);
    const campaign = await campaigns.create(template, admin.id);
    await runner().runOnce();
    await db
      .update(emailOutbox)
      .set({ status: "failed" })
      .where(eq(emailOutbox.campaignId, campaign._id));
    await runner().runOnce();
    expect(await campaigns.get(campaign._id)).toMatchObject({
      status: "failed",
      sent: 0,
      failed: 2,
    });
  });
});
