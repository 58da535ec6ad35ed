import { CART_MESSAGES, type Cart, type CartLine } from "@vastra/contracts/cart";
import type { ShippingRules } from "@vastra/contracts/shipping";
import { CircleAlert, Minus, Plus, ShoppingBag, Trash2 } from "lucide-react";
import * as React from "react";
import { Link, useFetcher } from "react-router";
import { ChargeRows, chargesFor, FreeShippingNote } from "~/components/commerce/charge-rows";
import { type AppliedCoupon, CouponField, cartKeyOf } from "~/components/commerce/coupon-field";
import { DeliveryCheck } from "~/components/delivery/delivery-check";
import { PAGE_FRAME, PageHeader } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { useToast } from "~/components/ui/toast";
import { cartQuantity, cartTotal, formatRupees, itemCount } from "~/lib/cart-money";
import { productPath } from "~/lib/product";
import { type CartActionResult, type CartIntent, lineKey } from "./types";

export type CartPageProps = {
  cart: Cart;
  /** The cart could not be read ('Failed to load cart'). */
  failed: boolean;
  /** The answer to a change posted before JavaScript ran. */
  result: CartActionResult | undefined;
  /** The store's shipping charges (record 0036). */
  rules: ShippingRules;
  /** False for a guest's cart (record 0044): checkout signs them in first, the cart kept. */
  signedIn?: boolean;
};

/** /cart (storefront.md §2 Cart, §9): the lines, their steppers, the summary and its notice. */
export function CartPage({ cart, failed, result, rules, signedIn = true }: CartPageProps) {
  const count = cartQuantity(cart);
  const linesHeading = React.useRef<HTMLHeadingElement>(null);
  const emptyHeading = React.useRef<HTMLHeadingElement>(null);
  const lineCount = React.useRef(cart.length);
  // A removed line takes the focused button with it: keep keyboard users in the cart.
  React.useEffect(() => {
    const removed = cart.length < lineCount.current;
    lineCount.current = cart.length;
    if (!removed) return;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost) (cart.length > 0 ? linesHeading : emptyHeading).current?.focus();
  }, [cart.length]);
  return (
    <div className={PAGE_FRAME}>
      <PageHeader eyebrow="Your bag" title="Shopping Cart">
        {cart.length > 0 ? (
          <p>
            {itemCount(count)} in your cart. No payment is taken online: after you order, our team
            contacts you about payment and delivery.
          </p>
        ) : null}
      </PageHeader>
      {failed ? (
        <LoadFailed />
      ) : cart.length === 0 ? (
        <EmptyCart headingRef={emptyHeading} />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10">
          <section aria-labelledby="cart-lines-heading">
            <h2 id="cart-lines-heading" ref={linesHeading} tabIndex={-1} className="sr-only">
              Items in your cart
            </h2>
            <ul className="grid gap-4">
              {cart.map((line) => {
                const key = lineKey(line);
                return (
                  <CartLineItem
                    key={key}
                    line={line}
                    result={result?.key === key ? result : undefined}
                  />
                );
              })}
            </ul>
          </section>
          <div className="grid gap-4 lg:sticky lg:top-28">
            <CartSummary cart={cart} rules={rules} signedIn={signedIn} />
            <DeliveryCheck />
          </div>
        </div>
      )}
    </div>
  );
}

function LoadFailed() {
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-3 rounded-lg border border-destructive/30 bg-destructive-soft px-6 py-12 text-center"
    >
      <CircleAlert aria-hidden="true" className="size-8 text-destructive" />
      <p className="font-medium text-foreground">Failed to load cart</p>
      <p className="text-sm text-muted-foreground">Please refresh the page in a moment.</p>
      <Button asChild variant="outline">
        <Link to="/cart" reloadDocument>
          Try again
        </Link>
      </Button>
    </div>
  );
}

function EmptyCart({ headingRef }: { headingRef: React.Ref<HTMLHeadingElement> }) {
  return (
    <div className="grid justify-items-center gap-4 rounded-lg border border-dashed border-border bg-card px-6 py-14 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-maroon-50 text-primary">
        <ShoppingBag aria-hidden="true" className="size-7" />
      </span>
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="font-display text-3xl font-semibold text-foreground outline-none"
      >
        Your cart is empty
      </h2>
      <p className="max-w-sm text-muted-foreground">
        Sarees, kurtas and festive edits are waiting. Add a piece you love and it will be kept here
        for you.
      </p>
      <Button asChild size="lg">
        <Link to="/products">Start shopping</Link>
      </Button>
    </div>
  );
}

