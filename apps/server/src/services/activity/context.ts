/**
 * Who and why for the activity history (record 0050). The triggers of migration 0027 log every
 * change of products, stock, orders and settings; they read the actor and the reason from two
 * transaction-local settings that this helper sets. Call it inside the writing transaction,
 * before the writes (a setting made outside a transaction ends with its own statement):
 *
 *   await db.transaction(async (tx) => {
 *     await withActivityContext(tx, { actorId: admin.id, reason: "import" });
 *     … the writes …
 *   });
 *
 * Reasons: 'order' (a shopper's order), 'cancel' (any cancellation, automatic ones included),
 * 'admin edit' (an admin's form or quick stock change), 'import' (the CSV import), 'return'
 * (goods back from a return or RTO). `actorId` null: the system. Calling it again in the same
 * transaction replaces both (a savepoint rolled back restores the earlier ones).
 */

import { ACTIVITY_REASONS, type ActivityReason, type OrderStatus } from "@vastra/contracts";
import { isUuid } from "@vastra/contracts/ids";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";

export { ACTIVITY_REASONS, type ActivityReason };

export type ActivityContext = {
  /** The user who acts (an admin, or the shopper); null or absent: the system. */
  actorId?: string | null | undefined;
  reason?: ActivityReason | null | undefined;
};

/** Sets the transaction's actor and reason for the activity triggers (one statement). */
export async function withActivityContext(tx: DbOrTx, context: ActivityContext): Promise<void> {
  const actor = context.actorId ?? "";
  const reason = context.reason ?? "";
  if (actor !== "" && !isUuid(actor)) throw new Error(`activity actor is not a uuid: ${actor}`);
  if (reason !== "" && !ACTIVITY_REASONS.includes(reason)) {
    throw new Error(`unknown activity reason: ${reason}`);
  }
  await tx.execute(
    sql`select set_config('vastra.actor', ${actor}, true), set_config('vastra.reason', ${reason}, true)`,
  );
}

/**
 * The reason of an order's change: becoming cancelled is 'cancel', a return (RTO) 'return', the
 * shopper acting on their own order 'order', anyone else (an admin) 'admin edit', the system none.
 */
export function orderChangeReason(
  status: { from: OrderStatus; to: OrderStatus },
  actorId: string | null,
  shopperId: string | null,
): ActivityReason | null {
  if (status.to !== status.from && status.to === "cancelled") return "cancel";
  if (status.to !== status.from && status.to === "returned") return "return";
  if (!actorId) return null;
  return actorId === shopperId ? "order" : "admin edit";
}
