/**
 * Drains the outbox: claims due messages under a lease (so two workers never take the same one),
 * sends each, marks it sent; a failure is retried with exponential backoff until MAX_ATTEMPTS.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { emailOutbox } from "../db/schema.ts";
import { type Clock, systemClock } from "../services/clock.ts";
import type { MailTransport } from "./transports.ts";

export const MAX_ATTEMPTS = 8;

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
  pollMs?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
};

export type DrainResult = { sent: number; failed: number };

export function retryDelayMs(attempt: number, base: number, max: number): number {
  return Math.min(max, base * 2 ** Math.max(0, attempt - 1));
}

export function createMailWorker(options: WorkerOptions) {
  const clock = options.clock ?? systemClock;
  const base = options.baseDelayMs ?? 30_000;
  const max = options.maxDelayMs ?? 3_600_000;
  const lease = options.leaseMs ?? 300_000;
  const batchSize = options.batchSize ?? 20;
  const { db, transport } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<DrainResult> | undefined;
  let stopped = false;

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
      returning id, to_address as "toAddress", subject, html, text, headers, attempts`) as never;
  }

  /** Sends every message that is due now; returns how many were sent and how many failed. */
  async function drainOnce(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, failed: 0 };
    for (;;) {
      const raw = await claim();
      const rows = (Array.isArray(raw) ? raw : (raw as { rows: typeof raw }).rows) as Array<{
        id: string;
        toAddress: string;
        subject: string;
        html: string;
        text: string;
        headers: Record<string, string>;
        attempts: number;
      }>;
      if (rows.length === 0) return result;
      for (const row of rows) {
        try {
          await transport.send({
            outboxId: row.id,
            from: options.from,
            to: row.toAddress,
            subject: row.subject,
            html: row.html,
            text: row.text,
            headers: row.headers ?? {},
          });
          await db
            .update(emailOutbox)
            .set({ status: "sent", sentAt: clock(), lockedUntil: null, lastError: null })
            .where(eq(emailOutbox.id, row.id));
          result.sent++;
        } catch (error) {
          result.failed++;
          const message = error instanceof Error ? error.message : String(error);
          const giveUp = row.attempts >= MAX_ATTEMPTS;
          const next = new Date(clock().getTime() + retryDelayMs(row.attempts, base, max));
          await db
            .update(emailOutbox)
            .set({
              status: giveUp ? "failed" : "pending",
              nextAttemptAt: next,
              lockedUntil: null,
              lastError: message.slice(0, 500),
            })
            .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "pending")));
          options.log?.warn(
            { outboxId: row.id, attempt: row.attempts, giveUp, err: message },
            "e-mail send failed",
          );
        }
      }
      if (rows.length < batchSize) return result;
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(tick, options.pollMs ?? 1000);
    timer.unref();
  }

  function tick(): void {
    running = drainOnce()
      .catch((error) => {
        options.log?.warn({ err: String(error) }, "outbox drain failed");
        return { sent: 0, failed: 0 };
      })
      .finally(() => {
        running = undefined;
        schedule();
      });
  }

  return {
    drainOnce,
    start(): void {
      stopped = false;
      schedule();
    },
    /** Stops polling and waits for a drain in flight to finish. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
export type MailWorker = ReturnType<typeof createMailWorker>;
