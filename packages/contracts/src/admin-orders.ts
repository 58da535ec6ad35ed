/**
 * The admin's Orders tab and shipping bill (admin.md §2, §4, §7; decisions.md §4, §8): the list
 * query, the stat cards, status and notes changes, the order's event log and the bill's file name.
 */

import { pageParams } from "./common.ts";
import { FULFILMENT_MESSAGES, undoOfferSchema } from "./fulfilment.ts";
import {
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
  orderSchema,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
} from "./orders.ts";
import type { StoreSettings } from "./store.ts";
import { z } from "./zod.ts";

export const ADMIN_ORDERS_PAGE_DEFAULT = 20;
export const ADMIN_ORDERS_PAGE_MAX = 100;
/** Order notes are kept to this many characters. */
export const ORDER_NOTES_MAX = 2000;

/** The Orders tab's texts (admin.md §8) and the server's own. */
export const ADMIN_ORDER_MESSAGES = {
  updated: "Order updated successfully",
  notesUpdated: "Order notes updated successfully",
  /** admin.md §5: saving empty notes does nothing. */
  notesEmpty: "Nothing to save: the notes are empty",
  notesTooLong: `Please keep the notes under ${ORDER_NOTES_MAX} characters`,
  nothingToChange: "Please choose a status, payment status or payment method to change",
  status: "Please choose one of the order statuses",
  paymentStatus: "Please choose one of the payment statuses",
  paymentMethod: "Please choose one of the payment methods",
  loadFailed: "Failed to load orders",
  updateFailed: "Failed to update order",
  notesFailed: "Failed to update notes",
  billFailed: "Failed to make the shipping bill",
} as const;

/**
 * The list's work filters besides one status (record 0039): 'waiting' is every order the store
 * still has to act on (pending, confirmed, processing), 'ship_today' the confirmed and processing
 * orders whose dispatch day (delivery settings' cut-off, handling days, holidays) is today or past.
 */
export const ORDER_WORK_FILTERS = ["waiting", "ship_today"] as const;
export type OrderWorkFilter = (typeof ORDER_WORK_FILTERS)[number];
export const WAITING_STATUSES = ["pending", "confirmed", "processing"] as const;

const orderStatusFilter = z
  .enum([...ORDER_STATUSES, ...ORDER_WORK_FILTERS, "all"])
  .optional()
  .catch(undefined)
  .transform((v) => (v === "all" ? undefined : v));
const paymentStatusFilter = z
  .enum([...PAYMENT_STATUSES, "all"])
  .optional()
  .catch(undefined)
  .transform((v) => (v === "all" ? undefined : v));

/** GET /api/orders/admin/all: one page, newest first; the total in X-Total-Count. */
export const adminOrdersQuerySchema = z.object({
  /** Order number, customer name, e-mail or phone (part of any of them, any case). */
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .catch(undefined)
    .transform((v) => (v ? v : undefined)),
  /** One status ('all' or absent: every order). */
  status: orderStatusFilter,
  /** One payment status ('all' or absent: every order). */
  paymentStatus: paymentStatusFilter,
  ...pageParams(ADMIN_ORDERS_PAGE_DEFAULT, ADMIN_ORDERS_PAGE_MAX),
});
export type AdminOrdersQuery = z.output<typeof adminOrdersQuerySchema>;

/** GET /api/orders/admin/stats: the stat cards, over every order. */
export const orderStatsSchema = z
  .object({
    total: z.number().int(),
    pending: z.number().int(),
    confirmed: z.number().int(),
    processing: z.number().int(),
    shipped: z.number().int(),
    delivered: z.number().int(),
    cancelled: z.number().int(),
    /** Returned undelivered (RTO, record 0038). */
    returned: z.number().int(),
    /** Pending, confirmed and processing: the orders the store still has to act on. */
    waiting: z.number().int(),
    /** Confirmed or processing orders due to be dispatched today or already late (record 0039). */
    toShipToday: z.number().int(),
    /** Rupees: the total of the orders whose payment status is paid (admin.md §2). */
    revenue: z.number(),
    /** How many orders are paid (the orders the revenue counts). */
    paid: z.number().int(),
  })
  .meta({ id: "OrderStats" });
export type OrderStats = z.infer<typeof orderStatsSchema>;

/**
 * PATCH /api/orders/{id}/status (admin.md §4: any value from any value). The Orders table sends
 * status and payment status together; the details modal also sends the payment method.
 */
