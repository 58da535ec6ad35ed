/**
 * Fulfilment rules around the admin's order changes (issue #16, record 0039):
 * - marking an order shipped needs one of the store's couriers and the tracking number (AWB); the
 *   order keeps them with the parcel's tracking page (the courier's template with the AWB in it);
 * - 'Paid' needs a payment method other than 'To be confirmed';
 * - the shopper's e-mail about a change waits in the outbox for a few seconds, during which the
 *   admin may undo the change: the order goes back (no e-mail about that) and the held e-mail is
 *   deleted; once the e-mail has gone (or the order changed again) the undo is refused.
 * Plus the couriers list itself (settings).
 */
import {
  type Courier,
  FULFILMENT_MESSAGES,
  ORDER_MESSAGES,
  type OrderDetail,
  type OrderStatus,
  type OrderStatusUpdate,
  type PaymentMethod,
  type PaymentStatus,
  TRACKING_NUMBER,
  trackingLink,
  type UndoOffer,
} from "@vastra/contracts";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { couriers, emailOutbox, orderEvents, orders } from "../../db/schema.ts";
import { isUuid } from "../cart/index.ts";
import { systemClock } from "../clock.ts";
import { deliveryDate, indiaNow } from "../delivery/calendar.ts";
import { getDeliverySettings } from "../delivery/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { adminOrderDetail } from "./admin.ts";
import { changeOrderStatus, inTransaction, type OrderActor, type OrderDeps } from "./index.ts";

// ---------------------------------------------------------------- couriers

/** The store's couriers, in the order the ship form offers them. */
export async function listCouriers(db: DbOrTx): Promise<Courier[]> {
  const rows = await db.select().from(couriers).orderBy(asc(couriers.position), asc(couriers.name));
  return rows.map((row) => ({ name: row.name, trackingUrl: row.trackingUrl }));
}

/** Replaces the couriers list (validated by courierListSchema). Orders keep what they shipped with. */
export async function saveCouriers(db: DbOrTx, list: Courier[]): Promise<Courier[]> {
  await inTransaction(db, async (tx) => {
    await tx.delete(couriers);
    if (list.length > 0) {
      await tx.insert(couriers).values(
        list.map((courier, index) => ({
          name: courier.name,
          trackingUrl: courier.trackingUrl,
          position: index + 1,
        })),
      );
    }
  });
  return listCouriers(db);
}

// ---------------------------------------------------------------- changes

type ShipmentFields = {
  courier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  shippedAt: string | null;
};

export type AdminChangeResult = { undo?: UndoOffer };

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * PATCH /api/orders/{id}/status with the fulfilment rules: the checks above, then
 * changeOrderStatus (stock, event, the held e-mail) in the same transaction; the reply offers the
 * undo while the e-mail is held.
 */
