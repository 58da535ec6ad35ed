/**
 * Opens the database: embedded PostgreSQL (PGlite) under DATA_DIR by default, a PostgreSQL server
 * when DATABASE_URL is set. Both get the same schema and the same migrations.
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { migrationsFolder } from "../paths.ts";
import { lockDataDir } from "./lock.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A service function that may run inside a caller's transaction takes this. */
export type DbOrTx = Db | Tx;

/** The rows of `db.execute`, whichever driver answered (postgres-js: a list; PGlite: `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs the migrations that have not run yet. */
  migrate(): Promise<void>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  /**
   * Calls onMessage with each NOTIFY payload sent on the channel; resolves once listening, to the
   * function that stops. onConnect runs each time the listening connection is (re)established,
   * onDisconnect as soon as it is lost: on PostgreSQL, notices sent meanwhile are gone, so a
   * listener must not trust what it kept from then until it has re-read what changed.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /**
   * PostgreSQL: session-level advisory locks, held on a connection of their own (one per process,
   * never one of the pool's: a pooled connection goes back to the pool, so the unlock would run on
   * another session and the lock would stay taken). Undefined on PGlite: one process owns it.
   * Used by services/job-lock.ts.
   */
  locks?: AdvisoryLocks;
  close(): Promise<void>;
};

export type AdvisoryLocks = {
  /** Takes the lock if no other session holds it; false when one does. */
  tryLock(key: bigint): Promise<boolean>;
  /**
   * Gives the lock back; false when this session no longer held it (its connection was lost
   * meanwhile, and the server released the lock with it), or the unlock could not be sent.
   */
  unlock(key: bigint): Promise<boolean>;
};

export type ListenHandlers = {
  onMessage(payload: string): void;
  onConnect?(): void;
  onDisconnect?(): void;
};

/** The first wait before listening again after losing the connection, and the longest. */
const RELISTEN_FIRST_MS = 100;
const RELISTEN_MAX_MS = 5_000;

/**
 * How long postgres-js waits before connecting again after failed attempts in a row, in seconds:
 * 0.1, 0.2, 0.4, then 0.5. Its default grows to 20 s, so after a database restart of a minute the
 * pool would go on failing for up to 20 s more. A connection is only made again when a query needs
 * one, so a short wait costs the database little.
 */
export const reconnectBackoff = (attempt: number): number => Math.min(0.05 * 2 ** attempt, 0.5);

export { migrationsFolder };

/**
 * True when the journal's newest migration is already recorded, with one query: drizzle's migrator
 * then has nothing to do (it runs each migration dated after the newest recorded one, and nothing
 * else), but it would still read and hash every migration file and create its schema and table
 * "if not exists" on every start (issue #11, record 0054). False on a new database (no table yet).
 */
export async function migrationsUpToDate(db: Db): Promise<boolean> {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  let recorded: { created_at: string | number | null }[];
  try {
    // The migrator's own query for the newest recorded migration.
    recorded = rowsOf(
      await db.execute(
        sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      ),
    );
  } catch {
    return false;
  }
  const last = recorded[0]?.created_at;
  return last != null && Number(last) >= newest;
}

export type OpenOptions =
  | { kind: "postgres"; url: string; max?: number }
  /**
   * dataDir undefined: an in-memory database (tests). sharedBuffers: PostgreSQL's size syntax
   * ("32MB"), PGLITE_SHARED_BUFFERS by default.
   */
  | { kind: "pglite"; dataDir?: string; lock?: boolean; sharedBuffers?: string };

/**
 * PGlite's shared buffers unless told otherwise (record 0069). PostgreSQL's default, 128 MB, is
 * memory PGlite zeroes on every start inside its WebAssembly heap: ~0.25-0.4 s of a start on this
 * machine, where 32 MB takes ~20-40 ms more than 16 MB. Pages not in them come from the operating
 * system's file cache.
 */
