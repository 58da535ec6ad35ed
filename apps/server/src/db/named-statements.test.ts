/**
 * On PostgreSQL, Drizzle's statements go out as named prepared statements (record 0061): parsed
 * once per connection and planned from PostgreSQL's plan cache, in the pool, in transactions and in
 * savepoints; a bulk statement (over 100 parameters) stays unnamed. PGlite has its own driver
 * (one in-process connection) and is not concerned.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase, testDatabaseKind } from "../../test/helpers.ts";
import { type DbOrTx, rowsOf } from "./client.ts";
import { categories } from "./schema.ts";

describe.runIf(testDatabaseKind() === "postgres")("statements on PostgreSQL", () => {
  it("are prepared once per connection and reused, inside transactions and savepoints too", async () => {
    const database = await setupTestDatabase();
    const db = database.db;
    /** This connection's prepared statements that read or write `categories`, by text. */
    const prepared = async (tx: DbOrTx) =>
      rowsOf<{ statement: string }>(
        await tx.execute(sql`select statement from pg_prepared_statements
          where statement like '%"categories"%' order by statement`),
      ).map((row) => row.statement);

    await db.transaction(async (tx) => {
      const [made] = await tx.insert(categories).values({ name: "Named Kurtas" }).returning();
      for (let i = 0; i < 3; i++) {
        const [found] = await tx.select().from(categories).where(eq(categories.id, made!.id));
        expect(found?.name).toBe("Named Kurtas");
      }
      await tx.transaction(async (inner) => {
        await inner
          .update(categories)
          .set({ name: "Named Kurtas II" })
          .where(eq(categories.id, made!.id));
      });
      const names = await prepared(tx);
      // The insert, the select (asked three times: one statement) and the savepoint's update.
      expect(names).toHaveLength(3);
      expect(names.filter((s) => s.startsWith("select"))).toHaveLength(1);
      expect(names.some((s) => s.startsWith("update"))).toBe(true);

      // 120 rows (at least one parameter each): a one-off bulk insert, not kept.
      await tx
        .insert(categories)
        .values(Array.from({ length: 120 }, (_, i) => ({ name: `Bulk Category ${i}` })));
      expect(await prepared(tx)).toEqual(names);
    });
  });
});
