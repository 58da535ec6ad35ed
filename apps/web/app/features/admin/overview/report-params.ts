/** The sales report's URL parameters, shared by the loader, the form and the CSV link. */

export type ReportParams = { from: string; to: string; groupBy: string };

/** from=…&to=…&groupBy=… for the API. */
export function reportQuery(params: ReportParams): string {
  return new URLSearchParams({
    from: params.from,
    to: params.to,
    groupBy: params.groupBy,
  }).toString();
}

/** The CSV download's address (same origin: the admin's cookie goes with it). */
export function reportCsvUrl(params: ReportParams): string {
  return `/api/admin/stats/sales-report.csv?${reportQuery(params)}`;
}

/** A YYYY-MM-DD calendar date moved by `days`. */
export function shiftDate(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}
