/**
 * A product's price with its MRP struck through and the discount (record 0041): "₹1,299 ₹1,999
 * 35% off". Screen readers hear "Price ₹1,299, MRP ₹1,999, 35% off" (a strike-through alone is
 * not announced).
 */
import { cn } from "~/components/ui/cn";
import { formatPrice } from "~/lib/format";

export type PriceTagProps = {
  price: number;
  mrp?: number | null;
  discountPercent?: number | null;
  /** "card": the list's size; "page": the product page's. */
  size?: "card" | "page";
  className?: string;
};

export function PriceTag({ price, mrp, discountPercent, size = "card", className }: PriceTagProps) {
  const page = size === "page";
  const discounted = mrp !== null && mrp !== undefined && mrp > price && discountPercent;
  return (
    <p
      className={cn("flex flex-wrap items-baseline gap-x-2 gap-y-0.5", className)}
      data-price-tag=""
    >
      <span
        className={cn("font-semibold text-foreground", page ? "text-3xl" : "text-base sm:text-lg")}
      >
        <span className="sr-only">Price </span>
        {formatPrice(price)}
      </span>
      {discounted ? (
        <>
          <span className={cn("text-muted-foreground", page ? "text-base" : "text-sm")}>
            <span className="sr-only">, </span>
            <span className={page ? undefined : "sr-only"}>MRP </span>
            <s data-mrp="">{formatPrice(mrp)}</s>
          </span>
          <span className={cn("font-semibold text-success", page ? "text-base" : "text-sm")}>
            <span className="sr-only">, </span>
            {discountPercent}% off
          </span>
        </>
      ) : null}
    </p>
  );
}
