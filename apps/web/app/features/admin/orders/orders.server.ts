/**
 * The Orders tab's data, asked of the API in-process with the admin's cookie: one page of orders
 * (search, status, payment status and page from the URL) and the stat cards.
 */
import {
  ADMIN_ORDER_MESSAGES,
  ADMIN_ORDERS_PAGE_DEFAULT,
  adminOrdersQuerySchema,
  type OrderStats,
} from "@vastra/contracts/admin-orders";
import { TOTAL_COUNT_HEADER } from "@vastra/contracts/catalogue";
import type { Order } from "@vastra/contracts/orders";
import type { RouterContextProvider } from "react-router";
import { ApiError, apiCall, apiJson } from "~/lib/api";
import { serverApi } from "~/lib/api.server";
import type { OrderFilters } from "./filters";

export type OrdersData = {
  orders: Order[];
  total: number;
  page: number;
  pages: number;
  pageSize: number;
  filters: OrderFilters;
  stats: OrderStats | null;
  /** Set when the list could not be loaded. */
  error: string | null;
};

export async function loadOrders(
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<OrdersData> {
  const api = serverApi(context);
  const query = adminOrdersQuerySchema.parse(Object.fromEntries(url.searchParams));
  const filters: OrderFilters = {
    search: query.search ?? "",
    status: query.status ?? "all",
    paymentStatus: query.paymentStatus ?? "all",
  };
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.status) params.set("status", query.status);
  if (query.paymentStatus) params.set("paymentStatus", query.paymentStatus);
  params.set("page", String(query.page));
  params.set("limit", String(ADMIN_ORDERS_PAGE_DEFAULT));

  const statsPromise = apiJson<OrderStats>(api, "/api/orders/admin/stats").catch(
    (error: unknown) => {
      console.error("GET /api/orders/admin/stats failed", error);
      return null;
    },
  );
  let orders: Order[] = [];
  let total = 0;
  let error: string | null = null;
  try {
    const { response, data } = await apiCall<Order[]>(api, `/api/orders/admin/all?${params}`);
    if (!response.ok || !Array.isArray(data)) {
      throw new ApiError(response.status, (data ?? {}) as object, ADMIN_ORDER_MESSAGES.loadFailed);
    }
    orders = data;
    total = Number(response.headers.get(TOTAL_COUNT_HEADER) ?? data.length) || 0;
  } catch (failure) {
    console.error("GET /api/orders/admin/all failed", failure);
    error = failure instanceof ApiError ? failure.message : ADMIN_ORDER_MESSAGES.loadFailed;
  }
  const pageSize = ADMIN_ORDERS_PAGE_DEFAULT;
  return {
    orders,
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    pageSize,
    filters,
    stats: await statsPromise,
    error,
  };
}
