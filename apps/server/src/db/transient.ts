/**
 * Errors that mean "the database cannot be reached right now" (a PostgreSQL restart, a failover, a
 * connection cut by an administrator, a network blip), told apart from errors about the statement
 * itself. Record 0032.
 *
 * - `isDatabaseUnavailable`: the HTTP layer answers these with 503 "try again", never 500.
 * - `retryTransient(fn)`: runs a *safe* operation (read-only, or a write that is harmless to repeat)
 *   again after a short pause when it failed that way. After a restart every pooled connection is
 *   dead but the pool only notices when it uses one: the first query on each fails, the next one
 *   opens a fresh connection and succeeds. A write whose outcome is unknown (an order insert whose
 *   COMMIT may have landed before the connection dropped) must never be retried blindly: the
 *   caller decides which operations are safe.
 */
import { setTimeout as sleep } from "node:timers/promises";

/**
 * SQLSTATEs and driver codes of a connection that failed or was lost while the database may come
 * back: PostgreSQL's class 08 (connection exception) and its shutdown codes, Node's socket errors,
 * and postgres-js's own connection errors.
 */
const TRANSIENT_CODES = new Set([
  // PostgreSQL: admin_shutdown (pg_terminate_backend, a "fast" stop), crash_shutdown,
  // cannot_connect_now (starting up or in recovery), and class 08.
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  // Node's socket errors while connecting or talking.
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EAI_AGAIN",
  // postgres-js: the socket closed under a query, or connecting took too long.
  "CONNECTION_CLOSED",
  "CONNECT_TIMEOUT",
]);

/**
 * postgres-js's errors once its pool was ended (`sql.end()`, the process is shutting down): the
 * database is unavailable to this process for good, so a retry cannot help, but a request caught
 * in it still deserves a 503 rather than a 500.
 */
const ENDED_CODES = new Set(["CONNECTION_ENDED", "CONNECTION_DESTROYED"]);

/**
 * The error codes found on the error, its causes (drizzle wraps the driver's error in `cause`) and,
 * for an AggregateError (Node trying each address of a host), its errors.
 */
function codesOf(error: unknown, depth = 0): string[] {
  if (!error || typeof error !== "object" || depth > 5) return [];
  const e = error as { code?: unknown; cause?: unknown; errors?: unknown };
  const codes = typeof e.code === "string" ? [e.code] : [];
  codes.push(...codesOf(e.cause, depth + 1));
  if (Array.isArray(e.errors))
    for (const inner of e.errors) codes.push(...codesOf(inner, depth + 1));
  return codes;
}

/** True when the error is a lost or refused database connection that may work on a new try. */
export function isTransientDatabaseError(error: unknown): boolean {
  return codesOf(error).some((code) => TRANSIENT_CODES.has(code));
}

/** True when the error means the database could not be reached (now, or by this process any more). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return codesOf(error).some((code) => TRANSIENT_CODES.has(code) || ENDED_CODES.has(code));
}

export type RetryOptions = {
  /** Tries in all (the first one included); 4 by default. */
  attempts?: number;
  /** The first pause; doubled before each later try (with ±50 % jitter). 50 ms by default. */
  delayMs?: number;
  /** Told about each failure that is retried (logging). */
  onRetry?: (error: unknown, attempt: number) => void;
};

/**
 * Runs `fn`, and runs it again (after 50, 100, 200 ms by default) when it failed with a transient
 * connection error; any other error, or the last try's, is thrown as it is. About 350 ms at most
 * with the defaults: enough for a pool to replace its dead connections, short enough that a
 * request for a database that is really down soon answers 503.
 * Only for operations that are safe to repeat (see the module's comment).
 */
export async function retryTransient<T>(
  fn: () => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? 4);
  const delayMs = options.delayMs ?? 50;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= attempts || !isTransientDatabaseError(error)) throw error;
      options.onRetry?.(error, attempt);
      const pause = delayMs * 2 ** (attempt - 1);
      await sleep(Math.round(pause * (0.5 + Math.random())));
    }
  }
}
