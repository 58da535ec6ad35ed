/**
 * The database-side checks of the checkout scenarios, all in SQL on the scenario's database after
 * the load: every order answered 201 is there; no order is partial (its items are exactly the
 * shopper's cart: the two lines, one unit each) and none has no items; no shopper has two orders
 * (retries carried the same Idempotency-Key); a shopper with an order has an empty cart and one
 * without still has theirs (the order and the cart's clearing are one transaction); and for every
 * size, the stock at the start minus the units of the orders holding stock equals the stock now
 * (no stock taken without its order, none given back without a cancellation).
 */
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../../apps/server/src/db/client.ts";
import type { Attempt } from "./checkouts.ts";
import { type Shopper, stockNow } from "./fixture.ts";

export type OrderAudit = {
  ordersInDatabase: number;
  /** Orders answered 201 (their ids) that the database does not have. */
  placedButMissing: number;
  ordersWithoutItems: number;
  /** Orders whose items are not exactly the shopper's cart. */
  partialOrders: number;
  shoppersWithSeveralOrders: number;
  /** Shoppers with an order whose cart still has lines, or without one whose cart is not whole. */
  cartsOutOfStep: number;
  unitsOrdered: number;
  sizesChecked: number;
  /** "productId/size: start 1000 - ordered 7 = 993, but 992" for each size that does not add up. */
  stockMismatches: string[];
};

export async function auditOrders(
  db: Db,
  options: { shoppers: Shopper[]; attempts: Attempt[]; initialStock: Map<string, number> },
): Promise<OrderAudit> {
  const orderRows = rowsOf<{ id: string; userId: string; stockHeld: boolean }>(
    await db.execute(
      sql`select id, user_id as "userId", stock_held as "stockHeld" from orders order by created_at`,
    ),
  );
  const itemRows = rowsOf<{ orderId: string; productId: string; size: string; quantity: number }>(
    await db.execute(
      sql`select order_id as "orderId", product_id as "productId", size, quantity from order_items`,
    ),
  );
  const cartRows = rowsOf<{ userId: string; lines: number }>(
    await db.execute(
      sql`select user_id as "userId", count(*)::int as lines from cart_lines group by user_id`,
    ),
  );
  const byUser = new Map(options.shoppers.map((s) => [s.userId, s]));
  const ids = new Set(orderRows.map((o) => o.id));
  const itemsOf = new Map<string, typeof itemRows>();
  for (const item of itemRows) {
    const list = itemsOf.get(item.orderId) ?? [];
    list.push(item);
    itemsOf.set(item.orderId, list);
  }
  const ordersOf = new Map<string, number>();
  let ordersWithoutItems = 0;
  let partialOrders = 0;
  for (const order of orderRows) {
    ordersOf.set(order.userId, (ordersOf.get(order.userId) ?? 0) + 1);
    const items = itemsOf.get(order.id) ?? [];
    if (items.length === 0) ordersWithoutItems++;
    const shopper = byUser.get(order.userId);
    const wanted = (shopper?.lines ?? []).map((l) => `${l.productId}/${l.size}/1`).sort();
    const got = items.map((i) => `${i.productId}/${i.size}/${i.quantity}`).sort();
    if (wanted.join() !== got.join()) partialOrders++;
  }
  const cartOf = new Map(cartRows.map((c) => [c.userId, Number(c.lines)]));
  let cartsOutOfStep = 0;
  for (const shopper of options.shoppers) {
    const lines = cartOf.get(shopper.userId) ?? 0;
    const ordered = (ordersOf.get(shopper.userId) ?? 0) > 0;
    if (ordered ? lines !== 0 : lines !== shopper.lines.length) cartsOutOfStep++;
  }
  const placed = options.attempts.filter((a) => a.status === 201);
  const placedButMissing = placed.filter((a) => !a.orderId || !ids.has(a.orderId)).length;

  const ordered = new Map<string, number>();
  const holding = new Set(orderRows.filter((o) => o.stockHeld).map((o) => o.id));
  let unitsOrdered = 0;
  for (const item of itemRows) {
    if (!holding.has(item.orderId)) continue;
    const key = `${item.productId}/${item.size}`;
    ordered.set(key, (ordered.get(key) ?? 0) + Number(item.quantity));
    unitsOrdered += Number(item.quantity);
  }
  const now = await stockNow(db);
  const stockMismatches: string[] = [];
  for (const [key, start] of options.initialStock) {
    const units = ordered.get(key) ?? 0;
    const left = now.get(key);
    if (left !== start - units) {
      stockMismatches.push(
        `${key}: start ${start} - ordered ${units} = ${start - units}, but ${left}`,
      );
    }
  }
  return {
    ordersInDatabase: orderRows.length,
    placedButMissing,
    ordersWithoutItems,
    partialOrders,
    shoppersWithSeveralOrders: [...ordersOf.values()].filter((n) => n > 1).length,
    cartsOutOfStep,
    unitsOrdered,
    sizesChecked: options.initialStock.size,
    stockMismatches,
  };
}

/** Records the audit's counts and its checks on a report. */
export function reportAudit(
  report: {
    count(name: string, value: string | number): void;
    check(name: string, ok: boolean, detail?: string): boolean;
  },
  audit: OrderAudit,
  placed: number,
): void {
  report.count("orders in the database", audit.ordersInDatabase);
  report.count("units ordered (orders holding stock)", audit.unitsOrdered);
  report.check(
    "every order answered 201 is in the database",
    audit.placedButMissing === 0,
    `${placed} answered 201, ${audit.placedButMissing} missing`,
  );
  report.check(
    "no order without items, no partial order",
    audit.ordersWithoutItems === 0 && audit.partialOrders === 0,
    `${audit.ordersWithoutItems} without items, ${audit.partialOrders} not exactly the shopper's cart`,
  );
  report.check(
    "no shopper has two orders",
    audit.shoppersWithSeveralOrders === 0,
    `${audit.shoppersWithSeveralOrders} shoppers with more than one`,
  );
  report.check(
    "carts match orders (emptied with the order, whole without one)",
    audit.cartsOutOfStep === 0,
    `${audit.cartsOutOfStep} out of step`,
  );
  report.check(
    "stock now = initial stock - ordered units, for every size",
    audit.stockMismatches.length === 0,
    `${audit.sizesChecked} sizes, ${audit.stockMismatches.length} off${audit.stockMismatches.length ? `: ${audit.stockMismatches.slice(0, 3).join("; ")}` : ""}`,
  );
}
