/**
 * The shopper's status timeline (issue #16, record 0039): placed, confirmed, shipped, delivered
 * or cancelled, each with when the order reached it, read from the order's history. A status the
 * order went back from (an undone change, a reopened order) is not shown as reached.
 */
import type { Order, TimelineEntry, TimelineStep } from "@vastra/contracts";
import { asc, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { orderEvents } from "../../db/schema.ts";

/** The timeline step a status belongs to; processing is part of confirmed (packing). */
const STEP_OF: Record<string, TimelineStep | undefined> = {
  confirmed: "confirmed",
  processing: "confirmed",
  shipped: "shipped",
  delivered: "delivered",
  cancelled: "cancelled",
};
const FORWARD: TimelineStep[] = ["placed", "confirmed", "shipped", "delivered"];

type EventLike = { type: string; data: unknown; createdAt: Date };

/** The steps an order reached, in timeline order, from its events (oldest first). */
export function timelineOf(order: Pick<Order, "status" | "createdAt">, events: EventLike[]) {
  const reached = new Map<TimelineStep, string>([["placed", order.createdAt]]);
  for (const event of events) {
    const at = event.createdAt.toISOString();
    if (event.type === "placed") {
      reached.set("placed", at);
      continue;
    }
    const data = (event.data ?? {}) as Record<string, unknown>;
    const status = data.status as { to?: unknown } | undefined;
    if (!status || typeof status.to !== "string") continue;
    const step = status.to === "pending" ? "placed" : STEP_OF[status.to];
    if (!step) continue;
    if (step === "cancelled") {
      reached.set("cancelled", at);
      continue;
    }
    // Back to an earlier status (or out of cancelled): the later steps are no longer reached.
    reached.delete("cancelled");
    const rank = FORWARD.indexOf(step);
    for (const later of FORWARD.slice(rank + 1)) reached.delete(later);
    if (step !== "placed") {
      // Skipped steps (pending straight to shipped) count as reached at the same moment.
      for (const earlier of FORWARD.slice(1, rank + 1)) {
        if (!reached.has(earlier)) reached.set(earlier, at);
      }
    }
  }
  if (order.status !== "cancelled") reached.delete("cancelled");
  const entries: TimelineEntry[] = [];
  for (const step of [...FORWARD, "cancelled"] as TimelineStep[]) {
    const at = reached.get(step);
    if (at) entries.push({ step, at });
  }
  return entries;
}

/** These orders with their timelines (one query for all of their events). */
export async function withTimelines(db: DbOrTx, list: Order[]): Promise<Order[]> {
  if (list.length === 0) return list;
  const rows = await db
    .select({
      orderId: orderEvents.orderId,
      type: orderEvents.type,
      data: orderEvents.data,
      createdAt: orderEvents.createdAt,
    })
    .from(orderEvents)
    .where(
      inArray(
        orderEvents.orderId,
        list.map((o) => o._id),
      ),
    )
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  const byOrder = new Map<string, EventLike[]>();
  for (const row of rows) {
    const events = byOrder.get(row.orderId);
    if (events) events.push(row);
    else byOrder.set(row.orderId, [row]);
  }
  return list.map((order) => ({
    ...order,
    timeline: timelineOf(order, byOrder.get(order._id) ?? []),
  }));
}
