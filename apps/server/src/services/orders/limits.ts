/**
 * Per-shopper limits that keep one account from hoarding stock or turning the store's mail into a
 * spam cannon (docs/decisions/0025-order-and-mail-abuse.md): open pending orders and the units in
 * them, and how many order e-mails an account is sent per hour. Order e-mails go to the account's
 * verified address only; the address typed at checkout is shown inside them.
 */
import { ORDER_LIMIT_MESSAGES } from "@vastra/contracts";
import { and, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { OrderLimits } from "../../config.ts";
import type { DbOrTx } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { orderEvents, orderItems, orders, users } from "../../db/schema.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import type { EmailContent } from "../../mail/templates.ts";
import { ConflictError } from "../errors.ts";

export type { OrderLimits } from "../../config.ts";

/** The defaults of the ORDER_* settings (config.ts). */
export const DEFAULT_ORDER_LIMITS: OrderLimits = {
  pendingOrders: 3,
  pendingUnits: 20,
  pendingExpiryHours: 48,
  placementsPerHour: 10,
  mailsPerHour: 10,
};

export type OrderLog = { warn(obj: object, msg: string): void };

const HOUR_MS = 60 * 60 * 1000;

// Every order runs these: built once (db/prepared.ts, record 0064).
const lockUser = prepared<{ userId: string }, unknown>("user_lock", (db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .for("update"),
);
const pendingHeld = prepared<{ userId: string }, { orders: number; units: number }[]>(
  "orders_pending_held",
  (db) =>
    db
      .select({
        orders: sql<number>`count(distinct ${orders.id})::int`,
        units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::bigint`,
      })
      .from(orders)
      .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(and(eq(orders.userId, sql.placeholder("userId")), eq(orders.status, "pending"))),
);
const verifiedEmail = prepared<{ userId: string }, { email: string }[]>(
  "user_verified_email",
  (db) =>
    db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, sql.placeholder("userId")), isNotNull(users.emailVerifiedAt))),
);
/** `since` as ISO text (a placeholder is not mapped by its column). */
const mailsSentSince = prepared<{ userId: string; since: string }, { n: number }[]>(
  "order_mails_sent_since",
  (db) =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(
        and(
          eq(orders.userId, sql.placeholder("userId")),
          gt(orderEvents.createdAt, sql.placeholder("since")),
          sql`${orderEvents.data}->>'mail' = 'sent'`,
        ),
      ),
);

/**
 * Refuses (409) a new order of `units` units when the shopper already has the most pending orders
 * allowed, or when their pending orders and this one would hold more units than allowed. The user
 * row is locked first, so two simultaneous orders of one shopper are counted one after the other.
 */
export async function checkPendingCaps(
  tx: DbOrTx,
  userId: string,
  units: number,
  limits: Pick<OrderLimits, "pendingOrders" | "pendingUnits">,
): Promise<void> {
  // Sent together (one round trip): the database still runs them in order, so the count is
  // made under the shopper's lock.
  const [, [held]] = await Promise.all([lockUser(tx, { userId }), pendingHeld(tx, { userId })]);
  const pendingOrders = Number(held?.orders ?? 0);
  const pendingUnits = Number(held?.units ?? 0);
  if (pendingOrders >= limits.pendingOrders) {
    throw new ConflictError(ORDER_LIMIT_MESSAGES.pendingOrders(limits.pendingOrders));
  }
  if (pendingUnits + units > limits.pendingUnits) {
    throw new ConflictError(ORDER_LIMIT_MESSAGES.pendingUnits(limits.pendingUnits, pendingUnits));
  }
}

/** What became of a shopper's order e-mail; recorded as `mail` in the order event's data. */
export type MailOutcome = "sent" | "dropped: hourly limit" | "dropped: no verified account";

/** Where a shopper's order e-mails may go: the account's verified address, if any, and how many
 * order e-mails it was sent in the hour before `now`. */
export type ShopperMailbox = { email: string | null; sentThisHour: number };

/**
 * The account's verified address and the hour's count, sent together (one round trip; the count is
 * unused without an address). Sent after the shopper's lock (checkPendingCaps) in the same round
 * trip, the count is made under it, so two orders of one shopper are counted one after the other.
 */
export async function readShopperMailbox(
  tx: DbOrTx,
  userId: string,
  now: Date,
): Promise<ShopperMailbox> {
  const since = new Date(now.getTime() - HOUR_MS);
  const [[account], [counted]] = await Promise.all([
    verifiedEmail(tx, { userId }),
    mailsSentSince(tx, { userId, since: since.toISOString() }),
  ]);
  return { email: account?.email ?? null, sentThisHour: Number(counted?.n ?? 0) };
}

/** What becomes of a shopper's order e-mail, given their mailbox. */
export function shopperMailOutcome(
  mailbox: ShopperMailbox | null,
  mailsPerHour: number,
): MailOutcome {
  if (!mailbox?.email) return "dropped: no verified account";
  return mailbox.sentThisHour >= mailsPerHour ? "dropped: hourly limit" : "sent";
}

/** Logs an order e-mail that was not sent, and why. */
export function logDroppedMail(
  outcome: MailOutcome,
  order: { userId: string | null; orderNumber: string },
  kind: string,
  options: { mailsPerHour: number; log?: OrderLog | undefined },
): void {
  if (outcome === "dropped: no verified account") {
    options.log?.warn(
      { orderNumber: order.orderNumber, kind },
      "order e-mail dropped: the order has no account with a verified address",
    );
  } else if (outcome === "dropped: hourly limit") {
    options.log?.warn(
      { orderNumber: order.orderNumber, kind, userId: order.userId },
      `order e-mail dropped: the account was sent ${options.mailsPerHour} order e-mails in the last hour`,
    );
  }
}

/**
 * Queues an order e-mail to the account that owns the order, at its verified address, unless the
 * account was already sent `mailsPerHour` order e-mails in the hour before `now` (counted from the
 * `mail: 'sent'` marks on its orders' events, so every server and the test clock agree). A dropped
 * e-mail is logged; the order change itself goes ahead either way.
 */
export async function mailShopper(
  tx: DbOrTx,
  order: { userId: string | null; orderNumber: string },
  email: EmailContent & { kind: string },
  options: {
    now: Date;
    mailsPerHour: number;
    log?: OrderLog | undefined;
    /** Hold the e-mail in the outbox until then (the admin's undo window, record 0039). */
    holdUntil?: Date | undefined;
    /** Told the queued e-mail's outbox id. */
    onQueued?: ((outboxId: string) => void) | undefined;
  },
): Promise<MailOutcome> {
  const mailbox = order.userId ? await readShopperMailbox(tx, order.userId, options.now) : null;
  const outcome = shopperMailOutcome(mailbox, options.mailsPerHour);
  logDroppedMail(outcome, order, email.kind, options);
  if (outcome !== "sent" || !mailbox?.email) return outcome;
  const outboxId = await enqueueEmail(tx, {
    ...email,
    to: mailbox.email,
    notBefore: options.holdUntil,
  });
  options.onQueued?.(outboxId);
  return "sent";
}
