/**
 * The Reviews tab's data: one page of reviews for the URL's filters (rating, category, product,
 * search, sort, page), grouped by category, and the categories for the filter, asked of the API
 * in-process with the admin's cookie.
 */
import type { Category } from "@vastra/contracts/catalogue";
import {
  type AdminReviewsReply,
  REVIEW_FETCH_FAILED,
  REVIEW_SORTS,
  type ReviewSort,
} from "@vastra/contracts/reviews";
import type { RouterContextProvider } from "react-router";
import { ApiError, apiJson } from "~/lib/api";
import { serverApi } from "~/lib/api.server";

export type ReviewFilters = {
  rating: string;
  category: string;
  product: string;
  search: string;
  sort: ReviewSort;
  /** Grouped by category (group=category in the URL); by default one list in the sort's order. */
  grouped: boolean;
  page: number;
};

export type ReviewsData = {
  filters: ReviewFilters;
  reply: AdminReviewsReply | null;
  categories: Category[];
  error: string | null;
};

export function readReviewFilters(params: URLSearchParams): ReviewFilters {
  const sort = params.get("sort");
  const rating = params.get("rating") ?? "";
  const page = Number(params.get("page"));
  return {
    rating: /^[1-5]$/.test(rating) ? rating : "",
    category: (params.get("category") ?? "").slice(0, 64),
    product: (params.get("product") ?? "").slice(0, 64),
    search: (params.get("search") ?? "").trim().slice(0, 200),
    sort: REVIEW_SORTS.includes(sort as ReviewSort) ? (sort as ReviewSort) : "newest",
    grouped: params.get("group") === "category",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export async function loadReviews(
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<ReviewsData> {
  const api = serverApi(context);
  const filters = readReviewFilters(url.searchParams);
  // "Newest first" means newest first: grouping (which orders by category first) is asked for.
  const query = new URLSearchParams({
    group: filters.grouped ? "category" : "none",
    sort: filters.sort,
  });
  for (const key of ["rating", "category", "product", "search"] as const) {
    if (filters[key]) query.set(key, filters[key]);
  }
  if (filters.page > 1) query.set("page", String(filters.page));

  const [reviews, categories] = await Promise.all([
    apiJson<AdminReviewsReply>(api, `/api/reviews/admin/reviews?${query}`, {
      fallback: REVIEW_FETCH_FAILED,
    }).then(
      (reply) => ({ reply, error: null }),
      (error: unknown) => ({
        reply: null,
        error: error instanceof ApiError ? error.message : REVIEW_FETCH_FAILED,
      }),
    ),
    apiJson<Category[]>(api, "/api/categories").catch(() => [] as Category[]),
  ]);
  return { filters, categories, ...reviews };
}
