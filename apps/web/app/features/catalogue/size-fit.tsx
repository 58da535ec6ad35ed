/**
 * Size and fit on the product page (issue #15, record 0046): the "Size chart" button beside the
 * size chooser (its dialog's code loads on the first click), the fit line from verified buyers'
 * answers, and the fit question handed to the (lazy) review form.
 * Kept small: it ships with the product page.
 */
import type { FitQuestion, ProductSizeChart } from "@vastra/contracts/size-charts";
import type { FitSummary } from "@vastra/contracts/size-fit";
import * as React from "react";
import { cn } from "~/components/ui/cn";

const SizeChartDialog = React.lazy(() =>
  import("./size-chart-dialog").then((module) => ({ default: module.SizeChartDialog })),
);

export function SizeChartButton({
  sizeChart,
  title,
  size,
  className,
}: {
  sizeChart: ProductSizeChart;
  title: string;
  /** The size chosen, highlighted in the chart. */
  size: string | null;
  className?: string;
}) {
  const [open, setOpen] = React.useState(false);
  const [wanted, setWanted] = React.useState(false);
  const button = React.useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className={cn(
          "inline-flex min-h-6 items-center rounded-sm text-sm font-medium text-primary underline underline-offset-4 hover:text-maroon-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          className,
        )}
      >
        Size chart
      </button>
      {wanted ? (
        <React.Suspense fallback={null}>
          <SizeChartDialog
            open={open}
            onOpenChange={setOpen}
            sizeChart={sizeChart}
            title={title}
            size={size}
            returnFocus={button}
          />
        </React.Suspense>
      ) : null}
    </>
  );
}

/**
 * 'Fit: 72 % true to size (58)' and the advice, once there are enough answers: the summary is
 * worked out by the route's loader (fitSummary), so its code stays out of the page's script.
 */
export function FitLine({ summary }: { summary: FitSummary | null | undefined }) {
  if (!summary) return null;
  return (
    <p data-fit-summary="" className="flex flex-wrap items-center gap-x-2 text-sm text-foreground">
      <span>{summary.text}</span>
      {summary.advice ? (
        <span className="font-semibold text-primary">· {summary.advice}</span>
      ) : null}
    </p>
  );
}

const FitQuestionContext = React.createContext<FitQuestion | null>(null);
export const FitQuestionProvider = FitQuestionContext.Provider;
/** Whether the signed-in shopper may say how it fitted (a verified buyer), for the review form. */
export const useFitQuestion = () => React.useContext(FitQuestionContext);
