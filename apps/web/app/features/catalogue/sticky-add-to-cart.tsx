/**
 * The product page's 'Add to cart' bar on phones (record 0041): fixed to the bottom of the screen
 * once the page's own button has scrolled up out of view, with the price and the size chosen (or
 * a prompt to choose one). It steps aside while the site's footer is on screen, so the footer is
 * never covered, and it is not shown from the md breakpoint up (the button stays in view there).
 */
import { ShoppingBag } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { PriceTag } from "./price-tag";

export type StickyAddToCartProps = {
  /** The page's own add-to-cart row: the bar shows once it has scrolled up out of view. */
  watch: React.RefObject<HTMLElement | null>;
  title: string;
  price: number;
  mrp: number | null;
  discountPercent: number | null;
  size: string | null;
  outOfStock: boolean;
  pending: boolean;
  onAdd: () => void;
};

export function StickyAddToCart({
  watch,
  title,
  price,
  mrp,
  discountPercent,
  size,
  outOfStock,
  pending,
  onAdd,
}: StickyAddToCartProps) {
  const [pastButton, setPastButton] = React.useState(false);
  const [footerShown, setFooterShown] = React.useState(false);

  // Read on scroll and resize (once a frame): an intersection observer alone misses a jump (a
  // restored scroll position, a link to the reviews) that takes the row from below the screen to
  // above it without ever crossing it.
  React.useEffect(() => {
    const row = watch.current;
    if (!row) return;
    // The site's footer (not one inside the page's content, as a review's).
    const footer = [...document.querySelectorAll("footer")].find(
      (f) => !f.closest("main, article, section"),
    );
    let frame = 0;
    const measure = () => {
      frame = 0;
      setPastButton(row.getBoundingClientRect().bottom < 0);
      setFooterShown(footer ? footer.getBoundingClientRect().top < window.innerHeight : false);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule, { passive: true });
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, [watch]);

  if (!pastButton || footerShown) return null;
  return (
    <section
      aria-label={`Add ${title} to cart`}
      data-sticky-add-to-cart=""
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card/95 px-4 pt-2.5 pb-[max(0.625rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur md:hidden"
    >
      <div className="mx-auto flex max-w-7xl items-center gap-3">
        <div className="min-w-0 flex-1">
          <PriceTag price={price} mrp={mrp} discountPercent={discountPercent} />
          <p className="truncate text-xs text-muted-foreground" aria-live="polite">
            {outOfStock ? "Out of stock" : size ? `Size ${size}` : "Choose a size"}
          </p>
        </div>
        <Button
          size="lg"
          className="shrink-0 px-6"
          disabled={outOfStock}
          loading={pending}
          loadingText="Adding…"
          onClick={onAdd}
        >
          <ShoppingBag aria-hidden="true" />
          {outOfStock ? "Out of stock" : size ? "Add to cart" : "Choose size"}
        </Button>
      </div>
    </section>
  );
}
