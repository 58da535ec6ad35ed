/**
 * The Activity tab's data (record 0050): one page of entries for the URL's filters, asked of the
 * API in-process with the admin's cookie. A filter the API refuses shows its message.
 */
import {
  ACTIVITY_MESSAGES,
  ACTIVITY_PAGE_DEFAULT,
  type ActivityPage,
} from "@vastra/contracts/activity";
import type { RouterContextProvider } from "react-router";
import { ApiError, apiJson } from "~/lib/api";
import { serverApi } from "~/lib/api.server";
import { ACTIVITY_FILTER_KEYS, type ActivityFilters, readActivityFilters } from "./filters";

export type ActivityData = {
  filters: ActivityFilters;
  /** The cursor this page started from ('' for the newest). */
  cursor: string;
  page: ActivityPage | null;
  error: string | null;
};

export async function loadActivity(
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<ActivityData> {
  const filters = readActivityFilters(url.searchParams);
  const cursor = (url.searchParams.get("cursor") ?? "").slice(0, 20);
  const query = new URLSearchParams({ limit: String(ACTIVITY_PAGE_DEFAULT) });
  for (const key of ACTIVITY_FILTER_KEYS) if (filters[key]) query.set(key, filters[key]);
  if (cursor) query.set("cursor", cursor);
  try {
    const page = await apiJson<ActivityPage>(serverApi(context), `/api/admin/activity?${query}`, {
      fallback: ACTIVITY_MESSAGES.loadFailed,
    });
    return { filters, cursor, page, error: null };
  } catch (failure) {
    return {
      filters,
      cursor,
      page: null,
      error: failure instanceof ApiError ? failure.message : ACTIVITY_MESSAGES.loadFailed,
    };
  }
}
