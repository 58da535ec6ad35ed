/**
 * Orders (decisions.md §4): placing one from the shopper's cart in one transaction (stock taken with
 * conditional updates, order + items + event written, cart cleared, both e-mails queued), the
 * Idempotency-Key that makes a retried submit return the first order, the shopper's list and
 * cancellation, and changeOrderStatus, the one place an order's status moves (stock and e-mails).
 * Per-shopper limits (limits.ts) cap pending orders, their units and placements per hour; orders
 * left pending too long are cancelled by cancelExpiredOrders.
 */

import { createHash, randomUUID } from "node:crypto";
import {
  CANCELLABLE_STATUSES,
  COD_MESSAGES,
  EMAILED_STATUSES,
  joinAddress,
  ORDER_LIMIT_MESSAGES,
  ORDER_MESSAGES,
  type Order,
  type OrderDetail,
  type OrderReply,
  type OrderStatus,
  orderCharges,
  type PaymentMethod,
  type PaymentStatus,
  type PlaceOrder,
  pincodeInAddress,
  SHIPPING_MESSAGES,
  type StoreSettings,
} from "@vastra/contracts";
import { toPaise } from "@vastra/contracts/money";
import { and, asc, desc, eq, lte, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { idempotencyKeys, orderEvents, orderItems, orders } from "../../db/schema.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import type { EmailContent } from "../../mail/templates.ts";
import { orderChangeReason, withActivityContext } from "../activity/context.ts";
import type { SessionUser } from "../auth/sessions.ts";
import { cartTotalPaise, isUuid, type PricedLine, readCart, toCart } from "../cart/index.ts";
import { type Clock, systemClock } from "../clock.ts";
import {
  chargesWithDiscount,
  recordRedemption,
  redeemCoupon,
  releaseCoupon,
  retakeCoupon,
} from "../coupons/index.ts";
import { assertDeliverable, readDeliveryState } from "../delivery/index.ts";
import { ConflictError, NotFoundError, UnprocessableError, ValidationError } from "../errors.ts";
import { assertBuyerGstin, recordTaxDocuments } from "../gst/index.ts";
import { createRateLimits, type RateLimits } from "../rate-limit.ts";
import { getStoreSettings } from "../store-settings.ts";
import { orderHistory } from "./admin.ts";
import { checkCodRules, confirmationLink, confirmationToken, returnedCounts } from "./cod-rules.ts";
import {
  newOrderStoreEmail,
  orderAutoCancelledEmail,
  orderPlacedEmail,
  orderStatusEmail,
} from "./emails.ts";
import {
  checkPendingCaps,
  DEFAULT_ORDER_LIMITS,
  logDroppedMail,
  mailShopper,
  type OrderLimits,
  type OrderLog,
  readShopperMailbox,
  shopperMailOutcome,
} from "./limits.ts";
import { type OrderRow, sortItems, toOrder, toOrders } from "./read.ts";
import { sqlState, withRetries } from "./retry.ts";
import { clearUserCart, insertOrderEvent, insertOrderWithItems } from "./statements.ts";
import { returnStock, type StockItem, stockMessage, takeStock } from "./stock.ts";
import { withTimelines } from "./timeline.ts";
import { upiLinkFor } from "./upi.ts";

export { formatRupees } from "./emails.ts";
export { type OrderRow, toOrder, toOrders } from "./read.ts";

/** The placed e-mail's confirm / cancel / fix-the-address links (record 0038). */
function confirmationLinksFor(order: Order, secret: string | undefined, publicUrl: string) {
  if (!secret || !order.confirmBy) return undefined;
  const token = confirmationToken(secret, order._id, new Date(order.confirmBy));
  return {
    confirmBy: order.confirmBy,
    confirm: confirmationLink(publicUrl, token, "confirm"),
    cancel: confirmationLink(publicUrl, token, "cancel"),
    address: confirmationLink(publicUrl, token, "address"),
  };
}

/** How long a stored Idempotency-Key answers retries. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Who changed an order: a user (shopper or admin), or the system (id null). */
export type OrderActor = { id: string | null; name: string };

export type OrderDeps = {
  /** A database, or a caller's transaction to run inside. */
  db: DbOrTx;
  clock?: Clock;
  /** PUBLIC_URL: the origin of the links in the e-mails. */
  publicUrl: string;
  /** Order e-mails an account may be sent per hour (ORDER_MAIL_HOURLY_LIMIT). */
  mailsPerHour?: number | undefined;
  /** Where dropped e-mails are logged. */
  log?: OrderLog | undefined;
  /** Seconds the shopper's e-mail about a change waits in the outbox (undo window, record 0039). */
  mailHoldSeconds?: number | undefined;
};

type ChangeDeps = {
  clock: Clock;
  publicUrl: string;
  mailsPerHour: number;
  log?: OrderLog;
  mailHoldSeconds?: number | undefined;
};

/** The shopper's e-mail for a change, when not the usual status e-mail. */
type ChangeEmail = (store: StoreSettings, order: Order) => EmailContent & { kind: string };

export type PlaceResult = { statusCode: number; body: OrderReply; replayed: boolean };

const isTransaction = (db: DbOrTx) => "rollback" in db;

/**
 * Runs `work` in a transaction of its own: a new one (retried on serialization failures and
 * deadlocks) on a database, a savepoint inside a caller's transaction.
 */
export function inTransaction<T>(db: DbOrTx, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  if (isTransaction(db)) return db.transaction((tx) => work(tx));
  return withRetries(() => db.transaction((tx) => work(tx)));
}

/** A stable hash of the validated order body (key order does not matter). */
export function requestHash(value: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === "object") {
      return Object.fromEntries(
        Object.keys(v)
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return createHash("sha256")
    .update(JSON.stringify(canonical(value)))
    .digest("base64url");
}

// ---------------------------------------------------------------- reading

export async function lockOrder(tx: DbOrTx, orderId: string, userId?: string): Promise<OrderRow> {
  if (!isUuid(orderId)) throw new NotFoundError(ORDER_MESSAGES.notFound);
  const [row] = await tx
    .select()
    .from(orders)
    .where(userId ? and(eq(orders.id, orderId), eq(orders.userId, userId)) : eq(orders.id, orderId))
    .for("update");
  if (!row) throw new NotFoundError(ORDER_MESSAGES.notFound);
  return row;
}

/** One order in the read shape (no owner check: the caller decides who may see it). */
export async function getOrder(db: DbOrTx, orderId: string): Promise<Order> {
  if (!isUuid(orderId)) throw new NotFoundError(ORDER_MESSAGES.notFound);
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new NotFoundError(ORDER_MESSAGES.notFound);
  const [order] = await toOrders(db, [row]);
  return order!;
}

// ---------------------------------------------------------------- status changes

export type StatusChange = {
  orderId: string;
  status?: OrderStatus | undefined;
  paymentStatus?: PaymentStatus | undefined;
  paymentMethod?: PaymentMethod | undefined;
  actor: OrderActor;
  /** No e-mail to the shopper (an undone change going back, record 0039). */
  quiet?: boolean | undefined;
  /** The event's type (default status_changed). */
  eventType?: string | undefined;
};

/** Statuses whose goods are back in stock: cancelled, and returned undelivered (record 0038). */
const STOCK_RELEASED: readonly OrderStatus[] = ["cancelled", "returned"];

const orderItemsOf = (tx: DbOrTx, orderId: string) =>
  tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));

