/**
 * The Products tab's data, asked of the API in-process with the admin's cookie: one page of the
 * grid (filters from the URL: search, gender, stock, page) and the categories for the form.
 */
import type { StockFilter } from "@vastra/contracts/admin-products";
import type { Category, Gender, Product } from "@vastra/contracts/catalogue";
import type { RouterContextProvider } from "react-router";
import { ApiError, apiCall, apiJson } from "~/lib/api";
import { serverApi } from "~/lib/api.server";
import { ADMIN_PRODUCTS_PER_PAGE, type ProductFilters, readFilters } from "./filters";

export type ProductsData = {
  products: Product[];
  total: number;
  filters: ProductFilters;
  categories: Category[];
  /** Set when the list could not be loaded. */
  error: string | null;
};

export async function loadProducts(
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<ProductsData> {
  const api = serverApi(context);
  const filters = readFilters(url.searchParams);
  const query = new URLSearchParams();
  if (filters.search) query.set("search", filters.search);
  if (filters.gender) query.set("gender", filters.gender satisfies Gender);
  if (filters.stock) query.set("stock", filters.stock satisfies StockFilter);
  query.set("page", String(filters.page));
  query.set("limit", String(ADMIN_PRODUCTS_PER_PAGE));

  const [list, categories] = await Promise.all([
    apiCall<Product[]>(api, `/api/admin/products?${query}`).then(
      ({ response, data }) =>
        response.ok && Array.isArray(data)
          ? {
              products: data,
              total: Number(response.headers.get("x-total-count") ?? data.length),
              error: null,
            }
          : { products: [], total: 0, error: "Error fetching products" },
      () => ({ products: [] as Product[], total: 0, error: "Error fetching products" }),
    ),
    apiJson<Category[]>(api, "/api/categories").catch((error: unknown) => {
      console.error(
        "GET /api/categories failed",
        error instanceof ApiError ? error.message : error,
      );
      return [] as Category[];
    }),
  ]);
  return { ...list, filters, categories };
}
