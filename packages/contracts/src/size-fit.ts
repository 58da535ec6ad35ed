/**
 * Size charts and fit (issue #15, record 0046), without zod, for the product page: the chart's
 * shape, cm → inches, the fit answers and the fit line (kept small: it ships with that page; the
 * admin's limits and messages are in size-chart-messages.ts). size-charts.ts re-exports both.
 */

/** A size chart: measurement columns (cm) and one row per size, values in column order. */
export type SizeChart = {
  columns: string[];
  rows: Array<{ size: string; values: number[] }>;
};

/** Inches from cm, one decimal (1 in = 2.54 cm exactly). */
export function cmToInches(cm: number): number {
  return Math.round((cm / 2.54) * 10) / 10;
}

/** A chart value as shown: cm as stored (at most one decimal), inches converted. */
export function formatMeasurement(cm: number, unit: "cm" | "in"): string {
  const value = unit === "cm" ? cm : cmToInches(cm);
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

export const FIT_ANSWERS = ["runs_small", "true_to_size", "runs_large"] as const;
export type FitAnswer = (typeof FIT_ANSWERS)[number];
export const FIT_LABELS: Record<FitAnswer, string> = {
  runs_small: "Runs small",
  true_to_size: "True to size",
  runs_large: "Runs large",
};

/** A product's fit answers, counted (visible reviews only). */
export type FitCounts = { runsSmall: number; trueToSize: number; runsLarge: number };

/** The aggregate is shown from this many answers on. */
export const FIT_MIN_ANSWERS = 5;
/** Runs small leading runs large (or the reverse) by this many percentage points gives advice. */
export const FIT_ADVICE_POINTS = 20;

export type FitSummary = {
  total: number;
  /** Whole percentages of the answers (rounded half up). */
  trueToSizePercent: number;
  /** 'Fit: 72 % true to size (58)'. */
  text: string;
  advice: "Consider one size up" | "Consider one size down" | null;
};

/** The product page's fit line, or null below FIT_MIN_ANSWERS answers. */
export function fitSummary(counts: FitCounts | null | undefined): FitSummary | null {
  if (!counts) return null;
  const total = counts.runsSmall + counts.trueToSize + counts.runsLarge;
  if (total < FIT_MIN_ANSWERS) return null;
  // The lead is compared on exact shares, not rounded ones, so 20 points means 20 points.
  const lead = ((counts.runsSmall - counts.runsLarge) / total) * 100;
  const trueToSizePercent = Math.round((counts.trueToSize / total) * 100);
  return {
    total,
    trueToSizePercent,
    text: `Fit: ${trueToSizePercent} % true to size (${total})`,
    advice:
      lead >= FIT_ADVICE_POINTS
        ? "Consider one size up"
        : -lead >= FIT_ADVICE_POINTS
          ? "Consider one size down"
          : null,
  };
}