/**
 * Moves a locked order to its new status and payment figures: stock back exactly once on
 * cancellation (the stock_held flag is the guard), stock taken again when a cancelled order becomes
 * active (409 when there is not enough), an event with who and what, and the shopper's e-mail when
 * the status becomes confirmed, shipped, delivered or cancelled (to the account, within its hourly
 * e-mail limit: what became of it is the event's `mail`).
 */
export async function applyChange(
  tx: DbOrTx,
  row: OrderRow,
  change: Omit<StatusChange, "orderId">,
  deps: ChangeDeps,
  eventType: string,
  email?: ChangeEmail,
): Promise<Order> {
  const now = deps.clock();
  const next = {
    status: change.status ?? row.status,
    paymentStatus: change.paymentStatus ?? row.paymentStatus,
    paymentMethod: change.paymentMethod ?? row.paymentMethod,
  };
  // The activity history (record 0050): who moves the order, and why (a cancel, a return, …).
  await withActivityContext(tx, {
    actorId: change.actor.id,
    reason: orderChangeReason({ from: row.status, to: next.status }, change.actor.id, row.userId),
  });
  const items = sortItems(await orderItemsOf(tx, row.id));
  const stockItems: StockItem[] = items.map((item) => ({
    productId: item.productId,
    size: item.size,
    quantity: item.quantity,
    title: item.title,
  }));

  // Record 0047: a cancelled order gives its coupon use back; reopened, it takes it again.
  let coupon: "released" | "retaken" | undefined;
  if (next.status === "cancelled" && row.status !== "cancelled") {
    if (await releaseCoupon(tx, row.id)) coupon = "released";
  } else if (row.status === "cancelled" && next.status !== "cancelled") {
    if (await retakeCoupon(tx, row, now)) coupon = "retaken";
  }

  let stock: "returned" | "taken" | undefined;
  // Record 0038: only a shipped order becomes returned (RTO); its goods come back to stock.
  if (next.status === "returned" && row.status !== "returned" && row.status !== "shipped") {
    throw ValidationError.field("status", COD_MESSAGES.returnedOnlyFromShipped);
  }
  if (STOCK_RELEASED.includes(next.status) && row.stockHeld) {
    const released = await tx
      .update(orders)
      .set({ stockHeld: false })
      .where(and(eq(orders.id, row.id), eq(orders.stockHeld, true)))
      .returning({ id: orders.id });
    if (released.length > 0) {
      await returnStock(tx, stockItems);
      stock = "returned";
    }
  } else if (!STOCK_RELEASED.includes(next.status) && !row.stockHeld) {
    const held = await tx
      .update(orders)
      .set({ stockHeld: true })
      .where(and(eq(orders.id, row.id), eq(orders.stockHeld, false)))
      .returning({ id: orders.id });
    if (held.length > 0) {
      await takeStock(tx, stockItems, {
        short: (available, need) =>
          `Not enough stock to reopen order ${row.orderNumber}: ${need.title} (size ${need.size}) has ${available} left and the order needs ${need.quantity}`,
        missingProduct: (title) =>
          `Order ${row.orderNumber} cannot be reopened: ${title} is no longer in the catalogue`,
      });
      stock = "taken";
    }
  }

  const changed = {
    status: next.status !== row.status,
    paymentStatus: next.paymentStatus !== row.paymentStatus,
    paymentMethod: next.paymentMethod !== row.paymentMethod,
  };
  if (!changed.status && !changed.paymentStatus && !changed.paymentMethod && !stock) {
    return toOrder(row, items);
  }
  // GST (record 0037): the tax invoice on dispatch, the credit note on a later cancel or return.
  if (changed.status) await recordTaxDocuments(tx, row.id, next.status, now);
  const [updated] = await tx
    .update(orders)
    .set({ ...next, updatedAt: now })
    .where(eq(orders.id, row.id))
    .returning();
  const data: Record<string, unknown> = {};
  for (const key of ["status", "paymentStatus", "paymentMethod"] as const) {
    if (changed[key]) data[key] = { from: row[key], to: next[key] };
  }
  if (stock) data.stock = stock;
  if (coupon) data.coupon = coupon;
  const order = toOrder(updated!, items);
  if (changed.status && EMAILED_STATUSES.includes(next.status) && !change.quiet) {
    const store = await getStoreSettings(tx);
    const status = orderStatusEmail(store, order, next.status, deps.publicUrl);
    const content =
      email?.(store, order) ?? (status ? { ...status, kind: `order-${next.status}` } : undefined);
    if (content) {
      data.mail = await mailShopper(tx, row, content, {
        now,
        mailsPerHour: deps.mailsPerHour,
        log: deps.log,
        holdUntil: deps.mailHoldSeconds
          ? new Date(now.getTime() + deps.mailHoldSeconds * 1000)
          : undefined,
        onQueued: (outboxId) => {
          data.outboxId = outboxId;
        },
      });
    }
  }
  await tx.insert(orderEvents).values({
    orderId: row.id,
    actorId: change.actor.id,
    actorName: change.actor.name,
    type: eventType,
    data,
    createdAt: now,
  });
  return order;
}

