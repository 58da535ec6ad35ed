/**
 * The sales report as CSV (csv-stringify does the quoting). Opened in Excel or Google Sheets, so:
 * a UTF-8 byte-order mark (Excel otherwise misreads non-ASCII titles), CRLF line ends, money as plain
 * numbers with 2 decimals, and every text cell that a spreadsheet would run as a formula (starting
 * with = + - @, a tab or a carriage return) prefixed with a single quote (CSV injection, OWASP).
 *
 * Layout: the periods table (its header is the file's first row) with a Total row; a blank row; the
 * top products table; a blank row; the top categories table.
 */
import type { SalesReport } from "@vastra/contracts";
import { stringify } from "csv-stringify/sync";

export const SALES_CSV_HEADER = [
  "Period start",
  "Period end",
  "Orders",
  "Paid orders",
  "Revenue (INR)",
  "Units",
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell made safe to open in a spreadsheet. */
export function csvSafe(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

const money = (rupees: number) => rupees.toFixed(2);

export function salesReportCsv(report: SalesReport): string {
  const rows: Array<Array<string | number>> = [
    [...SALES_CSV_HEADER],
    ...report.periods.map((p) => [
      p.start,
      p.end,
      p.orders,
      p.paidOrders,
      money(p.revenue),
      p.units,
    ]),
    [
      "Total",
      "",
      report.totals.orders,
      report.totals.paidOrders,
      money(report.totals.revenue),
      report.totals.units,
    ],
    [],
    ["Top products", "Units", "Revenue (INR)"],
    ...report.topProducts.map((p) => [csvSafe(p.title), p.units, money(p.revenue)]),
    [],
    ["Top categories", "Units", "Revenue (INR)"],
    ...report.topCategories.map((c) => [csvSafe(c.name), c.units, money(c.revenue)]),
  ];
  return stringify(rows, { bom: true, record_delimiter: "windows" });
}