export const PGLITE_SHARED_BUFFERS = "32MB";

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const sql = postgres(options.url, {
      max: options.max ?? 10,
      backoff: reconnectBackoff,
      onnotice: () => {},
    });
    const db = drizzlePostgres(namingStatements(sql), { schema }) as unknown as Db;
    const locks = advisoryLocks(options.url);
    return {
      db,
      kind: "postgres",
      migrate: async () => {
        if (!(await migrationsUpToDate(db))) await migrateUnderLock(options.url);
      },
      ping: async () => {
        await sql`select 1`;
        return true;
      },
      listen: (channel, handlers) => listenPostgres(options.url, channel, handlers),
      locks,
      close: async () => {
        await Promise.all([sql.end({ timeout: 5 }), locks.end()]);
      },
    };
  }
  let release: (() => Promise<void>) | undefined;
  let dataPath: string | undefined;
  if (options.dataDir) {
    dataPath = path.join(path.resolve(options.dataDir), "pglite");
    mkdirSync(dataPath, { recursive: true });
    if (options.lock !== false) release = await lockDataDir(dataPath);
  }
  const client = await PGlite.create({
    dataDir: dataPath,
    extensions: { pg_trgm },
    startParams: [
      ...PGlite.defaultStartParams,
      "-c",
      `shared_buffers=${options.sharedBuffers ?? PGLITE_SHARED_BUFFERS}`,
    ],
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: async () => {
      if (await migrationsUpToDate(db)) return;
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(db as never, { migrationsFolder });
    },
    ping: async () => {
      await client.query("select 1");
      return true;
    },
    // In-process: a notice reaches the callback before the committing query returns.
    listen: async (channel, { onMessage, onConnect }) => {
      const unlisten = await client.listen(channel, onMessage);
      onConnect?.();
      // Closing the database already ended every listener (and PGlite refuses calls once closed).
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      await client.close();
      await release?.();
    },
  };
}

/** Statements with more parameters than this, or longer SQL, stay unnamed (one-off bulk writes). */
const NAMED_MAX_PARAMS = 100;
const NAMED_MAX_LENGTH = 8_000;

/**
 * Drizzle sends every statement unnamed (postgres.js `prepare: false`), so PostgreSQL parses and
 * plans each one on every call: a third of its CPU on the order and cart paths (issue #11, record
 * 0061). Through this wrapper, the pool and every transaction and savepoint on it send statements
 * as named prepared statements, parsed once per connection (postgres.js keeps them by SQL text and
 * parameter types) and planned from PostgreSQL's plan cache. Only statements of bounded size are
 * named: a bulk insert's SQL differs with its row count and would only fill the connection's cache.
 */