export const changeDeps = (deps: Omit<OrderDeps, "db">): ChangeDeps => ({
  clock: deps.clock ?? systemClock,
  publicUrl: deps.publicUrl,
  mailsPerHour: deps.mailsPerHour ?? DEFAULT_ORDER_LIMITS.mailsPerHour,
  ...(deps.log ? { log: deps.log } : {}),
  ...(deps.mailHoldSeconds ? { mailHoldSeconds: deps.mailHoldSeconds } : {}),
});

/**
 * The admin's status change (admin.md §4: any status from any status, payment likewise), driven
 * entirely here: stock rules, the event, and the shopper's e-mail, in one transaction (a savepoint
 * when `deps.db` is already a transaction). Throws NotFoundError or ConflictError (not enough stock
 * to reopen a cancelled order).
 */
export function changeOrderStatus(deps: OrderDeps, change: StatusChange): Promise<Order> {
  return inTransaction(deps.db, async (tx) => {
    const row = await lockOrder(tx, change.orderId);
    return applyChange(tx, row, change, changeDeps(deps), change.eventType ?? "status_changed");
  });
}

/** Who cancels an order left pending too long (the order's history shows this name). */
export const AUTO_CANCEL_ACTOR: OrderActor = { id: null, name: "Vastra (automatic)" };