export async function changeOrderAsAdmin(
  deps: OrderDeps,
  orderId: string,
  update: OrderStatusUpdate,
  actor: OrderActor,
): Promise<AdminChangeResult> {
  if (!isUuid(orderId)) throw new NotFoundError(ORDER_MESSAGES.notFound);
  const clock = deps.clock ?? systemClock;
  const holdSeconds = deps.mailHoldSeconds ?? 0;
  const offer = await inTransaction(deps.db, async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!row) throw new NotFoundError(ORDER_MESSAGES.notFound);
    const next = {
      status: update.status ?? row.status,
      paymentStatus: update.paymentStatus ?? row.paymentStatus,
      paymentMethod: update.paymentMethod ?? row.paymentMethod,
    };

    const becomesPaid = next.paymentStatus === "paid" && row.paymentStatus !== "paid";
    const methodCleared = next.paymentStatus === "paid" && update.paymentMethod !== undefined;
    if ((becomesPaid || methodCleared) && next.paymentMethod === "to_be_confirmed") {
      throw new ValidationError(FULFILMENT_MESSAGES.paidNeedsMethod);
    }

    const tracking = update.courier !== undefined || update.trackingNumber !== undefined;
    const becomesShipped = next.status === "shipped" && row.status !== "shipped";
    if (tracking && next.status !== "shipped") {
      throw new ValidationError(FULFILMENT_MESSAGES.trackingOnlyShipped);
    }
    const now = clock();
    let shipment: { from: ShipmentFields; to: ShipmentFields } | undefined;
    if (becomesShipped || tracking) {
      if (!update.courier) throw new ValidationError(FULFILMENT_MESSAGES.courierRequired);
      if (!update.trackingNumber) throw new ValidationError(FULFILMENT_MESSAGES.trackingRequired);
      if (!TRACKING_NUMBER.test(update.trackingNumber)) {
        throw new ValidationError(FULFILMENT_MESSAGES.trackingFormat);
      }
      const [courier] = await tx
        .select()
        .from(couriers)
        .where(sql`lower(${couriers.name}) = lower(${update.courier})`);
      if (!courier) throw new ValidationError(FULFILMENT_MESSAGES.courierUnknown);
      const awb = update.trackingNumber.toUpperCase();
      const to: ShipmentFields = {
        courier: courier.name,
        trackingNumber: awb,
        trackingUrl: trackingLink(courier.trackingUrl, awb) ?? null,
        shippedAt: (becomesShipped ? now : (row.shippedAt ?? now)).toISOString(),
      };
      const from: ShipmentFields = {
        courier: row.courier,
        trackingNumber: row.trackingNumber,
        trackingUrl: row.trackingUrl,
        shippedAt: row.shippedAt?.toISOString() ?? null,
      };
      if (
        from.courier !== to.courier ||
        from.trackingNumber !== to.trackingNumber ||
        becomesShipped
      ) {
        shipment = { from, to };
        await tx
          .update(orders)
          .set({ ...shipmentColumns(to), updatedAt: now })
          .where(eq(orders.id, orderId));
      }
    }

    const before = new Set(
      (
        await tx
          .select({ id: orderEvents.id })
          .from(orderEvents)
          .where(eq(orderEvents.orderId, orderId))
      ).map((e) => e.id),
    );
    await changeOrderStatus(
      { ...deps, db: tx, mailHoldSeconds: holdSeconds },
      {
        orderId,
        status: update.status,
        paymentStatus: update.paymentStatus,
        paymentMethod: update.paymentMethod,
        actor,
      },
    );
    const written = (
      await tx
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.createdAt))
    ).filter((e) => !before.has(e.id));
    const event = written.at(-1);
    if (shipment) {
      if (event) {
        await tx
          .update(orderEvents)
          .set({ data: sql`${orderEvents.data} || ${JSON.stringify({ shipment })}::jsonb` })
          .where(eq(orderEvents.id, event.id));
      } else {
        await tx.insert(orderEvents).values({
          orderId,
          actorId: actor.id,
          actorName: actor.name,
          type: "shipment_updated",
          data: { shipment },
          createdAt: now,
        });
      }
    }
    if (!event || holdSeconds <= 0) return undefined;
    const data = asObject(event.data);
    return {
      eventId: event.id,
      until: new Date(event.createdAt.getTime() + holdSeconds * 1000).toISOString(),
      mailHeld: typeof data.outboxId === "string",
    } satisfies UndoOffer;
  });
  return offer ? { undo: offer } : {};
}

const shipmentColumns = (fields: ShipmentFields) => ({
  courier: fields.courier,
  trackingNumber: fields.trackingNumber,
  trackingUrl: fields.trackingUrl,
  shippedAt: fields.shippedAt ? new Date(fields.shippedAt) : null,
});

const fromOf = (value: unknown): string | undefined => {
  const v = asObject(value);
  return typeof v.from === "string" ? v.from : undefined;
};
const toOf = (value: unknown): string | undefined => {
  const v = asObject(value);
  return typeof v.to === "string" ? v.to : undefined;
};

/**
 * POST /api/orders/{id}/status/undo: takes back the admin's last change of the order while its
 * e-mail is still held (within the hold seconds, nothing changed since): the held e-mail is
 * deleted, the order goes back to what it was (stock too; no e-mail), a `change_undone` event
 * records it and the undone event is marked. 404 for an unknown change, 409 when too late.
 */
