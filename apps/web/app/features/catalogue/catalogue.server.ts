/** What the catalogue loaders and actions ask of the API (in-process, the shopper's cookie passed on). */
import {
  type Category,
  PRODUCTS_PAGE_MAX,
  type Product,
  TOTAL_COUNT_HEADER,
} from "@vastra/contracts/catalogue";
import { REVIEW_MESSAGES, type Review } from "@vastra/contracts/reviews";
import type { RouterContextProvider } from "react-router";
import { ApiError, apiCall, apiJson } from "~/lib/api";
import { serverApi } from "~/lib/api.server";
import { type ProductSummary, toProductSummary } from "~/lib/product";
import { apiQuery, type ListFilters } from "./filters";
import type { FilterOptions } from "./product-filters";
import type { ReviewIntent, ReviewResult } from "./types";

type Context = Readonly<RouterContextProvider>;

/** The total of a list answer: its X-Total-Count header, else the length of the page. */
function totalOf(response: Response, fallback: number): number {
  const total = Number(response.headers.get(TOTAL_COUNT_HEADER));
  return Number.isFinite(total) && total >= 0 && response.headers.has(TOTAL_COUNT_HEADER)
    ? total
    : fallback;
}

/**
 * One page of products and the filter choices. A failed product list is logged and shows as an
 * empty list (storefront.md §8); failed filter choices just leave those filters out.
 */
export async function loadProductList(
  context: Context,
  filters: ListFilters,
): Promise<{ products: ProductSummary[]; total: number; options: FilterOptions }> {
  const api = serverApi(context);
  const [list, categories, options] = await Promise.all([
    apiCall<Product[]>(api, `/api/products?${apiQuery(filters)}`).then(
      ({ response, data }) => {
        if (!response.ok || !Array.isArray(data)) {
          console.error(`GET /api/products answered ${response.status}; showing an empty list`);
          return { products: [] as ProductSummary[], total: 0 };
        }
        return { products: data.map(toProductSummary), total: totalOf(response, data.length) };
      },
      (error: unknown) => {
        console.error("GET /api/products failed; showing an empty list", error);
        return { products: [] as ProductSummary[], total: 0 };
      },
    ),
    apiJson<Category[]>(api, "/api/categories").catch((error: unknown) => {
      console.warn("GET /api/categories failed", error);
      return [] as Category[];
    }),
    apiJson<{ colors: string[]; sizes: string[] }>(api, "/api/products/filters/options").catch(
      (error: unknown) => {
        console.warn("GET /api/products/filters/options failed", error);
        return { colors: [], sizes: [] };
      },
    ),
  ]);
  return {
    products: list.products,
    total: list.total,
    options: {
      categories: Array.isArray(categories) ? categories : [],
      colors: Array.isArray(options.colors) ? options.colors : [],
      sizes: Array.isArray(options.sizes) ? options.sizes : [],
    },
  };
}

export type ProductLoad =
  | { status: "ok"; product: Product }
  | { status: "not-found" }
  | { status: "error" };

/** One product: 404 (or a malformed id, 400) is 'not found'; anything else is a load failure. */
export async function loadProduct(context: Context, id: string): Promise<ProductLoad> {
  try {
    const { response, data } = await apiCall<Product>(
      serverApi(context),
      `/api/products/${encodeURIComponent(id)}`,
    );
    if (response.ok && data) return { status: "ok", product: data };
    if (response.status === 404 || response.status === 400) return { status: "not-found" };
    console.error(`GET /api/products/${id} answered ${response.status}`);
    return { status: "error" };
  } catch (error) {
    console.error(`GET /api/products/${id} failed`, error);
    return { status: "error" };
  }
}

/** The reviews of a product (null when they could not be loaded). */
export async function loadReviews(context: Context, productId: string): Promise<Review[] | null> {
  try {
    const { response, data } = await apiCall<Review[]>(
      serverApi(context),
      `/api/reviews/${encodeURIComponent(productId)}`,
    );
    if (response.ok && Array.isArray(data)) return data;
    // 404: no such product (the page shows its not-found view).
    if (response.status !== 404) {
      console.warn(`GET /api/reviews/${productId} answered ${response.status}`);
    }
    return null;
  } catch (error) {
    console.warn(`GET /api/reviews/${productId} failed`, error);
    return null;
  }
}

