/**
 * Retrying a transaction that PostgreSQL aborted to keep transactions apart: a serialization failure
 * (40001) or a deadlock (40P01). The whole transaction runs again after a short random pause.
 */
import { setTimeout as sleep } from "node:timers/promises";

const RETRYABLE = new Set(["40001", "40P01"]);

/** The SQLSTATE of a database error (drizzle wraps the driver's error in `cause`). */
export function sqlState(error: unknown): { code: string; constraint: string } | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause) {
    depth++;
    const x = e as { code?: unknown; constraint?: unknown; constraint_name?: unknown };
    if (typeof x.code === "string" && /^[0-9A-Z]{5}$/.test(x.code)) {
      return { code: x.code, constraint: String(x.constraint ?? x.constraint_name ?? "") };
    }
  }
  return undefined;
}

export const isRetryable = (error: unknown) => RETRYABLE.has(sqlState(error)?.code ?? "");

export async function withRetries<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      // 10-40 ms, then 20-80 ms, … with jitter so racing retries spread out.
      await sleep(Math.round((10 + Math.random() * 30) * 2 ** (attempt - 1)));
    }
  }
}