/** The quantity a pending change will leave (shown at once; the server's answer follows). */
function pendingQuantity(line: CartLine, formData: FormData | undefined): number | null {
  if (!formData) return null;
  const intent = formData.get("intent");
  if (intent === "increase") return line.quantity + 1;
  if (intent === "decrease") return line.quantity - 1;
  if (intent === "remove") return 0;
  return null;
}

function CartLineItem({ line, result }: { line: CartLine; result: CartActionResult | undefined }) {
  const fetcher = useFetcher<CartActionResult>();
  const toast = useToast();
  const busy = fetcher.state !== "idle";
  const shown = pendingQuantity(line, fetcher.formData) ?? line.quantity;
  const answer = fetcher.data ?? result;
  const messageId = React.useId();
  const [message, setMessage] = React.useState("");

  // Each answer once: a refusal shows at the line, a removal is toasted (the line then goes).
  React.useEffect(() => {
    if (!answer) return;
    if (answer.ok) {
      setMessage("");
      if (answer.message) toast.success(answer.message);
    } else {
      setMessage(answer.message);
    }
  }, [answer, toast]);

  const shortOfStock = line.quantity > line.stock;
  const stockText =
    line.stock <= 0
      ? "This size is now out of stock. Please remove it to check out."
      : `Only ${line.stock} items available in stock`;
  const what = `${line.title}, size ${line.size}${line.color ? `, ${line.color}` : ""}`;

  const button = (intent: CartIntent, label: string, children: React.ReactNode) => (
    <Button
      type="submit"
      name="intent"
      value={intent}
      variant="ghost"
      size="icon-sm"
      aria-label={label}
      aria-disabled={busy || undefined}
      className="rounded-none"
    >
      {children}
    </Button>
  );

  return (
    <li
      className={cn(
        "rounded-lg border border-border bg-card p-3 shadow-sm transition-opacity sm:p-4",
        busy && fetcher.formData?.get("intent") === "remove" && "opacity-60",
      )}
    >
      <div className="flex gap-3 sm:gap-5">
        <Link
          to={productPath(line.productId)}
          // Top-aligned (not stretched to the row's height) and the picture a block, so the
          // thumbnail is exactly the 4:5 picture: no band of background below it on phones.
          className="block w-22 shrink-0 self-start overflow-hidden rounded-md bg-muted sm:w-28"
          data-testid="cart-thumbnail"
          tabIndex={-1}
          aria-hidden="true"
        >
          <ResponsiveImage
            src={line.imageUrl}
            alt=""
            sizes="(min-width: 640px) 112px, 88px"
            widths={[320]}
            width={320}
            className="block aspect-[4/5] h-auto w-full object-cover"
          />
        </Link>
        <fetcher.Form
          method="post"
          className="flex min-w-0 flex-1 flex-col gap-2"
          onSubmit={(event) => {
            if (busy) event.preventDefault();
          }}
        >
          <input type="hidden" name="productId" value={line.productId} />
          <input type="hidden" name="size" value={line.size} />
          <input type="hidden" name="color" value={line.color ?? ""} />
          <input type="hidden" name="quantity" value={line.quantity} />
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="font-display text-lg leading-snug font-semibold text-foreground sm:text-xl">
                <Link
                  to={productPath(line.productId)}
                  className="rounded-sm hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  {line.title}
                </Link>
              </h3>
              <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-muted-foreground">
                <div className="flex gap-1">
                  <dt>Size:</dt>
                  <dd className="font-medium text-foreground">{line.size}</dd>
                </div>
                {line.color ? (
                  <div className="flex gap-1">
                    <dt>Colour:</dt>
                    <dd className="font-medium text-foreground">{line.color}</dd>
                  </div>
                ) : null}
                <div className="flex gap-1">
                  <dt>Price:</dt>
                  <dd className="font-medium text-foreground">{formatRupees(line.price)}</dd>
                </div>
              </dl>
            </div>
            <Button
              type="submit"
              name="intent"
              value="remove"
              variant="ghost"
              size="icon-sm"
              aria-label={`Remove ${what} from cart`}
              aria-disabled={busy || undefined}
              className="-mt-1 -mr-1 text-muted-foreground hover:text-destructive"
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
          <div className="mt-auto flex flex-wrap items-end justify-between gap-2">
            <fieldset className="grid gap-1">
              <legend className="sr-only">Quantity of {what}</legend>
              <div className="inline-flex h-9 items-center overflow-hidden rounded-md border border-input bg-card">
                {button(
                  "decrease",
                  line.quantity <= 1
                    ? `Remove ${what} (quantity 1)`
                    : `Decrease quantity of ${what}`,
                  <Minus aria-hidden="true" />,
                )}
                <output
                  aria-live="polite"
                  aria-label={`Quantity of ${what}`}
                  className="grid h-full min-w-10 place-items-center border-x border-input px-2 text-sm font-semibold tabular-nums"
                >
                  {shown}
                </output>
                {button("increase", `Increase quantity of ${what}`, <Plus aria-hidden="true" />)}
              </div>
            </fieldset>
            <p className="text-right">
              <span className="sr-only">Line total: </span>
              <span className="font-semibold text-foreground tabular-nums">
                {formatRupees(cartTotal([{ price: line.price, quantity: line.quantity }]))}
              </span>
            </p>
          </div>
          <div id={messageId} aria-live="polite" className="empty:hidden">
            {message ? (
              <p className="flex items-start gap-1.5 text-sm font-medium text-destructive">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {message}
              </p>
            ) : shortOfStock ? (
              <p className="flex items-start gap-1.5 text-sm font-medium text-destructive">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {stockText}
              </p>
            ) : null}
          </div>
        </fetcher.Form>
      </div>
    </li>
  );
}

