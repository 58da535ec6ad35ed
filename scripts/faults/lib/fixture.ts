/**
 * What a fault scenario sets up before it starts its processes, written straight into a throwaway
 * PostgreSQL database (the bench harness's createBenchDatabase: created and migrated with the
 * app's own code, dropped at the end) so that no sign-in or order limit gets in the way:
 *   - a catalogue (the bench's generator) with every size stocked at a known figure;
 *   - shoppers, verified and signed in (a session row each, as the test factories make them), each
 *     with a two-line cart and the body that orders it (POST /api/orders: the cart's items and
 *     total), and an Idempotency-Key of their own;
 *   - a Redis database index of the scenario's own (REDIS_URL's path): the store's rate-limit keys
 *     have a fixed prefix, so a scenario keeps apart from other runs by index, and empties only
 *     that index, before and after.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { DEFAULT_DELIVERY_SETTINGS, orderCharges, SESSION_COOKIE } from "@vastra/contracts";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import type { Db } from "../../../apps/server/src/db/client.ts";
import { rowsOf } from "../../../apps/server/src/db/client.ts";
import { cartLines, userSessions, users } from "../../../apps/server/src/db/schema.ts";
import { hashToken } from "../../../apps/server/src/services/auth/sessions.ts";
import { ensureStoreSettings } from "../../../apps/server/src/services/store-settings.ts";
import { prng } from "../../bench/lib/catalogue-data.ts";
import { type BenchDatabase, createBenchDatabase } from "../../bench/lib/database.ts";
import { loadCatalogue } from "../../bench/lib/load-catalogue.ts";

export const REDIS_SERVER = process.env.FAULTS_REDIS_URL ?? "redis://127.0.0.1:6379";

/** A Redis database index of the scenario's own, emptied before use and at cleanup. */
export type ScenarioRedis = { url: string; clear(): Promise<void> };

export async function scenarioRedis(index: number): Promise<ScenarioRedis> {
  const url = `${REDIS_SERVER.replace(/\/\d*$/, "")}/${index}`;
  const clear = async () => {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await client.connect();
      await client.flushdb();
    } finally {
      client.disconnect();
    }
  };
  await clear();
  return { url, clear };
}

/** A new, migrated PostgreSQL database with the store's settings row. */
export async function scenarioDatabase(): Promise<BenchDatabase> {
  const bench = await createBenchDatabase("postgres");
  const database = await bench.open();
  try {
    await ensureStoreSettings(database.db);
  } finally {
    await database.close();
  }
  return bench;
}

export type Sku = { productId: string; size: string; pricePaise: number };

/** `products` generated products; every size stocked with `stock`. Returns the sizes. */
export async function stockedCatalogue(db: Db, products: number, stock: number): Promise<Sku[]> {
  await loadCatalogue(db, products);
  await db.execute(sql`update product_sizes set stock = ${stock}`);
  return rowsOf<Sku>(
    await db.execute(sql`select ps.product_id as "productId", ps.size, p.price_paise as "pricePaise"
      from product_sizes ps join products p on p.id = ps.product_id order by 1, 2`),
  );
}

export type Shopper = {
  userId: string;
  email: string;
  cookie: string;
  /** The JSON body of POST /api/orders for their cart. */
  order: string;
  /** Theirs alone: a retried placement returns the first order instead of a second one. */
  idempotencyKey: string;
  lines: Sku[];
};

/**
 * `count` verified, signed-in shoppers, each with a cart of two different products (one unit
 * each, picked with a seeded generator from `skus`).
 */
export async function addShoppers(
  db: Db,
  prefix: string,
  count: number,
  skus: Sku[],
  seed = 42,
): Promise<Shopper[]> {
  const random = prng(seed);
  const pick = () => skus[Math.floor(random() * skus.length)]!;
  const out: Shopper[] = [];
  for (let from = 0; from < count; from += 500) {
    const size = Math.min(500, count - from);
    await db.transaction(async (tx) => {
      const people = await tx
        .insert(users)
        .values(
          Array.from({ length: size }, (_, k) => ({
            name: `Shopper ${prefix} ${from + k + 1}`,
            email: `${prefix}${from + k + 1}@faults.example`,
            passwordHash: "scrypt$0$0$0$none$none",
            affiliateCode: `FLT${prefix.toUpperCase()}${from + k + 1}`,
            emailVerifiedAt: new Date(),
          })),
        )
        .returning({ id: users.id, name: users.name, email: users.email });
      const tokens = people.map(() => randomBytes(32).toString("base64url"));
      await tx.insert(userSessions).values(
        people.map((p, k) => ({
          userId: p.id,
          tokenHash: hashToken(tokens[k]!),
          expiresAt: new Date(Date.now() + 30 * 86_400_000),
          lastSeenAt: new Date(),
        })),
      );
      const carts = people.map(() => {
        const a = pick();
        let b = pick();
        while (b.productId === a.productId) b = pick();
        return [a, b];
      });
      await tx.insert(cartLines).values(
        people.flatMap((p, k) =>
          carts[k]!.map((l) => ({
            userId: p.id,
            productId: l.productId,
            size: l.size,
            quantity: 1,
          })),
        ),
      );
      people.forEach((p, k) => {
        const lines = carts[k]!;
        out.push({
          userId: p.id,
          email: p.email,
          cookie: `${SESSION_COOKIE}=${tokens[k]}`,
          idempotencyKey: randomUUID(),
          lines,
          order: JSON.stringify({
            user: {
              name: p.name,
              email: p.email,
              phone: "9876543210",
              address: "12 MG Road, Flat 4, Bengaluru, Karnataka, 560001, India",
            },
            items: lines.map((l) => ({ productId: l.productId, size: l.size, quantity: 1 })),
            // A new store's charges (record 0036): shipping under ₹999, paid by UPI.
            totalAmount:
              orderCharges(
                lines.reduce((sum, l) => sum + l.pricePaise, 0),
                DEFAULT_DELIVERY_SETTINGS,
                "upi",
              ).totalPaise / 100,
          }),
        });
      });
    });
  }
  await db.execute(sql`analyze`);
  return out;
}

/** Every size's stock now, keyed "productId/size". */
export async function stockNow(db: Db): Promise<Map<string, number>> {
  const rows = rowsOf<{ productId: string; size: string; stock: number }>(
    await db.execute(
      sql`select product_id as "productId", size, stock from product_sizes order by 1, 2`,
    ),
  );
  return new Map(rows.map((r) => [`${r.productId}/${r.size}`, Number(r.stock)]));
}
