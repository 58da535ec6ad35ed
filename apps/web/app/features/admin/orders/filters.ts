/** The Orders tab's filters, kept in the URL (?search=&status=&paymentStatus=&page=). */
import type { OrderWorkFilter } from "@vastra/contracts/admin-orders";
import type { OrderStatus, PaymentStatus } from "@vastra/contracts/orders";

/** The work filters besides one status (record 0039), as the Status select offers them. */
export const WORK_FILTER_OPTIONS: Array<{ value: OrderWorkFilter; label: string }> = [
  { value: "waiting", label: "Waiting" },
  { value: "ship_today", label: "To ship today" },
];

export type OrderFilters = {
  search: string;
  status: OrderStatus | OrderWorkFilter | "all";
  paymentStatus: PaymentStatus | "all";
};

/** The query string of these filters (page 1: a new filter starts again at the first page). */
export function filtersQuery(filters: OrderFilters): string {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set("search", filters.search.trim());
  if (filters.status !== "all") params.set("status", filters.status);
  if (filters.paymentStatus !== "all") params.set("paymentStatus", filters.paymentStatus);
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}

export const hasFilters = (filters: OrderFilters) =>
  filters.search.trim() !== "" || filters.status !== "all" || filters.paymentStatus !== "all";
