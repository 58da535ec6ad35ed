/**
 * Pay on contact by UPI (issue #14, record 0036): the `upi://pay` link for an order's exact total,
 * with its number as the note; the e-mail shows it as a QR code too (record 0067).
 */
import { type DeliverySettings, type Order, upiPayLink } from "@vastra/contracts";
import type { UpiPayment } from "./emails.ts";

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

/**
 * How a UPI order is paid, for its e-mail: the link; its QR code is made when the e-mail is sent
 * (mail/inline-images.ts, record 0067), not in the order's request.
 */
export function upiPaymentFor(
  order: Pick<Order, "paymentMethod" | "totalAmount" | "orderNumber">,
  settings: Pick<DeliverySettings, "upiVpa" | "upiPayeeName">,
): UpiPayment | undefined {
  const link = upiLinkFor(order, settings);
  return link ? { link } : undefined;
}