/** Every product (for the sitemap), page by page at the largest page size. */
export async function loadAllProducts(context: Context): Promise<Product[]> {
  const api = serverApi(context);
  const all: Product[] = [];
  for (let page = 1; page <= 200; page++) {
    const { response, data } = await apiCall<Product[]>(
      api,
      `/api/products?page=${page}&limit=${PRODUCTS_PAGE_MAX}`,
    );
    if (!response.ok || !Array.isArray(data)) {
      throw new ApiError(response.status, {}, "Could not list the products");
    }
    all.push(...data);
    const total = totalOf(response, all.length);
    if (data.length < PRODUCTS_PAGE_MAX || all.length >= total) break;
  }
  return all;
}

const FAILED: Record<ReviewIntent, string> = {
  create: REVIEW_MESSAGES.submitFailed,
  update: REVIEW_MESSAGES.updateFailed,
  delete: REVIEW_MESSAGES.deleteFailed,
};
const DONE: Record<ReviewIntent, string> = {
  create: REVIEW_MESSAGES.submitted,
  update: REVIEW_MESSAGES.updated,
  delete: REVIEW_MESSAGES.deleted,
};

/**
 * Writes, edits or deletes a review through the API (POST/PUT/DELETE /api/reviews). The answer
 * carries the HTTP status to send back, so a refused form does not reload the page's data.
 */
export async function changeReview(
  context: Context,
  productId: string,
  form: FormData,
): Promise<{ result: ReviewResult; status: number }> {
  const intentValue = String(form.get("intent") ?? "");
  const intent: ReviewIntent =
    intentValue === "update" || intentValue === "delete" ? intentValue : "create";
  const reviewId = String(form.get("reviewId") ?? "");
  const rating = Number(form.get("rating") ?? 5);
  const comment = String(form.get("comment") ?? "").trim();
  // A verified buyer's fit answers (record 0046): sent only when the form asked them.
  const fitted =
    form.get("fitAsked") === "1"
      ? {
          fit: String(form.get("fit") ?? "") || null,
          sizeBought: String(form.get("sizeBought") ?? "") || null,
        }
      : {};

  if (intent !== "delete" && !comment) {
    return {
      result: {
        intent,
        ok: false,
        message: REVIEW_MESSAGES.commentRequired,
        errors: { comment: REVIEW_MESSAGES.commentRequired },
        reviewId,
      },
      status: 400,
    };
  }
  if ((intent === "update" || intent === "delete") && !reviewId) {
    return { result: { intent, ok: false, message: REVIEW_MESSAGES.notFound }, status: 400 };
  }

  const api = serverApi(context);
  try {
    if (intent === "create") {
      await apiJson(api, "/api/reviews", {
        method: "POST",
        body: { productId, rating, comment, ...fitted },
        fallback: FAILED.create,
      });
    } else if (intent === "update") {
      await apiJson(api, `/api/reviews/${encodeURIComponent(reviewId)}`, {
        method: "PUT",
        body: { rating, comment, ...fitted },
        fallback: FAILED.update,
      });
    } else {
      await apiJson(api, `/api/reviews/${encodeURIComponent(reviewId)}`, {
        method: "DELETE",
        fallback: FAILED.delete,
      });
    }
    return { result: { intent, ok: true, message: DONE[intent], reviewId }, status: 200 };
  } catch (error) {
    if (error instanceof ApiError) {
      const message =
        error.status === 401
          ? REVIEW_MESSAGES.loginToReview
          : error.status >= 500 || error.status === 0 || /^No such API endpoint/.test(error.message)
            ? FAILED[intent]
            : error.message;
      return {
        result: { intent, ok: false, message, errors: error.errors, reviewId },
        status: error.status >= 400 ? error.status : 502,
      };
    }
    console.error(`review ${intent} failed`, error);
    return { result: { intent, ok: false, message: FAILED[intent], reviewId }, status: 500 };
  }
}
