/**
 * Add-to-cart (POST /api/cart/add) and place-order (POST /api/orders) at 50 connections, on PGlite
 * and on PostgreSQL, against a raw node:http hello-world measured the same way in the same run.
 *
 * For each database: a throwaway database with a generated catalogue (BENCH_CART_PRODUCTS, default
 * 2,000 products, every size stocked with 1,000,000 so no request runs out), BENCH_ORDERS signed-in
 * shoppers (default 2,000; users and sessions written directly, as the test factories do, so no
 * sign-in rate limit applies), each with a two-line cart; BENCH_ORDER_HISTORY (default 20,000) past
 * delivered orders, written directly, and the tables analyzed; with BENCH_UPI_VPA, the store's UPI
 * ID (none by default); the real app in its own process. Then:
 *   - place-order: every shopper places their cart once (BENCH_ORDERS requests, the whole order
 *     transaction: stock taken, order, items, event, cart cleared, two e-mails queued), after
 *     BENCH_ORDER_WARMUP (default 500) other shoppers placed theirs the same way, not measured: a
 *     store on a sale day has been taking orders, its code compiled and its connections' statements
 *     prepared (the add-to-cart row has its warm-up too);
 *   - add-to-cart: for BENCH_DURATION seconds, each request a shopper (in turn) adds one unit of a
 *     random product and size;
 *   - the hot-SKU race: BENCH_RACE_BUYERS (default 1,000) other verified shoppers, each with one
 *     unit of the same size of one product in their cart, of which RACE_STOCK (100) are in stock,
 *     all place their order at once (one connection each). Exactly RACE_STOCK orders must succeed
 *     (checked in the answers and in the database afterwards: orders of that product, stock left 0);
 *     the race's checkouts/s is every placement answered (won or refused) per second of the race.
 * Every shopper stays within the per-shopper order limits' defaults (ORDER_* in
 * apps/server/src/config.ts: 3 pending orders, 20 units, 10 placements an hour): each places one
 * order of one or two units, so the bench leaves them as they are.
 * Prints a markdown section on stdout; progress on stderr.
 */
import { randomBytes } from "node:crypto";
import { DEFAULT_DELIVERY_SETTINGS, orderCharges, SESSION_COOKIE } from "@vastra/contracts";
import { sql } from "drizzle-orm";
import type { Database } from "../../apps/server/src/db/client.ts";
import { cartLines, userSessions, users } from "../../apps/server/src/db/schema.ts";
import { hashToken } from "../../apps/server/src/services/auth/sessions.ts";
import { prng } from "./lib/catalogue-data.ts";
import { createBenchDatabase, type DatabaseKind } from "./lib/database.ts";
import {
  baselineThenDatabases,
  envCount,
  type LoadResult,
  load1,
  log,
  measure,
  num,
  percentile,
  RESULT_HEADERS,
  resultCells,
  settings,
  startServer,
  table,
  verdict,
} from "./lib/harness.ts";
import { loadCatalogue } from "./lib/load-catalogue.ts";

const PRODUCTS = envCount("BENCH_CART_PRODUCTS", 2_000);
const SHOPPERS = envCount("BENCH_ORDERS", 2_000);
/** Orders placed by other shoppers before the measured ones (the server warmed, not measured). */
const WARMUP_ORDERS = envCount("BENCH_ORDER_WARMUP", 500);
/** Orders the store took before the sale (delivered, each with an item and an event). */
const HISTORY_ORDERS = envCount("BENCH_ORDER_HISTORY", 20_000);
/**
 * The store's UPI ID (BENCH_UPI_VPA, none by default): with one, each order's e-mail carries a
 * UPI payment link and its QR code (record 0067).
 */
const UPI_VPA = process.env.BENCH_UPI_VPA ?? "";
const CONNECTIONS = 50;
const NAMES: Record<DatabaseKind, string> = { pglite: "PGlite", postgres: "PostgreSQL 15" };

const RACE_BUYERS = envCount("BENCH_RACE_BUYERS", 1_000);
const RACE_STOCK = 100;

