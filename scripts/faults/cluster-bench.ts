/**
 * Drill 5 (issue #13 "Must show": "the bench runs the catalogue and checkout figures with 2
 * processes beside 1, in one run"): `npm run serve:cluster` (apps/server/src/cluster.ts, production,
 * PostgreSQL + Redis) with WORKERS=1 and then WORKERS=2 on one database, beside a raw node:http
 * hello-world measured the same way in the same run (the bench harness: autocannon, exact
 * percentiles, a warm-up run first).
 *   - `GET /api/products` (the catalogue's first page) at 100 connections for BENCH_DURATION s;
 *   - `POST /api/orders`: FAULTS_BENCH_ORDERS (default 1,500) signed-in shoppers per worker count,
 *     each placing their two-line cart once, at 50 connections.
 * FAULTS_BENCH_PRODUCTS (default 2,000) products, every size stocked with 1,000,000.
 * On this 2-core machine a second worker competes with PostgreSQL and the load generator for the
 * same two cores: the table shows what it buys here, not what it buys on a bigger machine.
 * Usage: node scripts/faults/cluster-bench.ts
 */
import { sql } from "drizzle-orm";
import type { BenchDatabase } from "../bench/lib/database.ts";
import {
  type LoadResult,
  measure,
  RESULT_HEADERS,
  resultCells,
  settings,
  startServer,
  table,
} from "../bench/lib/harness.ts";
import {
  addShoppers,
  type ScenarioRedis,
  type Shopper,
  scenarioDatabase,
  scenarioRedis,
  stockedCatalogue,
} from "./lib/fixture.ts";
import { createReport, log, num } from "./lib/report.ts";
import { freePort, startStoreProcess } from "./lib/store-process.ts";

const PRODUCTS = Number(process.env.FAULTS_BENCH_PRODUCTS ?? 2_000);
const ORDERS = Number(process.env.FAULTS_BENCH_ORDERS ?? 1_500);
const REDIS_INDEX = 15;
const LIST_CONNECTIONS = 100;
const ORDER_CONNECTIONS = 50;
const WORKER_COUNTS = [1, 2];

const report = createReport("Cluster: 1 and 2 worker processes");

async function placeAll(url: string, shoppers: Shopper[]): Promise<LoadResult> {
  let next = 0;
  return measure({
    url: `${url}/api/orders`,
    connections: ORDER_CONNECTIONS,
    amount: shoppers.length,
    method: "POST",
    ok: (s) => s === 201,
    setupRequest: (request) => {
      const shopper = shoppers[next++ % shoppers.length]!;
      return {
        ...request,
        method: "POST",
        path: "/api/orders",
        headers: { ...request.headers, "content-type": "application/json", cookie: shopper.cookie },
        body: shopper.order,
      };
    },
  });
}

async function scenario(): Promise<void> {
  let bench: BenchDatabase | undefined;
  let redis: ScenarioRedis | undefined;
  try {
    redis = await scenarioRedis(REDIS_INDEX);
    log(`database: ${num(PRODUCTS)} products, ${num(ORDERS * WORKER_COUNTS.length)} shoppers…`);
    bench = await scenarioDatabase();
    const setup = await bench.open();
    const shoppers: Shopper[][] = [];
    try {
      const skus = await stockedCatalogue(setup.db, PRODUCTS, 1_000_000);
      for (const workers of WORKER_COUNTS) {
        shoppers.push(await addShoppers(setup.db, `w${workers}`, ORDERS, skus, 40 + workers));
      }
    } finally {
      await setup.close();
    }

    log("baseline: node:http hello-world");
    const hello = await startServer("hello");
    const baseline = await measure({ url: `${hello.url}/`, connections: LIST_CONNECTIONS }).finally(
      () => hello.stop(),
    );
    const rows: string[][] = [
      ["raw node:http hello-world (baseline)", "—", ...resultCells(baseline, baseline)],
    ];
    for (const [i, workers] of WORKER_COUNTS.entries()) {
      const cluster = await startStoreProcess(
        `workers-${workers}`,
        {
          DATABASE_URL: bench.env.DATABASE_URL,
          DATA_DIR: bench.env.DATA_DIR,
          REDIS_URL: redis.url,
          WORKERS: String(workers),
          LOG_LEVEL: "error",
          PORT: String(await freePort()),
        },
        { entry: "cluster.ts", scenario: "cluster-bench" },
      );
      try {
        log(`WORKERS=${workers}: GET /api/products`);
        const list = await measure({
          url: `${cluster.url}/api/products`,
          connections: LIST_CONNECTIONS,
        });
        log(`WORKERS=${workers}: placing ${num(ORDERS)} orders`);
        const orders = await placeAll(cluster.url, shoppers[i]!);
        rows.push(
          ["`GET /api/products` (first page)", String(workers), ...resultCells(list, baseline)],
          ["`POST /api/orders` (2-line cart)", String(workers), ...resultCells(orders, baseline)],
        );
        report.count(
          `WORKERS=${workers}: list req/s / orders per s`,
          `${num(list.rps)} / ${num(orders.rps)}`,
        );
        report.check(
          `WORKERS=${workers}: every request answered as expected`,
          list.failures === 0 && orders.failures === 0,
          `list ${list.failureKinds || "no failures"}; orders ${orders.failureKinds || "no failures"}`,
        );
      } finally {
        await cluster.stop();
      }
    }
    const after = await bench.open();
    try {
      const [counted] = (await after.db.execute(
        sql`select count(*)::int as orders from orders`,
      )) as unknown as Array<{ orders: number }>;
      report.count("orders in the database", counted?.orders ?? 0);
      report.check(
        "every order placed is in the database",
        counted?.orders === ORDERS * WORKER_COUNTS.length,
      );
    } finally {
      await after.close();
    }
    report.note(
      `Warm-up ${settings.warmup} s, then ${settings.duration} s for the list (${LIST_CONNECTIONS} connections); ` +
        `${num(ORDERS)} orders per worker count at ${ORDER_CONNECTIONS} connections. ` +
        `"% of hello" is of the hello-world run at the start.`,
    );
    report.note("");
    report.note(table(["row", "workers", ...RESULT_HEADERS], rows));
  } finally {
    await bench?.drop();
    await redis?.clear();
  }
}

await report.run(scenario);
