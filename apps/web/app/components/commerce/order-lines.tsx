import { cn } from "~/components/ui/cn";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { cartTotal, formatRupees } from "~/lib/cart-money";

export type ShownItem = {
  productId: string | null;
  title: string;
  imageUrl: string;
  price: number;
  size: string;
  quantity: number;
  color?: string | undefined;
};

/** A compact list of items (checkout summary, review dialog, confirmation, order cards). */
export function OrderLines({
  items,
  className,
  label,
}: {
  items: readonly ShownItem[];
  className?: string;
  /** The list's accessible name. */
  label?: string;
}) {
  return (
    <ul className={cn("grid gap-3", className)} aria-label={label}>
      {items.map((item, index) => (
        <li
          // Lines are unique by product, size and colour; the index only guards deleted products.
          key={`${item.productId ?? index}-${item.size}-${item.color ?? ""}`}
          className="flex items-center gap-3"
        >
          <div className="w-14 shrink-0 overflow-hidden rounded-md bg-muted">
            <ResponsiveImage
              src={item.imageUrl}
              alt=""
              sizes="56px"
              widths={[320]}
              width={320}
              className="aspect-[4/5] w-full object-cover"
            />
          </div>
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-medium leading-snug text-foreground">{item.title}</p>
            <p className="text-muted-foreground">
              Size {item.size}
              {item.color ? ` · ${item.color}` : ""} · Qty {item.quantity} ×{" "}
              {formatRupees(item.price)}
            </p>
          </div>
          <p className="shrink-0 text-sm font-semibold tabular-nums">
            {formatRupees(cartTotal([item]))}
          </p>
        </li>
      ))}
    </ul>
  );
}
