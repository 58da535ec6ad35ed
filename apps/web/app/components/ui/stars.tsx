import * as React from "react";
import { cn } from "~/components/ui/cn";
import { formatRating, plural } from "~/lib/format";

/** A five-pointed star in a 24 × 24 box. */
const STAR: ReadonlyArray<readonly [number, number]> = [
  [12, 2.5],
  [14.85, 8.6],
  [21.5, 9.35],
  [16.55, 13.9],
  [17.9, 20.5],
  [12, 17.2],
  [6.1, 20.5],
  [7.45, 13.9],
  [2.5, 9.35],
  [9.15, 8.6],
];
const STAR_GAP = 26;

/** Five stars side by side as one path (computed once for every rating on the page). */
const FIVE_STARS = [0, 1, 2, 3, 4]
  .map((i) => {
    const points = STAR.map(([x, y]) => `${+(x + i * STAR_GAP).toFixed(2)},${y}`);
    return `M${points.join("L")}Z`;
  })
  .join("");

/**
 * Five stars filled to `value` (halves rounded to the nearest half), drawn as one small SVG: the
 * outline of all five stars as one path, the same path filled and clipped to the rating's width.
 * A page of 24 rated cards carries 5 elements per rating instead of 240 icons. Decorative: label
 * it nearby.
 */
export function Stars({ value, className }: { value: number; className?: string }) {
  // useId is unique per render tree; only letters, digits, _ and - are kept for url(#…).
  const clip = `stars${React.useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const rounded = Math.max(0, Math.min(5, Math.round(value * 2) / 2));
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 128 24"
      className={cn("inline-block h-[1em] w-[5.33em] shrink-0 text-gold-600", className)}
    >
      <clipPath id={clip}>
        <rect width={rounded * STAR_GAP} height="24" />
      </clipPath>
      <path
        d={FIVE_STARS}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <path
        d={FIVE_STARS}
        clipPath={`url(#${clip})`}
        className="fill-gold-500"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The real rating of a product (decisions.md §3): stars, the average to one decimal and the number
 * of reviews, or 'No reviews yet'.
 */
export function RatingSummary({
  average,
  count,
  className,
}: {
  average: number;
  count: number;
  className?: string;
}) {
  if (count <= 0) {
    return <p className={cn("text-sm text-muted-foreground", className)}>No reviews yet</p>;
  }
  const shown = formatRating(average);
  return (
    <p className={cn("flex items-center gap-1.5 text-sm text-muted-foreground", className)}>
      <Stars value={average} className="text-sm" />
      <span aria-hidden="true">
        <span className="font-medium text-foreground">{shown}</span> ({count})
      </span>
      <span className="sr-only">
        Rated {shown} out of 5 from {plural(count, "review")}
      </span>
    </p>
  );
}
