/**
 * One runner at a time per background job (services/job-lock.ts, record 0032).
 *
 * Two "processes" are two Database connections to the file's database, each with its own pool and
 * lock connection, as two servers have. On PostgreSQL the advisory lock decides between them. On
 * PGlite one process owns the database, so both runners share it: the lock is trivially taken and
 * the in-process guard alone keeps the rounds apart.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { describe, expect, inject, it } from "vitest";
import { setupTestDatabase, testDatabaseKind, vitestHooks } from "../../test/helpers.ts";
import { type Database, openDatabase, rowsOf } from "../db/client.ts";
import { JOBS, jobLock, jobLockKey, runExclusive } from "./job-lock.ts";
import { createPoller } from "./poller.ts";

const onPostgres = testDatabaseKind() === "postgres";
const database = await setupTestDatabase();

/** The URL of this file's PostgreSQL database. */
function databaseUrl(): string {
  const url = new URL(inject("testDatabaseUrl"));
  url.pathname = `/${database.name}`;
  return url.href;
}

/** Another process's connections to the same database (PostgreSQL); on PGlite the same one. */
async function anotherProcess(max = 2): Promise<Database> {
  if (!onPostgres) return database;
  const other = await openDatabase({ kind: "postgres", url: databaseUrl(), max });
  vitestHooks.after(() => other.close());
  return other;
}

