/**
 * Drains the outbox: claims due messages under a lease (so two workers never take the same one),
 * sends them a few at a time (MAIL_CONCURRENCY), marks each sent; a failure is retried with
 * exponential backoff until MAX_ATTEMPTS.
 * Once an hour it also compacts sent messages older than the retention (30 days): the row stays
 * (recipient, subject, when, campaign, so counts and "no address twice" still hold), the body goes.
 */
import { and, eq, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client.ts";
import { emailOutbox } from "../db/schema.ts";
import { retryTransient } from "../db/transient.ts";
import { type Clock, systemClock } from "../services/clock.ts";
import { createPoller } from "../services/poller.ts";
import { type InlineImage, renderInlineImages } from "./inline-images.ts";
import { MAIL_CONCURRENCY, type MailTransport } from "./transports.ts";

export const MAX_ATTEMPTS = 8;
/** How long a sent message keeps its body (HTML, text, headers) in the outbox. */
export const SENT_BODY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
const COMPACT_EVERY_MS = 60 * 60 * 1000;
const COMPACT_BATCH = 1000;

export type WorkerOptions = {
  db: Db;
  transport: MailTransport;
  from: string;
  clock?: Clock;
  /** First retry delay; doubles with each attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long a claimed message stays reserved for the worker that claimed it. */
  leaseMs?: number;
  batchSize?: number;
  /** Messages sent at the same time (4 by default; the SMTP transport pools as many connections). */
  concurrency?: number;
  pollMs?: number;
  /** How long a sent message keeps its body; SENT_BODY_RETENTION_MS by default. */
  sentRetentionMs?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
};

export type DrainResult = { sent: number; failed: number };

/** An outbox message claimed for sending. */
type ClaimedRow = {
  id: string;
  toAddress: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  inlineImages: InlineImage[];
  attempts: number;
};

export function retryDelayMs(attempt: number, base: number, max: number): number {
  return Math.min(max, base * 2 ** Math.max(0, attempt - 1));
}

export function createMailWorker(options: WorkerOptions) {
  const clock = options.clock ?? systemClock;
  const base = options.baseDelayMs ?? 30_000;
  const max = options.maxDelayMs ?? 3_600_000;
  const lease = options.leaseMs ?? 300_000;
  const batchSize = options.batchSize ?? 20;
  const concurrency = Math.max(1, options.concurrency ?? MAIL_CONCURRENCY);
  const { db, transport } = options;
  let compactedAt = Number.NEGATIVE_INFINITY;

  async function claim(): Promise<Array<typeof emailOutbox.$inferSelect>> {
    const now = clock();
    const until = new Date(now.getTime() + lease);
    return db.execute(sql`
      update ${emailOutbox} set locked_until = ${until.toISOString()}, attempts = attempts + 1
      where id in (
        select id from ${emailOutbox}
        where status = 'pending' and next_attempt_at <= ${now.toISOString()}
          and (locked_until is null or locked_until <= ${now.toISOString()})
        order by next_attempt_at
        limit ${batchSize}
        for update skip locked)
      returning id, to_address as "toAddress", subject, html, text, headers,
        inline_images as "inlineImages", attempts`) as never;
  }

  /** Sends one claimed message and records the outcome; true when it was sent. */
  async function deliver(row: ClaimedRow): Promise<boolean> {
    try {
      await transport.send({
        outboxId: row.id,
        from: options.from,
        to: row.toAddress,
        subject: row.subject,
        html: row.html,
        text: row.text,
        headers: row.headers ?? {},
        attachments: await renderInlineImages(row.inlineImages),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      const next = new Date(clock().getTime() + retryDelayMs(row.attempts, base, max));
      // Recording an outcome is the same write however often it runs: a connection lost to a
      // database restart is retried (record 0032).
      await retryTransient(() =>
        db
          .update(emailOutbox)
          .set({
            status: giveUp ? "failed" : "pending",
            nextAttemptAt: next,
            lockedUntil: null,
            lastError: message.slice(0, 500),
          })
          .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "pending"))),
      );
      options.log?.warn(
        { outboxId: row.id, attempt: row.attempts, giveUp, err: message },
        "e-mail send failed",
      );
      return false;
    }
    // Sent: failing to record it would send it again once the lease ends, so a lost connection
    // is retried (the update is the same however often it runs).
    await retryTransient(() =>
      db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: clock(), lockedUntil: null, lastError: null })
        .where(eq(emailOutbox.id, row.id)),
    );
    return true;
  }

  /** Sends every message that is due now; returns how many were sent and how many failed. */
  async function drainOnce(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, failed: 0 };
    for (;;) {
      const raw = await claim();
      const rows = rowsOf<ClaimedRow>(raw);
      if (rows.length === 0) return result;
      // `concurrency` messages in flight at once (an SMTP pool sends them on as many connections).
      let next = 0;
      const lanes = Array.from({ length: Math.min(concurrency, rows.length) }, async () => {
        while (next < rows.length) {
          const row = rows[next++]!;
          if (await deliver(row)) result.sent++;
          else result.failed++;
        }
      });
      // Every lane ends before the round does (no send outlives it), then the first error counts.
      const failure = (await Promise.allSettled(lanes)).find((l) => l.status === "rejected");
      if (failure) throw failure.reason;
      if (rows.length < batchSize) return result;
    }
  }

  /**
   * Empties the bodies of messages sent before the retention, 1,000 rows per statement (served by
   * the partial index email_outbox_compact_idx); returns how many were compacted.
   */
  async function compactSent(): Promise<number> {
    const before = new Date(
      clock().getTime() - (options.sentRetentionMs ?? SENT_BODY_RETENTION_MS),
    );
    let compacted = 0;
    for (;;) {
      const done = await db
        .update(emailOutbox)
        .set({ html: "", text: "", headers: {}, inlineImages: [] })
        .where(
          sql`${emailOutbox.id} in (select id from ${emailOutbox}
            where status = 'sent' and html <> '' and sent_at < ${before.toISOString()}
            limit ${COMPACT_BATCH})`,
        )
        .returning({ id: emailOutbox.id });
      compacted += done.length;
      if (done.length < COMPACT_BATCH) return compacted;
    }
  }

  /** One round: the due messages, and the hourly compaction when it is due. */
  async function round(): Promise<DrainResult> {
    const result = await drainOnce();
    const now = clock().getTime();
    if (now - compactedAt >= COMPACT_EVERY_MS) {
      compactedAt = now;
      const compacted = await compactSent();
      if (compacted > 0) options.log?.info({ compacted }, "compacted sent e-mails");
    }
    return result;
  }

  const poller = createPoller(round, {
    pollMs: options.pollMs,
    onError: (error) => options.log?.warn({ err: String(error) }, "outbox drain failed"),
  });

  return {
    drainOnce,
    compactSent,
    start(): void {
      poller.start();
    },
    /** Stops polling and waits for a drain in flight to finish. */
    async stop(): Promise<void> {
      await poller.stop();
      transport.close();
    },
  };
}
export type MailWorker = ReturnType<typeof createMailWorker>;