export const orderStatusUpdateSchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: ADMIN_ORDER_MESSAGES.status }).optional(),
    paymentStatus: z
      .enum(PAYMENT_STATUSES, { error: ADMIN_ORDER_MESSAGES.paymentStatus })
      .optional(),
    paymentMethod: z
      .enum(PAYMENT_METHODS, { error: ADMIN_ORDER_MESSAGES.paymentMethod })
      .optional(),
    /** With status shipped (required then): one of the store's couriers, by name (record 0039). */
    courier: z.string({ error: FULFILMENT_MESSAGES.courierRequired }).trim().max(60).optional(),
    /** With status shipped (required then): the parcel's tracking number (AWB). */
    trackingNumber: z
      .string({ error: FULFILMENT_MESSAGES.trackingRequired })
      .trim()
      .max(60, FULFILMENT_MESSAGES.trackingFormat)
      .optional(),
  })
  .strict()
  .refine(
    (v) => v.status !== undefined || v.paymentStatus !== undefined || v.paymentMethod !== undefined,
    { message: ADMIN_ORDER_MESSAGES.nothingToChange },
  )
  .meta({ id: "OrderStatusUpdate" });
export type OrderStatusUpdate = z.infer<typeof orderStatusUpdateSchema>;

/** PATCH /api/orders/{id}/notes: the order's notes, replaced; empty after trimming does nothing. */
export const orderNotesUpdateSchema = z
  .object({
    notes: z
      .string({ error: "Please send the notes as text" })
      .trim()
      .max(ORDER_NOTES_MAX, ADMIN_ORDER_MESSAGES.notesTooLong),
  })
  .strict()
  .meta({ id: "OrderNotesUpdate" });
export type OrderNotesUpdate = z.infer<typeof orderNotesUpdateSchema>;

/** One line of an order's history: who, what, when (decisions.md §8). */
export const orderEventSchema = z
  .object({
    _id: z.string(),
    /** placed, status_changed, cancelled_by_customer, notes_updated … */
    type: z.string(),
    /** Who did it: the user's name at the time, or 'System'. */
    actorName: z.string(),
    /** What happened, in words ('Status: Pending → Shipped; Payment: Pending → Paid'). */
    summary: z.string(),
    data: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .meta({ id: "OrderEvent" });
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** GET /api/orders/{id}: the order; for an admin also its history, oldest first. */
export const orderDetailSchema = orderSchema
  .extend({ events: z.array(orderEventSchema).optional() })
  .meta({ id: "OrderDetail" });
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const adminOrderReplySchema = z
  .object({
    message: z.string(),
    order: orderDetailSchema,
    /** A status or payment change can be undone for a few seconds (record 0039). */
    undo: undoOfferSchema.optional(),
  })
  .meta({ id: "AdminOrderReply" });
export type AdminOrderReply = z.infer<typeof adminOrderReplySchema>;

// ---------------------------------------------------------------- display

/** 'Pending', 'Shipped' … */
export function statusLabel(status: OrderStatus | PaymentStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** 'Cash on delivery'; unknown methods with their underscores shown as spaces (admin.md §3). */
export function paymentMethodLabel(method: string): string {
  return PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method.replaceAll("_", " ");
}

/** The downloaded bill's file name. */
export function billFileName(orderNumber: string): string {
  return `shipping-bill-${orderNumber.replace(/[^A-Za-z0-9-]/g, "_")}.pdf`;
}

/** The handling instructions printed on every shipping bill. */
export const BILL_HANDLING_INSTRUCTIONS = [
  "Handle with care: garments inside, keep dry.",
  "Do not fold or crease this label; keep the barcode flat and visible.",
  "Deliver only to the addressee or an authorised person; ask for ID on cash on delivery.",
  "If undeliverable, return the parcel to the ship-from address.",
] as const;

const billDate = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  // Fixed, so the server's PDF, its page and the browser all say the same.
  timeZone: "Asia/Kolkata",
});

/** '21 Nov 2026, 3:30 pm' in Indian time (admin.md §9: dates on the bill use en-IN). */
export function formatBillDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : billDate.format(date);
}

/** The ship-to block's address lines: the structured address when the order has it. */
export function shipToLines(order: Pick<Order, "user" | "shippingAddress">): string[] {
  const a = order.shippingAddress;
  if (!a) return [order.user.address];
  return [
    a.streetAddress,
    a.apartment,
    [a.city, [a.state, a.pincode].filter(Boolean).join(" - ")].filter(Boolean).join(", "),
    a.country,
  ].filter((line) => line && line.trim() !== "");
}

/** The ship-from block's address lines, from the store settings. */
export function shipFromLines(store: Pick<StoreSettings, "address">): string[] {
  const a = store.address;
  return [
    a.line1,
    a.line2,
    [a.city, [a.state, a.pincode].filter(Boolean).join(" - ")].filter(Boolean).join(", "),
    a.country,
  ].filter((line) => line && line.trim() !== "");
}
