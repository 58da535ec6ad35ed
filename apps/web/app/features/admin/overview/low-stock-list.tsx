import type { OverviewStats } from "@vastra/contracts/stats";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { ResponsiveImage } from "~/components/ui/responsive-image";

/** Where the Products tab lists products that need restocking (its stock filter, admin.md §2). */
/** The same products in the Products tab (its "Needs restocking" filter). */
export const LOW_STOCK_PRODUCTS_URL = "/admin/products?stock=needs-restock";

/**
 * Products to restock: out of stock, low stock (total at or under the threshold), or with a
 * sold-out size. Each shows every size's stock and links to the Products tab.
 */
export function LowStockList({ lowStock }: { lowStock: OverviewStats["lowStock"] }) {
  const { total, products } = lowStock;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-x-6 gap-y-2">
        <div className="grid gap-1">
          <CardTitle as="h3">Low stock</CardTitle>
          <CardDescription>
            {total === 0
              ? "Every product is well stocked."
              : `${total} ${total === 1 ? "product needs" : "products need"} restocking: out of stock, at or under their low-stock threshold, or sold out in a size.`}
          </CardDescription>
        </div>
        <Link
          to={LOW_STOCK_PRODUCTS_URL}
          className="inline-flex shrink-0 items-center gap-1 rounded-sm font-medium text-primary text-sm underline-offset-4 hover:underline"
        >
          Manage stock in Products
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </CardHeader>
      {products.length > 0 ? (
        <CardContent>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {products.map((product) => (
              <li key={product._id}>
                <Link
                  to={`/admin/products?search=${encodeURIComponent(product.title)}`}
                  className="group flex h-full gap-3 rounded-md border border-border p-3 transition-colors hover:border-gold-400 hover:bg-ivory-50 focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <ResponsiveImage
                    src={product.imageUrl}
                    alt=""
                    sizes="56px"
                    widths={[320]}
                    width={56}
                    className="h-[70px] w-14 shrink-0 rounded-sm bg-muted object-cover"
                  />
                  <div className="grid min-w-0 content-start gap-1.5">
                    <p className="truncate font-medium text-foreground text-sm group-hover:text-primary">
                      {product.title}
                    </p>
                    <div className="flex flex-wrap items-center gap-2 text-xs">
                      <Badge
                        variant={
                          product.stockStatus === "Out of Stock"
                            ? "destructive"
                            : product.stockStatus === "Low Stock"
                              ? "gold"
                              : "outline"
                        }
                      >
                        {product.stockStatus === "In Stock" ? "Size sold out" : product.stockStatus}
                      </Badge>
                      <span className="text-muted-foreground">
                        {product.stock} left · alert at {product.lowStockThreshold}
                      </span>
                    </div>
                    <ul
                      className="flex flex-wrap gap-1"
                      aria-label={`Stock by size of ${product.title}`}
                    >
                      {product.sizeStock.map((s) => (
                        <li
                          key={s.size}
                          className={cn(
                            "rounded-sm border px-1.5 py-0.5 text-xs tabular-nums",
                            s.stock === 0
                              ? "border-destructive/30 bg-destructive-soft text-destructive"
                              : "border-border bg-muted text-foreground",
                          )}
                        >
                          {s.size}: {s.stock === 0 ? "sold out" : s.stock}
                        </li>
                      ))}
                    </ul>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
          {total > products.length ? (
            <p className="mt-3 text-muted-foreground text-sm">
              Showing the {products.length} most urgent of {total}.{" "}
              <Link
                to={LOW_STOCK_PRODUCTS_URL}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                See them all
              </Link>
            </p>
          ) : null}
        </CardContent>
      ) : null}
    </Card>
  );
}
