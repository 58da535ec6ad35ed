/**
 * The admin dashboard's figures: the Overview (admin.md §2, decisions.md §8) and the sales report.
 * Days are Indian calendar days (Asia/Kolkata); money is rupees; revenue counts paid orders only.
 */
import { z } from "./zod.ts";

/** The store's calendar: every day boundary in the dashboard's figures is midnight in India. */
export const STORE_TIME_ZONE = "Asia/Kolkata";
/** The Overview's revenue chart covers this many days, today included. */
export const REVENUE_CHART_DAYS = 30;
/** The Overview's list of recent reviews (admin.md §9). */
export const RECENT_REVIEWS = 5;
/** The Overview's low-stock list shows at most this many products (the total is given too). */
export const LOW_STOCK_LIST_LIMIT = 12;
/** The sales report's top products and top categories lists. */
export const REPORT_TOP_LIMIT = 10;

export const SALES_GROUPINGS = ["day", "week", "month"] as const;
export type SalesGrouping = (typeof SALES_GROUPINGS)[number];

/** The longest range a report may cover, in days (both ends included), by grouping. */
export const REPORT_MAX_DAYS: Record<SalesGrouping, number> = {
  day: 366,
  week: 1827,
  month: 1827,
};

export const STATS_MESSAGES = {
  loadFailed: "Failed to fetch dashboard statistics",
  reportFailed: "Failed to generate the sales report",
  exportFailed: "Failed to download the sales report",
  refreshed: "Statistics refreshed",
  fromRequired: "Please choose a start date",
  toRequired: "Please choose an end date",
  badDate: "Please enter a date as YYYY-MM-DD",
  fromAfterTo: "The start date must be on or before the end date",
  groupBy: "Group by must be day, week or month",
  dayRangeTooLong:
    "A daily report covers at most 366 days: choose weekly or monthly for a longer range",
  rangeTooLong: "A report covers at most 5 years",
} as const;

// ---------------------------------------------------------------- overview

export const statTotalsSchema = z.object({
  totalProducts: z.number().int(),
  totalCategories: z.number().int(),
  totalReviews: z.number().int(),
  /** Mean rating of all reviews, one decimal; 0 when there are none. */
  averageRating: z.number(),
  /** Products marked as hero products. */
  heroProducts: z.number().int(),
});
export type StatTotals = z.infer<typeof statTotalsSchema>;

export const recentReviewSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  name: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
});
export type RecentReview = z.infer<typeof recentReviewSchema>;

export const revenueDaySchema = z.object({
  /** The Indian calendar day, YYYY-MM-DD. */
  date: z.string(),
  /** Rupees from the paid orders placed that day. */
  revenue: z.number(),
  /** Paid orders placed that day. */
  paidOrders: z.number().int(),
});
export type RevenueDay = z.infer<typeof revenueDaySchema>;

export const lowStockProductSchema = z.object({
  _id: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  stock: z.number().int(),
  lowStockThreshold: z.number().int(),
  stockStatus: z.enum(["In Stock", "Low Stock", "Out of Stock"]),
  /** Every size with its stock, in the product's order. */
  sizeStock: z.array(z.object({ size: z.string(), stock: z.number().int() })),
  /** The sizes at 0 (a product can be In Stock overall and sold out in M). */
  soldOutSizes: z.array(z.string()),
});
export type LowStockProduct = z.infer<typeof lowStockProductSchema>;

export const overviewStatsSchema = z
  .object({
    totals: statTotalsSchema,
    recentReviews: z.array(recentReviewSchema),
    revenue: z.object({
      /** REVENUE_CHART_DAYS days, oldest first, today last; days without a paid order are 0. */
      days: z.array(revenueDaySchema),
      total: z.number(),
      paidOrders: z.number().int(),
    }),
    lowStock: z.object({
      /** How many products need attention (the list may be shorter). */
      total: z.number().int(),
      products: z.array(lowStockProductSchema),
    }),
    generatedAt: z.string(),
  })
  .meta({ id: "OverviewStats" });
export type OverviewStats = z.infer<typeof overviewStatsSchema>;

