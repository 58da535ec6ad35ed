/**
 * The Overview's data, asked of the API in-process with the admin's cookie: the figures, and the
 * sales report when the URL asks for one (?report=1&from=…&to=…&groupBy=…).
 */
import type { OrderStats } from "@vastra/contracts/admin-orders";
import {
  type OverviewStats,
  type SalesReport,
  STATS_MESSAGES,
  STORE_TIME_ZONE,
} from "@vastra/contracts/stats";
import type { RouterContextProvider } from "react-router";
import { ApiError, apiJson } from "~/lib/api";
import { serverApi } from "~/lib/api.server";
import { type ReportParams, reportQuery, shiftDate } from "./report-params";

type Context = Readonly<RouterContextProvider>;

export type ReportState =
  | { status: "closed" }
  | { status: "ready"; params: ReportParams; report: SalesReport }
  | { status: "invalid"; params: ReportParams; message: string; errors: Record<string, string> };

export type OverviewData = {
  stats: OverviewStats | null;
  /** Set when the figures could not be loaded. */
  error: string | null;
  report: ReportState;
  /** Today in India (the report form's default end and its max). */
  today: string;
  /** The orders per status and the day's work (record 0039); null when they could not be read. */
  orderStats: OrderStats | null;
};

function todayInIndia(): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: STORE_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
}

export async function loadOverview(context: Context, url: URL): Promise<OverviewData> {
  const api = serverApi(context);
  const today = todayInIndia();
  const search = url.searchParams;

  const statsPromise = apiJson<OverviewStats>(api, "/api/admin/stats/overview", {
    fallback: STATS_MESSAGES.loadFailed,
  }).then(
    (stats) => ({ stats, error: null }),
    (error: unknown) => {
      console.error("GET /api/admin/stats/overview failed", error);
      return {
        stats: null,
        error: error instanceof ApiError ? error.message : STATS_MESSAGES.loadFailed,
      };
    },
  );

  const orderStatsPromise = apiJson<OrderStats>(api, "/api/orders/admin/stats").catch(
    (error: unknown) => {
      console.error("GET /api/orders/admin/stats failed", error);
      return null;
    },
  );

  let report: ReportState = { status: "closed" };
  if (search.has("report")) {
    // Opened from the button: the last 30 days by day.
    const params: ReportParams = {
      from: search.get("from") ?? shiftDate(today, -29),
      to: search.get("to") ?? today,
      groupBy: search.get("groupBy") ?? "day",
    };
    try {
      const data = await apiJson<SalesReport>(
        api,
        `/api/admin/stats/sales-report?${reportQuery(params)}`,
        { fallback: STATS_MESSAGES.reportFailed },
      );
      report = { status: "ready", params, report: data };
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        report = { status: "invalid", params, message: error.message, errors: error.errors };
      } else {
        throw error;
      }
    }
  }

  const { stats, error } = await statsPromise;
  return { stats, error, report, today, orderStats: await orderStatsPromise };
}
