/**
 * Pay on contact by UPI (issue #14, record 0036): the `upi://pay` link for an order's exact total,
 * with its number as the note; the e-mail shows it as a QR code too (record 0067).
 */
import { type DeliverySettings, type Order, upiPayLink } from "@vastra/contracts";

/** The order's UPI link, or undefined when the store has no UPI ID or the order is not UPI. */
export function upiLinkFor(
  order: Pick<Order, "paymentMethod" | "totalAmount" | "orderNumber">,
  settings: Pick<DeliverySettings, "upiVpa" | "upiPayeeName">,
): string | undefined {
  if (order.paymentMethod !== "upi" || !settings.upiVpa) return undefined;
  return upiPayLink({
    vpa: settings.upiVpa,
    payeeName: settings.upiPayeeName,
    amountRupees: order.totalAmount,
    orderNumber: order.orderNumber,
  });
}
