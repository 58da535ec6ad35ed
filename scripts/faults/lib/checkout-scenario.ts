/**
 * The set-up and the ending shared by the checkout fault drills (pg-restart, kill-9): a database
 * with a stocked catalogue and shoppers with carts, two store processes on it, and afterwards the
 * retry of every placement whose outcome the shopper could not know (503 or no answer) with the
 * same Idempotency-Key, as a client would, before the database is audited.
 */
import type { BenchDatabase } from "../../bench/lib/database.ts";
import { type Attempt, placeOrder, statusSummary } from "./checkouts.ts";
import {
  addShoppers,
  type ScenarioRedis,
  type Shopper,
  scenarioDatabase,
  scenarioRedis,
  stockedCatalogue,
  stockNow,
} from "./fixture.ts";
import { log, num } from "./report.ts";
import { type StoreProcess, startStoreProcess } from "./store-process.ts";

export const PRODUCTS = 200;
export const STOCK = 1_000;

export type CheckoutScenario = {
  bench: BenchDatabase;
  redis: ScenarioRedis;
  shoppers: Shopper[];
  initialStock: Map<string, number>;
  a: StoreProcess;
  b: StoreProcess;
  cleanup(): Promise<void>;
};

export async function setUpCheckoutScenario(options: {
  scenario: string;
  redisIndex: number;
  shoppers: number;
}): Promise<CheckoutScenario> {
  const redis = await scenarioRedis(options.redisIndex);
  const bench = await scenarioDatabase();
  const processes: StoreProcess[] = [];
  const cleanup = async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await bench.drop();
    await redis.clear();
  };
  try {
    log(`database: ${PRODUCTS} products, ${num(options.shoppers)} shoppers with two-line carts…`);
    const setup = await bench.open();
    let shoppers: Shopper[];
    let initialStock: Map<string, number>;
    try {
      const skus = await stockedCatalogue(setup.db, PRODUCTS, STOCK);
      shoppers = await addShoppers(
        setup.db,
        options.scenario.replace(/\W/g, ""),
        options.shoppers,
        skus,
      );
      initialStock = await stockNow(setup.db);
    } finally {
      await setup.close();
    }
    const settings = {
      DATABASE_URL: bench.env.DATABASE_URL,
      DATA_DIR: bench.env.DATA_DIR,
      REDIS_URL: redis.url,
    };
    const [a, b] = await Promise.all([
      startStoreProcess("A", settings, { scenario: options.scenario }),
      startStoreProcess("B", settings, { scenario: options.scenario }),
    ]);
    processes.push(a, b);
    return { bench, redis, shoppers, initialStock, a, b, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * Places again, on `url`, every shopper whose placement was answered 503 or not at all (the
 * order may or may not have been committed), with the same Idempotency-Key: a committed one
 * answers its stored reply, an uncommitted one is placed now. Returns the new attempts.
 */
export async function retryUnknownOutcomes(attempts: Attempt[], url: string): Promise<Attempt[]> {
  const unknown = attempts.filter((a) => a.status === 503 || a.status === 0);
  const retries: Attempt[] = [];
  for (let i = 0; i < unknown.length; i += 8) {
    retries.push(
      ...(await Promise.all(unknown.slice(i, i + 8).map((a) => placeOrder(url, a.shopper)))),
    );
  }
  if (unknown.length > 0)
    log(`retried ${unknown.length} unknown outcomes: ${statusSummary(retries)}`);
  return retries;
}

/**
 * Of the retries answered 201, how many answered an order committed before the retry was sent
 * (the first placement had committed, its answer was lost or a 503) and how many placed it now.
 */
export function retryOutcomes(retries: Attempt[]): { committedBefore: number; placedNow: number } {
  const placed = retries.filter((r) => r.status === 201 && r.orderCreatedAt);
  const committedBefore = placed.filter(
    (r) => new Date(r.orderCreatedAt!).getTime() < r.sentWall,
  ).length;
  return { committedBefore, placedNow: placed.length - committedBefore };
}
