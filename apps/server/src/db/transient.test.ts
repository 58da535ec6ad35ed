/**
 * Which database errors are "the database is away" (retried when safe, answered 503) and which are
 * about the statement (never retried). Errors are made as the drivers make them (drizzle's
 * DrizzleQueryError around postgres-js's error), and real ones come from a port nothing listens on
 * and, on PostgreSQL, from a connection cut by pg_terminate_backend.
 */

import { sql } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import postgres from "postgres";
import { describe, expect, inject, it } from "vitest";
import { setupTestDatabase, testDatabaseKind } from "../../test/helpers.ts";
import { freePort } from "../../test/mail.ts";
import { openDatabase } from "./client.ts";
import { isDatabaseUnavailable, isTransientDatabaseError, retryTransient } from "./transient.ts";

/** A failed query as drizzle reports it: its message, the driver's error in `cause`. */
function failedQuery(cause: Error): Error {
  return new DrizzleQueryError("select 1", [], cause);
}

/** postgres-js's error for an ErrorResponse from the server. */
function serverError(code: string, message: string): Error {
  return new (postgres.PostgresError as unknown as new (x: object) => Error)({
    code,
    message,
    severity: "FATAL",
  });
}

/** postgres-js's (and Node's) error for a connection that failed: `code` without a SQLSTATE. */
function connectionError(code: string): Error {
  return Object.assign(new Error(`write ${code} 127.0.0.1:5432`), { code, errno: code });
}

const TRANSIENT: Array<[string, Error]> = [
  [
    "57P01 admin_shutdown",
    serverError("57P01", "terminating connection due to administrator command"),
  ],
  ["57P03 cannot_connect_now", serverError("57P03", "the database system is starting up")],
  ["08006 connection_failure", serverError("08006", "connection failure")],
  ["08001 unable to connect", serverError("08001", "could not connect")],
  ["ECONNREFUSED", connectionError("ECONNREFUSED")],
  ["ECONNRESET", connectionError("ECONNRESET")],
  ["CONNECTION_CLOSED", connectionError("CONNECTION_CLOSED")],
  [
    "ECONNREFUSED for every address of the host",
    Object.assign(new AggregateError([connectionError("ECONNREFUSED")], "connect failed"), {}),
  ],
];

/** A function that fails `times` times with `error`, then answers "ok"; counts its calls. */
function failing(error: Error, times: number) {
  const fn = async () => {
    fn.calls++;
    if (fn.calls <= times) throw error;
    return "ok";
  };
  fn.calls = 0;
  return fn;
}

describe("retryTransient", () => {
  it.each(TRANSIENT)(
    "runs again after %s, and answers once the database is back",
    async (_, cause) => {
      for (const error of [cause, failedQuery(cause)]) {
        expect(isTransientDatabaseError(error)).toBe(true);
        expect(isDatabaseUnavailable(error)).toBe(true);
        const fn = failing(error, 2);
        await expect(retryTransient(fn, { delayMs: 1 })).resolves.toBe("ok");
        expect(fn.calls).toBe(3);
      }
    },
  );

  it("never runs again after an error about the statement itself", async () => {
    for (const cause of [
      serverError("23505", "duplicate key value violates unique constraint"),
      serverError("40001", "could not serialize access"),
      serverError("42P01", "relation does not exist"),
      new Error("something else"),
    ]) {
      const error = failedQuery(cause);
      expect(isTransientDatabaseError(error)).toBe(false);
      expect(isDatabaseUnavailable(error)).toBe(false);
      const fn = failing(error, 1);
      await expect(retryTransient(fn, { delayMs: 1 })).rejects.toBe(error);
      expect(fn.calls).toBe(1);
    }
  });

  it("a pool already ended (shutting down) is unavailable, but not worth another try", async () => {
    const error = failedQuery(connectionError("CONNECTION_ENDED"));
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isTransientDatabaseError(error)).toBe(false);
    const fn = failing(error, 1);
    await expect(retryTransient(fn, { delayMs: 1 })).rejects.toBe(error);
    expect(fn.calls).toBe(1);
  });

  it("gives up after its tries with the last error, pausing longer each time", async () => {
    const error = failedQuery(connectionError("ECONNREFUSED"));
    const fn = failing(error, 100);
    const retried: number[] = [];
    const started = performance.now();
    await expect(
      retryTransient(fn, { attempts: 3, delayMs: 40, onRetry: (_, n) => retried.push(n) }),
    ).rejects.toBe(error);
    // Pauses of 40 and 80 ms, each between half and one and a half times that.
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    expect(fn.calls).toBe(3);
    expect(retried).toEqual([1, 2]);
  });

  it("a real refused connection (nothing listening on the port) is transient, and tried 4 times", async () => {
    const port = await freePort();
    const away = await openDatabase({
      kind: "postgres",
      url: `postgres://postgres@127.0.0.1:${port}/vastra_nowhere`,
      max: 1,
    });
    try {
      let calls = 0;
      const error = await retryTransient(
        () => {
          calls++;
          return away.db.execute(sql`select 1`);
        },
        { delayMs: 5 },
      ).catch((e: unknown) => e);
      expect(isTransientDatabaseError(error)).toBe(true);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(calls).toBe(4);
      await expect(away.ping()).rejects.toSatisfy(isDatabaseUnavailable);
    } finally {
      await away.close();
    }
  });
});

describe.runIf(testDatabaseKind() === "postgres")("on PostgreSQL", () => {
  it("a query whose connection an administrator terminates fails transiently; the retry answers", async () => {
    const database = await setupTestDatabase();
    // Started now (a drizzle query runs when awaited), its error kept for later.
    const sleeping = database.db.execute(sql`select pg_sleep(10)`).then(
      () => "slept",
      (e: unknown) => e,
    );
    const url = new URL(inject("testDatabaseUrl"));
    url.pathname = `/${database.name}`;
    const cut = postgres(url.href, { max: 1, onnotice: () => {} });
    try {
      // Wait until the sleeping query runs, then cut every other connection of this database.
      await expect
        .poll(async () => {
          const [row] = await cut`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and query like 'select pg_sleep%'`;
          return row!.n as number;
        })
        .toBe(1);
      await cut`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`;
      const error = await sleeping;
      expect(isTransientDatabaseError(error)).toBe(true);
      const rows = await retryTransient(() => database.db.execute(sql`select 'back' as state`));
      expect(JSON.stringify(rows)).toContain("back");
    } finally {
      await cut.end({ timeout: 5 });
    }
  });
});
