/**
 * Newsletter campaigns (decisions.md §6). A send creates a campaign whose recipients are the
 * active subscribers at that moment, one campaign_recipients row each (primary key campaign +
 * address). The campaign runner then hands them to the e-mail outbox in batches: each batch is one
 * transaction that locks its recipients, writes one outbox e-mail per address and records the outbox id
 * on the recipient. A recipient with an outbox id is never queued again, and the transaction makes
 * "queued" and "recorded" one fact, so a crash (or a second runner on another server) can neither
 * lose nor double an address: the next runner picks up exactly the recipients not yet recorded.
 * The mail worker delivers; a campaign is done when none of its e-mails is pending any more.
 */

import {
  NEWSLETTER_ADMIN_MESSAGES,
  type NewsletterCampaign,
  type NewsletterCampaignStatus,
  type NewsletterSettings,
  type NewsletterTemplate,
  newsletterSentMessage,
  type StoreSettings,
} from "@vastra/contracts";
import { isUuid } from "@vastra/contracts/ids";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.ts";
import { campaignRecipients, emailOutbox, newsletterCampaigns } from "../../db/schema.ts";
import {
  addressNewsletter,
  type EmailContent,
  renderNewsletter,
  UNSUBSCRIBE_PLACEHOLDER,
} from "../../mail/templates.ts";
import { type Clock, systemClock } from "../clock.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import type { JobLock } from "../job-lock.ts";
import { createPoller } from "../poller.ts";
import { getStoreSettings } from "../store-settings.ts";
import { getNewsletterSettings, requireFields } from "./admin.ts";
import { listUnsubscribeHeaders, unsubscribeLink, unsubscribePostUrl } from "./index.ts";

/** E-mails queued per transaction. */
export const CAMPAIGN_BATCH_SIZE = 500;
export const NEWSLETTER_EMAIL_KIND = "newsletter";

/** What a campaign keeps so every batch renders the same e-mail, whatever changes meanwhile. */
type CampaignSnapshot = {
  template: NewsletterTemplate;
  settings: NewsletterSettings;
  store: StoreSettings;
};

type LinkConfig = { appSecret: string; publicUrl: string };

/** A campaign as the admin sees it: totals counted from its recipients and its e-mails. */
async function campaignProgress(db: Db, id: string): Promise<NewsletterCampaign | undefined> {
  const [row] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
  if (!row) return undefined;
  const [queued] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(campaignRecipients)
    .where(
      and(eq(campaignRecipients.campaignId, id), sql`${campaignRecipients.outboxId} is not null`),
    );
  const [mail] = await db
    .select({
      sent: sql<number>`(count(*) filter (where ${emailOutbox.status} = 'sent'))::int`,
      failed: sql<number>`(count(*) filter (where ${emailOutbox.status} = 'failed'))::int`,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.campaignId, id));
  const sent = Number(mail?.sent ?? 0);
  const failed = Number(mail?.failed ?? 0);
  const status = row.status as NewsletterCampaignStatus;
  return {
    _id: row.id,
    subject: row.subject,
    status,
    total: row.total,
    queued: Number(queued?.n ?? 0),
    sent,
    failed,
    results: { successful: sent, failed },
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    message:
      status === "sent"
        ? newsletterSentMessage(sent)
        : status === "failed"
          ? NEWSLETTER_ADMIN_MESSAGES.campaignFailed
          : null,
  };
}

