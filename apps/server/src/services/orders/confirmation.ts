/**
 * The shopper's confirmation of a new order (issue #14, record 0038). A new order waits for it
 * until its `confirm_by` time: the order e-mail's signed link opens a page (no sign-in) that shows
 * the order and lets the shopper confirm it, cancel it or correct the delivery address; My Orders
 * has a Confirm button. Orders still unconfirmed at that time are cancelled by the sweep
 * (cancelUnconfirmedOrders), stock back exactly once.
 *
 * Every change locks the order's row first, so the sweep, the shopper and the admin each see the
 * others' committed change: of a confirm and an auto-cancel racing, one wins and the other is
 * refused (or, for the sweep, skips the order); stock comes back once (applyChange's guard).
 */
import {
  CANCELLABLE_STATUSES,
  COD_MESSAGES,
  joinAddress,
  type Order,
  type OrderConfirmationView,
  type ShippingAddress,
  type StoreSettings,
} from "@vastra/contracts";
import { and, asc, eq, isNull, lte, ne } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { orderEvents, orders } from "../../db/schema.ts";
import { type EmailContent, renderEmail } from "../../mail/templates.ts";
import type { SessionUser } from "../auth/sessions.ts";
import { type Clock, systemClock } from "../clock.ts";
import { assertDeliverable } from "../delivery/index.ts";
import { AppError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { readConfirmationToken } from "./cod-rules.ts";
import { chargeRows, formatRupees } from "./emails.ts";
import {
  applyChange,
  changeDeps,
  inTransaction,
  lockOrder,
  type OrderActor,
  type OrderDeps,
} from "./index.ts";
import type { OrderLog } from "./limits.ts";
import { type OrderRow, toOrders } from "./read.ts";

/** Who cancels an order the shopper did not confirm in time (its history shows this name). */
export const UNCONFIRMED_CANCEL_ACTOR: OrderActor = { id: null, name: "Vastra (not confirmed)" };

/** An order waiting for the shopper: pending, asked (confirm_by set) and not yet confirmed. */
const awaiting = (row: OrderRow) =>
  row.status === "pending" && row.confirmBy !== null && row.shopperConfirmedAt === null;

function viewOf(order: Order, row: OrderRow, now: Date): OrderConfirmationView {
  const waiting = awaiting(row) && now < row.confirmBy!;
  const a = order.shippingAddress;
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    customerName: order.user.name,
    items: order.items.map((i) => ({
      title: i.title,
      size: i.size,
      color: i.color,
      quantity: i.quantity,
      price: i.price,
    })),
    subtotalAmount: order.subtotalAmount,
    shippingAmount: order.shippingAmount,
    codFeeAmount: order.codFeeAmount,
    totalAmount: order.totalAmount,
    paymentMethod: order.paymentMethod,
    address: order.user.address,
    shippingAddress: a
      ? {
          streetAddress: a.streetAddress,
          apartment: a.apartment,
          city: a.city,
          state: a.state,
          pincode: a.pincode,
          addressType: a.addressType,
        }
      : null,
    shopperConfirmedAt: order.shopperConfirmedAt,
    confirmBy: order.confirmBy,
    canConfirm: waiting,
    canCancel: CANCELLABLE_STATUSES.includes(row.status),
    canChangeAddress: row.status === "pending",
  };
}

export type ConfirmationDeps = {
  db: Db;
  clock?: Clock;
  /** APP_SECRET: the links' HMAC key. */
  secret: string;
  publicUrl: string;
  mailsPerHour?: number;
  log?: OrderLog;
};

type Outcome = { message: string; order: OrderConfirmationView };

