/**
 * Statements built once, run many times (issue #11, record 0064).
 *
 * Drizzle builds a statement's SQL text from its query builder every time it runs: walking the
 * selection, escaping every name, testing every chunk's kind. On the hottest statements (the
 * session behind every signed-in request, the cart behind every add and order) that building cost
 * more of the app's CPU than sending, receiving and mapping the rows. A `prepared` statement is
 * built once per driver, with `sql.placeholder(name)` where its values go, and each call only fills
 * the placeholders.
 *
 * Drizzle's own prepared statements belong to the session they were built on (the pool, or one
 * transaction). Here the built statement is run on the executor of each call instead: the pool, or
 * the transaction or savepoint the caller is in, so a statement read inside a transaction sees the
 * transaction's own writes and takes its locks in it. Both drivers' prepared statements send their
 * SQL through the session's `client`, which is what a call sets (db/prepared.test.ts holds this to
 * account on both databases). On PostgreSQL the statement is also a named one, parsed once per
 * connection (record 0061).
 *
 * Values reach the driver as given, without the column's mapping: pass what the driver takes
 * (strings, numbers; a timestamp as its ISO text).
 */
import type { SQL } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "./client.ts";

type Runnable<R> = { execute(values?: Record<string, unknown>): Promise<R> };
type Preparable<R> = { prepare(name: string): Runnable<R> };
type Session = {
  client: unknown;
  constructor: object;
  prepareQuery(
    query: unknown,
    fields: undefined,
    name: string,
    arrayMode: false,
  ): Runnable<unknown>;
};
type Dialect = { sqlToQuery(query: SQL): unknown };

/** The session a database or transaction sends its statements through (drizzle's, internal). */
const sessionOf = (db: DbOrTx) => (db as unknown as { session: Session }).session;

/**
 * `build` once per driver (PGlite, postgres.js), then `(db, values)` runs it on `db` with `values`
 * in its placeholders. `name` names the statement (unique per statement, as PostgreSQL's PREPARE
 * names are).
 */
export function prepared<V extends Record<string, unknown>, R>(
  name: string,
  build: (db: DbOrTx) => Preparable<R>,
): (db: DbOrTx, values: V) => Promise<R> {
  const built = new Map<object, Runnable<R>>();
  return (db, values) => {
    const session = sessionOf(db);
    let statement = built.get(session.constructor);
    if (!statement) {
      statement = build(db).prepare(name);
      built.set(session.constructor, statement);
    }
    const bound = Object.create(statement) as Runnable<R> & { client: unknown };
    bound.client = session.client;
    return bound.execute(values);
  };
}

/**
 * A statement written in SQL (drizzle's `sql` template, with `sql.placeholder(name)` where values
 * go), built once per driver as `prepared` builds a query builder's; a call answers its rows as the
 * driver gives them (column names as the SQL spells them, values unmapped). For statements the
 * query builder cannot say, such as a writable CTE that answers with what it read and wrote.
 */
export function preparedSql<V extends Record<string, unknown>, R>(
  name: string,
  query: SQL,
): (db: DbOrTx, values: V) => Promise<R[]> {
  const run = prepared<V, unknown>(name, (db) => ({
    prepare: (statementName) => {
      const { dialect } = db as unknown as { dialect: Dialect };
      return sessionOf(db).prepareQuery(dialect.sqlToQuery(query), undefined, statementName, false);
    },
  }));
  return async (db, values) => rowsOf<R>(await run(db, values));
}
