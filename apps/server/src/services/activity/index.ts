/**
 * The activity history's reads and retention (record 0050). The rows are written by the triggers
 * of migration 0027 (see context.ts for who and why); this reads them newest first with filters
 * and keyset pages, and deletes what is older than the retention.
 */

import {
  ACTIVITY_MESSAGES,
  ACTIVITY_RETENTION_DAYS,
  type ActivityEntry,
  type ActivityPage,
  type ActivityQuery,
  type ActivityReason,
} from "@vastra/contracts";
import { isUuid } from "@vastra/contracts/ids";
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "../../db/client.ts";
import { activityLog, orders, products, users } from "../../db/schema.ts";
import { ValidationError } from "../errors.ts";

export { type ActivityContext, orderChangeReason, withActivityContext } from "./context.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of an India date (IST, UTC+05:30, no daylight saving) as an instant. */
export function indiaDayStart(date: string): Date {
  return new Date(`${date}T00:00:00+05:30`);
}

const SETTINGS_LABELS: Record<string, string> = {
  store: "Store settings",
  delivery: "Delivery settings",
  newsletter: "Newsletter settings",
};

function conditions(query: ActivityQuery): SQL[] {
  const where: SQL[] = [];
  if (query.entityType) where.push(eq(activityLog.entityType, query.entityType));
  if (query.entityId) where.push(eq(activityLog.entityId, query.entityId.toLowerCase()));
  if (query.actorId) where.push(eq(activityLog.actorId, query.actorId));
  if (query.reason) where.push(eq(activityLog.reason, query.reason));
  if (query.field) where.push(eq(activityLog.field, query.field));
  if (query.from) where.push(gte(activityLog.at, indiaDayStart(query.from)));
  if (query.to) {
    where.push(lt(activityLog.at, new Date(indiaDayStart(query.to).getTime() + DAY_MS)));
  }
  if (query.cursor) {
    const cursor = Number(query.cursor);
    if (!Number.isSafeInteger(cursor))
      throw ValidationError.field("cursor", ACTIVITY_MESSAGES.cursor);
    where.push(lt(activityLog.id, cursor));
  }
  return where;
}

/** One page of entries, newest first, with the actor's name and the entity's label. */
export async function listActivity(db: DbOrTx, query: ActivityQuery): Promise<ActivityPage> {
  const rows = await db
    .select({
      id: activityLog.id,
      at: activityLog.at,
      actorId: activityLog.actorId,
      actorName: users.name,
      actorEmail: users.email,
      reason: activityLog.reason,
      entityType: activityLog.entityType,
      entityId: activityLog.entityId,
      field: activityLog.field,
      size: activityLog.size,
      oldValue: activityLog.oldValue,
      newValue: activityLog.newValue,
      delta: activityLog.delta,
    })
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.actorId))
    .where(and(...conditions(query)))
    .orderBy(desc(activityLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const labels = await entityLabels(db, page);
  const entries: ActivityEntry[] = page.map((row) => ({
    id: String(row.id),
    at: row.at.toISOString(),
    actor: row.actorId
      ? { id: row.actorId, name: row.actorName ?? "Deleted account", email: row.actorEmail ?? "" }
      : null,
    reason: (row.reason as ActivityReason | null) ?? null,
    entityType: row.entityType,
    entityId: row.entityId,
    entityLabel: labels.get(`${row.entityType}:${row.entityId}`) ?? null,
    field: row.field,
    size: row.size,
    oldValue: row.oldValue ?? null,
    newValue: row.newValue ?? null,
    delta: row.delta,
  }));
  return {
    entries,
    nextCursor: rows.length > query.limit ? String(page[page.length - 1]!.id) : null,
  };
}

/** Product titles and order numbers of a page's entities (two small lookups by primary key). */
async function entityLabels(
  db: DbOrTx,
  rows: Array<{ entityType: string; entityId: string; field: string; oldValue: unknown }>,
): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  const ids = (type: string) => [
    ...new Set(
      rows.filter((r) => r.entityType === type && isUuid(r.entityId)).map((r) => r.entityId),
    ),
  ];
  const productIds = ids("product");
  const orderIds = ids("order");
  const [productRows, orderRows] = await Promise.all([
    productIds.length
      ? db
          .select({ id: products.id, title: products.title })
          .from(products)
          .where(inArray(products.id, productIds))
      : [],
    orderIds.length
      ? db
          .select({ id: orders.id, number: orders.orderNumber })
          .from(orders)
          .where(inArray(orders.id, orderIds))
      : [],
  ]);
  for (const p of productRows) labels.set(`product:${p.id}`, p.title);
  for (const o of orderRows) labels.set(`order:${o.id}`, `#${o.number}`);
  for (const r of rows) {
    const key = `${r.entityType}:${r.entityId}`;
    if (r.entityType === "settings") labels.set(key, SETTINGS_LABELS[r.entityId] ?? r.entityId);
    // A deleted product keeps the title its 'deleted' entry carries.
    if (!labels.has(key) && r.field === "deleted" && typeof r.oldValue === "string") {
      labels.set(key, r.oldValue);
    }
  }
  return labels;
}

/**
 * Deletes entries older than `days` (record 0050: 400 days), at most `batch` rows a statement so a
 * first sweep of a large backlog never holds a long transaction. Returns how many went.
 */
export async function sweepActivity(
  db: DbOrTx,
  now: Date,
  days: number = ACTIVITY_RETENTION_DAYS,
  batch = 5000,
): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  let deleted = 0;
  for (;;) {
    const gone = await db.execute(sql`
      delete from ${activityLog} where ${activityLog.id} in (
        select ${activityLog.id} from ${activityLog}
        where ${activityLog.at} < ${cutoff.toISOString()}::timestamptz limit ${batch})
      returning 1`);
    const count = rowsOf(gone).length;
    deleted += count;
    if (count < batch) return deleted;
  }
}
