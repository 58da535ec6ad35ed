/**
 * A statement built once (db/prepared.ts) runs on the executor of each call: the pool, or the
 * transaction or savepoint the caller is in, with that call's values, on PGlite and on PostgreSQL.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase, testDatabaseKind } from "../../test/helpers.ts";
import { prepared, preparedSql } from "./prepared.ts";
import { categories } from "./schema.ts";

const categoryNamed = prepared<{ name: string }, { id: string; name: string }[]>(
  "test_category_named",
  (db) =>
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(eq(categories.name, sql.placeholder("name"))),
);

const categoriesLike = preparedSql<{ pattern: string }, { name: string; n: number }>(
  "test_categories_like",
  sql`select name, count(*) over ()::int as n from categories
       where name like ${sql.placeholder("pattern")}::text order by name`,
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

  it("written in SQL, answers its rows with each call's values, and inside a transaction sees its writes", async () => {
    const { db } = await setupTestDatabase();
    await db.insert(categories).values([{ name: "Raw Kurtas" }, { name: "Raw Kurtis" }]);
    expect(await categoriesLike(db, { pattern: "Raw Kurt%" })).toEqual([
      { name: "Raw Kurtas", n: 2 },
      { name: "Raw Kurtis", n: 2 },
    ]);
    expect(await categoriesLike(db, { pattern: "Raw Sar%" })).toEqual([]);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(categories).values({ name: "Raw Sarees" });
        expect(await categoriesLike(tx, { pattern: "Raw Sar%" })).toEqual([
          { name: "Raw Sarees", n: 1 },
        ]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await categoriesLike(db, { pattern: "Raw Sar%" })).toEqual([]);
  });
});
