import type { Product } from "@vastra/contracts/catalogue";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";

/** 'Low Stock' / 'Out of Stock' (nothing when in stock). */
export function StockBadge({
  status,
  className,
}: {
  status: Product["stockStatus"];
  className?: string;
}) {
  if (status === "In Stock") return null;
  return (
    <Badge
      variant={status === "Out of Stock" ? "destructive" : "gold"}
      className={cn("shadow-sm", className)}
    >
      {status}
    </Badge>
  );
}
