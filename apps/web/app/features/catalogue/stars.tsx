import { Star } from "lucide-react";
import { cn } from "~/lib/utils";
import { formatRating, plural } from "./format";

/** Five stars filled to `value` (halves rounded to the nearest half). Decorative: label it nearby. */
export function Stars({ value, className }: { value: number; className?: string }) {
  const rounded = Math.round(value * 2) / 2;
  return (
    <span aria-hidden="true" className={cn("inline-flex items-center gap-0.5", className)}>
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = rounded >= n ? 1 : rounded >= n - 0.5 ? 0.5 : 0;
        return (
          <span key={n} className="relative inline-block size-[1em]">
            <Star className="absolute inset-0 size-full text-gold-600" strokeWidth={1.5} />
            {fill > 0 ? (
              <span
                className="absolute inset-0 overflow-hidden"
                style={{ width: fill === 1 ? "100%" : "50%" }}
              >
                <Star className="size-[1em] fill-gold-500 text-gold-600" strokeWidth={1.5} />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
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
