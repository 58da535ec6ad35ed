/**
 * Returns and exchanges' statuses, reasons, texts and window rules, without zod, for the browser;
 * returns.ts re-exports them (record 0048).
 */
import { RETURNS } from "./policy.ts";

export const RETURN_KINDS = ["return", "exchange"] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

export const RETURN_STATUSES = [
  "requested",
  "approved",
  "received",
  "refunded",
  "reshipped",
  "rejected",
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: "Requested",
  approved: "Approved",
  received: "Received",
  refunded: "Refunded",
  reshipped: "Re-shipped",
  rejected: "Rejected",
};

export const RETURN_REASONS = [
  "too_small",
  "too_large",
  "damaged",
  "not_as_pictured",
  "changed_mind",
  "other",
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  too_small: "Size too small",
  too_large: "Size too large",
  damaged: "Damaged or defective",
  not_as_pictured: "Not as pictured",
  changed_mind: "Changed my mind",
  other: "Other",
};

/** How refunds are paid back: the order's payment methods, less 'To be confirmed' and COD. */
export const REFUND_METHODS = ["upi", "google_pay", "phonepe", "paytm", "bank_transfer"] as const;

/** The return window a new store starts with, and the range the admin may set. */
export const RETURN_WINDOW_DAYS_DEFAULT = 7;
export const RETURN_WINDOW_DAYS_MAX = 90;

export const RETURN_MESSAGES = {
  notFound: "Return request not found",
  notDelivered: "Only a delivered order can be returned or exchanged",
  allAsked: "Every piece of this order is already in a return or exchange request",
  windowOver: (lastDay: string) =>
    `The return window for this order ended on ${lastDay}. Please contact us if something is wrong with it.`,
  noLines: "Please choose at least one item to return or exchange",
  lineTwice: "Each item may be listed only once",
  lineUnknown: "That item is not part of this order",
  tooMany: (title: string, left: number) =>
    left === 0
      ? `${title} has already been asked to be returned in full`
      : `Only ${left} of ${title} can still be returned`,
  quantity: "Please enter a quantity of at least 1",
  kind: "Please choose return or exchange",
  reason: "Please choose a reason",
  reasonText: "Please tell us the reason",
  exchangeSize: "Please choose the size you want instead",
  exchangeSameSize: "Please choose a different size to exchange for",
  exchangeSizeUnavailable: (title: string, size: string) =>
    `${title} in size ${size} is not in stock for an exchange. Please choose another size or a return.`,
  exchangeOnlyForExchange: "A new size is only chosen for an exchange",
  requested: "Your request has been sent. We will e-mail you when we have looked at it.",
  approved: "Request approved",
  rejected: "Request rejected",
  received: "Marked as received; the items are back in stock",
  refunded: "Marked as refunded",
  reshipped: "Marked as re-shipped",
  rejectionReason: "Please tell the shopper why the request is rejected",
  refundMethod: "Please choose how the refund was paid",
  refundReference: "Please enter the refund's reference (UPI or bank transaction ID)",
  wrongStatus: (status: ReturnStatus, action: string) =>
    `This request is ${RETURN_STATUS_LABELS[status].toLowerCase()}, so it cannot be ${action}`,
  refundOnlyReturns: "Only a return is refunded; an exchange is re-shipped",
  reshipOnlyExchanges: "Only an exchange is re-shipped; a return is refunded",
  loadFailed: "Failed to load returns",
  actionFailed: "Failed to update the request. Please try again.",
  requestFailed: "Failed to send your request. Please try again.",
  windowDays: `Please enter whole days from 0 to ${RETURN_WINDOW_DAYS_MAX}`,
} as const;

/** The last day of the window: the delivery's India calendar date plus the window's days. */
export function returnLastDay(deliveredAt: Date, windowDays: number): string {
  const india = new Date(deliveredAt.getTime() + 330 * 60_000);
  india.setUTCDate(india.getUTCDate() + windowDays);
  return india.toISOString().slice(0, 10);
}

/** Today's India calendar date, YYYY-MM-DD. */
export function indiaDate(now: Date): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/** The policy pages' non-returnable list, its window item at the store's setting. */
export function nonReturnableFor(days: number): string[] {
  return RETURNS.nonReturnable.map((item) =>
    item.startsWith("Items sent back more than")
      ? `Items sent back more than ${days} days after delivery`
      : item,
  );
}