type Shopper = { cookie: string; order: string };
type Line = { productId: string; size: string; pricePaise: number };
type Race = {
  buyers: number;
  won: number;
  refused: string;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  ordersInDatabase: number;
  stockLeft: number;
  load: string;
};
type Result = { kind: DatabaseKind; orders: LoadResult; cart: LoadResult; race: Race };

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * `count` verified shoppers (users and sessions written directly, as the test factories do, so no
 * sign-in rate limit applies), each with the cart `cartOf` gives them (one unit a line), and the
 * order body that places it.
 */
async function addShoppers(
  db: Database["db"],
  prefix: string,
  count: number,
  cartOf: () => Line[],
): Promise<Shopper[]> {
  const out: Shopper[] = [];
  for (let from = 0; from < count; from += 500) {
    const size = Math.min(500, count - from);
    await db.transaction(async (tx) => {
      const people = await tx
        .insert(users)
        .values(
          Array.from({ length: size }, (_, k) => ({
            name: `${prefix} ${from + k + 1}`,
            email: `${prefix}${from + k + 1}@bench.example`,
            passwordHash: "scrypt$0$0$0$none$none",
            affiliateCode: `BENCH${prefix.toUpperCase()}${from + k + 1}`,
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
      const carts = people.map(() => cartOf());
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
          cookie: `${SESSION_COOKIE}=${tokens[k]}`,
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
  return out;
}

/**
 * Every buyer places their order at the same moment, each on their own connection (fetch opens
 * as many as there are requests in flight); resolves when all have been answered.
 */
async function race(url: string, buyers: Shopper[]) {
  const times: number[] = [];
  const statuses = new Map<string, number>();
  const started = performance.now();
  await Promise.all(
    buyers.map(async (buyer) => {
      const sent = performance.now();
      const status = await fetch(`${url}/api/orders`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: buyer.cookie },
        body: buyer.order,
      }).then(
        async (res) => {
          await res.arrayBuffer();
          return String(res.status);
        },
        (error: Error) => error.name,
      );
      times.push(performance.now() - sent);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    buyers: buyers.length,
    won: statuses.get("201") ?? 0,
    refused: [...statuses.entries()]
      .filter(([s]) => s !== "201")
      .map(([s, n]) => `${s} ×${n}`)
      .join(", "),
    seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    load: load1(),
  };
}

/**
 * The store's past orders, written directly: `count` delivered orders by past shoppers (no
 * account, so no shopper's limits count them) over the days before, each with one item and its
 * 'placed' event. A store on a sale day has them; the statistics taken after (ANALYZE) then see an
 * orders table of its real size, as autovacuum keeps them on a running store. Without any, every
 * connection planned the foreign-key checks of the orders' items and events while the table was
 * empty (a sequential scan) and kept those plans while the bench added thousands of orders: each
 * order read every order before it.
 */
async function addOrderHistory(db: Database, count: number): Promise<void> {
  if (count === 0) return;
  await db.execute(sql`
    insert into orders (order_number, status, payment_status, payment_method, total_paise,
      subtotal_paise, customer_name, customer_email, customer_phone, address, created_at, updated_at)
    select 'VST-' || nextval('order_number_seq'), 'delivered', 'paid', 'upi', 129900, 129900,
      'Past Shopper ' || g, 'past' || g || '@bench.example', '9' || lpad(g::text, 9, '0'),
      '12 MG Road, Bengaluru, Karnataka, 560001, India',
      now() - make_interval(mins => g), now() - make_interval(mins => g)
    from generate_series(1, ${count}) g`);
  await db.execute(sql`
    insert into order_items (order_id, title, image_url, price_paise, size, quantity)
    select id, 'Past Handloom Saree', '', 129900, 'M', 1 from orders where status = 'delivered'`);
  await db.execute(sql`
    insert into order_events (order_id, actor_name, type, data, created_at)
    select id, customer_name, 'placed', '{"status":"pending"}'::jsonb, created_at
      from orders where status = 'delivered'`);
}

async function benchDatabase(kind: DatabaseKind): Promise<Result> {
  log(`${NAMES[kind]}: ${num(PRODUCTS)} products, ${num(SHOPPERS)} shoppers with carts…`);
  const bench = await createBenchDatabase(kind);
  try {
    const database = await bench.open();
    let shoppers: Shopper[];
    let stocked: Line[];
    let buyers: Shopper[];
    let warmers: Shopper[];
    let hotSku: Line;
    try {
      const { db } = database;
      await loadCatalogue(db, PRODUCTS);
      await db.execute(sql`update product_sizes set stock = 1000000`);
      if (UPI_VPA) {
        await db.execute(sql`insert into delivery_settings (id, data)
          values (1, jsonb_build_object('upiVpa', ${UPI_VPA}::text, 'upiPayeeName', 'Vastra'))
          on conflict (id) do update set data = delivery_settings.data || excluded.data,
            version = delivery_settings.version + 1`);
      }
      stocked = rowsOf<Line>(
        await db.execute(sql`select ps.product_id as "productId", ps.size, p.price_paise as "pricePaise"
          from product_sizes ps join products p on p.id = ps.product_id order by 1, 2`),
      );
      // One size of one product is the hot SKU: RACE_STOCK units, kept out of everyone else's way.
      const hot = stocked[0]!;
      stocked = stocked.filter((l) => l.productId !== hot.productId);
      await db.execute(
        sql`update product_sizes set stock = ${RACE_STOCK} where product_id = ${hot.productId} and size = ${hot.size}`,
      );
      const random = prng(42);
      const twoLines = () => {
        const a = stocked[Math.floor(random() * stocked.length)]!;
        let b = stocked[Math.floor(random() * stocked.length)]!;
        while (b.productId === a.productId) b = stocked[Math.floor(random() * stocked.length)]!;
        return [a, b];
      };
      shoppers = await addShoppers(db, "shopper", SHOPPERS, twoLines);
      warmers = WARMUP_ORDERS > 0 ? await addShoppers(db, "warmer", WARMUP_ORDERS, twoLines) : [];
      buyers = await addShoppers(db, "buyer", RACE_BUYERS, () => [hot]);
      hotSku = hot;
      await addOrderHistory(db, HISTORY_ORDERS);
      await db.execute(sql`analyze`);
    } finally {
      await database.close();
    }

    let orders: LoadResult;
    let cart: LoadResult;
    let answers: Awaited<ReturnType<typeof race>>;
    const server = await startServer("app", bench.env);
    try {
      const placeAll = (who: Shopper[]) => {
        let next = 0;
        return measure({
          url: `${server.url}/api/orders`,
          // autocannon refuses more connections than requests (a small BENCH_ORDER_WARMUP).
          connections: Math.min(CONNECTIONS, who.length),
          amount: who.length,
          method: "POST",
          ok: (s) => s === 201,
          setupRequest: (request) => {
            const shopper = who[next++ % who.length]!;
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
      };
      if (warmers.length > 0) {
        log(`${NAMES[kind]}: warming up with ${num(warmers.length)} orders (not measured)`);
        await placeAll(warmers);
      }
      log(`${NAMES[kind]}: placing ${num(SHOPPERS)} orders`);
      orders = await placeAll(shoppers);
      log(`${NAMES[kind]}: adding to carts`);
      let nextCart = 0;
      const pick = prng(7);
      cart = await measure({
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
      log(`${NAMES[kind]}: hot-SKU race, ${num(RACE_BUYERS)} buyers for ${RACE_STOCK} units`);
      answers = await race(server.url, buyers);
    } finally {
      await server.stop();
    }
    // Counted in the database too (PGlite: only once the app has let go of it).
    const after = await bench.open();
    try {
      const [counted] = rowsOf<{ orders: number; stock: number }>(
        await after.db.execute(sql`select
          (select count(distinct oi.order_id)::int from order_items oi join orders o on o.id = oi.order_id
            where oi.product_id = ${hotSku.productId} and o.status <> 'cancelled') as orders,
          (select stock from product_sizes where product_id = ${hotSku.productId} and size = ${hotSku.size}) as stock`),
      );
      const race: Race = {
        ...answers,
        ordersInDatabase: counted!.orders,
        stockLeft: counted!.stock,
      };
      return { kind, orders, cart, race };
    } finally {
      await after.close();
    }
  } finally {
    await bench.drop();
  }
}

const { loadAtStart, baseline, baselineNote, results, skipped } = await baselineThenDatabases(
  CONNECTIONS,
  benchDatabase,
);

const rows = [
  ["raw node:http hello-world (baseline)", "—", ...resultCells(baseline, baseline), "—"],
  ...results.flatMap((r) => [
    [
      "`POST /api/orders` (2-line cart)",
      NAMES[r.kind],
      ...resultCells(r.orders, baseline),
      verdict(r.orders, baseline, { p99: 150 }),
    ],
    [
      "`POST /api/cart/add`",
      NAMES[r.kind],
      ...resultCells(r.cart, baseline),
      verdict(r.cart, baseline, { p99: 50 }),
    ],
  ]),
];
const ms = (v: number) => (v >= 100 ? Math.round(v).toString() : v.toFixed(1));
const raceRows = results.map(({ kind, race: r }) => {
  const perSecond = r.buyers / r.seconds;
  const exact = r.won === RACE_STOCK && r.ordersInDatabase === RACE_STOCK && r.stockLeft === 0;
  return [
    NAMES[kind],
    `${num(r.won)} / ${num(r.buyers)}`,
    r.refused || "—",
    `${num(r.ordersInDatabase)} orders, stock ${num(r.stockLeft)}`,
    r.seconds.toFixed(2),
    num(perSecond),
    ms(r.p50),
    ms(r.p95),
    ms(r.p99),
    r.load,
    `exactly ${RACE_STOCK} · ≥ 100 checkouts/s: ${exact && perSecond >= 100 ? "**met**" : `missed (${exact ? "" : "count wrong, "}${num(perSecond)}/s)`}`,
  ];
});
const raceFailed = results.some(
  ({ race: r }) => r.won !== RACE_STOCK || r.ordersInDatabase !== RACE_STOCK || r.stockLeft !== 0,
);
const out = [
  "## Add to cart and place order",
  "",
  `${CONNECTIONS} connections; ${num(SHOPPERS)} signed-in shoppers, each placing their two-line cart once ` +
    `(${num(SHOPPERS)} orders, after ${num(WARMUP_ORDERS)} by other shoppers not measured, in a store with ${num(HISTORY_ORDERS)} past orders${UPI_VPA ? ` and a UPI ID, so each order's e-mail carries a UPI QR code` : ""}), then ${settings.duration} s of add-to-cart (after a ${settings.warmup} s warm-up) ` +
    `spread over the same shoppers and ${num(PRODUCTS)} products. Load average (1 min) at the start: ${loadAtStart}.`,
  ...skipped.map((s) => `Skipped: ${s}.`),
  baselineNote,
  "",
  table(["row", "database", ...RESULT_HEADERS, "issue #11 target"], rows),
  "",
  `Hot-SKU race: ${num(RACE_BUYERS)} verified shoppers with one unit of the same size in their cart, ` +
    `${RACE_STOCK} in stock, all placing at once (one connection each). Checkouts/s = placements ` +
    `answered (won or refused) per second from the first sent to the last answered.`,
  "",
  table(
    [
      "database",
      "orders placed (201)",
      "refused",
      "in the database after",
      "race s",
      "checkouts/s",
      "p50 ms",
      "p95 ms",
      "p99 ms",
      "load (1 min)",
      "issue #11 target",
    ],
    raceRows,
  ),
  "",
];
process.stdout.write(`${out.join("\n")}\n`);
// Anything but exactly RACE_STOCK orders is a wrong answer, not a slow one.
if (raceFailed) process.exit(1);
