/** The grid's filters as URL query keys (shareable, and kept on reload). */
import { STOCK_FILTERS, type StockFilter } from "@vastra/contracts/admin-products";
import { GENDERS, type Gender } from "@vastra/contracts/catalogue";

export const ADMIN_PRODUCTS_PER_PAGE = 24;

export type ProductFilters = {
  search: string;
  gender: Gender | "";
  stock: StockFilter | "";
  page: number;
};

export const STOCK_FILTER_LABELS: Record<StockFilter, string> = {
  "in-stock": "In stock",
  "low-stock": "Low stock",
  "out-of-stock": "Out of stock",
  "needs-restock": "Needs restocking",
};

export function readFilters(params: URLSearchParams): ProductFilters {
  const gender = params.get("gender") ?? "";
  const stock = params.get("stock") ?? "";
  const page = Number(params.get("page"));
  return {
    search: (params.get("search") ?? "").trim().slice(0, 200),
    gender: (GENDERS as readonly string[]).includes(gender) ? (gender as Gender) : "",
    stock: (STOCK_FILTERS as readonly string[]).includes(stock) ? (stock as StockFilter) : "",
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The query string of these filters ("" when none). */
export function filtersQuery(filters: Partial<ProductFilters>): string {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (filters.gender) params.set("gender", filters.gender);
  if (filters.stock) params.set("stock", filters.stock);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