// ---------------------------------------------------------------- sales report

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Days from `from` to `to`, both included (1 for a single day). */
export function daysInRange(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

/**
 * What is wrong with a report range, as field → message (empty when it is fine). The server and
 * the report form both use it, so they say the same thing.
 */
export function salesRangeProblems(range: {
  from?: string | undefined;
  to?: string | undefined;
  groupBy?: string | undefined;
}): Partial<Record<"from" | "to" | "groupBy", string>> {
  const problems: Partial<Record<"from" | "to" | "groupBy", string>> = {};
  const { from, to, groupBy } = range;
  if (!from) problems.from = STATS_MESSAGES.fromRequired;
  else if (!isCalendarDate(from)) problems.from = STATS_MESSAGES.badDate;
  if (!to) problems.to = STATS_MESSAGES.toRequired;
  else if (!isCalendarDate(to)) problems.to = STATS_MESSAGES.badDate;
  const grouping = (SALES_GROUPINGS as readonly string[]).includes(groupBy ?? "")
    ? (groupBy as SalesGrouping)
    : undefined;
  if (groupBy !== undefined && !grouping) problems.groupBy = STATS_MESSAGES.groupBy;
  if (problems.from || problems.to || !from || !to) return problems;
  const days = daysInRange(from, to);
  if (days < 1) problems.to = STATS_MESSAGES.fromAfterTo;
  else if (days > REPORT_MAX_DAYS[grouping ?? "day"]) {
    problems.to =
      (grouping ?? "day") === "day" ? STATS_MESSAGES.dayRangeTooLong : STATS_MESSAGES.rangeTooLong;
  }
  return problems;
}

export const salesReportQuerySchema = z.object({
  /** First day, YYYY-MM-DD (Indian calendar). */
  from: z.string({ error: STATS_MESSAGES.fromRequired }),
  /** Last day, YYYY-MM-DD, included. */
  to: z.string({ error: STATS_MESSAGES.toRequired }),
  groupBy: z.string().default("day"),
});
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

export const salesPeriodSchema = z.object({
  /** The period's first day (a Monday for weeks, the 1st for months), clipped to the range. */
  start: z.string(),
  /** The period's last day, clipped to the range. */
  end: z.string(),
  /** Orders placed in the period, cancelled ones left out. */
  orders: z.number().int(),
  /** Of all orders placed in the period, those marked paid. */
  paidOrders: z.number().int(),
  /** Rupees from the paid orders. */
  revenue: z.number(),
  /** Pieces in the period's orders, cancelled ones left out. */
  units: z.number().int(),
});
export type SalesPeriod = z.infer<typeof salesPeriodSchema>;

export const topProductSchema = z.object({
  /** Null when the product has since been deleted. */
  productId: z.string().nullable(),
  title: z.string(),
  units: z.number().int(),
  revenue: z.number(),
});
export type TopProduct = z.infer<typeof topProductSchema>;

export const topCategorySchema = z.object({
  categoryId: z.string(),
  name: z.string(),
  units: z.number().int(),
  revenue: z.number(),
});
export type TopCategory = z.infer<typeof topCategorySchema>;

export const salesReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    groupBy: z.enum(SALES_GROUPINGS),
    periods: z.array(salesPeriodSchema),
    totals: z.object({
      orders: z.number().int(),
      paidOrders: z.number().int(),
      revenue: z.number(),
      units: z.number().int(),
    }),
    /** By units sold, then revenue (at most REPORT_TOP_LIMIT). */
    topProducts: z.array(topProductSchema),
    /** By units sold, then revenue; a product in two categories counts in both. */
    topCategories: z.array(topCategorySchema),
  })
  .meta({ id: "SalesReport" });
export type SalesReport = z.infer<typeof salesReportSchema>;

/** The CSV's file name: sales-report-2026-11-01-to-2026-11-30-by-day.csv */
export function salesReportFileName(from: string, to: string, groupBy: SalesGrouping): string {
  return `sales-report-${from}-to-${to}-by-${groupBy}.csv`;
}