export function createCampaigns(deps: { db: Db; clock?: Clock }) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;

  return {
    /**
     * Creates a campaign for every subscribed address now (subject, main title and description
     * required). Refused when nobody is subscribed. Delivery is the runner's and the worker's.
     */
    async create(
      template: NewsletterTemplate,
      adminId: string | null,
    ): Promise<NewsletterCampaign> {
      requireFields(
        template,
        ["subject", "mainTitle", "description"],
        NEWSLETTER_ADMIN_MESSAGES.sendRequired,
      );
      const snapshot: CampaignSnapshot = {
        template,
        settings: await getNewsletterSettings(db),
        store: await getStoreSettings(db),
      };
      const id = await db.transaction(async (tx) => {
        const [campaign] = await tx
          .insert(newsletterCampaigns)
          .values({
            subject: template.subject,
            template: snapshot,
            status: "queued",
            createdById: adminId,
            createdAt: clock(),
          })
          .returning({ id: newsletterCampaigns.id });
        const campaignId = campaign!.id;
        const added = rowsOf<{ n: number }>(
          await tx.execute(sql`
            with added as (
              insert into ${campaignRecipients} (campaign_id, subscriber_id, email)
              select ${campaignId}::uuid, s.id, lower(s.email)
              from newsletter_subscribers s where s.status = 'subscribed'
              on conflict do nothing
              returning 1)
            select count(*)::int as n from added`),
        );
        const total = Number(added[0]?.n ?? 0);
        if (total === 0) throw new ValidationError(NEWSLETTER_ADMIN_MESSAGES.noSubscribers);
        await tx
          .update(newsletterCampaigns)
          .set({ total })
          .where(eq(newsletterCampaigns.id, campaignId));
        return campaignId;
      });
      return (await campaignProgress(db, id))!;
    },

    async get(id: string): Promise<NewsletterCampaign> {
      const found = isUuid(id) ? await campaignProgress(db, id) : undefined;
      if (!found) throw new NotFoundError(NEWSLETTER_ADMIN_MESSAGES.campaignNotFound);
      return found;
    },

    /** The newest campaigns first. */
    async recent(limit = 10): Promise<NewsletterCampaign[]> {
      const rows = await db
        .select({ id: newsletterCampaigns.id })
        .from(newsletterCampaigns)
        .orderBy(desc(newsletterCampaigns.createdAt))
        .limit(limit);
      const list = await Promise.all(rows.map((r) => campaignProgress(db, r.id)));
      return list.filter((c): c is NewsletterCampaign => c !== undefined);
    },
  };
}
export type Campaigns = ReturnType<typeof createCampaigns>;

export type CampaignRunnerOptions = LinkConfig & {
  db: Db;
  clock?: Clock;
  batchSize?: number;
  pollMs?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /**
   * Called inside each batch's transaction after its e-mails are queued, before it commits
   * (throwing aborts the batch as a crash would: used by the tests and the benchmark).
   */
  afterBatch?: (batch: { campaignId: string; queued: number }) => void | Promise<void>;
  /**
   * The job's lock across processes (services/job-lock.ts): a poll round is skipped while another
   * server runs one. Without it every server queues at once, which is safe too (SKIP LOCKED).
   */
  lock?: JobLock;
};

export type RunResult = { queued: number; skipped: number; finished: number };

/**
 * Queues unfinished campaigns into the outbox batch by batch and closes the campaigns whose
 * e-mails are all delivered (or given up). Several runners (servers) may run at once.
 */