export function namingStatements<T extends postgres.Sql>(sql: T): T {
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === "unsafe") {
        return (query: string, params: postgres.ParameterOrJSON<never>[] = [], options = {}) =>
          target.unsafe(query, params, {
            ...options,
            prepare: params.length <= NAMED_MAX_PARAMS && query.length <= NAMED_MAX_LENGTH,
          });
      }
      if (property === "begin" || property === "savepoint") {
        return (...args: unknown[]) => {
          const work = args.pop() as (tx: postgres.Sql) => unknown;
          const open = Reflect.get(target, property, receiver) as (...a: unknown[]) => unknown;
          return open(...args, (tx: postgres.Sql) => work(namingStatements(tx)));
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

/** The advisory lock key that migrators take (any fixed number no job lock uses: 'vastra:mig'). */
const MIGRATION_LOCK = 0x7661_7374_7261_6d69n;

/**
 * Runs the migrations on one connection of its own while holding a session advisory lock, so that
 * several processes starting at once (a cluster, two containers of a new release) migrate one
 * after another: drizzle's migrator takes no lock, and two at once fail on duplicate types or could
 * apply a migration twice. Those that wait find nothing left to do.
 */
async function migrateUnderLock(url: string): Promise<void> {
  const { migrate: migratePostgres } = await import("drizzle-orm/postgres-js/migrator");
  const one = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await one`select pg_advisory_lock(${MIGRATION_LOCK.toString()}::bigint)`;
    await migratePostgres(drizzlePostgres(one, { schema }) as never, { migrationsFolder });
    await one`select pg_advisory_unlock(${MIGRATION_LOCK.toString()}::bigint)`;
  } finally {
    // Ending the session releases the lock too, whatever happened above.
    await one.end({ timeout: 5 });
  }
}

/** How long a lock or unlock may take before its connection is given up as dead. */
export const LOCK_QUERY_TIMEOUT_MS = 10_000;

/**
 * Advisory locks on one connection of their own (postgres-js connects on the first query, so a
 * process that never locks opens nothing). max 1: every lock and unlock of this process goes to
 * the same session; no lifetime or idle limit, so postgres-js never closes it under a held lock.
 * If the connection is lost anyway, the server releases its locks. The client is then replaced by
 * a new one: after a connection cut while idle (`pg_terminate_backend`, a database restart), an
 * unlock that failed could leave postgres-js's client with its next query waiting forever, and
 * every later round of every job of the process with it (seen in job-lock.test.ts, about one run
 * in six). A lock or unlock that takes longer than LOCK_QUERY_TIMEOUT_MS gives the client up too.
 */
function advisoryLocks(url: string): AdvisoryLocks & { end(): Promise<void> } {
  const connect = () =>
    postgres(url, {
      max: 1,
      max_lifetime: null,
      idle_timeout: 0,
      backoff: reconnectBackoff,
      fetch_types: false,
      // pg_advisory_unlock of a lock the session does not hold warns; false says it already.
      onnotice: () => {},
    });
  let session = connect();
  let ended = false;
  /** The session given up: closed (the server releases its locks), a new client for what follows. */
  function replace(dead: ReturnType<typeof connect>): void {
    if (ended || session !== dead) return;
    session = connect();
    dead.end({ timeout: 0 }).catch(() => {});
  }
  /** `query` on the current session, within LOCK_QUERY_TIMEOUT_MS; a failure replaces the session. */
  async function run<T>(query: (sql: ReturnType<typeof connect>) => Promise<T>): Promise<T> {
    const current = session;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        query(current),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error("the lock connection did not answer in time")),
            LOCK_QUERY_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (error) {
      replace(current);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
  return {
    async tryLock(key) {
      const [row] = await run(
        (sql) => sql`select pg_try_advisory_lock(${key.toString()}::bigint) as locked`,
      );
      return row?.locked === true;
    },
    async unlock(key) {
      try {
        const [row] = await run(
          (sql) => sql`select pg_advisory_unlock(${key.toString()}::bigint) as unlocked`,
        );
        return row?.unlocked === true;
      } catch {
        // Not sent: the session is gone (its locks with it), or going (the process is closing).
        return false;
      }
    },
    end: () => {
      ended = true;
      return session.end({ timeout: 5 });
    },
  };
}

/**
 * LISTEN on a PostgreSQL connection of its own. Not postgres-js's sql.listen: that one says nothing
 * when its connection drops, and gives up for good when the database is down at the moment it
 * re-listens (its retry's error is swallowed). Here a lost connection is reported at once, and
 * listening is retried (100 ms, doubling up to 5 s) until it holds again.
 */
async function listenPostgres(
  url: string,
  channel: string,
  { onMessage, onConnect, onDisconnect }: ListenHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let up = false;
  let attempts = 0;
  let subscribing: Promise<void> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  // onnotify is the option postgres-js's own listen is built on (not in its typings).
  const onnotify = (name: string, payload: string) => {
    if (name === channel) onMessage(payload);
  };
  const connection = postgres(url, {
    max: 1,
    max_lifetime: null,
    backoff: reconnectBackoff,
    fetch_types: false,
    onnotice: () => {},
    ...({ onnotify } as object),
    // Also called after a failed attempt to connect; only a loss of a working listener is news.
    onclose: () => {
      if (stopped) return;
      if (up) {
        up = false;
        onDisconnect?.();
      }
      later();
    },
  });
  const quoted = `"${channel.replaceAll('"', '""')}"`;
  const subscribe = () => {
    subscribing ??= connection
      .unsafe(`listen ${quoted}`)
      .then(() => {
        if (stopped) return;
        attempts = 0;
        up = true;
        onConnect?.();
      })
      .finally(() => {
        subscribing = undefined;
      });
    return subscribing;
  };
  const later = () => {
    if (stopped || up || retry || subscribing) return;
    const wait = Math.min(RELISTEN_MAX_MS, RELISTEN_FIRST_MS * 2 ** attempts++);
    retry = setTimeout(() => {
      retry = undefined;
      subscribe().catch(() => later());
    }, wait);
    retry.unref();
  };
  try {
    await subscribe();
  } catch (error) {
    stopped = true;
    await connection.end({ timeout: 1 });
    throw error;
  }
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await connection.end({ timeout: 5 });
  };
}
