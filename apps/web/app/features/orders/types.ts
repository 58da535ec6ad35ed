import type { OrderStatus } from "@vastra/contracts/orders";

/** The list's filter (?status=): one status, or every order. */
export type StatusFilter = OrderStatus | "all";

/** The cancel action's answer (always status 200: the page shows the problem). */
export type CancelResult = { ok: boolean; orderId: string; message: string };

/** Pay on contact by UPI (record 0036): an order's `upi://pay` link and a QR code of it. */
export type UpiPaymentShown = {
  link: string;
  /** An SVG data: URL of the link's QR code. */
  qr: string;
  payeeName: string;
  vpa: string;
};
