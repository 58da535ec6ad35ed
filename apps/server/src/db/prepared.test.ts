/**
 * A statement built once (db/prepared.ts) runs on the executor of each call: the pool, or the
 * transaction or savepoint the caller is in, with that call's values, on PGlite and on PostgreSQL.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase, testDatabaseKind } from "../../test/helpers.ts";
import { prepared } from "./prepared.ts";
import { categories } from "./schema.ts";

const categoryNamed = prepared<{ name: string }, { id: string; name: string }[]>(
  "test_category_named",
  (db) =>
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(eq(categories.name, sql.placeholder("name"))),
);

describe("a prepared statement", () => {
  it("reads with each call's values, in the pool and inside transactions and savepoints", async () => {
    const { db } = await setupTestDatabase();
    await db.insert(categories).values([{ name: "Prepared Kurtas" }, { name: "Prepared Sarees" }]);

    expect((await categoryNamed(db, { name: "Prepared Kurtas" })).map((c) => c.name)).toEqual([
      "Prepared Kurtas",
    ]);
    expect((await categoryNamed(db, { name: "Prepared Sarees" })).map((c) => c.name)).toEqual([
      "Prepared Sarees",
    ]);
    expect(await categoryNamed(db, { name: "Prepared Shawls" })).toEqual([]);

    // Inside a transaction it sees the transaction's own uncommitted row, which the pool does not.
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(categories).values({ name: "Prepared Shawls" });
        expect(await categoryNamed(tx, { name: "Prepared Shawls" })).toHaveLength(1);
        await tx.transaction(async (inner) => {
          await inner.insert(categories).values({ name: "Prepared Dupattas" });
          expect(await categoryNamed(inner, { name: "Prepared Dupattas" })).toHaveLength(1);
        });
        if (testDatabaseKind() === "postgres") {
          // PostgreSQL: another connection does not see the open transaction's rows.
          expect(await categoryNamed(db, { name: "Prepared Shawls" })).toEqual([]);
        }
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");

    // Rolled back with the transaction.
    expect(await categoryNamed(db, { name: "Prepared Shawls" })).toEqual([]);
    expect(await categoryNamed(db, { name: "Prepared Dupattas" })).toEqual([]);
  });
});
