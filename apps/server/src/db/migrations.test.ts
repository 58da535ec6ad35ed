import { readFileSync } from "node:fs";
import path from "node:path";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, inject, it } from "vitest";
import {
  dbError,
  openTestDatabase,
  setupTestDatabase,
  type TestDatabase,
  testDatabaseKind,
} from "../../test/helpers.ts";
import { type Db, migrationsFolder, migrationsUpToDate, openDatabase, rowsOf } from "./client.ts";
import * as schema from "./schema.ts";
import { productSizes, products, reviews, users } from "./schema.ts";

/** How many migrations the repository has (drizzle's journal lists them). */
const migrationCount = (
  JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  }
).entries.length;

const schemaTables = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table as PgTable))
  .sort();

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

async function publicTables(db: Db): Promise<string[]> {
  const found = await rows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return found.map((r) => r.table_name);
}

let n = 0;
async function insertUser(db: Db, email: string, affiliateCode?: string): Promise<string> {
  n++;
  const [row] = await db
    .insert(users)
    .values({
      name: `Shopper ${n}`,
      email,
      passwordHash: "scrypt$not-a-real-hash",
      affiliateCode: affiliateCode ?? `CODE${String(n).padStart(4, "2")}`,
    })
    .returning({ id: users.id });
  return row!.id;
}

async function insertProduct(db: Db): Promise<string> {
  const [row] = await db
    .insert(products)
    .values({ title: "Cotton Kurta", pricePaise: 129_900, imageUrl: "/images/kurta.webp" })
    .returning({ id: products.id });
  return row!.id;
}

const empty: TestDatabase = await setupTestDatabase({ migrate: false });
const migrated: TestDatabase = await setupTestDatabase();

describe("migrations", () => {
  const database = empty;
  const db = database.db;

  it("start from an empty database", async () => {
    expect(await publicTables(db)).toEqual([]);
    expect(await migrationsUpToDate(db)).toBe(false);
  });

  it("create every table of the schema", async () => {
    expect(schemaTables.length).toBeGreaterThan(20);
    await database.migrate();
    expect(await publicTables(db)).toEqual(schemaTables);
  });

  it("can run again without harm: nothing re-applied, data kept", async () => {
    const id = await insertUser(db, "kept@vastra.example");
    await database.migrate();
    await database.migrate();
    expect(await publicTables(db)).toEqual(schemaTables);
    const applied = await rows<{ count: number | string }>(
      db,
      sql`select count(*) as count from drizzle.__drizzle_migrations`,
    );
    expect(Number(applied[0]!.count)).toBe(migrationCount);
    const kept = await db.select({ id: users.id }).from(users);
    expect(kept).toEqual([{ id }]);
  });

  it("are found up to date only while the journal's newest one is recorded (a start then skips the migrator)", async () => {
    expect(await migrationsUpToDate(db)).toBe(true);
    // As after an upgrade that brought a new migration: the newest is not recorded yet.
    const [newest] = await rows<{ hash: string; created_at: string | number }>(
      db,
      sql`delete from drizzle.__drizzle_migrations
          where id = (select id from drizzle.__drizzle_migrations order by created_at desc limit 1)
          returning hash, created_at`,
    );
    expect(await migrationsUpToDate(db)).toBe(false);
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at)
          values (${newest!.hash}, ${newest!.created_at})`,
    );
    expect(await migrationsUpToDate(db)).toBe(true);
  });
});

describe("the database itself refuses", () => {
  const db = migrated.db;

  it("a size's stock below zero", async () => {
    const productId = await insertProduct(db);
    await db.insert(productSizes).values({ productId, size: "M", stock: 2 });
    const error = await dbError(
      db
        .update(productSizes)
        .set({ stock: sql`${productSizes.stock} - 3` })
        .where(sql`${productSizes.productId} = ${productId}`),
    );
    expect(error.code).toBe("23514"); // check_violation
    expect(error.message).toContain("product_sizes_stock_nonneg");
    const [size] = await db.select({ stock: productSizes.stock }).from(productSizes);
    expect(size!.stock).toBe(2);
    const inserted = await dbError(
      db.insert(productSizes).values({ productId, size: "L", stock: -1 }),
    );
    expect(inserted.code).toBe("23514");
  });

  it("a second account whose e-mail differs only in case", async () => {
    await insertUser(db, "Asha.Rao@vastra.example");
    const error = await dbError(insertUser(db, "asha.rao@VASTRA.example"));
    expect(error.code).toBe("23505"); // unique_violation
    expect(error.message).toContain("users_email_lower_key");
  });

  it("two accounts with the same affiliate code", async () => {
    await insertUser(db, "first@vastra.example", "ABCD2345");
    const error = await dbError(insertUser(db, "second@vastra.example", "ABCD2345"));
    expect(error.code).toBe("23505");
    expect(error.message).toContain("users_affiliate_code_key");
  });

  it("a second review of one product by the same shopper", async () => {
    const userId = await insertUser(db, "reviewer@vastra.example");
    const otherUserId = await insertUser(db, "another@vastra.example");
    const productId = await insertProduct(db);
    const review = { productId, name: "Meera", rating: 5, comment: "Lovely fabric" };
    await db.insert(reviews).values({ ...review, userId });
    await db.insert(reviews).values({ ...review, userId: otherUserId });
    const error = await dbError(
      db.insert(reviews).values({ ...review, userId, rating: 1, comment: "Changed my mind" }),
    );
    expect(error.code).toBe("23505");
    expect(error.message).toContain("reviews_one_per_user_product");
  });
});

// Several processes starting on one new PostgreSQL database at once (a cluster, two containers of a
// new release): each migrates under one advisory lock, so all start and every migration runs once.
// drizzle's migrator alone failed here on duplicate types. PGlite belongs to one process.
describe.skipIf(testDatabaseKind() !== "postgres")(
  "migrating from several processes at once",
  () => {
    it("all succeed, and each migration is applied once", async () => {
      const fresh = await openTestDatabase({ migrate: false });
      const url = new URL(inject("testDatabaseUrl"));
      url.pathname = `/${fresh.name}`;
      const processes = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ kind: "postgres", url: url.href, max: 2 })),
      );
      try {
        await Promise.all(processes.map((p) => p.migrate()));
        const [applied] = await rows<{ count: string }>(
          fresh.db,
          sql`select count(*) as count from drizzle.__drizzle_migrations`,
        );
        expect(Number(applied!.count)).toBe(migrationCount);
        expect(await publicTables(fresh.db)).toEqual(schemaTables);
      } finally {
        await Promise.all(processes.map((p) => p.close()));
        await fresh.cleanup();
      }
    });
  },
);
