/**
 * Sessions kept in memory (record 0068): the session and user a cookie's token stands for, so a
 * signed-in request does not read them from the database every time. Never accepted once the
 * database has ended or changed them:
 * - a trigger (migration 0031) on `users` and `user_sessions` sends the user's id on every update
 *   and delete, whoever writes (this app, another process, SQL); every process listens and drops
 *   that user's entries (`*`: all of them);
 * - a write request's reply waits until this process has heard every notice committed before it
 *   (`settle`: a notice sent to itself comes back), so no request after a sign-out's reply is
 *   answered with the ended session here; in another process it ends when the notice arrives;
 * - while the listening connection is down, or a notice sent to itself did not come back, nothing
 *   is served or kept (every session read from the database) until one comes back;
 * - an entry is used for at most `maxAgeMs` (a listener that silently stopped hearing, between two
 *   writes, serves nothing older), its expiry is checked on every use, and the hourly sliding write
 *   is made from the database as before.
 * Loads read the epoch before querying and keep their row only when no notice came meanwhile.
 */
import { LRUCache } from "lru-cache";
import type { Database } from "../../db/client.ts";
import { NoticeWaits } from "../../db/notice-waits.ts";
import type { userSessions, users } from "../../db/schema.ts";

export const SESSIONS_CHANNEL = "vastra_sessions";
/** The longest an entry is used before it is read from the database again. */
export const SESSION_CACHE_MAX_AGE_MS = 10_000;
/** Sessions kept per process (the least recently used go first). */
const MAX_SESSIONS = 20_000;

export type SessionRow = {
  session: typeof userSessions.$inferSelect;
  user: typeof users.$inferSelect;
};

type Entry = { row: SessionRow; keptAt: number };

type Log = { warn(obj: object, msg: string): void };

export class SessionCache {
  readonly #entries: LRUCache<string, Entry>;
  readonly #maxAgeMs: number;
  #serving = false;
  #epoch = 0;
  readonly #waits = new NoticeWaits();

  constructor(options: { maxAgeMs?: number; max?: number } = {}) {
    this.#maxAgeMs = options.maxAgeMs ?? SESSION_CACHE_MAX_AGE_MS;
    this.#entries = new LRUCache({ max: options.max ?? MAX_SESSIONS });
  }

  get serving(): boolean {
    return this.#serving;
  }
  get size(): number {
    return this.#entries.size;
  }
  /** Read before loading a session; pass to `keep`. */
  get epoch(): number {
    return this.#epoch;
  }

  /** A notice: `ping:<token>`, a user's id, or `*`. */
  apply(payload: string): void {
    if (this.#waits.takePing(payload)) return;
    this.#epoch++;
    if (payload === "*") {
      this.#entries.clear();
      return;
    }
    for (const [hash, entry] of this.#entries.entries())
      if (entry.row.user.id === payload) this.#entries.delete(hash);
  }

  /** Drops everything and serves nothing until `resume`. */
  suspend(): void {
    this.#serving = false;
    this.#epoch++;
    this.#entries.clear();
  }

  /** Serves again, from nothing (what was kept may have changed unheard). */
  resume(): void {
    this.#epoch++;
    this.#entries.clear();
    this.#serving = true;
  }

  /**
   * The kept session of a token's hash, when it may be used at `now`: still unexpired, its sliding
   * write not due (`touchDue`), kept less than maxAgeMs ago.
   */
  lookup(
    tokenHash: string,
    now: Date,
    touchDue: (row: SessionRow) => boolean,
  ): SessionRow | undefined {
    if (!this.#serving) return undefined;
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    const row = entry.row;
    if (
      performance.now() - entry.keptAt >= this.#maxAgeMs ||
      row.session.expiresAt.getTime() <= now.getTime() ||
      touchDue(row)
    ) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    return row;
  }

  /** Keeps a session read from the database, unless a notice came since `epoch` was read. */
  keep(tokenHash: string, row: SessionRow, epoch: number): void {
    if (!this.#serving || epoch !== this.#epoch) return;
    // Shared by the requests it answers: none may change it.
    Object.freeze(row.session);
    Object.freeze(row.user);
    this.#entries.set(tokenHash, { row, keptAt: performance.now() });
  }

  /** Whether a notice of its own comes back: sends one and waits a moment for it. */
  hears(database: Database): Promise<boolean> {
    return this.#waits.hears(database, SESSIONS_CHANNEL);
  }
}

export type ListeningSessions = {
  cache: SessionCache;
  /**
   * After a write (PostgreSQL): resolves once this process has heard every session notice
   * committed before it. Never fails (the write has committed): when the notices do not come back,
   * the cache stops serving until they do.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
};

/** A session cache kept exact by the database's notices (the module's comment says how). */
export async function listenSessions(
  database: Database,
  options: { log?: Log; maxAgeMs?: number; max?: number } = {},
): Promise<ListeningSessions> {
  const cache = new SessionCache(options);
  let connected = false;
  const unlisten = await database.listen(SESSIONS_CHANNEL, {
    onMessage: (payload) => cache.apply(payload),
    onConnect: () => {
      connected = true;
      cache.resume();
    },
    onDisconnect: () => {
      options.log?.warn({}, "session listener lost: reading sessions from the database");
      connected = false;
      cache.suspend();
    },
  });
  return {
    cache,
    async settle() {
      // PGlite: a notice reaches the listener before the committing query returns.
      if (database.kind !== "postgres" || !connected) return;
      try {
        if (await cache.hears(database)) {
          if (!cache.serving && connected) cache.resume();
          return;
        }
        options.log?.warn({}, "session notices not arriving: reading sessions from the database");
      } catch (err) {
        options.log?.warn({ err: String(err) }, "session notice check failed");
      }
      cache.suspend();
    },
    async close() {
      await unlisten();
      cache.suspend();
    },
  };
}
