/**
 * The size chart dialog (record 0046): measurements in cm or inches (cm / 2.54, one decimal),
 * the chosen size's row marked. Loaded on the first click of "Size chart" (size-fit.tsx).
 */
import type { ProductSizeChart } from "@vastra/contracts/size-charts";
import { formatMeasurement } from "@vastra/contracts/size-fit";
import * as React from "react";
import { cn } from "~/components/ui/cn";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";

type Unit = "cm" | "in";
const UNIT_NAMES: Record<Unit, string> = { cm: "Centimetres", in: "Inches" };

export function SizeChartDialog({
  open,
  onOpenChange,
  sizeChart,
  title,
  size,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sizeChart: ProductSizeChart;
  title: string;
  size: string | null;
  returnFocus: React.RefObject<HTMLButtonElement | null>;
}) {
  const [unit, setUnit] = React.useState<Unit>("cm");
  const chart = sizeChart.chart;
  const unitName = React.useId();
  if (!chart) return null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-2xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Size chart</DialogTitle>
          <DialogDescription>
            {title}: the measurements of each size
            {sizeChart.source === "category" && sizeChart.categoryName
              ? ` (our ${sizeChart.categoryName} chart)`
              : ""}
            .
          </DialogDescription>
        </DialogHeader>
        <fieldset className="flex flex-wrap items-center gap-3">
          <legend className="sr-only">Units</legend>
          <span aria-hidden="true" className="text-sm font-medium text-foreground">
            Units
          </span>
          <div className="inline-flex rounded-md border border-input p-0.5">
            {(["cm", "in"] as const).map((u) => (
              <label
                key={u}
                className={cn(
                  "inline-flex min-h-9 cursor-pointer items-center rounded px-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                  unit === u
                    ? "bg-primary text-primary-foreground"
                    : "text-foreground hover:bg-muted",
                )}
              >
                <input
                  type="radio"
                  name={unitName}
                  value={u}
                  checked={unit === u}
                  onChange={() => setUnit(u)}
                  className="sr-only"
                />
                {UNIT_NAMES[u]} ({u})
              </label>
            ))}
          </div>
        </fieldset>
        <section
          className="-mx-1 overflow-x-auto px-1"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard
          tabIndex={0}
          aria-label={`Size chart in ${UNIT_NAMES[unit].toLowerCase()}`}
        >
          <table className="w-full min-w-max border-collapse text-sm">
            <caption className="sr-only">
              Measurements in {UNIT_NAMES[unit].toLowerCase()} for each size
            </caption>
            <thead>
              <tr className="border-b border-border text-left">
                <th scope="col" className="py-2 pr-4 font-semibold text-foreground">
                  Size
                </th>
                {chart.columns.map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className="px-3 py-2 text-right font-semibold text-foreground"
                  >
                    {column} ({unit})
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {chart.rows.map((row) => {
                const chosen = size !== null && row.size.toLowerCase() === size.toLowerCase();
                return (
                  <tr
                    key={row.size}
                    aria-current={chosen ? "true" : undefined}
                    className={cn(
                      "border-b border-border last:border-b-0",
                      chosen && "bg-maroon-50 font-semibold",
                    )}
                  >
                    <th scope="row" className="py-2 pr-4 text-left font-medium text-foreground">
                      {row.size}
                      {chosen ? <span className="sr-only"> (your size)</span> : null}
                    </th>
                    {row.values.map((cm, i) => (
                      <td
                        // biome-ignore lint/suspicious/noArrayIndexKey: values are in column order
                        key={i}
                        className="px-3 py-2 text-right tabular-nums text-foreground/90"
                      >
                        {formatMeasurement(cm, unit)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
        <p className="text-sm text-muted-foreground">
          Measure over light clothing, the tape snug but not tight. Between two sizes, choose the
          larger.
        </p>
      </DialogContent>
    </Dialog>
  );
}