export function createConfirmationService(deps: ConfirmationDeps) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  const change = changeDeps({
    publicUrl: deps.publicUrl,
    clock,
    mailsPerHour: deps.mailsPerHour,
    log: deps.log,
  });

  /** The token's order id, or the refusal: 403 for a link not signed by the store, 410 expired. */
  function orderIdOf(token: string): string {
    const check = readConfirmationToken(deps.secret, token, clock());
    if (check.ok) return check.orderId;
    if (check.message === COD_MESSAGES.linkExpired) throw new AppError(410, check.message);
    throw new ForbiddenError(check.message);
  }

  async function view(tx: DbOrTx, row: OrderRow): Promise<OrderConfirmationView> {
    const [order] = await toOrders(tx, [row]);
    return viewOf(order!, row, clock());
  }

  /** Confirms a locked order for its shopper; a second confirmation changes nothing. */
  async function confirmRow(
    tx: DbOrTx,
    row: OrderRow,
    via: "link" | "my-orders",
  ): Promise<Outcome> {
    const now = clock();
    if (row.shopperConfirmedAt) {
      return { message: COD_MESSAGES.alreadyConfirmed, order: await view(tx, row) };
    }
    if (row.status === "cancelled") throw new ValidationError(COD_MESSAGES.alreadyCancelled);
    if (!awaiting(row)) throw new ValidationError(COD_MESSAGES.notAwaiting);
    if (now >= row.confirmBy!) throw new ValidationError(COD_MESSAGES.tooLate);
    const [updated] = await tx
      .update(orders)
      .set({ shopperConfirmedAt: now, updatedAt: now })
      .where(and(eq(orders.id, row.id), isNull(orders.shopperConfirmedAt)))
      .returning();
    await tx.insert(orderEvents).values({
      orderId: row.id,
      actorId: row.userId,
      actorName: row.customerName,
      type: "confirmed_by_shopper",
      data: { via },
      createdAt: now,
    });
    return { message: COD_MESSAGES.confirmed, order: await view(tx, updated!) };
  }

  const shopperActor = (row: OrderRow): OrderActor => ({ id: row.userId, name: row.customerName });

  return {
    /** GET: the link's page. */
    async show(token: string): Promise<OrderConfirmationView> {
      const orderId = orderIdOf(token);
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!row) throw new NotFoundError(COD_MESSAGES.linkInvalid);
      return view(db, row);
    },

    confirmByLink(token: string): Promise<Outcome> {
      const orderId = orderIdOf(token);
      return inTransaction(db, async (tx) => confirmRow(tx, await lockOrder(tx, orderId), "link"));
    },

    /** My Orders' Confirm button: the signed-in shopper's own order (another's is 404). */
    confirmMine(user: Pick<SessionUser, "id">, orderId: string): Promise<Outcome> {
      return inTransaction(db, async (tx) =>
        confirmRow(tx, await lockOrder(tx, orderId, user.id), "my-orders"),
      );
    },

    /** The link's Cancel: as the shopper's own cancellation (stock back once, the e-mail). */
    cancelByLink(token: string): Promise<Outcome> {
      const orderId = orderIdOf(token);
      return inTransaction(db, async (tx) => {
        const row = await lockOrder(tx, orderId);
        if (row.status === "cancelled") throw new ValidationError(COD_MESSAGES.alreadyCancelled);
        if (!CANCELLABLE_STATUSES.includes(row.status)) {
          throw new ValidationError(COD_MESSAGES.notCancellable);
        }
        await applyChange(
          tx,
          row,
          { status: "cancelled", actor: shopperActor(row) },
          change,
          "cancelled_by_customer",
        );
        const [fresh] = await tx.select().from(orders).where(eq(orders.id, orderId));
        return { message: COD_MESSAGES.cancelled, order: await view(tx, fresh!) };
      });
    },

    /**
     * The link's address correction, checked as the checkout does (the address's fields, a PIN the
     * store serves, and cash on delivery allowed there for a COD order); only while the store has
     * not confirmed the order (status pending).
     */
    changeAddressByLink(token: string, address: ShippingAddress): Promise<Outcome> {
      const orderId = orderIdOf(token);
      return inTransaction(db, async (tx) => {
        const row = await lockOrder(tx, orderId);
        if (row.status !== "pending") throw new ValidationError(COD_MESSAGES.addressLocked);
        const now = clock();
        const delivery = await assertDeliverable(
          tx,
          address.pincode,
          "shippingAddress.pincode",
          now,
        );
        if (row.paymentMethod === "cash_on_delivery" && !delivery.codAvailable) {
          throw ValidationError.field(
            "shippingAddress.pincode",
            `Cash on delivery is not available for PIN code ${delivery.pin}, and this order is to be paid on delivery. Please keep the earlier address, or cancel this order and place a new one paid by UPI.`,
          );
        }
        const joined = joinAddress(address);
        const [updated] = await tx
          .update(orders)
          .set({
            address: joined,
            shippingAddress: {
              streetAddress: address.streetAddress,
              apartment: address.apartment,
              city: address.city,
              state: address.state,
              pincode: address.pincode,
              country: address.country,
              addressType: address.addressType,
            },
            addressType: address.addressType,
            deliveryPin: delivery.pin,
            updatedAt: now,
          })
          .where(eq(orders.id, orderId))
          .returning();
        await tx.insert(orderEvents).values({
          orderId,
          actorId: row.userId,
          actorName: row.customerName,
          type: "address_changed",
          data: { address: { from: row.address, to: joined }, via: "link" },
          createdAt: now,
        });
        return { message: COD_MESSAGES.addressUpdated, order: await view(tx, updated!) };
      });
    },
  };
}
export type ConfirmationService = ReturnType<typeof createConfirmationService>;

