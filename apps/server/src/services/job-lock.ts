/**
 * One runner at a time across processes for a background job (record 0032). Every server process
 * starts the same timers (the newsletter campaign runner, the popularity refresh, the pending-order
 * sweep, the upload sweep); each round first takes the job's PostgreSQL advisory lock and is
 * skipped when another process holds it.
 *
 * The lock is session-level (`pg_try_advisory_lock`) on the database's lock connection, one per
 * process and never a pooled one (db/client.ts, `Database.locks`): taking it and giving it back
 * must happen on the same session. A transaction-level lock would hold a pooled connection in an
 * open transaction for the whole round, while the round's own queries wait for the pool; with a
 * small DATABASE_POOL_MAX that is a deadlock. Session locks are re-entrant (the same session may
 * take one twice), so within the process a set of the jobs in flight keeps a second runner of the
 * same job out too. On PGlite (one process owns the database) that set is the whole lock.
 *
 * The lock keeps rounds from overlapping; it is not what makes a job correct. If the lock
 * connection is lost mid-round the server releases the lock while the round goes on, and another
 * process may start the same job: every job here is safe to overlap anyway (the campaign runner
 * and the upload sweep lock their rows with SKIP LOCKED, the pending-order sweep re-checks each
 * order under its row lock, the popularity refresh computes the same figures).
 */
import { createHash } from "node:crypto";
import type { Database } from "../db/client.ts";

/** The background jobs that run one at a time across processes. */
export const JOBS = {
  campaigns: "newsletter-campaigns",
  popularity: "popularity-refresh",
  pendingOrders: "pending-order-sweep",
  uploads: "upload-sweep",
  guestCarts: "guest-cart-sweep",
  activity: "activity-sweep",
} as const;

export type JobRound<T> = { ran: true; value: T } | { ran: false };

/** Runs a round of one job if no other runner is in one; `{ ran: false }` when one is. */
export type JobLock = <T>(round: () => Promise<T>) => Promise<JobRound<T>>;

type Log = { warn(obj: object, msg: string): void };

/**
 * The job's advisory lock key: the first 8 bytes of a SHA-256 of its name, as PostgreSQL's signed
 * bigint. The same in every process and version, and apart from any other application's keys
 * (prefixed).
 */
export function jobLockKey(job: string): bigint {
  return createHash("sha256").update(`vastra:job:${job}`).digest().readBigInt64BE(0);
}

/** The jobs in a round in this process, per database. */
const inFlight = new WeakMap<Database, Set<string>>();

/**
 * Runs `round` under the job's lock: now, if neither this process nor another is in a round of
 * the job; otherwise not at all (`{ ran: false }`). A failure to take the lock (the database away)
 * or of the round is thrown; the lock is given back either way.
 */
export async function runExclusive<T>(
  database: Database,
  job: string,
  round: () => Promise<T>,
  log?: Log,
): Promise<JobRound<T>> {
  let mine = inFlight.get(database);
  if (!mine) {
    mine = new Set();
    inFlight.set(database, mine);
  }
  // Taken before the first await: a second runner in this process sees it at once.
  if (mine.has(job)) return { ran: false };
  mine.add(job);
  try {
    const { locks } = database;
    if (!locks) return { ran: true, value: await round() };
    const key = jobLockKey(job);
    if (!(await locks.tryLock(key))) return { ran: false };
    try {
      return { ran: true, value: await round() };
    } finally {
      if (!(await locks.unlock(key))) {
        log?.warn({ job }, "the job's lock was lost during its round (its connection dropped)");
      }
    }
  } finally {
    mine.delete(job);
  }
}

/** runExclusive bound to one job of one database, for a runner to wrap its rounds in. */
export function jobLock(database: Database, job: string, log?: Log): JobLock {
  return (round) => runExclusive(database, job, round, log);
}
