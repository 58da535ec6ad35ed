/**
 * The product list's filters live in the query string (storefront.md §2, decisions.md §3): the URL
 * is the one source of truth. The screen reads it, a change REPLACES the history entry, and back /
 * forward (or a shared link) bring the same filters back.
 */
import {
  GENDERS,
  type Gender,
  listFilterValues,
  PRICE_RANGES,
  PRODUCT_SORTS,
  PRODUCTS_PAGE_DEFAULT,
  PRODUCTS_PAGE_MAX,
  type PriceRange,
  type ProductSort,
} from "@vastra/contracts/catalogue-options";
import * as React from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";

export type ListFilters = {
  search: string;
  /** Category names or ids, size and colour: each several values comma-joined (record 0041). */
  category: string;
  size: string;
  color: string;
  gender: Gender | "";
  inStock: boolean;
  priceRange: PriceRange | "";
  sort: ProductSort | "";
  page: number;
  limit: number;
  view: "grid" | "list";
};

/** The filter keys (not page, limit or view): a change of any of them starts again at page 1. */
export const FILTER_KEYS = [
  "search",
  "category",
  "size",
  "color",
  "gender",
  "inStock",
  "priceRange",
  "sort",
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | "" =>
  value && (list as readonly string[]).includes(value) ? (value as T) : "";

const text = (value: string | null) => (value ?? "").trim().slice(0, 200);

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/** The values of a many-valued filter (`size=M,L` or the key repeated), sorted and deduped. */
const listParam = (params: URLSearchParams, key: string) =>
  listFilterValues(params.getAll(key)).join(",");

/** The values of a many-valued filter of ListFilters ("" for none). */
export function filterValues(value: string): string[] {
  return value ? value.split(",") : [];
}

/**
 * A query string with one value of a many-valued filter (category, size, colour) turned on or
 * off (compared ignoring case), written as one sorted comma list; the page is reset.
 */
export function withToggledValue(search: string, key: string, value: string, on: boolean): string {
  const params = new URLSearchParams(search);
  const others = listFilterValues(params.getAll(key)).filter(
    (v) => v.toLowerCase() !== value.toLowerCase(),
  );
  return withParam(
    search,
    key,
    listFilterValues(on ? [...others, value] : others).join(",") || null,
  );
}

/** The list's state, as read from a query string. */
export function readFilters(params: URLSearchParams): ListFilters {
  return {
    search: text(params.get("search")),
    category: listParam(params, "category"),
    size: listParam(params, "size"),
    color: listParam(params, "color"),
    gender: oneOf(GENDERS, params.get("gender")),
    inStock: params.get("inStock") === "true",
    priceRange: oneOf(PRICE_RANGES, params.get("priceRange")),
    sort: oneOf(PRODUCT_SORTS, params.get("sort")),
    page: positiveInt(params.get("page"), 1),
    limit: positiveInt(params.get("limit"), PRODUCTS_PAGE_DEFAULT, PRODUCTS_PAGE_MAX),
    view: params.get("view") === "list" ? "list" : "grid",
  };
}

/** The GET /api/products query of these filters (only the keys that are set). */
export function apiQuery(filters: ListFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of [
    "search",
    "category",
    "size",
    "color",
    "gender",
    "priceRange",
    "sort",
  ] as const) {
    if (filters[key]) query.set(key, filters[key]);
  }
  if (filters.inStock) query.set("inStock", "true");
  query.set("page", String(filters.page));
  query.set("limit", String(filters.limit));
  return query;
}

/** How many filters are on (the sort order is not a filter). */
export function activeFilterCount(filters: ListFilters): number {
  return FILTER_KEYS.filter((key) => key !== "sort" && Boolean(filters[key])).length;
}

export const PRICE_RANGE_LABELS: Record<PriceRange, string> = {
  "0-500": "Under ₹500",
  "500-1000": "₹500 – ₹1,000",
  "1000-2000": "₹1,000 – ₹2,000",
  "2000-5000": "₹2,000 – ₹5,000",
  "5000+": "₹5,000 and above",
};

export const SORT_LABELS: Record<ProductSort, string> = {
  newest: "Newest first",
  popular: "Most popular",
  "price-low": "Price: low to high",
  "price-high": "Price: high to low",
};

/** A query string ("?a=b" or "") with one key set or removed and the page reset. */
export function withParam(search: string, key: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value) params.set(key, value);
  else params.delete(key);
  if ((FILTER_KEYS as readonly string[]).includes(key)) params.delete("page");
  const out = params.toString();
  return out ? `?${out}` : "";
}

/** The query string without any filter (page size and view are kept). */
export function withoutFilters(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of [...FILTER_KEYS, "page"]) params.delete(key);
  const out = params.toString();
  return out ? `?${out}` : "";
}

/**
 * The list's query string as the shopper last chose it: the one being loaded while a change is on
 * its way (so a control answers at once), else the current URL's.
 */
export function useListSearch(): string {
  const location = useLocation();
  const navigation = useNavigation();
  const pending =
    navigation.state === "loading" && navigation.location?.pathname === location.pathname
      ? navigation.location.search
      : null;
  return pending ?? location.search;
}

/**
 * Changes the query string in place: REPLACES the history entry, keeps the scroll position and
 * the path (/products or /shop).
 */
export function useSetListSearch(): (search: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return React.useCallback(
    (search: string) => {
      navigate(
        { pathname: location.pathname, search },
        { replace: true, preventScrollReset: true },
      );
    },
    [navigate, location.pathname],
  );
}
