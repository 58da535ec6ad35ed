/**
 * The newsletter campaign runner with two server processes (record 0032): each process's runner
 * under the job lock, two runners racing without it, and a process dying mid-campaign. However
 * they interleave, every subscriber gets exactly one e-mail queued and no progress is lost.
 *
 * Two "processes" are two Database connections to the file's database (PostgreSQL); on PGlite, which
 * one process owns, both runners share one, so the same rules are checked without the race between
 * connections.
 */
import { newsletterTemplateSchema } from "@vastra/contracts";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, inject, it } from "vitest";
import { createUser } from "../../../test/factories.ts";
import {
  setupTestDatabase,
  TEST_APP_SECRET,
  testDatabaseKind,
  vitestHooks,
} from "../../../test/helpers.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import {
  campaignRecipients,
  emailOutbox,
  newsletterCampaigns,
  newsletterSubscribers,
} from "../../db/schema.ts";
import { JOBS, jobLock } from "../job-lock.ts";
import { type CampaignRunnerOptions, createCampaignRunner, createCampaigns } from "./campaigns.ts";

const database = await setupTestDatabase();
const db = database.db;
const admin = await createUser(db, { isAdmin: true });
const links = { appSecret: TEST_APP_SECRET, publicUrl: "http://localhost:3000" };
const template = newsletterTemplateSchema.parse({
  subject: "Festive edit",
  mainTitle: "The festive edit is here",
  description: "New kurtas and sarees.",
});

/** The second process: its own pool on the same database (PostgreSQL), or the same PGlite. */
const other: Database =
  testDatabaseKind() === "postgres"
    ? await (async () => {
        const url = new URL(inject("testDatabaseUrl"));
        url.pathname = `/${database.name}`;
        const opened = await openDatabase({ kind: "postgres", url: url.href, max: 3 });
        vitestHooks.after(() => opened.close());
        return opened;
      })()
    : database;

beforeEach(async () => {
  await db.delete(emailOutbox);
  await db.delete(newsletterCampaigns);
  await db.delete(newsletterSubscribers);
});

async function campaignTo(count: number): Promise<{ id: string; emails: string[] }> {
  const emails = Array.from({ length: count }, (_, i) => `fan${i}@example.in`);
  await db.insert(newsletterSubscribers).values(emails.map((email) => ({ email })));
  const campaign = await createCampaigns({ db }).create(template, admin.id);
  return { id: campaign._id, emails };
}

function runnerOf(process: Database, options: Partial<CampaignRunnerOptions> = {}) {
  return createCampaignRunner({ db: process.db, ...links, batchSize: 20, ...options });
}

/** Every address the campaign's outbox holds, one entry per e-mail. */
async function queuedAddresses(campaignId: string): Promise<string[]> {
  const rows = await db
    .select({ to: emailOutbox.toAddress })
    .from(emailOutbox)
    .where(eq(emailOutbox.campaignId, campaignId));
  return rows.map((r) => r.to).sort();
}

async function unqueued(campaignId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(campaignRecipients)
    .where(
      sql`${campaignRecipients.campaignId} = ${campaignId} and ${campaignRecipients.outboxId} is null`,
    );
  return Number(row?.n ?? 0);
}

describe("the campaign runner in two processes", () => {
  it("both polling under the job lock: each subscriber queued once, and the campaign closes", async () => {
    const { id, emails } = await campaignTo(300);
    const batchesBy = { A: 0, B: 0 };
    const a = runnerOf(database, {
      pollMs: 5,
      lock: jobLock(database, JOBS.campaigns),
      afterBatch: () => void batchesBy.A++,
    });
    const b = runnerOf(other, {
      pollMs: 5,
      lock: jobLock(other, JOBS.campaigns),
      afterBatch: () => void batchesBy.B++,
    });
    a.start();
    b.start();
    try {
      await expect.poll(() => unqueued(id), { timeout: 20_000 }).toBe(0);
      expect(await queuedAddresses(id)).toEqual([...emails].sort());
      // 300 addresses in batches of 20, each batch queued by one process or the other.
      expect(batchesBy.A + batchesBy.B).toBe(15);
      // Delivered (as the mail worker would record it): one of the two closes the campaign.
      await db.update(emailOutbox).set({ status: "sent", sentAt: new Date() });
      await expect
        .poll(
          async () =>
            (await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id)))[0]
              ?.status,
          { timeout: 10_000 },
        )
        .toBe("sent");
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(await queuedAddresses(id)).toHaveLength(300);
  });

  it("racing without the lock (a lost lock connection), still no address twice", async () => {
    const { id, emails } = await campaignTo(240);
    const results = await Promise.all([
      runnerOf(database).runOnce(),
      runnerOf(other).runOnce(),
      runnerOf(database).runOnce(),
      runnerOf(other).runOnce(),
    ]);
    expect(results.reduce((n, r) => n + r.queued, 0)).toBe(240);
    expect(await queuedAddresses(id)).toEqual([...emails].sort());
  });

  it("a process that dies mid-campaign loses nothing: the other one finishes it", async () => {
    const { id, emails } = await campaignTo(100);
    let batches = 0;
    const dying = runnerOf(database, {
      afterBatch: () => {
        // The third batch's transaction never commits: the process is gone.
        if (++batches === 3) throw new Error("process killed");
      },
    });
    await expect(dying.runOnce()).rejects.toThrow("process killed");
    // The two committed batches stay queued; the third is not half-queued.
    expect(await queuedAddresses(id)).toHaveLength(40);
    expect(await unqueued(id)).toBe(60);

    const survivor = await runnerOf(other).runOnce();
    expect(survivor.queued).toBe(60);
    expect(await queuedAddresses(id)).toEqual([...emails].sort());
  });
});
