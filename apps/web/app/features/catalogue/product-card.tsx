import { ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { WishlistHeart } from "~/components/commerce/wishlist-heart";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { RatingSummary } from "~/components/ui/stars";
import { type ProductSummary, productPath, quickAddSize, sizeStockOf } from "~/lib/product";
import { PriceTag } from "./price-tag";
import { StockBadge } from "./stock-badge";
import { useAddToCart } from "./use-add-to-cart";

const MAX_SIZES_SHOWN = 4;

/** Up to 4 sizes, then '+N more'; sold-out sizes are struck through. */
function CardSizes({ product }: { product: ProductSummary }) {
  const sizes = sizeStockOf(product);
  if (sizes.length === 0) return null;
  const shown = sizes.slice(0, MAX_SIZES_SHOWN);
  const more = sizes.length - shown.length;
  return (
    <p className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
      <span className="sr-only">Sizes:</span>
      {shown.map(({ size, stock }) => (
        <span
          key={size}
          className={cn(
            "rounded-sm border border-border bg-card px-1.5 py-0.5 font-medium text-foreground/80",
            stock <= 0 && "text-muted-foreground line-through",
          )}
        >
          {size}
          {stock <= 0 ? <span className="sr-only"> (sold out)</span> : null}
        </span>
      ))}
      {more > 0 ? <span className="px-0.5">+{more} more</span> : null}
    </p>
  );
}

function QuickAdd({ product, className }: { product: ProductSummary; className?: string }) {
  const { add, pending } = useAddToCart();
  const size = quickAddSize(product);
  if (!size) {
    return (
      <Button variant="secondary" size="sm" disabled className={className}>
        Out of stock
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      loading={pending}
      className={cn("relative z-10", className)}
      // WCAG 2.5.3: the visible "Add to cart" starts the name.
      aria-label={`Add to cart: ${product.title}, size ${size}`}
      onClick={() => {
        void add({
          productId: product._id,
          size,
          quantity: 1,
          color: product.defaultColor ?? undefined,
        });
      }}
    >
      <ShoppingBag aria-hidden="true" />
      Add to cart
    </Button>
  );
}

export type ProductCardProps = {
  product: ProductSummary;
  view?: "grid" | "list";
  /** The first cards of the page load eagerly (they are above the fold). */
  priority?: boolean;
};

/**
 * A product in the list: image, title, price in rupees, up to 4 sizes, the real rating, a stock
 * badge and a quick-add button. The whole card opens the product (one link, on the title).
 */
export function ProductCard({ product, view = "grid", priority = false }: ProductCardProps) {
  const href = productPath(product._id);
  const list = view === "list";
  return (
    <article
      className={cn(
        "group relative flex rounded-lg border border-border bg-card shadow-sm transition-shadow hover:shadow-md focus-within:shadow-md",
        list ? "flex-row gap-4 p-3 sm:gap-6 sm:p-4" : "flex-col overflow-hidden",
      )}
    >
      <div
        className={cn(
          "relative shrink-0 overflow-hidden bg-muted",
          list ? "w-28 self-start rounded-md sm:w-44" : "w-full",
        )}
      >
        <ResponsiveImage
          src={product.imageUrl}
          alt=""
          sizes={
            list
              ? "(min-width: 640px) 176px, 112px"
              : // Two columns below md (page padding and the gap taken off), three from md.
                "(min-width: 1280px) 300px, (min-width: 1024px) 30vw, (min-width: 768px) calc(33vw - 24px), calc(50vw - 22px)"
          }
          widths={list ? [320, 640] : [320, 640, 960]}
          width={640}
          priority={priority}
          className="aspect-[4/5] w-full object-cover transition-transform duration-500 group-hover:scale-[1.03] motion-reduce:transition-none motion-reduce:group-hover:scale-100"
        />
        <StockBadge status={product.stockStatus} className="absolute top-2 left-2" />
        <WishlistHeart
          productId={product._id}
          title={product.title}
          className="absolute top-2 right-2"
        />
      </div>

      <div className={cn("flex min-w-0 flex-1 flex-col gap-1.5", list ? "py-1" : "p-3 sm:p-4")}>
        {product.category ? (
          <p className="truncate text-[0.6875rem] font-semibold tracking-[0.14em] text-gold-700 uppercase">
            {product.category}
          </p>
        ) : null}
        <h3
          className={cn(
            "font-display leading-tight font-semibold text-foreground",
            list ? "text-xl sm:text-2xl" : "line-clamp-2 text-lg sm:text-xl",
          )}
        >
          <Link
            to={href}
            prefetch="intent"
            className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-lg hover:text-primary focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
          >
            {product.title}
          </Link>
        </h3>
        {list && product.description ? (
          <p className="hidden text-sm leading-relaxed text-muted-foreground sm:block">
            {product.description}
          </p>
        ) : null}
        <PriceTag
          price={product.price}
          mrp={product.mrp}
          discountPercent={product.discountPercent}
        />
        <RatingSummary average={product.averageRating} count={product.reviewCount} />
        <CardSizes product={product} />
        <div className={cn("mt-auto pt-2", list && "sm:max-w-56")}>
          <QuickAdd product={product} className="w-full" />
        </div>
      </div>
    </article>
  );
}
