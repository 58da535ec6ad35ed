import { ArrowRight } from "lucide-react";
import * as React from "react";
import { Await, Link } from "react-router";
import { WishlistHeart } from "~/components/commerce/wishlist-heart";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { Skeleton } from "~/components/ui/skeleton";
import { formatPrice } from "./format";
import type { FeaturedProduct } from "./types";

export type FeaturedCollectionsProps = {
  /** The hero products: already here, or still streaming (skeletons meanwhile). */
  products: Promise<FeaturedProduct[]> | FeaturedProduct[];
};

/** 'Our Collections': up to 4 hero products and a way to the whole catalogue. */
export function FeaturedCollections({ products }: FeaturedCollectionsProps) {
  return (
    <section
      aria-labelledby="collections-title"
      className="border-t border-border/70 bg-ivory-50 py-16 sm:py-20 lg:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <header className="mx-auto max-w-2xl text-center">
          <p className="text-xs font-semibold tracking-[0.28em] text-gold-700 uppercase">
            Handpicked for you
          </p>
          <h2
            id="collections-title"
            className="mt-3 font-display text-4xl text-foreground sm:text-5xl"
          >
            Our Collections
          </h2>
          <Ornament />
          <p className="mt-4 text-base leading-relaxed text-muted-foreground">
            Pieces our stylists love this season: woven, printed and embroidered across India, and
            made to be worn again and again.
          </p>
        </header>

        <div className="mt-10 sm:mt-12">
          <React.Suspense fallback={<FeaturedSkeleton />}>
            <Await resolve={products} errorElement={<NoFeatured />}>
              {(list) => (list.length > 0 ? <FeaturedGrid products={list} /> : <NoFeatured />)}
            </Await>
          </React.Suspense>
        </div>

        <div className="mt-12 flex justify-center">
          <Button asChild size="lg" variant="outline" className="group">
            <Link to="/products">
              Explore All Collections
              <ArrowRight
                aria-hidden="true"
                className="size-4 transition-transform group-hover:translate-x-0.5"
              />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

/** A small gold diamond between two rules, under section titles. */
export function Ornament({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn("mt-4 flex items-center justify-center gap-3", className)}
    >
      <span className="h-px w-12 bg-gold-400" />
      <span className="size-2 rotate-45 border border-gold-500" />
      <span className="h-px w-12 bg-gold-400" />
    </div>
  );
}

/** The grid per number of cards: one wide card, two, three (the first large on phones) or four. */
const GRID: Record<number, string> = {
  1: "mx-auto max-w-4xl grid-cols-1",
  2: "mx-auto max-w-4xl grid-cols-2 gap-x-4 sm:gap-x-8",
  3: "mx-auto max-w-6xl grid-cols-2 gap-x-4 md:grid-cols-3 sm:gap-x-6",
  4: "grid-cols-2 gap-x-4 sm:gap-x-6 lg:grid-cols-4",
};

/**
 * The cards' rendered width per grid (container padding 16/24/32 px, the grid's gaps and max
 * widths taken off), so a phone at 1.75x picks the 320 px picture, not the 640 px one.
 */
const SIZES: Record<number, string> = {
  1: "(min-width: 944px) 428px, (min-width: 768px) calc(50vw - 44px), calc(100vw - 32px)",
  2: "(min-width: 944px) 432px, (min-width: 640px) calc(50vw - 40px), calc(50vw - 24px)",
  3: "(min-width: 1216px) 368px, (min-width: 768px) calc(33vw - 32px), (min-width: 640px) calc(50vw - 36px), calc(50vw - 24px)",
  4: "(min-width: 1280px) 286px, (min-width: 1024px) calc(25vw - 34px), (min-width: 640px) calc(50vw - 36px), calc(50vw - 24px)",
};
/** The first of three cards spans both columns on phones. */
const SIZES_3_FIRST =
  "(min-width: 1216px) 368px, (min-width: 768px) calc(33vw - 32px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)";

function FeaturedGrid({ products }: { products: FeaturedProduct[] }) {
  const count = Math.min(products.length, 4);
  return (
    <ul
      data-testid="featured-products"
      data-count={count}
      className={cn("grid gap-y-10", GRID[count])}
    >
      {products.slice(0, 4).map((product, i) => (
        <li key={product._id} className={cn(count === 3 && i === 0 && "col-span-2 md:col-span-1")}>
          <ProductCard
            product={product}
            wide={count === 1}
            sizes={count === 3 && i === 0 ? SIZES_3_FIRST : (SIZES[count] ?? "50vw")}
          />
        </li>
      ))}
    </ul>
  );
}

function ProductCard({
  product,
  wide,
  sizes,
}: {
  product: FeaturedProduct;
  wide: boolean;
  sizes: string;
}) {
  const href = `/products/${encodeURIComponent(product._id)}`;
  return (
    <article
      data-testid="featured-product"
      className={cn(
        "group relative flex h-full flex-col",
        wide && "md:grid md:grid-cols-2 md:items-center md:gap-10",
      )}
    >
      <div className="relative overflow-hidden rounded-lg bg-ivory-200 shadow-sm ring-1 ring-border">
        <ResponsiveImage
          src={product.image}
          alt=""
          sizes={sizes}
          className="aspect-[4/5] w-full object-cover transition-transform duration-700 ease-out group-hover:scale-[1.04]"
        />
        <Badge
          variant="gold"
          className="absolute top-3 left-3 bg-ivory-50/95 shadow-sm backdrop-blur-[2px]"
        >
          {product.sizeLabel === "In Stock" ? (
            "In Stock"
          ) : (
            <>
              <span className="sr-only">Size </span>
              {product.sizeLabel}
            </>
          )}
        </Badge>
        <WishlistHeart
          productId={product._id}
          title={product.title}
          className="absolute top-3 right-3"
        />
      </div>
      <div className={cn("mt-4 flex flex-1 flex-col gap-1.5", wide && "md:mt-0 md:gap-3")}>
        <h3
          className={cn(
            "font-display text-xl leading-tight font-semibold text-foreground sm:text-2xl",
            wide && "md:text-4xl",
          )}
        >
          <Link
            to={href}
            className="rounded-sm transition-colors after:absolute after:inset-0 after:content-[''] group-hover:text-primary"
          >
            {product.title}
          </Link>
        </h3>
        <p
          className={cn(
            "line-clamp-2 text-sm leading-relaxed text-muted-foreground",
            wide && "md:line-clamp-4 md:text-base",
          )}
        >
          {product.tagline}
        </p>
        <p className="mt-auto pt-1 font-display text-2xl font-semibold text-primary">
          {formatPrice(product.price)}
        </p>
        {wide ? (
          <span className="mt-2 hidden items-center gap-2 text-sm font-semibold tracking-wide text-primary md:inline-flex">
            View this piece
            <ArrowRight
              aria-hidden="true"
              className="size-4 transition-transform group-hover:translate-x-0.5"
            />
          </span>
        ) : null}
      </div>
    </article>
  );
}

function FeaturedSkeleton() {
  return (
    <div data-testid="featured-loading" aria-busy="true">
      <p role="status" className="sr-only">
        Loading our collections
      </p>
      <div className="grid grid-cols-2 gap-x-4 gap-y-10 sm:gap-x-6 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="flex flex-col gap-3">
            <Skeleton className="aspect-[4/5] w-full rounded-lg" />
            <Skeleton className="h-6 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-7 w-1/3" />
          </div>
        ))}
      </div>
    </div>
  );
}

function NoFeatured() {
  return (
    <div
      data-testid="featured-empty"
      className="mx-auto max-w-xl rounded-lg border border-dashed border-gold-400/70 bg-card px-6 py-10 text-center"
    >
      <p className="font-display text-2xl text-foreground">New collections are on their way</p>
      <p className="mt-2 text-sm text-muted-foreground">
        Our stylists are choosing this season's highlights. Meanwhile, the whole catalogue is open.
      </p>
    </div>
  );
}
