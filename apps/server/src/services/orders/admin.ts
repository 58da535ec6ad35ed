/**
 * The admin's side of orders (admin.md §2, §4; decisions.md §4, §8): the searched, filtered and
 * paged list, the stat cards (one SQL aggregate), an order with its history (who, what, when),
 * status and payment changes (through changeOrderStatus: stock, event and e-mail) and notes.
 */
import {
  ADMIN_ORDER_MESSAGES,
  type AdminOrdersQuery,
  ORDER_MESSAGES,
  type Order,
  type OrderDetail,
  type OrderEvent,
  type OrderStats,
  type OrderStatusUpdate,
  paymentMethodLabel,
  SHIPPING_MESSAGES,
  statusLabel,
  type UndoOffer,
  WAITING_STATUSES,
} from "@vastra/contracts";
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { orderEvents, orders } from "../../db/schema.ts";
import { withActivityContext } from "../activity/context.ts";
import { isUuid } from "../cart/index.ts";
import { type Clock, systemClock } from "../clock.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { formatRupees } from "./emails.ts";
import { changeOrderAsAdmin, dueToShip } from "./fulfilment.ts";
import { getOrder, inTransaction, type OrderActor, type OrderDeps } from "./index.ts";
import { toOrders } from "./read.ts";

// ---------------------------------------------------------------- list and stats

/** `%text%` for LIKE, with LIKE's own wildcards in the text taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A phone number as stored (10 digits): spaces, hyphens and a leading +91 dropped. */
const phoneDigits = (text: string) => text.replace(/[\s-]/g, "").replace(/^\+?91(?=\d{10}$)/, "");

function searchCondition(search: string): SQL {
  const pattern = contains(search);
  const conditions: SQL[] = [
    ilike(orders.orderNumber, pattern),
    ilike(orders.customerName, pattern),
    ilike(orders.customerEmail, pattern),
    ilike(orders.customerPhone, pattern),
  ];
  const digits = phoneDigits(search);
  if (digits !== search && /^\d{3,}$/.test(digits)) {
    conditions.push(ilike(orders.customerPhone, contains(digits)));
  }
  return or(...conditions)!;
}

/**
 * One page of orders, newest first, with how many match in all. Search looks for the text in the
 * order number, the customer's name, e-mail and phone (any case; '98765 43210' finds 9876543210).
 */
export async function listAdminOrders(
  db: DbOrTx,
  query: AdminOrdersQuery,
  now?: Date,
): Promise<{ orders: Order[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status === "waiting") conditions.push(inArray(orders.status, [...WAITING_STATUSES]));
  else if (query.status === "ship_today") {
    const due = await dueToShip(db, now);
    conditions.push(due.length > 0 ? inArray(orders.id, due) : sql`false`);
  } else if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.paymentStatus) conditions.push(eq(orders.paymentStatus, query.paymentStatus));
  if (query.search) conditions.push(searchCondition(query.search));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { orders: await toOrders(db, rows), total: Number(counted?.n ?? 0) };
}

/** The stat cards, in one aggregate over every order; revenue counts paid orders only. */
export async function orderStats(db: DbOrTx, now?: Date): Promise<OrderStats> {
  const byStatus = (status: string) =>
    sql<number>`(count(*) filter (where ${orders.status} = ${status}))::int`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      pending: byStatus("pending"),
      confirmed: byStatus("confirmed"),
      processing: byStatus("processing"),
      shipped: byStatus("shipped"),
      delivered: byStatus("delivered"),
      cancelled: byStatus("cancelled"),
      returned: byStatus("returned"),
      waiting: sql<number>`(count(*) filter (where ${orders.status} in ('pending', 'confirmed', 'processing')))::int`,
      paid: sql<number>`(count(*) filter (where ${orders.paymentStatus} = 'paid'))::int`,
      // bigint: a store's lifetime revenue in paise can pass 2^31.
      revenuePaise: sql<string>`coalesce(sum(${orders.totalPaise}) filter (where ${orders.paymentStatus} = 'paid'), 0)::bigint`,
    })
    .from(orders);
  const r = row!;
  return {
    total: Number(r.total),
    pending: Number(r.pending),
    confirmed: Number(r.confirmed),
    processing: Number(r.processing),
    shipped: Number(r.shipped),
    delivered: Number(r.delivered),
    cancelled: Number(r.cancelled),
    returned: Number(r.returned),
    waiting: Number(r.waiting),
    toShipToday: (await dueToShip(db, now)).length,
    paid: Number(r.paid),
    revenue: Number(r.revenuePaise) / 100,
  };
}

// ---------------------------------------------------------------- history

type EventRow = typeof orderEvents.$inferSelect;

