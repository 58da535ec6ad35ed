/**
 * Waiting on what a listener hears (records 0028, 0068). Two uses share it:
 * - a condition checked after each notice (`until`), such as "the notices reached this version";
 * - a ping: a notice a process sends itself on its own channel (`ping:<token>`). Notices arrive in
 *   commit order, so once its ping is back the process has heard every notice committed before it
 *   (`hears`); one that does not come back in time says the listener no longer hears.
 * Only the pings this process is waiting for are kept, so one that comes back late is dropped.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";

const PING = "ping:";
/** How long a ping may take to come back by default (generous: a busy event loop). */
export const PING_WAIT_MS = 1_000;

export class NoticeWaits {
  readonly #waiters = new Set<() => void>();
  /** Pings sent and not yet given up on: whether each has come back. */
  readonly #pings = new Map<string, boolean>();

  /** Pings sent and not yet given up on. */
  get pending(): number {
    return this.#pings.size;
  }

  /** Wakes what waits; call after each notice is applied. */
  wake(): void {
    for (const wake of this.#waiters) wake();
  }

  /** True when the payload is a ping (of this process or another's): the caller ignores it then. */
  takePing(payload: string): boolean {
    if (!payload.startsWith(PING)) return false;
    const token = payload.slice(PING.length);
    if (this.#pings.has(token)) {
      this.#pings.set(token, true);
      this.wake();
    }
    return true;
  }

  /** Resolves true once `done()` holds (checked after each wake), else `done()` after `ms`. */
  until(done: () => boolean, ms: number): Promise<boolean> {
    if (done()) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const finish = (result: boolean) => {
        clearTimeout(timer);
        this.#waiters.delete(check);
        resolve(result);
      };
      const check = () => {
        if (done()) finish(true);
      };
      const timer = setTimeout(() => finish(done()), ms);
      this.#waiters.add(check);
    });
  }

  /**
   * Sends a ping on `channel` (over `database`'s own connections) and resolves whether it came
   * back within `ms`.
   */
  async hears(database: Database, channel: string, ms = PING_WAIT_MS): Promise<boolean> {
    const token = randomUUID();
    this.#pings.set(token, false);
    try {
      await database.db.execute(sql`select pg_notify(${channel}, ${PING + token})`);
      return await this.until(() => this.#pings.get(token) === true, ms);
    } finally {
      this.#pings.delete(token);
    }
  }
}
