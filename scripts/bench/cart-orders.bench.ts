/**
 * Add-to-cart (POST /api/cart/add) and place-order (POST /api/orders) at 50 connections, on PGlite
 * and on PostgreSQL, against a raw node:http hello-world measured the same way in the same run.
 *
 * For each database: a throwaway database with a generated catalogue (BENCH_CART_PRODUCTS, default
 * 2,000 products, every size stocked with 1,000,000 so no request runs out), BENCH_ORDERS signed-in
 * shoppers (default 2,000; users and sessions written directly, as the test factories do, so no
 * sign-in rate limit applies), each with a two-line cart; the real app in its own process. Then:
 *   - place-order: every shopper places their cart once (BENCH_ORDERS requests, the whole order
 *     transaction: stock taken, order, items, event, cart cleared, two e-mails queued);
 *   - add-to-cart: for BENCH_DURATION seconds, each request a shopper (in turn) adds one unit of a
 *     random product and size.
 * Prints a markdown section on stdout; progress on stderr.
 */
import { randomBytes } from "node:crypto";
import { SESSION_COOKIE } from "@vastra/contracts";
import { sql } from "drizzle-orm";
import { cartLines, userSessions, users } from "../../apps/server/src/db/schema.ts";
import { hashToken } from "../../apps/server/src/services/auth/sessions.ts";
import { prng } from "./lib/catalogue-data.ts";
import { createBenchDatabase, type DatabaseKind } from "./lib/database.ts";
import {
  baselineThenDatabases,
  envCount,
  type LoadResult,
  log,
  measure,
  num,
  RESULT_HEADERS,
  resultCells,
  settings,
  startServer,
  table,
} from "./lib/harness.ts";
import { loadCatalogue } from "./lib/load-catalogue.ts";

const PRODUCTS = envCount("BENCH_CART_PRODUCTS", 2_000);
const SHOPPERS = envCount("BENCH_ORDERS", 2_000);
const CONNECTIONS = 50;
const NAMES: Record<DatabaseKind, string> = { pglite: "PGlite", postgres: "PostgreSQL 15" };

type Shopper = { cookie: string; order: string };
type Result = { kind: DatabaseKind; orders: LoadResult; cart: LoadResult };

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

async function benchDatabase(kind: DatabaseKind): Promise<Result> {
  log(`${NAMES[kind]}: ${num(PRODUCTS)} products, ${num(SHOPPERS)} shoppers with carts…`);
  const bench = await createBenchDatabase(kind);
  try {
    const database = await bench.open();
    let shoppers: Shopper[];
    let stocked: Array<{ productId: string; size: string; pricePaise: number }>;
    try {
      const { db } = database;
      await loadCatalogue(db, PRODUCTS);
      await db.execute(sql`update product_sizes set stock = 1000000`);
      stocked = rowsOf<{ productId: string; size: string; pricePaise: number }>(
        await db.execute(sql`select ps.product_id as "productId", ps.size, p.price_paise as "pricePaise"
          from product_sizes ps join products p on p.id = ps.product_id order by 1, 2`),
      );
      const price = new Map(stocked.map((s) => [s.productId, s.pricePaise]));
      const random = prng(42);
      shoppers = [];
      for (let from = 0; from < SHOPPERS; from += 500) {
        const count = Math.min(500, SHOPPERS - from);
        await db.transaction(async (tx) => {
          const people = await tx
            .insert(users)
            .values(
              Array.from({ length: count }, (_, k) => ({
                name: `Shopper ${from + k + 1}`,
                email: `shopper${from + k + 1}@bench.example`,
                passwordHash: "scrypt$0$0$0$none$none",
                affiliateCode: `BENCHSHOP${from + k + 1}`,
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
          const carts = people.map((p) => {
            const a = stocked[Math.floor(random() * stocked.length)]!;
            let b = stocked[Math.floor(random() * stocked.length)]!;
            while (b.productId === a.productId) b = stocked[Math.floor(random() * stocked.length)]!;
            return { userId: p.id, lines: [a, b] };
          });
          await tx.insert(cartLines).values(
            carts.flatMap((c) =>
              c.lines.map((l) => ({
                userId: c.userId,
                productId: l.productId,
                size: l.size,
                quantity: 1,
              })),
            ),
          );
          people.forEach((p, k) => {
            const lines = carts[k]!.lines;
            shoppers.push({
              cookie: `${SESSION_COOKIE}=${tokens[k]}`,
              order: JSON.stringify({
                user: {
                  name: p.name,
                  email: p.email,
                  phone: "9876543210",
                  address: "12 MG Road, Flat 4, Bengaluru, Karnataka, 560001, India",
                },
                items: lines.map((l) => ({ productId: l.productId, size: l.size, quantity: 1 })),
                totalAmount: lines.reduce((sum, l) => sum + price.get(l.productId)!, 0) / 100,
              }),
            });
          });
        });
      }
      await db.execute(sql`analyze`);
    } finally {
      await database.close();
    }

    const server = await startServer("app", bench.env);
    try {
      log(`${NAMES[kind]}: placing ${num(SHOPPERS)} orders`);
      let nextOrder = 0;
      const orders = await measure({
        url: `${server.url}/api/orders`,
        connections: CONNECTIONS,
        amount: SHOPPERS,
        method: "POST",
        ok: (s) => s === 201,
        setupRequest: (request) => {
          const shopper = shoppers[nextOrder++ % shoppers.length]!;
          return {
            ...request,
            method: "POST",
            path: "/api/orders",
            headers: {
              ...request.headers,
              "content-type": "application/json",
              cookie: shopper.cookie,
            },
            body: shopper.order,
          };
        },
      });
      log(`${NAMES[kind]}: adding to carts`);
      let nextCart = 0;
      const pick = prng(7);
      const cart = await measure({
        url: `${server.url}/api/cart/add`,
        connections: CONNECTIONS,
        method: "POST",
        setupRequest: (request) => {
          const shopper = shoppers[nextCart++ % shoppers.length]!;
          const line = stocked[Math.floor(pick() * stocked.length)]!;
          return {
            ...request,
            method: "POST",
            path: "/api/cart/add",
            headers: {
              ...request.headers,
              "content-type": "application/json",
              cookie: shopper.cookie,
            },
            body: JSON.stringify({ productId: line.productId, size: line.size, quantity: 1 }),
          };
        },
      });
      return { kind, orders, cart };
    } finally {
      await server.stop();
    }
  } finally {
    await bench.drop();
  }
}

const { loadAtStart, baseline, results, skipped } = await baselineThenDatabases(
  CONNECTIONS,
  benchDatabase,
);

const rows = [
  ["raw node:http hello-world (baseline)", "—", ...resultCells(baseline)],
  ...results.flatMap((r) => [
    ["`POST /api/orders` (2-line cart)", NAMES[r.kind], ...resultCells(r.orders)],
    ["`POST /api/cart/add`", NAMES[r.kind], ...resultCells(r.cart)],
  ]),
];
const out = [
  "## Add to cart and place order",
  "",
  `${CONNECTIONS} connections; ${num(SHOPPERS)} signed-in shoppers, each placing their two-line cart once ` +
    `(${num(SHOPPERS)} orders), then ${settings.duration} s of add-to-cart (after a ${settings.warmup} s warm-up) ` +
    `spread over the same shoppers and ${num(PRODUCTS)} products. Load average (1 min) at the start: ${loadAtStart}.`,
  ...skipped.map((s) => `Skipped: ${s}.`),
  "",
  table(["target", "database", ...RESULT_HEADERS], rows),
  "",
];
process.stdout.write(`${out.join("\n")}\n`);
