/**
 * Money as shoppers and admins read it, the same on server and browser (decisions.md §0, issue
 * #14): rupees with Indian digit grouping (₹1,23,456), the `en-IN` locale passed explicitly so
 * neither the server's nor the browser's default locale changes a figure. Zod-free: pages import it
 * without the schemas.
 */

const formatters = {
  /** ₹1,29,999.00: cart, checkout, orders, bills and e-mails always show paise. */
  paise: new Intl.NumberFormat("en-IN", {
    style: "currency",
    currency: "INR",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }),
  /** ₹999: whole rupees (policy figures, settings). */
  whole: new Intl.NumberFormat("en-IN", {
    style: "currency",
    currency: "INR",
    maximumFractionDigits: 0,
  }),
  /** ₹12K, ₹1.2L: chart axes. */
  compact: new Intl.NumberFormat("en-IN", {
    style: "currency",
    currency: "INR",
    notation: "compact",
    maximumFractionDigits: 1,
  }),
} as const;

/** ₹1,29,999.00 — always two decimals. */
export function formatRupees(amount: number): string {
  return formatters.paise.format(amount);
}

/** ₹999, ₹1,29,999 — rounded to whole rupees. */
export function formatWholeRupees(amount: number): string {
  return formatters.whole.format(amount);
}

/** ₹1,299 or ₹1,299.50 — paise only when there are any (product prices on cards and pages). */
export function formatPrice(amount: number): string {
  return Number.isInteger(amount)
    ? formatters.whole.format(amount)
    : formatters.paise.format(amount);
}

/** ₹950, ₹12K, ₹1.2L. */
export function formatCompactRupees(amount: number): string {
  return formatters.compact.format(amount);
}

/** 1,23,456 — a count with Indian grouping. */
export function formatCount(count: number): string {
  return count.toLocaleString("en-IN");
}

/**
 * Rupees as the API carries them (1299.5) to whole paise (129950), the unit every total is kept
 * and summed in: rounded, so 0.1 + 0.2 rupees is 30 paise, not 30.000000000000004.
 */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/**
 * Whether rupees as a form or client sends them are whole paise (1299.5, 0.3 as 0.1 + 0.2), not a
 * fraction of a paisa (10.005) that the database would round away. A tiny positive (4e-323) counts
 * as 0 paise: an amount that must be positive also needs to be at least 0.01.
 */
export function isWholePaise(rupees: number): boolean {
  return Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;
}

/** Whole paise to rupees as the API carries them (129950 → 1299.5). */
export function toRupees(paise: number): number {
  return Math.round(paise) / 100;
}
