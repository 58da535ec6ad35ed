/**
 * The figures behind `sort=popular` (decisions.md §3: units ordered, cancelled orders left out, then
 * the average rating). Aggregating every order line and review on each request cost ~250 ms at
 * 100,000 products; instead product_popularity keeps them, one row per product, refreshed here in
 * one statement every minute (and at start-up). So the popular order may lag the latest orders and
 * reviews by up to a minute; new products are in it at once, with zeros (a trigger adds their row).
 * Record 0023.
 */
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "../../db/client.ts";
import type { JobLock } from "../job-lock.ts";
import { createPoller, type Poller } from "../poller.ts";

export const POPULARITY_REFRESH_MS = 60_000;

/** Recomputes every product's figures; returns how many rows changed. */
export async function refreshPopularity(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`
    with figures as (
      select p.id as product_id,
             coalesce(sold.units, 0)::int as units_sold,
             coalesce(rated.rating, 0)::float8 as rating,
             p.created_at
        from products p
        left join (
          select oi.product_id, sum(oi.quantity) as units
            from order_items oi join orders o on o.id = oi.order_id
           where o.status <> 'cancelled'
           group by oi.product_id) sold on sold.product_id = p.id
        left join (
          select product_id, avg(rating) as rating from reviews
           where hidden_at is null group by product_id
        ) rated on rated.product_id = p.id
    ), changed as (
      insert into product_popularity as pp (product_id, units_sold, rating, created_at)
      select product_id, units_sold, rating, created_at from figures
      on conflict (product_id) do update
        set units_sold = excluded.units_sold, rating = excluded.rating,
            created_at = excluded.created_at
        where (pp.units_sold, pp.rating, pp.created_at)
              is distinct from (excluded.units_sold, excluded.rating, excluded.created_at)
      returning 1
    )
    select count(*)::int as n from changed`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * Refreshes the figures every `pollMs` until stopped; with `lock`, a round is skipped while another
 * server refreshes (the result would be the same).
 */
export function createPopularityRefresher(options: {
  db: DbOrTx;
  pollMs?: number;
  log?: { warn(obj: object, msg: string): void };
  lock?: JobLock;
}): Poller {
  const { db, lock } = options;
  const round = () => refreshPopularity(db);
  return createPoller(() => (lock ? lock(round) : round()), {
    pollMs: options.pollMs ?? POPULARITY_REFRESH_MS,
    onError: (error) =>
      options.log?.warn({ err: String(error) }, "refreshing the popular order failed"),
  });
}
