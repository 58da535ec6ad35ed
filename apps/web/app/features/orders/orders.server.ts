/** What My orders asks of the API (in-process, the shopper's cookie passed on). Server-only. */
import type { ErrorReply } from "@vastra/contracts/common";
import { ORDER_MESSAGES, ORDER_STATUSES, type Order } from "@vastra/contracts/orders";
import { type ShippingRules, upiPayLink } from "@vastra/contracts/shipping";
import QRCode from "qrcode";
import { data, type RouterContextProvider } from "react-router";
import { apiCall } from "~/lib/api";
import { serverApi } from "~/lib/api.server";
import type { CancelResult, StatusFilter, UpiPaymentShown } from "./types";

type Context = Readonly<RouterContextProvider>;

/** ?status= as the filter: one of the statuses, else every order. */
export function readStatusFilter(url: URL): StatusFilter {
  const status = url.searchParams.get("status") ?? "";
  return (ORDER_STATUSES as readonly string[]).includes(status) ? (status as StatusFilter) : "all";
}

/** The shopper's orders, newest first; `failed` when they could not be read ('Failed to load orders'). */
export async function loadOrders(
  context: Context,
  status: StatusFilter,
): Promise<{ orders: Order[]; failed: boolean }> {
  const query = status === "all" ? "" : `?status=${encodeURIComponent(status)}`;
  try {
    const { response, data: orders } = await apiCall<Order[]>(
      serverApi(context),
      `/api/orders/my-orders${query}`,
    );
    if (response.ok && Array.isArray(orders)) return { orders, failed: false };
    console.error(`GET /api/orders/my-orders answered ${response.status}`);
  } catch (error) {
    console.error("GET /api/orders/my-orders failed", error);
  }
  return { orders: [], failed: true };
}

/**
 * Cancels one of the shopper's orders (PATCH /api/orders/{id}/cancel). Answers 200 even when
 * refused: the page shows the server's message or 'Failed to cancel order'.
 */
export async function cancelAction(context: Context, form: FormData) {
  const id = form.get("orderId");
  if (form.get("intent") !== "cancel" || typeof id !== "string" || !id) {
    return data<CancelResult>({ ok: false, orderId: "", message: ORDER_MESSAGES.cancelFailed });
  }
  try {
    const { response, data: reply } = await apiCall<Partial<ErrorReply>>(
      serverApi(context),
      `/api/orders/${encodeURIComponent(id)}/cancel`,
      { method: "PATCH", fallback: ORDER_MESSAGES.cancelFailed },
    );
    if (response.ok) {
      return data<CancelResult>({ ok: true, orderId: id, message: ORDER_MESSAGES.cancelled });
    }
    const message =
      response.status >= 400 && response.status < 500 && response.status !== 401 && reply?.message
        ? reply.message
        : ORDER_MESSAGES.cancelFailed;
    return data<CancelResult>({ ok: false, orderId: id, message });
  } catch {
    return data<CancelResult>({ ok: false, orderId: id, message: ORDER_MESSAGES.cancelFailed });
  }
}

/**
 * The UPI link and QR code of each order the shopper still pays by UPI (record 0036): chosen UPI,
 * not paid, not cancelled, and the store has a UPI ID. Never rejects (an order without its QR
 * still shows).
 */
export async function upiPayments(
  orders: readonly Order[],
  rules: ShippingRules,
): Promise<Record<string, UpiPaymentShown>> {
  const upi = rules.upi;
  const shown: Record<string, UpiPaymentShown> = {};
  if (!upi) return shown;
  const due = orders.filter(
    (o) => o.paymentMethod === "upi" && o.paymentStatus === "pending" && o.status !== "cancelled",
  );
  await Promise.all(
    due.map(async (order) => {
      const link = upiPayLink({
        vpa: upi.vpa,
        payeeName: upi.payeeName,
        amountRupees: order.totalAmount,
        orderNumber: order.orderNumber,
      });
      try {
        const svg = await QRCode.toString(link, {
          type: "svg",
          errorCorrectionLevel: "M",
          margin: 2,
          color: { dark: "#1f1a17", light: "#ffffff" },
        });
        shown[order._id] = {
          link,
          qr: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
          vpa: upi.vpa,
          payeeName: upi.payeeName,
        };
      } catch (error) {
        console.error(`orders: could not make the UPI QR code of ${order.orderNumber}`, error);
      }
    }),
  );
  return shown;
}