/** The advisory locks held on the database now, as the server sees them (PostgreSQL). */
async function advisoryLocksHeld(): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await database.db.execute(
      sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and granted
        and database = (select oid from pg_database where datname = current_database())`,
    ),
  );
  return rows[0]!.n;
}

type Round = { runner: string; start: number; end: number };

/** A round that takes `ms` and records when it ran. */
function slowRound(rounds: Round[], runner: string, ms: number) {
  return async () => {
    const start = performance.now();
    await sleep(ms);
    rounds.push({ runner, start, end: performance.now() });
  };
}

/** Fails when two recorded rounds overlap in time. */
function expectNoOverlap(rounds: Round[]): void {
  const sorted = [...rounds].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    expect(
      sorted[i]!.start,
      `round ${i} started before round ${i - 1} ended`,
    ).toBeGreaterThanOrEqual(sorted[i - 1]!.end);
  }
}

describe("runExclusive", () => {
  it("runs the round under the job's lock and gives the lock back, even when the round fails", async () => {
    let heldDuring = -1;
    const first = await runExclusive(database, "test-job", async () => {
      heldDuring = onPostgres ? await advisoryLocksHeld() : 1;
      return 42;
    });
    expect(first).toEqual({ ran: true, value: 42 });
    expect(heldDuring).toBe(1);
    if (onPostgres) expect(await advisoryLocksHeld()).toBe(0);

    await expect(
      runExclusive(database, "test-job", async () => {
        throw new Error("round failed");
      }),
    ).rejects.toThrow("round failed");
    if (onPostgres) expect(await advisoryLocksHeld()).toBe(0);
    // Given back: the next round runs.
    expect(await runExclusive(database, "test-job", async () => "again")).toEqual({
      ran: true,
      value: "again",
    });
  });

  it("skips a second round of the same job in the same process, not another job's", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const long = runExclusive(database, JOBS.popularity, () => gate);
    // Session locks are re-entrant on PostgreSQL: this must be refused by the process itself.
    expect(await runExclusive(database, JOBS.popularity, async () => "second")).toEqual({
      ran: false,
    });
    expect(await runExclusive(database, JOBS.uploads, async () => "other job")).toEqual({
      ran: true,
      value: "other job",
    });
    release();
    expect(await long).toEqual({ ran: true, value: undefined });
  });

  it("does not hold a pooled connection: a round on a pool of one connection still runs", async () => {
    const small = onPostgres
      ? await openDatabase({ kind: "postgres", url: databaseUrl(), max: 1 })
      : database;
    try {
      const result = await runExclusive(small, "pool-of-one", async () => {
        const rows = rowsOf<{ n: number }>(await small.db.execute(sql`select 7 as n`));
        return rows[0]!.n;
      });
      expect(result).toEqual({ ran: true, value: 7 });
    } finally {
      if (small !== database) await small.close();
    }
  });

  it("names each job with its own stable lock key", () => {
    const keys = Object.values(JOBS).map(jobLockKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(jobLockKey(JOBS.campaigns)).toBe(jobLockKey("newsletter-campaigns"));
    for (const key of keys) {
      expect(key).toBeGreaterThanOrEqual(-(2n ** 63n));
      expect(key).toBeLessThan(2n ** 63n);
    }
  });
});

describe("two processes running the same job", () => {
  it("each tick runs the round exactly once, and rounds never overlap", async () => {
    const other = await anotherProcess();
    const rounds: Round[] = [];
    // Both lock connections opened first: a first connect slower than the round (a loaded
    // machine) let the second process lock after the first's round had ended, so both ran in
    // one tick, one after the other.
    await runExclusive(database, JOBS.popularity, async () => {});
    await runExclusive(other, JOBS.popularity, async () => {});
    for (let tick = 0; tick < 5; tick++) {
      // Both processes' timers fire together; the round takes 300 ms.
      const results = await Promise.all([
        runExclusive(database, JOBS.popularity, slowRound(rounds, "A", 300)),
        runExclusive(other, JOBS.popularity, slowRound(rounds, "B", 300)),
      ]);
      expect(results.filter((r) => r.ran)).toHaveLength(1);
      expect(rounds).toHaveLength(tick + 1);
    }
    expectNoOverlap(rounds);
  });

  it("free-running pollers take turns: no two rounds at once, and the loser of each race skips", async () => {
    const other = await anotherProcess();
    const rounds: Round[] = [];
    let skipped = 0;
    const errors: unknown[] = [];
    const runner = (db: Database, name: string) => {
      const lock = jobLock(db, JOBS.pendingOrders);
      return createPoller(
        async () => {
          const result = await lock(slowRound(rounds, name, 80));
          if (!result.ran) skipped++;
        },
        { pollMs: 5, onError: (error) => errors.push(error) },
      );
    };
    const a = runner(database, "A");
    const b = runner(other, "B");
    a.start();
    b.start();
    await sleep(1500);
    await Promise.all([a.stop(), b.stop()]);
    expect(errors).toEqual([]);
    expect(rounds.length).toBeGreaterThanOrEqual(5);
    expect(skipped).toBeGreaterThan(0);
    expectNoOverlap(rounds);
  });
});

describe.runIf(onPostgres)("the lock connection (PostgreSQL)", () => {
  it("a lock connection cut mid-round releases the lock: reported, and the next round locks again", async () => {
    const other = await anotherProcess();
    const warnings: string[] = [];
    const log = { warn: (_: object, msg: string) => warnings.push(msg) };
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = runExclusive(database, "cut-job", () => gate, log);
    await expect.poll(advisoryLocksHeld).toBe(1);
    expect(await runExclusive(other, "cut-job", async () => "B")).toEqual({ ran: false });

    // Cut the session that holds the lock (as a database restart would).
    const admin = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
    try {
      await admin`select pg_terminate_backend(pid) from pg_locks
        where locktype = 'advisory' and granted and pid <> pg_backend_pid()
          and database = (select oid from pg_database where datname = current_database())`;
    } finally {
      await admin.end({ timeout: 5 });
    }
    await expect.poll(advisoryLocksHeld).toBe(0);
    // The server let go of it: the other process may run now (every job tolerates this).
    expect(await runExclusive(other, "cut-job", async () => "B")).toEqual({
      ran: true,
      value: "B",
    });
    release();
    expect(await first).toEqual({ ran: true, value: undefined });
    expect(warnings).toEqual(["the job's lock was lost during its round (its connection dropped)"]);
    // A new lock connection is opened for the next round, and the lock works as before.
    const again = runExclusive(database, "cut-job", async () => {
      expect(await runExclusive(other, "cut-job", async () => "B")).toEqual({ ran: false });
      return "A";
    });
    expect(await again).toEqual({ ran: true, value: "A" });
    expect(await advisoryLocksHeld()).toBe(0);
  });
});
