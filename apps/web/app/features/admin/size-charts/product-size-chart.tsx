/**
 * The product form's size chart override and fit figures (record 0046): mounted only for an
 * existing product (the chart belongs to it), saved on its own button.
 */
import type { Product } from "@vastra/contracts/catalogue";
import { FIT_LABELS } from "@vastra/contracts/size-fit";
import { SizeChartEditor } from "./size-chart-editor";

export function ProductSizeChartSection({ product }: { product: Product }) {
  return (
    <section
      aria-labelledby={`size-chart-${product._id}`}
      className="grid min-w-0 gap-3 border-border border-t pt-5"
    >
      <h3
        id={`size-chart-${product._id}`}
        className="font-display font-semibold text-foreground text-lg"
      >
        Size chart and fit
      </h3>
      <FitFigures fit={product.fit} />
      <SizeChartEditor
        owner="product"
        ownerId={product._id}
        ownerName={product.title}
        sizes={product.sizes}
      />
    </section>
  );
}

/** Verified buyers' fit answers, counted: what the admin sees per product. */
export function FitFigures({ fit, compact = false }: { fit: Product["fit"]; compact?: boolean }) {
  if (!fit) {
    // The grid's cards stay quiet until there is something to show; the product form says so.
    return compact ? null : <p className="text-muted-foreground text-xs">No fit answers yet</p>;
  }
  const figures = [
    [FIT_LABELS.runs_small, fit.runsSmall],
    [FIT_LABELS.true_to_size, fit.trueToSize],
    [FIT_LABELS.runs_large, fit.runsLarge],
  ] as const;
  return (
    <p className={compact ? "text-xs" : "text-sm"} data-fit-figures="">
      <span className="font-medium">Fit answers:</span>{" "}
      {figures.map(([label, n], i) => (
        <span key={label}>
          {i > 0 ? " · " : ""}
          {label} <span className="font-semibold tabular-nums">{n}</span>
        </span>
      ))}
    </p>
  );
}