/**
 * Cancels every order still pending `expiryHours` after it was placed, each in its own transaction:
 * stock back exactly once (applyChange's stock_held guard), an `auto_cancelled` event and the
 * shopper's e-mail saying why, all committed together. An order confirmed or cancelled meanwhile,
 * or marked paid (the store is clearly dealing with it), is left alone. Returns how many were cancelled.
 */
export async function cancelExpiredOrders(
  deps: OrderDeps & { expiryHours: number; batchSize?: number },
): Promise<number> {
  const change = changeDeps(deps);
  const cutoff = new Date(change.clock().getTime() - deps.expiryHours * 60 * 60 * 1000);
  const batchSize = deps.batchSize ?? 100;
  let cancelled = 0;
  for (;;) {
    const due = await deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.status, "pending"),
          ne(orders.paymentStatus, "paid"),
          lte(orders.createdAt, cutoff),
        ),
      )
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(batchSize);
    for (const { id } of due) {
      const done = await inTransaction(deps.db, async (tx) => {
        const row = await lockOrder(tx, id);
        if (row.status !== "pending" || row.paymentStatus === "paid" || row.createdAt > cutoff) {
          return false;
        }
        await applyChange(
          tx,
          row,
          { status: "cancelled", actor: AUTO_CANCEL_ACTOR },
          change,
          "auto_cancelled",
          (store, order) => ({
            ...orderAutoCancelledEmail(store, order, deps.expiryHours, deps.publicUrl),
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

// ---------------------------------------------------------------- placing

/** The client's items against the cart: the same quantities per product and size (and colour when sent). */
function sameItems(lines: PricedLine[], items: PlaceInput["items"]): boolean {
  const key = (productId: string, size: string, color?: string) =>
    `${productId.toLowerCase()}\u0000${size}\u0000${color?.toLowerCase() ?? ""}`;
  const perSize = (entries: Array<[string, number]>) => {
    const map = new Map<string, number>();
    for (const [k, q] of entries) map.set(k, (map.get(k) ?? 0) + q);
    return map;
  };
  const server = perSize(lines.map((l) => [key(l.productId, l.size), l.quantity]));
  const client = perSize(items.map((i) => [key(i.productId, i.size), i.quantity]));
  if (server.size !== client.size) return false;
  for (const [k, q] of server) if (client.get(k) !== q) return false;
  const serverByColour = perSize(
    lines.map((l) => [key(l.productId, l.size, l.colorKey), l.quantity]),
  );
  const clientByColour = perSize(
    items.filter((i) => i.color).map((i) => [key(i.productId, i.size, i.color), i.quantity]),
  );
  for (const [k, q] of clientByColour) if (serverByColour.get(k) !== q) return false;
  return true;
}

/** An order to place; without a payment method (older callers): UPI on contact. */
export type PlaceInput = Omit<PlaceOrder, "paymentMethod" | "couponCode"> & {
  paymentMethod?: PlaceOrder["paymentMethod"] | undefined;
  /** A coupon code (record 0047). */
  couponCode?: string | undefined;
};

type Claim = { kind: "new" } | { kind: "stored"; statusCode: number; body: OrderReply };

/**
 * Claims an Idempotency-Key inside the order's transaction, before anything else. The insert waits
 * for a concurrent transaction holding the same key (unique primary key), so of simultaneous
 * submits one places the order and the others then read its stored reply. A key whose 24 hours
 * are over is claimed afresh. The stored reply only exists once committed with the order, and a
 * refused order rolls its key back, so a retry after a failure runs again.
 */
async function claimKey(
  tx: DbOrTx,
  userId: string,
  key: string,
  hash: string,
  now: Date,
): Promise<Claim> {
  const nowText = now.toISOString();
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({
      userId,
      key,
      requestHash: hash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        requestHash: hash,
        statusCode: null,
        response: null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      },
      setWhere: sql`"idempotency_keys"."expires_at" <= ${nowText}::timestamptz`,
    })
    .returning({ userId: idempotencyKeys.userId });
  if (claimed.length > 0) return { kind: "new" };
  const [stored] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!stored || stored.requestHash !== hash) {
    throw new UnprocessableError(ORDER_MESSAGES.idempotencyReused);
  }
  if (stored.statusCode === null || !stored.response) {
    // Not reachable with the reply written in the claiming transaction; refuse rather than guess.
    throw new ConflictError("This order is still being placed. Please wait a moment.");
  }
  return { kind: "stored", statusCode: stored.statusCode, body: stored.response as OrderReply };
}

function mapStockGuard(error: unknown): unknown {
  const state = sqlState(error);
  if (state?.code === "23514" && state.constraint === "product_sizes_stock_nonneg") {
    return new ConflictError(
      "Some items in your cart are no longer available in the quantity you chose. Please review your cart.",
    );
  }
  return error;
}

export function createOrderService(deps: {
  db: Db;
  clock?: Clock;
  publicUrl: string;
  /** The placement limiter's home; by default an in-memory one of this service's own. */
  rateLimits?: RateLimits;
  limits?: Partial<OrderLimits>;
  /** APP_SECRET: signs the confirmation links of the order e-mail (record 0038); none: no links. */
  appSecret?: string;
  log?: OrderLog;
}) {
  const { db, publicUrl } = deps;
  const clock = deps.clock ?? systemClock;
  const limits: OrderLimits = { ...DEFAULT_ORDER_LIMITS, ...deps.limits };
  const change = changeDeps({ ...deps, mailsPerHour: limits.mailsPerHour });
  const placements = (deps.rateLimits ?? createRateLimits()).limiter("order-place", {
    points: limits.placementsPerHour,
    windowSeconds: 60 * 60,
  });
  const tooMany = ORDER_LIMIT_MESSAGES.tooManyPlacements(limits.placementsPerHour);

  async function placeInTransaction(
    tx: DbOrTx,
    user: SessionUser,
    input: PlaceInput,
  ): Promise<OrderReply> {
    const now = clock();
    // Reads sent together, one round trip (issue #11): the database runs them in this order. The
    // activity history (record 0050): the order and its stock rows are the shopper's 'order'.
    const [lines, , deliveryState, store] = await Promise.all([
      readCart(tx, user.id, { forUpdate: true }),
      withActivityContext(tx, { actorId: user.id, reason: "order" }),
      readDeliveryState(tx),
      getStoreSettings(tx),
    ]);
    const { settings } = deliveryState;
    if (lines.length === 0) throw ValidationError.field("items", ORDER_MESSAGES.emptyCart);
    // Issue #14 (record 0036): items, then shipping below the threshold and the COD fee.
    const method = input.paymentMethod ?? "upi";
    // Record 0047: a coupon is re-checked and its use counted here, its row locked to the commit.
    const coupon = input.couponCode
      ? await redeemCoupon(tx, { code: input.couponCode, userId: user.id, lines, now })
      : undefined;
    const charges = coupon
      ? chargesWithDiscount(cartTotalPaise(lines), coupon.discountPaise, settings, method)
      : { ...orderCharges(cartTotalPaise(lines), settings, method), discountPaise: 0 };
    const totalPaise = charges.totalPaise;
    const fresh = { cart: toCart(lines), totalAmount: totalPaise / 100 };
    if (!sameItems(lines, input.items)) throw new ConflictError(ORDER_MESSAGES.cartChanged, fresh);
    // Issue #14: only to a PIN the store delivers to (services/delivery, record 0034). Asked
    // together with the shopper's caps; a cap is said first when both refuse.
    const pin = input.shippingAddress?.pincode ?? pincodeInAddress(input.user.address);
    // The COD rules' count of returned orders goes in the same round trip (a pure read).
    const returned = returnedCounts(tx, user.id, input.user.phone);
    returned.catch(() => {});
    const caps = checkPendingCaps(
      tx,
      user.id,
      lines.reduce((sum, l) => sum + l.quantity, 0),
      limits,
    );
    // Where the shopper's e-mail may go, read under their lock (sent after it).
    const mailbox = readShopperMailbox(tx, user.id, now);
    const [capped, deliverable, mailboxRead] = await Promise.allSettled([
      caps,
      assertDeliverable(
        tx,
        pin,
        input.shippingAddress ? "shippingAddress.pincode" : "user.address",
        now,
        deliveryState,
      ),
      mailbox,
    ]);
    if (capped.status === "rejected") throw capped.reason;
    if (deliverable.status === "rejected") throw deliverable.reason;
    if (mailboxRead.status === "rejected") throw mailboxRead.reason;
    const delivery = deliverable.value;
    if (method === "cash_on_delivery" && !delivery.codAvailable) {
      throw ValidationError.field("paymentMethod", SHIPPING_MESSAGES.codNotAvailable(delivery.pin));
    }
    // GST (record 0037): a buyer's GSTIN must be registered in the delivery state.
    assertBuyerGstin(
      input.buyerGstin,
      delivery.state,
      input.shippingAddress?.state ?? input.user.address,
    );
    // After the address checks: a PIN not served (or COD not allowed) is said first, whatever
    // total the client sent.
    // Record 0038: COD up to the cap, and not for accounts or phones with too many returns.
    const cod = await checkCodRules(
      tx,
      { userId: user.id, phone: input.user.phone, method, totalPaise, settings },
      returned,
    );
    if (toPaise(input.totalAmount) !== totalPaise) {
      throw new ConflictError(ORDER_MESSAGES.totalChanged, fresh);
    }

    // What this transaction already sees short (on PGlite, exactly what is left) fails at once.
    const short = lines.find((l) => l.quantity > l.stock);
    if (short) {
      throw new ConflictError(stockMessage(short.stock, short.title, short.size), {
        productId: short.productId,
        size: short.size,
        available: Math.max(0, short.stock),
      });
    }
    const shipping = input.shippingAddress;
    // The order's id is made here, so the order, its items, the emptied cart and its event go in
    // one round trip (issue #11); the database runs them in this order.
    const orderId = randomUUID();
    const mail = shopperMailOutcome(mailboxRead.value, limits.mailsPerHour);
    const [[order, items]] = await Promise.all([
      insertOrderWithItems(
        tx,
        {
          id: orderId,
          userId: user.id,
          paymentMethod: method,
          totalPaise,
          subtotalPaise: charges.subtotalPaise,
          shippingPaise: charges.shippingPaise,
          codFeePaise: charges.codFeePaise,
          couponCode: coupon?.code ?? null,
          discountPaise: charges.discountPaise,
          buyerGstin: input.buyerGstin ?? null,
          customerName: input.user.name,
          customerEmail: input.user.email,
          customerPhone: input.user.phone,
          address: shipping ? joinAddress(shipping) : input.user.address,
          shippingAddress: shipping
            ? JSON.stringify({
                streetAddress: shipping.streetAddress,
                apartment: shipping.apartment,
                city: shipping.city,
                state: shipping.state,
                pincode: shipping.pincode,
                country: shipping.country,
                addressType: shipping.addressType,
              })
            : null,
          addressType: shipping?.addressType ?? "home",
          confirmBy: new Date(now.getTime() + settings.confirmWithinHours * 60 * 60 * 1000),
          paymentFirstReason: cod.paymentFirstReason,
          deliveryPin: delivery.pin,
          createdAt: now,
          updatedAt: now,
        },
        lines.map((line, i) => ({
          discountPaise: coupon?.perLine[i] ?? 0,
          productId: line.productId,
          title: line.title,
          imageUrl: line.imageUrl,
          pricePaise: line.pricePaise,
          size: line.size,
          color: line.colorKey,
          quantity: line.quantity,
        })),
      ),
      clearUserCart(tx, { userId: user.id }),
      insertOrderEvent(tx, {
        orderId,
        actorId: user.id,
        actorName: user.name,
        type: "placed",
        data: {
          status: "pending",
          totalAmount: totalPaise / 100,
          shippingAmount: charges.shippingPaise / 100,
          codFeeAmount: charges.codFeePaise / 100,
          ...(coupon
            ? { couponCode: coupon.code, discountAmount: charges.discountPaise / 100 }
            : {}),
          paymentMethod: method,
          items: lines.length,
          mail,
        },
        createdAt: now,
      }),
    ]);

    const placed = toOrder(order, sortItems(items));
    logDroppedMail(mail, order, "order-placed", {
      mailsPerHour: limits.mailsPerHour,
      log: deps.log,
    });
    const shopperEmail = mailboxRead.value.email;
    const upiLink = mail === "sent" ? upiLinkFor(placed, settings) : undefined;
    // The e-mails (to the account's verified address, within its hourly limit, the checkout
    // address shown inside; and the store's copy), the coupon's use and, last, the stock, in one
    // round trip. The stock's row locks (and the catalogue's `live` version row at commit) are
    // held from there to the commit only, so orders for other products do not queue behind this
    // one's inserts. Short stock still undoes everything above.
    await Promise.all([
      mail === "sent" && shopperEmail
        ? enqueueEmail(tx, {
            ...orderPlacedEmail(
              store,
              placed,
              publicUrl,
              upiLink,
              confirmationLinksFor(placed, deps.appSecret, publicUrl),
            ),
            kind: "order-placed",
            to: shopperEmail,
          })
        : undefined,
      enqueueEmail(tx, {
        ...newOrderStoreEmail(store, placed, publicUrl),
        kind: "order-new-store",
        to: store.ordersEmail,
        headers: { "Reply-To": user.email },
      }),
      coupon ? recordRedemption(tx, coupon, order.id, user.id, now) : undefined,
      takeStock(tx, lines),
    ]);
    return { message: ORDER_MESSAGES.placed, order: placed };
  }

  return {
    /**
     * POST /api/orders. With an Idempotency-Key: the first submit's reply for every retry with the
     * same body, 422 for the same key with another body.
     */
    async place(
      user: SessionUser,
      input: PlaceInput,
      idempotencyKey?: string,
    ): Promise<PlaceResult> {
      const hash = idempotencyKey ? requestHash(input) : "";
      await placements.check(user.id, tooMany);
      try {
        const result = await withRetries(() =>
          db.transaction(async (tx): Promise<PlaceResult> => {
            if (idempotencyKey) {
              const claim = await claimKey(tx, user.id, idempotencyKey, hash, clock());
              if (claim.kind === "stored") {
                return { statusCode: claim.statusCode, body: claim.body, replayed: true };
              }
            }
            const body = await placeInTransaction(tx, user, input);
            if (idempotencyKey) {
              await tx
                .update(idempotencyKeys)
                .set({ statusCode: 201, response: body })
                .where(
                  and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, idempotencyKey)),
                );
            }
            return { statusCode: 201, body, replayed: false };
          }),
        );
        // Only placed orders count (a refused attempt or a replay does not); the order stands
        // even if a simultaneous one took the last point.
        if (!result.replayed) await placements.consume(user.id, tooMany).catch(() => {});
        return result;
      } catch (error) {
        throw mapStockGuard(error);
      }
    },

    /** The shopper's orders, newest first, optionally of one status. */
    async listMine(userId: string, status?: OrderStatus): Promise<Order[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(
          status
            ? and(eq(orders.userId, userId), eq(orders.status, status))
            : eq(orders.userId, userId),
        )
        .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
      // The notes are the store's own (record 0039): shoppers never read them.
      const mine = await withTimelines(db, await toOrders(db, rows));
      return mine.map((order) => ({ ...order, notes: "" }));
    },

    /** One of the shopper's orders; another user's is 404 (an admin reads any order, with its history). */
    async getMine(
      user: Pick<SessionUser, "id" | "isAdmin">,
      orderId: string,
    ): Promise<OrderDetail> {
      if (!isUuid(orderId)) throw new NotFoundError(ORDER_MESSAGES.notFound);
      const [row] = await db
        .select()
        .from(orders)
        .where(
          user.isAdmin
            ? eq(orders.id, orderId)
            : and(eq(orders.id, orderId), eq(orders.userId, user.id)),
        );
      if (!row) throw new NotFoundError(ORDER_MESSAGES.notFound);
      const [order] = await toOrders(db, [row]);
      return user.isAdmin
        ? { ...order!, events: await orderHistory(db, row.id) }
        : { ...order!, notes: "" };
    },

    /** The shopper cancels their own order while pending, confirmed or processing. */
    cancel(user: SessionUser, orderId: string): Promise<Order> {
      return withRetries(() =>
        db.transaction(async (tx) => {
          const row = await lockOrder(tx, orderId, user.id);
          if (!CANCELLABLE_STATUSES.includes(row.status)) {
            throw new ValidationError(ORDER_MESSAGES.notCancellable);
          }
          return applyChange(
            tx,
            row,
            { status: "cancelled", actor: { id: user.id, name: user.name } },
            change,
            "cancelled_by_customer",
          );
        }),
      );
    },
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
