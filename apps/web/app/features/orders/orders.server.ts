/** What My orders asks of the API (in-process, the shopper's cookie passed on). Server-only. */
import type { ErrorReply } from "@vastra/contracts/common";
import { ORDER_MESSAGES, ORDER_STATUSES, type Order } from "@vastra/contracts/orders";
import { data, type RouterContextProvider } from "react-router";
import { apiCall } from "~/lib/api";
import { serverApi } from "~/lib/api.server";
import type { CancelResult, StatusFilter } from "./types";

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
