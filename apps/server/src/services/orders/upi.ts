/**
 * Pay on contact by UPI (issue #14, record 0036): the `upi://pay` link for an order's exact total,
 * with its number as the note, and a QR code of it (the `qrcode` package) for the e-mail.
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

/** The link and a PNG QR code of it as a data: URL (what mail clients show inline most often). */
export async function upiPaymentFor(
  order: Pick<Order, "paymentMethod" | "totalAmount" | "orderNumber">,
  settings: Pick<DeliverySettings, "upiVpa" | "upiPayeeName">,
): Promise<UpiPayment | undefined> {
  const link = upiLinkFor(order, settings);
  if (!link) return undefined;
  // qrcode (and pngjs) load with the first payment QR rather than at start-up (record 0054).
  const { default: QRCode } = await import("qrcode");
  const qrDataUrl = await QRCode.toDataURL(link, {
    errorCorrectionLevel: "M",
    margin: 2,
    width: 200,
    color: { dark: "#1f1a17", light: "#ffffff" },
  });
  return { link, qrDataUrl };
}
