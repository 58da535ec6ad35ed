/** Display helpers of the Overview and the sales report (same output on server and browser). */
import { formatPrice } from "~/lib/format";

/** ₹950, ₹12K, ₹1.2L: chart axes. */
export { formatCompactRupees } from "@vastra/contracts/money";
export { formatPrice };

// Calendar dates (YYYY-MM-DD) are read at UTC midnight and written in UTC: no time-zone shift.
const shortDate = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const longDate = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const monthYear = new Intl.DateTimeFormat("en-IN", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

const at = (date: string) => new Date(`${date}T00:00:00Z`);

/** "21 Nov" */
export function formatDay(date: string): string {
  return shortDate.format(at(date));
}

/** "21 Nov 2026" */
export function formatLongDay(date: string): string {
  return longDate.format(at(date));
}

/** How a report period reads: "21 Nov", "16–22 Nov" (a week), "November 2026" (a whole month). */
export function formatPeriod(start: string, end: string, groupBy: string): string {
  if (groupBy === "month") {
    const first = at(start);
    const last = at(end);
    const wholeMonth =
      first.getUTCDate() === 1 &&
      new Date(
        Date.UTC(last.getUTCFullYear(), last.getUTCMonth(), last.getUTCDate() + 1),
      ).getUTCDate() === 1;
    if (wholeMonth) return monthYear.format(first);
  }
  if (start === end) return formatDay(start);
  return `${formatDay(start)} – ${formatDay(end)}`;
}

const dateTime = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

/** "21 Nov, 3:30 pm" in Indian time. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateTime.format(date);
}