export async function undoOrderChange(
  deps: OrderDeps,
  orderId: string,
  eventId: string,
  actor: OrderActor,
): Promise<{ message: string; order: OrderDetail }> {
  if (!isUuid(orderId)) throw new NotFoundError(ORDER_MESSAGES.notFound);
  if (!isUuid(eventId)) throw new NotFoundError(FULFILMENT_MESSAGES.undoNotFound);
  const clock = deps.clock ?? systemClock;
  const holdMs = (deps.mailHoldSeconds ?? 0) * 1000;
  const message = await inTransaction(deps.db, async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!row) throw new NotFoundError(ORDER_MESSAGES.notFound);
    const [event] = await tx
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.id, eventId), eq(orderEvents.orderId, orderId)));
    if (event?.type !== "status_changed") {
      throw new NotFoundError(FULFILMENT_MESSAGES.undoNotFound);
    }
    const data = asObject(event.data);
    if (data.undone === true) throw new ConflictError(FULFILMENT_MESSAGES.undoStale);
    const now = clock();
    const mailHeld = typeof data.outboxId === "string";
    if (now.getTime() - event.createdAt.getTime() > holdMs) {
      throw new ConflictError(
        mailHeld ? FULFILMENT_MESSAGES.undoTooLate : FULFILMENT_MESSAGES.undoStale,
      );
    }
    const later = await tx
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), gt(orderEvents.createdAt, event.createdAt)))
      .limit(1);
    const moved =
      (toOf(data.status) !== undefined && toOf(data.status) !== row.status) ||
      (toOf(data.paymentStatus) !== undefined && toOf(data.paymentStatus) !== row.paymentStatus) ||
      (toOf(data.paymentMethod) !== undefined && toOf(data.paymentMethod) !== row.paymentMethod);
    if (later.length > 0 || moved) throw new ConflictError(FULFILMENT_MESSAGES.undoStale);

    if (mailHeld) {
      // Only an e-mail no worker has picked up yet can be withdrawn.
      const withdrawn = await tx
        .delete(emailOutbox)
        .where(
          and(
            inArray(emailOutbox.id, [data.outboxId as string]),
            eq(emailOutbox.status, "pending"),
            eq(emailOutbox.attempts, 0),
          ),
        )
        .returning({ id: emailOutbox.id });
      if (withdrawn.length === 0) throw new ConflictError(FULFILMENT_MESSAGES.undoTooLate);
    }

    const shipment = asObject(data.shipment);
    if (shipment.from) {
      await tx
        .update(orders)
        .set(shipmentColumns(shipment.from as ShipmentFields))
        .where(eq(orders.id, orderId));
    }
    await changeOrderStatus(
      { ...deps, db: tx },
      {
        orderId,
        status: fromOf(data.status) as OrderStatus | undefined,
        paymentStatus: fromOf(data.paymentStatus) as PaymentStatus | undefined,
        paymentMethod: fromOf(data.paymentMethod) as PaymentMethod | undefined,
        actor,
        quiet: true,
        eventType: "change_undone",
      },
    );
    // The withdrawn e-mail no longer counts against the shopper's hourly e-mails.
    await tx
      .update(orderEvents)
      .set({
        data: sql`${orderEvents.data} || ${JSON.stringify(
          mailHeld ? { undone: true, mail: "withdrawn" } : { undone: true },
        )}::jsonb`,
      })
      .where(eq(orderEvents.id, event.id));
    return mailHeld ? FULFILMENT_MESSAGES.undone : FULFILMENT_MESSAGES.undoneNoMail;
  });
  return { message, order: await adminOrderDetail(deps.db, orderId) };
}

// ---------------------------------------------------------------- the day's work

/**
 * The confirmed and processing orders due to be dispatched today or already late: the dispatch
 * day is the delivery promise's (record 0034) with no transit days: handling starts on the day
 * placed when before the cut-off and a working day, and takes the handling days.
 */
export async function dueToShip(db: DbOrTx, now: Date = systemClock()): Promise<string[]> {
  const open = await db
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(inArray(orders.status, ["confirmed", "processing"]));
  if (open.length === 0) return [];
  const settings = await getDeliverySettings(db);
  const rules = {
    cutoffHour: settings.cutoffHour,
    handlingDays: settings.handlingDays,
    holidays: settings.holidays.map((h) => h.date),
  };
  const today = indiaNow(now).date;
  return open
    .filter((order) => deliveryDate(order.createdAt, rules, 0) <= today)
    .map((order) => order.id);
}
