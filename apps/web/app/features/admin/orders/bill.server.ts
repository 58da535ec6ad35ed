/** The shipping bill page's order (GET /api/orders/{id} in-process, with the admin's cookie). */
import { ADMIN_ORDER_MESSAGES, type OrderDetail } from "@vastra/contracts/admin-orders";
import type { RouterContextProvider } from "react-router";
import { apiCall } from "~/lib/api";
import { serverApi } from "~/lib/api.server";

export type BillLoad =
  | { status: "ok"; order: OrderDetail }
  | { status: "not-found" }
  | { status: "error"; message: string };

export async function loadBill(
  context: Readonly<RouterContextProvider>,
  orderId: string,
): Promise<BillLoad> {
  try {
    const { response, data } = await apiCall<OrderDetail & { message?: string }>(
      serverApi(context),
      `/api/orders/${encodeURIComponent(orderId)}`,
    );
    if (response.status === 404) return { status: "not-found" };
    if (!response.ok || !data) {
      return { status: "error", message: data?.message ?? ADMIN_ORDER_MESSAGES.loadFailed };
    }
    return { status: "ok", order: data };
  } catch (error) {
    console.error("GET /api/orders/:id failed", error);
    return { status: "error", message: ADMIN_ORDER_MESSAGES.loadFailed };
  }
}
