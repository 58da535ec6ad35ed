/**
 * Returns and exchanges (issue #15, record 0048).
 *
 * - A shopper asks, for their own delivered order and within the store's return window (delivery
 *   settings' returnWindowDays, counted in India's calendar days from the day the order's history
 *   says it was delivered), to return (refund) or exchange (another size of the same product, one
 *   in stock) some pieces of its lines. The order row is locked while a request is written, so the
 *   pieces of all requests not rejected never exceed what was bought, however many tabs race.
 * - The admin moves a request on: approve (an exchange's new size is taken from stock then, or the
 *   approval is refused), reject (with the reason the shopper sees), receive (the returned pieces go
 *   back to stock, per size), refund (a return: method and reference) or re-ship (an exchange: one
 *   of the store's couriers and the AWB). Every step is one conditional update on the request's
 *   status, so a step sent twice at once happens once: stock comes back once.
 * - Each step queues the shopper's e-mail (outbox) and an order event, in the same transaction.
 *
 * Stock moves through product_sizes, whose triggers bump the catalogue's live stock version.
 */
import {
  FULFILMENT_MESSAGES,
  indiaDate,
  ORDER_MESSAGES,
  RETURN_MESSAGES,
  type ReturnAction,
  type ReturnOptions,
  type ReturnReply,
  type ReturnRequest,
  type ReturnRequestCreate,
  type ReturnStatus,
  returnLastDay,
  TRACKING_NUMBER,
  trackingLink,
} from "@vastra/contracts";
import { and, asc, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import {
  couriers,
  orderEvents,
  orderItems,
  orders,
  productSizes,
  returnRequestLines,
  returnRequests,
} from "../../db/schema.ts";
import { withActivityContext } from "../activity/context.ts";
import { isUuid } from "../cart/index.ts";
import { type Clock, systemClock } from "../clock.ts";
import { getDeliverySettings } from "../delivery/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { inTransaction, lockOrder, type OrderActor } from "../orders/index.ts";
import { mailShopper, type OrderLog } from "../orders/limits.ts";
import { returnStock, takeStock } from "../orders/stock.ts";
import { timelineOf } from "../orders/timeline.ts";
import { getStoreSettings } from "../store-settings.ts";
import { type ReturnStep, returnStepEmail } from "./emails.ts";

export type ReturnDeps = {
  db: DbOrTx;
  clock?: Clock;
  /** PUBLIC_URL: the origin of the e-mails' links. */
  publicUrl: string;
  /** ORDER_MAIL_HOURLY_LIMIT. */
  mailsPerHour?: number | undefined;
  log?: OrderLog | undefined;
};

type OrderRow = typeof orders.$inferSelect;
type RequestRow = typeof returnRequests.$inferSelect;

/** The most requests the admin's list shows at once (newest first). */
export const RETURN_LIST_LIMIT = 200;

// ---------------------------------------------------------------- reading

/** Requests in the read shape, their lines with what was bought, in the rows' order. */
async function toRequests(db: DbOrTx, rows: RequestRow[]): Promise<ReturnRequest[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, heads] = await Promise.all([
    db
      .select({
        requestId: returnRequestLines.requestId,
        orderItemId: returnRequestLines.orderItemId,
        quantity: returnRequestLines.quantity,
        exchangeSize: returnRequestLines.exchangeSize,
        title: orderItems.title,
        imageUrl: orderItems.imageUrl,
        size: orderItems.size,
        color: orderItems.color,
        price: orderItems.pricePaise,
      })
      .from(returnRequestLines)
      .innerJoin(orderItems, eq(orderItems.id, returnRequestLines.orderItemId))
      .where(inArray(returnRequestLines.requestId, ids))
      .orderBy(asc(orderItems.title), asc(orderItems.size), asc(orderItems.id)),
    db
      .select({ id: orders.id, orderNumber: orders.orderNumber, customerName: orders.customerName })
      .from(orders)
      .where(
        inArray(
          orders.id,
          rows.map((r) => r.orderId),
        ),
      ),
  ]);
  const orderOf = new Map(heads.map((h) => [h.id, h]));
  return rows.map((row) => ({
    _id: row.id,
    orderId: row.orderId,
    orderNumber: orderOf.get(row.orderId)?.orderNumber ?? "",
    customerName: orderOf.get(row.orderId)?.customerName ?? "",
    kind: row.kind as ReturnRequest["kind"],
    status: row.status as ReturnStatus,
    reason: row.reason as ReturnRequest["reason"],
    reasonText: row.reasonText,
    rejectionReason: row.rejectionReason,
    refund:
      row.refundMethod && row.refundReference
        ? { method: row.refundMethod, reference: row.refundReference }
        : null,
    shipment:
      row.courier && row.trackingNumber
        ? { courier: row.courier, trackingNumber: row.trackingNumber, trackingUrl: row.trackingUrl }
        : null,
    lines: lines
      .filter((l) => l.requestId === row.id)
      .map((l) => ({
        orderItemId: l.orderItemId,
        title: l.title,
        imageUrl: l.imageUrl,
        size: l.size,
        color: l.color,
        quantity: l.quantity,
        price: l.price / 100,
        exchangeSize: l.exchangeSize,
      })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

async function requestById(db: DbOrTx, id: string): Promise<ReturnRequest> {
  const rows = await db.select().from(returnRequests).where(eq(returnRequests.id, id));
  const [request] = await toRequests(db, rows);
  if (!request) throw new NotFoundError(RETURN_MESSAGES.notFound);
  return request;
}

/** When the order was delivered, from its history (null unless it is delivered now). */
async function deliveredAt(db: DbOrTx, row: OrderRow): Promise<Date | null> {
  if (row.status !== "delivered") return null;
  const events = await db
    .select({ type: orderEvents.type, data: orderEvents.data, createdAt: orderEvents.createdAt })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, row.id))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  const step = timelineOf(
    { status: row.status, createdAt: row.createdAt.toISOString() },
    events,
  ).find((entry) => entry.step === "delivered");
  // An order marked delivered with no history of it (older data): its last change.
  return step ? new Date(step.at) : row.updatedAt;
}

/** Pieces of each order line in requests not rejected. */
async function piecesAsked(db: DbOrTx, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({
      orderItemId: returnRequestLines.orderItemId,
      quantity: sql<number>`sum(${returnRequestLines.quantity})::int`,
    })
    .from(returnRequestLines)
    .innerJoin(returnRequests, eq(returnRequests.id, returnRequestLines.requestId))
    .where(and(eq(returnRequests.orderId, orderId), ne(returnRequests.status, "rejected")))
    .groupBy(returnRequestLines.orderItemId);
  return new Map(rows.map((r) => [r.orderItemId, Number(r.quantity)]));
}

type Window = {
  windowDays: number;
  deliveredAt: Date | null;
  lastDay: string | null;
  why?: string;
};

async function windowOf(db: DbOrTx, row: OrderRow, now: Date): Promise<Window> {
  const { returnWindowDays } = await getDeliverySettings(db);
  const delivered = await deliveredAt(db, row);
  if (!delivered) {
    return {
      windowDays: returnWindowDays,
      deliveredAt: null,
      lastDay: null,
      why: RETURN_MESSAGES.notDelivered,
    };
  }
  const lastDay = returnLastDay(delivered, returnWindowDays);
  return {
    windowDays: returnWindowDays,
    deliveredAt: delivered,
    lastDay,
    ...(indiaDate(now) > lastDay ? { why: RETURN_MESSAGES.windowOver(shownDate(lastDay)) } : {}),
  };
}

/** 2026-11-08 as '8 Nov 2026'. */
function shownDate(day: string): string {
  return new Intl.DateTimeFormat("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));
}

/** The product's sizes in stock now, other than `except`, in the product's order. */
async function sizesInStock(db: DbOrTx, productId: string | null, except: string) {
  if (!productId) return [];
  const rows = await db
    .select({ size: productSizes.size })
    .from(productSizes)
    .where(
      and(
        eq(productSizes.productId, productId),
        gt(productSizes.stock, 0),
        ne(productSizes.size, except),
      ),
    )
    .orderBy(asc(productSizes.position), asc(productSizes.size));
  return rows.map((r) => r.size);
}

/** GET /api/orders/{id}/returns: the shopper's own order only (another's: 404). */
export async function returnOptions(
  deps: ReturnDeps,
  orderId: string,
  userId: string,
): Promise<ReturnOptions> {
  if (!isUuid(orderId)) throw new NotFoundError(ORDER_MESSAGES.notFound);
  const db = deps.db;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw new NotFoundError(ORDER_MESSAGES.notFound);
  const now = (deps.clock ?? systemClock)();
  const [window, items, asked, requestRows] = await Promise.all([
    windowOf(db, row, now),
    db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.title), asc(orderItems.size), asc(orderItems.id)),
    piecesAsked(db, orderId),
    db
      .select()
      .from(returnRequests)
      .where(eq(returnRequests.orderId, orderId))
      .orderBy(desc(returnRequests.createdAt)),
  ]);
  const lines = await Promise.all(
    items.map(async (item) => ({
      orderItemId: item.id,
      title: item.title,
      imageUrl: item.imageUrl,
      size: item.size,
      color: item.color,
      quantity: item.quantity,
      returnable: Math.max(0, item.quantity - (asked.get(item.id) ?? 0)),
      exchangeSizes: window.why ? [] : await sizesInStock(db, item.productId, item.size),
    })),
  );
  const anyLeft = lines.some((l) => l.returnable > 0);
  const why = window.why ?? (anyLeft ? undefined : RETURN_MESSAGES.allAsked);
  return {
    orderId,
    orderNumber: row.orderNumber,
    windowDays: window.windowDays,
    deliveredAt: window.deliveredAt?.toISOString() ?? null,
    lastDay: window.lastDay,
    open: why === undefined,
    ...(why ? { why } : {}),
    lines,
    requests: await toRequests(db, requestRows),
  };
}

/** GET /api/admin/returns: newest first, by status and/or order. */
export async function listReturns(
  db: DbOrTx,
  query: { status?: ReturnStatus | undefined; orderId?: string | undefined },
): Promise<ReturnRequest[]> {
  if (query.orderId !== undefined && !isUuid(query.orderId)) return [];
  const where = and(
    query.status ? eq(returnRequests.status, query.status) : undefined,
    query.orderId ? eq(returnRequests.orderId, query.orderId) : undefined,
  );
  const rows = await db
    .select()
    .from(returnRequests)
    .where(where)
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
    .limit(RETURN_LIST_LIMIT);
  return toRequests(db, rows);
}

// ---------------------------------------------------------------- e-mail and history

async function recordStep(
  tx: DbOrTx,
  deps: ReturnDeps,
  order: Pick<OrderRow, "id" | "userId" | "orderNumber" | "customerName">,
  requestId: string,
  step: ReturnStep,
  actor: OrderActor,
  now: Date,
): Promise<ReturnRequest> {
  const request = await requestById(tx, requestId);
  const store = await getStoreSettings(tx);
  const email = returnStepEmail(store, request, step, order.customerName, deps.publicUrl);
  const mail = await mailShopper(tx, order, email, {
    now,
    mailsPerHour: deps.mailsPerHour ?? 10,
    log: deps.log,
  });
  await tx.insert(orderEvents).values({
    orderId: order.id,
    actorId: actor.id,
    actorName: actor.name,
    type: `${request.kind}_${step}`,
    data: { returnId: requestId, mail },
    createdAt: now,
  });
  return request;
}

// ---------------------------------------------------------------- the shopper's request

/** POST /api/orders/{id}/returns. */
export async function createReturnRequest(
  deps: ReturnDeps,
  orderId: string,
  actor: OrderActor & { id: string },
  body: ReturnRequestCreate,
): Promise<ReturnReply> {
  const now = (deps.clock ?? systemClock)();
  const request = await inTransaction(deps.db, async (tx) => {
    // Locked: two requests for the same order are written one after the other.
    const row = await lockOrder(tx, orderId, actor.id);
    const window = await windowOf(tx, row, now);
    if (window.why) throw new ConflictError(window.why);
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const byId = new Map(items.map((i) => [i.id, i]));
    const asked = await piecesAsked(tx, orderId);
    const lines = body.lines.map((line, index) => {
      const item = byId.get(line.orderItemId);
      if (!item) {
        throw ValidationError.field(`lines.${index}.orderItemId`, RETURN_MESSAGES.lineUnknown);
      }
      const left = item.quantity - (asked.get(item.id) ?? 0);
      if (line.quantity > left) throw new ConflictError(RETURN_MESSAGES.tooMany(item.title, left));
      return { line, item };
    });
    for (const [index, { line, item }] of lines.entries()) {
      if (!line.exchangeSize) continue;
      if (line.exchangeSize.toLowerCase() === item.size.toLowerCase()) {
        throw ValidationError.field(
          `lines.${index}.exchangeSize`,
          RETURN_MESSAGES.exchangeSameSize,
        );
      }
      const offered = await sizesInStock(tx, item.productId, item.size);
      const size = offered.find((s) => s.toLowerCase() === line.exchangeSize!.toLowerCase());
      if (!size) {
        throw new ConflictError(
          RETURN_MESSAGES.exchangeSizeUnavailable(item.title, line.exchangeSize),
        );
      }
      line.exchangeSize = size;
    }
    const [created] = await tx
      .insert(returnRequests)
      .values({
        orderId,
        userId: actor.id,
        kind: body.kind,
        reason: body.reason,
        reasonText: body.reasonText,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: returnRequests.id });
    await tx.insert(returnRequestLines).values(
      lines.map(({ line }) => ({
        requestId: created!.id,
        orderItemId: line.orderItemId,
        quantity: line.quantity,
        exchangeSize: line.exchangeSize ?? null,
      })),
    );
    return recordStep(tx, deps, row, created!.id, "requested", actor, now);
  });
  return { message: RETURN_MESSAGES.requested, request };
}

// ---------------------------------------------------------------- the admin's steps

const FROM: Record<ReturnAction["action"], ReturnStatus> = {
  approve: "requested",
  reject: "requested",
  receive: "approved",
  refund: "received",
  reship: "received",
};
const TO: Record<ReturnAction["action"], ReturnStatus> = {
  approve: "approved",
  reject: "rejected",
  receive: "received",
  refund: "refunded",
  reship: "reshipped",
};
const DONE: Record<ReturnAction["action"], string> = {
  approve: "approved",
  reject: "rejected",
  receive: "marked received",
  refund: "marked refunded",
  reship: "marked re-shipped",
};

/** The request's lines with their products, for stock. */
async function stockLines(tx: DbOrTx, requestId: string) {
  return tx
    .select({
      productId: orderItems.productId,
      title: orderItems.title,
      size: orderItems.size,
      quantity: returnRequestLines.quantity,
      exchangeSize: returnRequestLines.exchangeSize,
    })
    .from(returnRequestLines)
    .innerJoin(orderItems, eq(orderItems.id, returnRequestLines.orderItemId))
    .where(eq(returnRequestLines.requestId, requestId));
}

/** PATCH /api/admin/returns/{id}. */
export async function actOnReturn(
  deps: ReturnDeps,
  requestId: string,
  action: ReturnAction,
  actor: OrderActor,
): Promise<ReturnReply> {
  if (!isUuid(requestId)) throw new NotFoundError(RETURN_MESSAGES.notFound);
  const now = (deps.clock ?? systemClock)();
  const request = await inTransaction(deps.db, async (tx) => {
    // The stock a step moves (an exchange's new size, the pieces received) is logged as the
    // admin's, for a return (record 0050).
    await withActivityContext(tx, { actorId: actor.id, reason: "return" });
    const [current] = await tx
      .select()
      .from(returnRequests)
      .where(eq(returnRequests.id, requestId));
    if (!current) throw new NotFoundError(RETURN_MESSAGES.notFound);
    if (action.action === "refund" && current.kind !== "return") {
      throw new ConflictError(RETURN_MESSAGES.refundOnlyReturns);
    }
    if (action.action === "reship" && current.kind !== "exchange") {
      throw new ConflictError(RETURN_MESSAGES.reshipOnlyExchanges);
    }
    const set: Partial<typeof returnRequests.$inferInsert> = {
      status: TO[action.action],
      updatedAt: now,
    };
    if (action.action === "reject") set.rejectionReason = action.reason;
    if (action.action === "refund") {
      set.refundMethod = action.method;
      set.refundReference = action.reference;
    }
    if (action.action === "reship") {
      if (!action.courier)
        throw ValidationError.field("courier", FULFILMENT_MESSAGES.courierRequired);
      if (!action.trackingNumber) {
        throw ValidationError.field("trackingNumber", FULFILMENT_MESSAGES.trackingRequired);
      }
      if (!TRACKING_NUMBER.test(action.trackingNumber)) {
        throw ValidationError.field("trackingNumber", FULFILMENT_MESSAGES.trackingFormat);
      }
      const [courier] = await tx
        .select()
        .from(couriers)
        .where(sql`lower(${couriers.name}) = lower(${action.courier})`);
      if (!courier) throw ValidationError.field("courier", FULFILMENT_MESSAGES.courierUnknown);
      const awb = action.trackingNumber.toUpperCase();
      set.courier = courier.name;
      set.trackingNumber = awb;
      set.trackingUrl = trackingLink(courier.trackingUrl, awb) ?? null;
    }
    // The one step: only from the status it moves on from. A second identical step (a double
    // click, two admins) waits for the first's row lock, then finds the status moved and stops.
    const moved = await tx
      .update(returnRequests)
      .set(set)
      .where(and(eq(returnRequests.id, requestId), eq(returnRequests.status, FROM[action.action])))
      .returning({ id: returnRequests.id, orderId: returnRequests.orderId });
    if (moved.length === 0) {
      const [now2] = await tx
        .select({ status: returnRequests.status })
        .from(returnRequests)
        .where(eq(returnRequests.id, requestId));
      throw new ConflictError(
        RETURN_MESSAGES.wrongStatus(
          (now2?.status ?? current.status) as ReturnStatus,
          DONE[action.action],
        ),
      );
    }
    if (action.action === "approve" && current.kind === "exchange") {
      const lines = await stockLines(tx, requestId);
      await takeStock(
        tx,
        lines.map((l) => ({
          productId: l.productId,
          size: l.exchangeSize ?? l.size,
          quantity: l.quantity,
          title: l.title,
        })),
        {
          short: (_available, need) =>
            RETURN_MESSAGES.exchangeSizeUnavailable(need.title, need.size),
          missingProduct: (title) =>
            `${title} is no longer in the catalogue, so it cannot be exchanged`,
        },
      );
    }
    if (action.action === "receive") {
      const lines = await stockLines(tx, requestId);
      await returnStock(tx, lines);
    }
    const [order] = await tx.select().from(orders).where(eq(orders.id, moved[0]!.orderId));
    if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
    return recordStep(tx, deps, order, requestId, TO[action.action] as ReturnStep, actor, now);
  });
  return {
    message: RETURN_MESSAGES[TO[action.action] as Exclude<ReturnStep, "requested">],
    request,
  };
}