const fromTo = (value: unknown): { from: string; to: string } | undefined => {
  if (!value || typeof value !== "object") return undefined;
  const v = value as Record<string, unknown>;
  return typeof v.from === "string" && typeof v.to === "string"
    ? { from: v.from, to: v.to }
    : undefined;
};

const quote = (text: string, max = 120) =>
  `“${text.length > max ? `${text.slice(0, max - 1)}…` : text}”`;

/** The words for a shopper's e-mail that limits.ts's mailShopper did not send. */
const mailDropped = (data: Record<string, unknown>) =>
  typeof data.mail === "string" && data.mail.startsWith("dropped: ")
    ? `e-mail to the customer not sent (${data.mail.slice("dropped: ".length)})`
    : undefined;

/** 'shipped with Delhivery, AWB 123' from an event's shipment change (record 0039). */
function shipmentWords(value: unknown): string | undefined {
  if (!value || typeof value !== "object") return undefined;
  const to = (value as { to?: { courier?: unknown; trackingNumber?: unknown } }).to;
  if (!to || typeof to.courier !== "string" || typeof to.trackingNumber !== "string") {
    return undefined;
  }
  return `shipped with ${to.courier}, AWB ${to.trackingNumber}`;
}

/** What an event did, in words, for the details modal. */
export function describeEvent(type: string, data: Record<string, unknown>): string {
  if (type === "placed") {
    const total = typeof data.totalAmount === "number" ? formatRupees(data.totalAmount) : "";
    const items = typeof data.items === "number" ? data.items : undefined;
    const count = items === undefined ? "" : `${items} ${items === 1 ? "item" : "items"}`;
    const placed = ["Order placed", [total, count].filter(Boolean).join(", ")]
      .filter(Boolean)
      .join(": ");
    return mailDropped(data) ? `${placed}; ${mailDropped(data)}` : placed;
  }
  if (type === "cod_fee_waived") {
    const fee = typeof data.codFeeAmount === "number" ? formatRupees(data.codFeeAmount) : "";
    const total = data.totalAmount as { from?: unknown; to?: unknown } | undefined;
    const moved =
      typeof total?.from === "number" && typeof total.to === "number"
        ? `total ${formatRupees(total.from)} → ${formatRupees(total.to)}`
        : "";
    return [`Cash-on-delivery fee${fee ? ` of ${fee}` : ""} waived`, moved]
      .filter(Boolean)
      .join("; ");
  }
  if (type === "notes_updated") {
    const notes = fromTo(data.notes);
    return notes ? `Notes set to ${quote(notes.to)}` : "Notes updated";
  }
  const parts: string[] = [];
  const status = fromTo(data.status);
  if (status) {
    parts.push(`Status: ${statusLabel(status.from as never)} → ${statusLabel(status.to as never)}`);
  }
  const payment = fromTo(data.paymentStatus);
  if (payment) {
    parts.push(
      `Payment: ${statusLabel(payment.from as never)} → ${statusLabel(payment.to as never)}`,
    );
  }
  const method = fromTo(data.paymentMethod);
  if (method) {
    parts.push(
      `Payment method: ${paymentMethodLabel(method.from)} → ${paymentMethodLabel(method.to)}`,
    );
  }
  const shipped = shipmentWords(data.shipment);
  if (shipped) parts.push(shipped);
  if (data.stock === "returned") parts.push("items put back in stock");
  if (data.stock === "taken") parts.push("items taken from stock again");
  const dropped = mailDropped(data);
  if (dropped) parts.push(dropped);
  if (data.mail === "withdrawn") parts.push("e-mail to the customer withdrawn");
  if (data.undone === true) parts.push("undone");
  const what = parts.join("; ");
  if (type === "change_undone") return what ? `Change undone. ${what}` : "Change undone";
  if (type === "shipment_updated") return what ? `Tracking changed: ${what}` : "Tracking changed";
  if (type === "auto_cancelled") {
    return what
      ? `Auto-cancelled: not confirmed in time. ${what}`
      : "Auto-cancelled: not confirmed in time";
  }
  if (type === "cancelled_by_customer")
    return what ? `Cancelled by the customer. ${what}` : "Cancelled by the customer";
  if (what) return what;
  const words = type.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function toEvent(row: EventRow): OrderEvent {
  const data =
    row.data && typeof row.data === "object" && !Array.isArray(row.data)
      ? (row.data as Record<string, unknown>)
      : {};
  return {
    _id: row.id,
    type: row.type,
    actorName: row.actorName,
    summary: describeEvent(row.type, data),
    data,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An order's history, oldest first. */
export async function orderHistory(db: DbOrTx, orderId: string): Promise<OrderEvent[]> {
  const rows = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  return rows.map(toEvent);
}

/** One order with its history (no owner check: for admins). */
export async function adminOrderDetail(db: DbOrTx, orderId: string): Promise<OrderDetail> {
  const order = await getOrder(db, orderId);
  return { ...order, events: await orderHistory(db, order._id) };
}

// ---------------------------------------------------------------- changes

export type AdminOrderDeps = OrderDeps;

/**
 * PATCH /api/orders/{id}/status: any status and payment status from any (admin.md §4), and the
 * payment method; stock, event and the shopper's e-mail are changeOrderStatus's.
 */
export async function updateOrderStatus(
  deps: AdminOrderDeps,
  orderId: string,
  update: OrderStatusUpdate,
  actor: OrderActor,
): Promise<OrderDetail & { undo?: UndoOffer }> {
  // Courier and AWB for shipped, a method for paid, the held e-mail's undo (record 0039).
  const { undo } = await changeOrderAsAdmin(deps, orderId, update, actor);
  const order = await adminOrderDetail(deps.db, orderId);
  return undo ? { ...order, undo } : order;
}

export type NotesResult = { changed: boolean; message: string; order: OrderDetail };

/**
 * PATCH /api/orders/{id}/notes: replaces the notes and records who did it. Notes that are empty
 * after trimming do nothing (admin.md §5), and so do notes equal to the current ones.
 */
export async function updateOrderNotes(
  deps: { db: DbOrTx; clock?: Clock },
  orderId: string,
  notes: string,
  actor: OrderActor,
): Promise<NotesResult> {
  if (!isUuid(orderId)) throw new NotFoundError(ORDER_MESSAGES.notFound);
  const clock = deps.clock ?? systemClock;
  const text = notes.trim();
  if (text === "") {
    return {
      changed: false,
      message: ADMIN_ORDER_MESSAGES.notesEmpty,
      order: await adminOrderDetail(deps.db, orderId),
    };
  }
  const work = async (tx: DbOrTx) => {
    const [row] = await tx
      .select({ id: orders.id, notes: orders.notes })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!row) throw new NotFoundError(ORDER_MESSAGES.notFound);
    if (row.notes === text) return false;
    const now = clock();
    await withActivityContext(tx, { actorId: actor.id, reason: "admin edit" });
    await tx.update(orders).set({ notes: text, updatedAt: now }).where(eq(orders.id, orderId));
    await tx.insert(orderEvents).values({
      orderId,
      actorId: actor.id,
      actorName: actor.name,
      type: "notes_updated",
      data: { notes: { from: row.notes, to: text } },
      createdAt: now,
    });
    return true;
  };
  const changed = await inTransaction(deps.db, work);
  return {
    changed,
    message: ADMIN_ORDER_MESSAGES.notesUpdated,
    order: await adminOrderDetail(deps.db, orderId),
  };
}

/**
 * The admin waives an order's cash-on-delivery fee (issue #14, record 0036): the fee goes to 0,
 * the total drops by it, an event records who and how much. Waiving twice changes nothing; an
 * order without a fee is refused (400).
 */
export async function waiveCodFee(
  deps: { db: DbOrTx; clock?: Clock },
  orderId: string,
  actor: OrderActor,
): Promise<{ changed: boolean; message: string; order: OrderDetail }> {
  if (!isUuid(orderId)) throw new NotFoundError(ORDER_MESSAGES.notFound);
  const clock = deps.clock ?? systemClock;
  const work = async (tx: DbOrTx) => {
    const [row] = await tx
      .select({
        totalPaise: orders.totalPaise,
        codFeePaise: orders.codFeePaise,
        codFeeWaived: orders.codFeeWaived,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!row) throw new NotFoundError(ORDER_MESSAGES.notFound);
    if (row.codFeeWaived) return false;
    if (row.codFeePaise === 0) throw new ValidationError(SHIPPING_MESSAGES.codFeeNotCharged);
    const now = clock();
    const total = row.totalPaise - row.codFeePaise;
    await tx
      .update(orders)
      .set({ codFeePaise: 0, codFeeWaived: true, totalPaise: total, updatedAt: now })
      .where(eq(orders.id, orderId));
    await tx.insert(orderEvents).values({
      orderId,
      actorId: actor.id,
      actorName: actor.name,
      type: "cod_fee_waived",
      data: {
        codFeeAmount: row.codFeePaise / 100,
        totalAmount: { from: row.totalPaise / 100, to: total / 100 },
      },
      createdAt: now,
    });
    return true;
  };
  const changed = await inTransaction(deps.db, work);
  return {
    changed,
    message: SHIPPING_MESSAGES.codFeeWaived,
    order: await adminOrderDetail(deps.db, orderId),
  };
}