/**
 * The order summary: items, subtotal, shipping (or Free), total as paid by UPI (the COD fee is
 * chosen at checkout), how much more ships free, and the two links.
 */
export function CartSummary({
  cart,
  rules,
  signedIn = true,
}: {
  cart: Cart;
  rules: ShippingRules;
  signedIn?: boolean;
}) {
  const subtotal = cartTotal(cart);
  const count = cartQuantity(cart);
  const blocked = cart.some((line) => line.quantity > line.stock);
  // Record 0047: the code applied here is kept for the checkout.
  const [coupon, setCoupon] = React.useState<AppliedCoupon | null>(null);
  const charges = chargesFor(subtotal, rules, "upi", coupon);
  return (
    <Card className="gap-4 p-5 sm:p-6 lg:sticky lg:top-28">
      <h2
        id="cart-summary-heading"
        className="font-display text-2xl leading-tight font-semibold text-foreground"
      >
        Order summary
      </h2>
      <div className="grid gap-2">
        <div className="flex justify-between gap-4 text-sm">
          <span className="text-muted-foreground">Items</span>
          <span className="tabular-nums">{count}</span>
        </div>
        <ChargeRows charges={charges} totalTestId="cart-total" />
      </div>
      <CouponField cartKey={cartKeyOf(cart)} onChange={setCoupon} />
      <FreeShippingNote subtotal={subtotal - (charges.discount ?? 0)} rules={rules} />
      {rules.codFeeRupees > 0 ? (
        <p className="text-xs text-muted-foreground">
          Cash on delivery adds {formatRupees(rules.codFeeRupees)}; you choose how to pay at
          checkout.
        </p>
      ) : null}
      <div className="grid gap-2">
        {blocked ? (
          <p className="text-sm text-destructive">
            Please lower the quantities marked above before checking out.
          </p>
        ) : null}
        {signedIn ? null : (
          <p className="text-sm text-muted-foreground">{CART_MESSAGES.checkoutSignIn}.</p>
        )}
        <Button asChild size="lg" className={cn(blocked && "pointer-events-none opacity-55")}>
          <Link
            to={signedIn ? "/checkout" : "/login?redirect=/checkout"}
            aria-disabled={blocked || undefined}
          >
            Proceed to checkout
          </Link>
        </Button>
        <Button asChild variant="link" className="justify-self-center">
          <Link to="/products">Continue shopping</Link>
        </Button>
      </div>
    </Card>
  );
}
