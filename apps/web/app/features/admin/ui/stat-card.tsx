import * as React from "react";
import { cn } from "~/components/ui/cn";

/*
 * The dashboard's figure cards (Overview, Orders, Newsletter…):
 *
 *   <StatGrid>
 *     <StatCard label="Total products" value={24} icon={Package} />
 *     <StatCard label="Revenue" value={formatPrice(1299)} hint="Paid orders only" tone="success" />
 *   </StatGrid>
 *
 * Each card is a group named by its label, so a test or a screen reader finds it with
 * getByRole("group", { name: "Total products" }). `loading` dims the figure (e.g. while refreshing).
 */

export type StatTone = "default" | "success" | "warning" | "danger";

export type StatCardProps = {
  label: string;
  value: React.ReactNode;
  /** A lucide icon component. */
  icon?: React.ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  /** A small line under the figure ("Paid orders only", "out of 5"). */
  hint?: React.ReactNode;
  tone?: StatTone;
  loading?: boolean;
  className?: string;
};

const TONES: Record<StatTone, string> = {
  default: "bg-maroon-50 text-primary",
  success: "bg-success-soft text-success",
  warning: "bg-gold-100 text-gold-800",
  danger: "bg-destructive-soft text-destructive",
};

export function StatCard({
  label,
  value,
  icon: Icon,
  hint,
  tone = "default",
  loading = false,
  className,
}: StatCardProps) {
  const id = React.useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a figure card, not a group of form fields (fieldset)
    <div
      role="group"
      aria-labelledby={id}
      aria-busy={loading || undefined}
      className={cn(
        "flex items-start gap-3 rounded-lg border border-border bg-card p-4 text-card-foreground shadow-sm sm:p-5",
        className,
      )}
    >
      {Icon ? (
        <span
          className={cn(
            "hidden size-10 shrink-0 place-items-center rounded-full sm:grid",
            TONES[tone],
          )}
        >
          <Icon aria-hidden="true" className="size-5" />
        </span>
      ) : null}
      <div className="min-w-0">
        <p id={id} className="text-muted-foreground text-sm">
          {label}
        </p>
        <p
          className={cn(
            "mt-0.5 font-semibold text-2xl text-foreground tabular-nums leading-tight transition-opacity",
            loading && "opacity-50",
          )}
        >
          {value}
        </p>
        {hint ? <p className="mt-0.5 text-muted-foreground text-xs">{hint}</p> : null}
      </div>
    </div>
  );
}

/** A responsive grid of StatCards: 2 across on phones, up to `columns` on wide screens. */
export function StatGrid({
  className,
  columns = 5,
  ...props
}: React.ComponentProps<"div"> & { columns?: 3 | 4 | 5 | 6 }) {
  const wide = {
    3: "lg:grid-cols-3",
    4: "lg:grid-cols-4",
    5: "lg:grid-cols-5",
    6: "lg:grid-cols-6",
  };
  return (
    <div
      className={cn("grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4", wide[columns], className)}
      {...props}
    />
  );
}
