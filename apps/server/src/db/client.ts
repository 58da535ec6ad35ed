/**
 * Opens the database: embedded PostgreSQL (PGlite) under DATA_DIR by default, a PostgreSQL server
 * when DATABASE_URL is set. Both get the same schema and the same migrations.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
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
   * function that stops. onConnect runs each time the listening connection is (re)established: on
   * PostgreSQL, notices sent while it was lost are gone, so a listener then assumes it missed some.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onConnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

export type OpenOptions =
  | { kind: "postgres"; url: string; max?: number }
  /** dataDir undefined: an in-memory database (tests). */
  | { kind: "pglite"; dataDir?: string; lock?: boolean };

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const sql = postgres(options.url, { max: options.max ?? 10, onnotice: () => {} });
    const db = drizzlePostgres(sql, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      migrate: () => migratePostgres(db as never, { migrationsFolder }),
      ping: async () => {
        await sql`select 1`;
        return true;
      },
      // postgres-js listens on a connection of its own, and re-listens after losing it.
      listen: async (channel, onMessage, onConnect) => {
        const { unlisten } = await sql.listen(channel, onMessage, onConnect);
        return unlisten;
      },
      close: () => sql.end({ timeout: 5 }),
    };
  }
  let release: (() => Promise<void>) | undefined;
  let dataPath: string | undefined;
  if (options.dataDir) {
    dataPath = path.join(path.resolve(options.dataDir), "pglite");
    mkdirSync(dataPath, { recursive: true });
    if (options.lock !== false) release = await lockDataDir(dataPath);
  }
  const client = await PGlite.create({ dataDir: dataPath, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query("select 1");
      return true;
    },
    // In-process: a notice reaches the callback before the committing query returns.
    listen: async (channel, onMessage, onConnect) => {
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