export function createCampaignRunner(options: CampaignRunnerOptions) {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  const batchSize = options.batchSize ?? CAMPAIGN_BATCH_SIZE;
  const links: LinkConfig = { appSecret: options.appSecret, publicUrl: options.publicUrl };
  /** Each campaign's e-mail, rendered once with the placeholder link. */
  const rendered = new Map<string, EmailContent>();
  const poller = createPoller(() => (options.lock ? options.lock(() => runOnce()) : runOnce()), {
    pollMs: options.pollMs,
    onError: (error) => options.log?.warn({ err: String(error) }, "newsletter campaign run failed"),
  });

  function baseEmail(campaignId: string, snapshot: CampaignSnapshot): EmailContent {
    let content = rendered.get(campaignId);
    if (!content) {
      content = renderNewsletter(snapshot.template, snapshot.settings, snapshot.store, {
        publicUrl: options.publicUrl,
        unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER,
      });
      rendered.set(campaignId, content);
    }
    return content;
  }

  /** Queues one batch of a campaign; returns how many recipients it handled (0: none left). */
  async function queueBatch(
    campaignId: string,
    snapshot: CampaignSnapshot,
  ): Promise<{ queued: number; skipped: number }> {
    return db.transaction(async (tx) => {
      const rows = rowsOf<{ email: string; status: string | null }>(
        await tx.execute(sql`
          select cr.email, s.status
          from campaign_recipients cr
          left join newsletter_subscribers s on s.id = cr.subscriber_id
          where cr.campaign_id = ${campaignId}::uuid and cr.outbox_id is null
          order by cr.email
          limit ${batchSize}
          for update of cr skip locked`),
      );
      if (rows.length === 0) return { queued: 0, skipped: 0 };
      // Those who unsubscribed (or were deleted) since the send are dropped from the campaign.
      const gone = rows.filter((r) => r.status !== "subscribed").map((r) => r.email);
      if (gone.length > 0) {
        await tx
          .delete(campaignRecipients)
          .where(
            and(
              eq(campaignRecipients.campaignId, campaignId),
              inArray(campaignRecipients.email, gone),
            ),
          );
        await tx
          .update(newsletterCampaigns)
          .set({ total: sql`${newsletterCampaigns.total} - ${gone.length}` })
          .where(eq(newsletterCampaigns.id, campaignId));
      }
      const base = baseEmail(campaignId, snapshot);
      const live = rows.filter((r) => r.status === "subscribed").map((r) => r.email);
      if (live.length > 0) {
        // The batch's e-mails in one INSERT (what enqueueEmail writes, row for row), so 500
        // addresses cost one round trip instead of 500.
        const queued = await tx
          .insert(emailOutbox)
          .values(
            live.map((email) => {
              const link = unsubscribeLink(links, email);
              const content = addressNewsletter(base, link);
              return {
                kind: NEWSLETTER_EMAIL_KIND,
                toAddress: email,
                subject: content.subject,
                html: content.html,
                text: content.text,
                headers: listUnsubscribeHeaders(link, unsubscribePostUrl(links, email)),
                campaignId,
              };
            }),
          )
          .returning({ id: emailOutbox.id, email: emailOutbox.toAddress });
        const values = sql.join(
          queued.map((q) => sql`(${q.email}, ${q.id}::uuid)`),
          sql`, `,
        );
        await tx.execute(sql`
          update campaign_recipients as cr set outbox_id = v.outbox_id
          from (values ${values}) as v(email, outbox_id)
          where cr.campaign_id = ${campaignId}::uuid and cr.email = v.email`);
      }
      await tx
        .update(newsletterCampaigns)
        .set({ status: "sending" })
        .where(
          and(eq(newsletterCampaigns.id, campaignId), eq(newsletterCampaigns.status, "queued")),
        );
      await options.afterBatch?.({ campaignId, queued: live.length });
      return { queued: live.length, skipped: gone.length };
    });
  }

  /** Marks the campaign done when every recipient is queued and none of its e-mails is pending. */
  async function finishIfDone(campaignId: string): Promise<boolean> {
    const [left] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(campaignRecipients)
      .where(
        and(
          eq(campaignRecipients.campaignId, campaignId),
          sql`${campaignRecipients.outboxId} is null`,
        ),
      );
    if (Number(left?.n ?? 0) > 0) return false;
    const [mail] = await db
      .select({
        pending: sql<number>`(count(*) filter (where ${emailOutbox.status} = 'pending'))::int`,
        sent: sql<number>`(count(*) filter (where ${emailOutbox.status} = 'sent'))::int`,
        total: sql<number>`count(*)::int`,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.campaignId, campaignId));
    if (Number(mail?.pending ?? 0) > 0) return false;
    const total = Number(mail?.total ?? 0);
    const status = Number(mail?.sent ?? 0) > 0 || total === 0 ? "sent" : "failed";
    const closed = await db
      .update(newsletterCampaigns)
      .set({ status, finishedAt: clock() })
      .where(
        and(
          eq(newsletterCampaigns.id, campaignId),
          inArray(newsletterCampaigns.status, ["queued", "sending"]),
        ),
      )
      .returning({ id: newsletterCampaigns.id });
    rendered.delete(campaignId);
    if (closed.length > 0) {
      options.log?.info(
        { campaignId, status, sent: Number(mail?.sent ?? 0) },
        "newsletter campaign done",
      );
    }
    return closed.length > 0;
  }

  /**
   * One pass over the unfinished campaigns, oldest first: queues what is left of each (at most
   * `maxBatches` batches in all, when given) and closes those that are done.
   */
  async function runOnce(limits: { maxBatches?: number } = {}): Promise<RunResult> {
    const result: RunResult = { queued: 0, skipped: 0, finished: 0 };
    const open = await db
      .select({ id: newsletterCampaigns.id, template: newsletterCampaigns.template })
      .from(newsletterCampaigns)
      .where(inArray(newsletterCampaigns.status, ["queued", "sending"]))
      .orderBy(newsletterCampaigns.createdAt);
    // Forget the e-mails of campaigns that are closed (here or by another server).
    const openIds = new Set(open.map((c) => c.id));
    for (const id of rendered.keys()) if (!openIds.has(id)) rendered.delete(id);
    let batches = 0;
    for (const campaign of open) {
      const snapshot = campaign.template as CampaignSnapshot;
      for (;;) {
        if (poller.stopped || (limits.maxBatches !== undefined && batches >= limits.maxBatches)) {
          return result;
        }
        const batch = await queueBatch(campaign.id, snapshot);
        if (batch.queued + batch.skipped === 0) break;
        batches++;
        result.queued += batch.queued;
        result.skipped += batch.skipped;
      }
      if (await finishIfDone(campaign.id)) result.finished++;
    }
    return result;
  }

  return {
    runOnce,
    start(): void {
      poller.start();
    },
    /** Stops after the batch in flight (committed or not, nothing is lost or doubled). */
    async stop(): Promise<void> {
      await poller.stop();
    },
  };
}
export type CampaignRunner = ReturnType<typeof createCampaignRunner>;