/**
 * Cancels every order still waiting for its shopper's confirmation at its confirm-by time, each in
 * its own transaction under its row lock (re-checked there: confirmed, cancelled or paid meanwhile
 * is left alone), stock back exactly once, an `auto_cancelled` event and the shopper's e-mail.
 * Returns how many were cancelled.
 */
export async function cancelUnconfirmedOrders(
  deps: OrderDeps & { batchSize?: number },
): Promise<number> {
  const change = changeDeps(deps);
  const now = change.clock();
  const batchSize = deps.batchSize ?? 100;
  const hours = (row: OrderRow) =>
    Math.round((row.confirmBy!.getTime() - row.createdAt.getTime()) / (60 * 60 * 1000));
  let cancelled = 0;
  // A cancelled order leaves the query's set; one changed meanwhile too (confirmed, paid, moved on).
  for (;;) {
    const due = await deps.db
      .select({ id: orders.id, confirmBy: orders.confirmBy })
      .from(orders)
      .where(
        and(
          eq(orders.status, "pending"),
          isNull(orders.shopperConfirmedAt),
          ne(orders.paymentStatus, "paid"),
          lte(orders.confirmBy, now),
        ),
      )
      .orderBy(asc(orders.confirmBy), asc(orders.id))
      .limit(batchSize);
    for (const { id } of due) {
      const done = await inTransaction(deps.db, async (tx) => {
        const row = await lockOrder(tx, id);
        if (!awaiting(row) || row.paymentStatus === "paid" || row.confirmBy! > now) return false;
        await applyChange(
          tx,
          row,
          { status: "cancelled", actor: UNCONFIRMED_CANCEL_ACTOR },
          change,
          "auto_cancelled",
          (store, order) => ({
            ...unconfirmedCancelledEmail(store, order, hours(row), deps.publicUrl),
            kind: "order-auto-cancelled",
          }),
        );
        return true;
      });
      if (done) cancelled++;
    }
    if (due.length < batchSize) return cancelled;
  }
}

/** The shopper's e-mail for an order cancelled because they did not confirm it in time. */
export function unconfirmedCancelledEmail(
  store: StoreSettings,
  order: Order,
  hours: number,
  publicUrl: string,
): EmailContent {
  return renderEmail(
    {
      subject: `Your ${store.name} order ${order.orderNumber} has been cancelled`,
      preheader: `Order ${order.orderNumber} was not confirmed within ${hours} hours, so it has been cancelled.`,
      heading: "Your order has been cancelled",
      blocks: [
        {
          type: "paragraph",
          text: `Hello ${order.user.name}, you did not confirm your order ${order.orderNumber} within ${hours} hours of placing it, so it has been cancelled automatically and nothing will be delivered. If you already paid for it, our team will contact you about the refund.`,
        },
        {
          type: "rows",
          rows: [
            ...order.items.map((item): [string, string] => [
              `${item.title} (Size ${item.size}) × ${item.quantity}`,
              formatRupees(item.price * item.quantity),
            ]),
            ...chargeRows(order),
          ],
        },
        {
          type: "paragraph",
          text: "If you still want these items, please place a new order and confirm it from the e-mail or My Orders.",
        },
        {
          type: "button",
          label: "View your orders",
          url: `${publicUrl.replace(/\/$/, "")}/orders`,
        },
      ],
      footerNote: `You received this e-mail about your order at ${store.name}.`,
    },
    store,
  );
}
