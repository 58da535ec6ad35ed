/**
 * /wishlist (issue #15, record 0045): the saved products as cards with the current price and
 * stock. 'Move to cart' puts one in the cart and takes it off the list; a product with more than
 * one size (or colour) asks for it in place first. 'Remove' takes it off. Refusals (sold out, no
 * longer available) are said at the card in the server's words.
 */
import { formatPrice } from "@vastra/contracts/money";
import { WISHLIST_MESSAGES, type WishlistItem } from "@vastra/contracts/wishlist";
import { CircleAlert, Heart, ShoppingBag, Trash2 } from "lucide-react";
import * as React from "react";
import { Link, useFetcher } from "react-router";
import { PAGE_FRAME, PageHeader } from "~/components/layout/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { useToast } from "~/components/ui/toast";
import { productPath } from "~/lib/product";
import type { WishlistActionResult } from "./types";

export type WishlistPageProps = { items: WishlistItem[]; failed: boolean };

export function WishlistPage({ items, failed }: WishlistPageProps) {
  const count = items.length;
  return (
    <div className={PAGE_FRAME}>
      <PageHeader eyebrow="Saved for later" title="Your Wishlist">
        {count > 0 ? (
          <p>
            {count === 1 ? "1 saved piece." : `${count} saved pieces.`} Move one to your cart when
            you are ready.
          </p>
        ) : null}
      </PageHeader>
      {failed ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-lg bg-destructive-soft p-4 text-destructive"
        >
          <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
          {WISHLIST_MESSAGES.loadFailed}
        </p>
      ) : count === 0 ? (
        <EmptyWishlist />
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label="Saved products">
          {items.map((item) => (
            <WishlistCard key={item.productId} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}

function EmptyWishlist() {
  return (
    <div className="grid justify-items-center gap-4 rounded-lg border border-dashed border-border bg-card px-6 py-14 text-center">
      <Heart aria-hidden="true" className="size-10 text-gold-700" />
      <h2 className="font-display text-2xl font-semibold text-foreground">
        Your wishlist is empty
      </h2>
      <p className="max-w-md text-muted-foreground">
        Tap the heart on any piece to keep it here for later.
      </p>
      <Button asChild size="lg">
        <Link to="/products">Explore the collection</Link>
      </Button>
    </div>
  );
}

const STATE_BADGE: Record<WishlistItem["state"], string | null> = {
  available: null,
  out_of_stock: "Out of Stock",
  unavailable: "No longer available",
};

function WishlistCard({ item }: { item: WishlistItem }) {
  const fetcher = useFetcher<WishlistActionResult>();
  const toast = useToast();
  const busy = fetcher.state !== "idle";
  const intent = fetcher.formData?.get("intent");
  const answer = fetcher.data;
  const [choosing, setChoosing] = React.useState(false);
  const chooserRef = React.useRef<HTMLFieldSetElement>(null);
  const titleId = React.useId();
  const messageId = React.useId();

  const inStock = item.sizeStock.filter((s) => s.stock > 0);
  const firstSize = inStock[0]?.size ?? item.sizeStock[0]?.size ?? "";
  const needsChoice =
    item.state === "available" && (item.sizeStock.length > 1 || item.colors.length > 1);
  const color = item.defaultColor ?? item.colors[0] ?? "";

  React.useEffect(() => {
    if (!answer) return;
    if (answer.ok) {
      // The hearts of pages visited since (one page load) forget it too; their code, not this page's.
      void import("~/components/commerce/wishlist-heart-actions").then((hearts) =>
        hearts.mark(item.productId, false),
      );
      toast.success(answer.message);
    }
  }, [answer, item.productId, toast]);

  React.useEffect(() => {
    if (choosing) chooserRef.current?.querySelector<HTMLInputElement>("input:enabled")?.focus();
  }, [choosing]);

  const refusal = answer && !answer.ok ? answer.message : "";
  const badge = STATE_BADGE[item.state];

  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        "rounded-lg border border-border bg-card p-3 shadow-sm transition-opacity sm:p-4",
        busy && "opacity-60",
      )}
    >
      <div className="flex gap-3 sm:gap-5">
        <Link
          to={productPath(item.productId)}
          className="relative block w-24 shrink-0 self-start overflow-hidden rounded-md bg-muted sm:w-32"
          tabIndex={-1}
          aria-hidden="true"
        >
          <ResponsiveImage
            src={item.imageUrl}
            alt=""
            sizes="(min-width: 640px) 128px, 96px"
            widths={[320]}
            width={320}
            className={cn(
              "block aspect-[4/5] h-auto w-full object-cover",
              item.state !== "available" && "opacity-70 grayscale-[40%]",
            )}
          />
        </Link>
        <fetcher.Form
          method="post"
          className="flex min-w-0 flex-1 flex-col gap-2"
          aria-describedby={refusal ? messageId : undefined}
          onSubmit={(event) => {
            if (busy) event.preventDefault();
          }}
        >
          <input type="hidden" name="productId" value={item.productId} />
          <div className="min-w-0">
            <h2
              id={titleId}
              className="font-display text-lg leading-snug font-semibold text-foreground sm:text-xl"
            >
              <Link
                to={productPath(item.productId)}
                className="rounded-sm hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {item.title}
              </Link>
            </h2>
            <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
              <span className="font-semibold text-foreground">
                <span className="sr-only">Price </span>
                {formatPrice(item.price)}
              </span>
              {item.mrp ? (
                <span className="text-sm text-muted-foreground">
                  <span className="sr-only">, MRP </span>
                  <s>{formatPrice(item.mrp)}</s>
                </span>
              ) : null}
            </p>
            {badge ? (
              <Badge variant="destructive" className="mt-2">
                {badge}
              </Badge>
            ) : (
              <p className="mt-1 text-sm text-success">In stock</p>
            )}
          </div>

          {choosing ? (
            <div className="grid gap-3 rounded-md bg-muted p-3">
              {item.sizeStock.length > 1 ? (
                <fieldset ref={chooserRef} className="grid gap-2">
                  <legend className="mb-1 text-sm font-medium text-foreground">
                    Choose a size
                  </legend>
                  <div className="flex flex-wrap gap-2">
                    {item.sizeStock.map((s, i) => (
                      <label
                        key={s.size}
                        className={cn(
                          "relative grid h-10 min-w-11 cursor-pointer place-items-center rounded-md border border-input bg-card px-3 text-sm font-medium has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring",
                          s.stock <= 0 && "cursor-not-allowed text-muted-foreground line-through",
                        )}
                      >
                        <input
                          type="radio"
                          name="size"
                          value={s.size}
                          required
                          disabled={s.stock <= 0}
                          defaultChecked={i === 0 && inStock.length === 1 && s.stock > 0}
                          className="sr-only"
                        />
                        {s.size}
                        {s.stock <= 0 ? <span className="sr-only"> (sold out)</span> : null}
                      </label>
                    ))}
                  </div>
                </fieldset>
              ) : (
                <input type="hidden" name="size" value={firstSize} />
              )}
              {item.colors.length > 1 ? (
                <label className="grid gap-1 text-sm font-medium text-foreground">
                  Colour
                  <select
                    name="color"
                    defaultValue={color}
                    className="h-10 rounded-md border border-input bg-card px-2 text-sm"
                  >
                    {item.colors.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </select>
                </label>
              ) : (
                <input type="hidden" name="color" value={color} />
              )}
              <div className="flex flex-wrap gap-2">
                <Button
                  type="submit"
                  name="intent"
                  value="move"
                  size="sm"
                  loading={busy && intent === "move"}
                >
                  <ShoppingBag aria-hidden="true" />
                  Add to cart
                </Button>
                <Button type="button" variant="ghost" size="sm" onClick={() => setChoosing(false)}>
                  Cancel
                </Button>
              </div>
            </div>
          ) : null}

          <div className={cn("mt-auto flex flex-wrap gap-2 pt-1", choosing && "hidden")}>
            {item.state === "unavailable" ? null : (
              <>
                {needsChoice ? null : (
                  <>
                    <input type="hidden" name="size" value={firstSize} />
                    <input type="hidden" name="color" value={color} />
                  </>
                )}
                <Button
                  type="submit"
                  name="intent"
                  value="move"
                  size="sm"
                  loading={busy && intent === "move"}
                  onClick={(event) => {
                    if (needsChoice) {
                      event.preventDefault();
                      setChoosing(true);
                    }
                  }}
                >
                  <ShoppingBag aria-hidden="true" />
                  Move to cart
                </Button>
              </>
            )}
            <Button
              type="submit"
              name="intent"
              value="remove"
              variant="outline"
              size="sm"
              loading={busy && intent === "remove"}
              // The visible 'Remove' starts the name (WCAG 2.5.3).
              aria-label={`Remove ${item.title} from wishlist`}
            >
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          </div>
          <div id={messageId} aria-live="polite" className="empty:hidden">
            {refusal ? (
              <p className="flex items-start gap-1.5 text-sm font-medium text-destructive">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {refusal}
              </p>
            ) : null}
          </div>
        </fetcher.Form>
      </div>
    </li>
  );
}
