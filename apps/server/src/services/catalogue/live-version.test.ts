/**
 * The 'live' version (stock and reviews) is bumped once per transaction, at its commit (migration
 * 0029, record 0060): its notices name what changed, a change undone by a savepoint sends nothing,
 * and a stock change waiting to commit does not hold up another product's (orders for different
 * products commit side by side).
 */
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createProduct, createReview, createUser, setSizeStock } from "../../../test/factories.ts";
import { setupTestDatabase, testDatabaseKind } from "../../../test/helpers.ts";
import { type DbOrTx, openDatabase, rowsOf, type Tx } from "../../db/client.ts";
import { CATALOGUE_CHANNEL } from "./read-model.ts";

const database = await setupTestDatabase();
const db = database.db;

const heard: string[] = [];
const unlisten = await database.listen(CATALOGUE_CHANNEL, {
  onMessage: (payload) => heard.push(payload),
});
afterAll(() => unlisten());

/** The 'live' version as `on` (the database, or a transaction) sees it. */
async function liveVersion(on: DbOrTx = db): Promise<number> {
  const [row] = rowsOf<{ version: string | number }>(
    await on.execute(sql`select version from catalogue_version where kind = 'live'`),
  );
  return Number(row!.version);
}

/** The 'live' notices heard since `from` (an index into `heard`), once the listener has them. */
async function liveNotices(from: number, count: number): Promise<string[]> {
  const until = Date.now() + 2000;
  const live = () => heard.slice(from).filter((p) => p.startsWith("live:"));
  while (live().length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  // A moment more: a notice beyond `count` would be a defect the assertion should see.
  await new Promise((r) => setTimeout(r, 50));
  return live().sort();
}

/** Sets size M's stock in a savepoint that is then rolled back. */
async function undoneStockChange(tx: Tx, productId: string, stock: number): Promise<void> {
  await tx
    .transaction(async (inner) => {
      await setSizeStock(inner, productId, "M", stock);
      throw new Error("undo");
    })
    .catch(() => {});
}

describe("the 'live' version", () => {
  it("moves once per transaction, at its commit, with a notice for each thing changed", async () => {
    const shopper = await createUser(db);
    const [a, b] = [await createProduct(db), await createProduct(db)];
    const before = await liveVersion();
    const from = heard.length;
    await db.transaction(async (tx) => {
      await setSizeStock(tx, a.id, "M", 7);
      await setSizeStock(tx, b.id, "M", 0);
      await createReview(tx, { productId: a.id, userId: shopper.id });
      // Not yet: the version moves with the commit.
      expect(await liveVersion(tx)).toBe(before);
    });
    const v = before + 1;
    expect(await liveVersion()).toBe(v);
    expect(await liveNotices(from, 3)).toEqual(
      [`live:${v}:instock:${b.id}`, `live:${v}:review:${a.id}`, `live:${v}:stock:${a.id}`].sort(),
    );
  });

  it("sends nothing for a change a rolled-back savepoint undid", async () => {
    const [a, b] = [await createProduct(db), await createProduct(db)];
    const before = await liveVersion();
    const from = heard.length;
    await db.transaction(async (tx) => {
      await undoneStockChange(tx, a.id, 3);
      await setSizeStock(tx, b.id, "M", 4);
    });
    expect(await liveVersion()).toBe(before + 1);
    expect(await liveNotices(from, 1)).toEqual([`live:${before + 1}:stock:${b.id}`]);

    const unchanged = heard.length;
    await db.transaction((tx) => undoneStockChange(tx, a.id, 2));
    expect(await liveVersion()).toBe(before + 1);
    expect(await liveNotices(unchanged, 0)).toEqual([]);
  });

  it("says '*' when a transaction changed the stock of more than 100 products", async () => {
    const many = await Promise.all(Array.from({ length: 101 }, () => createProduct(db)));
    const before = await liveVersion();
    const from = heard.length;
    await db.transaction(async (tx) => {
      for (const p of many.slice(0, 60)) await setSizeStock(tx, p.id, "M", 9);
      for (const p of many.slice(60)) await setSizeStock(tx, p.id, "M", 8);
    });
    expect(await liveNotices(from, 1)).toEqual([`live:${before + 1}:stock:*`]);
  });
});

describe.runIf(testDatabaseKind() === "postgres")("stock changes on PostgreSQL", () => {
  it("of one product waiting to commit do not hold up another product's", async () => {
    const [a, b] = [await createProduct(db), await createProduct(db)];
    const other = await openDatabase({
      kind: "postgres",
      url: (() => {
        const url = new URL(inject("testDatabaseUrl"));
        url.pathname = `/${database.name}`;
        return url.href;
      })(),
      max: 1,
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let changed!: () => void;
    const aChanged = new Promise<void>((resolve) => {
      changed = resolve;
    });
    // An order's transaction: product A's stock taken, not yet committed.
    const first = db.transaction(async (tx) => {
      await setSizeStock(tx, a.id, "M", 1);
      changed();
      await held;
    });
    try {
      await aChanged;
      // Another product's stock, from another connection: commits while A's is still open (it
      // waited for A's commit when every stock change locked the version in its statement).
      await other.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '2s'`);
        await setSizeStock(tx, b.id, "M", 2);
      });
    } finally {
      release();
      await first;
      await other.close();
    }
    const stock = rowsOf<{ id: string; stock: number }>(
      await db.execute(sql`select product_id as id, stock from product_sizes
        where product_id in (${a.id}, ${b.id}) order by stock`),
    );
    expect(stock).toEqual([
      { id: a.id, stock: 1 },
      { id: b.id, stock: 2 },
    ]);
  });
});
