/**
 * The Returns tab's data (record 0048): the requests for the URL's status filter, newest first,
 * and the store's couriers (the re-ship form offers them), asked of the API in-process.
 */
import type { Courier } from "@vastra/contracts/fulfilment";
import type { ReturnRequest } from "@vastra/contracts/returns";
import {
  RETURN_MESSAGES,
  RETURN_STATUSES,
  type ReturnStatus,
} from "@vastra/contracts/returns-messages";
import type { RouterContextProvider } from "react-router";
import { ApiError, apiJson } from "~/lib/api";
import { serverApi } from "~/lib/api.server";

export type ReturnsData = {
  status: ReturnStatus | "";
  requests: ReturnRequest[];
  couriers: Courier[];
  error: string | null;
};

export function readReturnStatus(url: URL): ReturnStatus | "" {
  const status = url.searchParams.get("status") ?? "";
  return (RETURN_STATUSES as readonly string[]).includes(status) ? (status as ReturnStatus) : "";
}

export async function loadReturns(
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<ReturnsData> {
  const api = serverApi(context);
  const status = readReturnStatus(url);
  try {
    const [requests, couriers] = await Promise.all([
      apiJson<ReturnRequest[]>(api, `/api/admin/returns${status ? `?status=${status}` : ""}`, {
        fallback: RETURN_MESSAGES.loadFailed,
      }),
      apiJson<Courier[]>(api, "/api/admin/couriers", { fallback: RETURN_MESSAGES.loadFailed }),
    ]);
    return { status, requests, couriers, error: null };
  } catch (error) {
    return {
      status,
      requests: [],
      couriers: [],
      error: error instanceof ApiError ? error.message : RETURN_MESSAGES.loadFailed,
    };
  }
}
