/** Display helpers of the Orders tab and the bill (same output on server and browser). */
import {
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from "@vastra/contracts/orders";

export {
  formatBillDate as formatDateTime,
  paymentMethodLabel,
  statusLabel,
} from "@vastra/contracts/admin-orders";

/** ₹1,29,999.00: orders and bills show paise. */
export { formatRupees as formatMoney } from "@vastra/contracts/money";

const label = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export const STATUS_OPTIONS = ORDER_STATUSES.map((value) => ({ value, label: label(value) }));
export const PAYMENT_OPTIONS = PAYMENT_STATUSES.map((value) => ({ value, label: label(value) }));
export const METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({
  value,
  label: PAYMENT_METHOD_LABELS[value],
}));

/** The badge look of each order status. */
export const STATUS_TONE: Record<OrderStatus, string> = {
  pending: "bg-gold-100 text-gold-900",
  confirmed: "bg-maroon-50 text-primary",
  processing: "bg-maroon-50 text-primary",
  shipped: "bg-secondary text-secondary-foreground",
  delivered: "bg-success-soft text-success",
  cancelled: "bg-destructive-soft text-destructive",
  returned: "bg-destructive-soft text-destructive",
};

export const PAYMENT_TONE: Record<PaymentStatus, string> = {
  pending: "bg-gold-100 text-gold-900",
  paid: "bg-success-soft text-success",
  failed: "bg-destructive-soft text-destructive",
  refunded: "bg-muted text-foreground",
};

/** "1 item", "3 items" (units, not lines). */
export function itemCount(items: Array<{ quantity: number }>): string {
  const n = items.reduce((sum, item) => sum + item.quantity, 0);
  return `${n} ${n === 1 ? "item" : "items"}`;
}
