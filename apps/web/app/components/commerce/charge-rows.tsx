/**
 * Shipping, the cash-on-delivery fee and the total (issue #14, record 0036), as the cart, the
 * checkout and the order pages show them. The figures come from the same rule the server uses
 * (`orderCharges`), with the store's rules read by the page's loader.
 */
import { toPaise } from "@vastra/contracts/money";
import {
  type CheckoutPaymentMethod,
  orderCharges,
  rupeesToFreeShipping,
  type ShippingRules,
} from "@vastra/contracts/shipping";
import { Truck } from "lucide-react";
import { cn } from "~/components/ui/cn";
import { formatRupees } from "~/lib/cart-money";

/** Rupees: subtotal, shipping, COD fee and total. */
export type ShownCharges = {
  subtotal: number;
  shipping: number;
  codFee: number;
  total: number;
  /** An order whose COD fee the store waived. */
  codFeeWaived?: boolean;
  /** Coupons (record 0047): rupees off the items, and the code. */
  discount?: number;
  couponCode?: string | null | undefined;
};

/** The charges of `subtotal` rupees of items paid by `method`. */
export function chargesFor(
  subtotal: number,
  rules: ShippingRules,
  method: CheckoutPaymentMethod,
  /** A coupon's discount (record 0047): shipping is judged on the items after it. */
  coupon?: { code: string; discount: number } | null,
): ShownCharges {
  const discountPaise = coupon ? toPaise(coupon.discount) : 0;
  const subtotalPaise = toPaise(subtotal);
  const c = orderCharges(subtotalPaise - discountPaise, rules, method);
  return {
    subtotal: subtotalPaise / 100,
    shipping: c.shippingPaise / 100,
    codFee: c.codFeePaise / 100,
    total: c.totalPaise / 100,
    ...(coupon ? { discount: coupon.discount, couponCode: coupon.code } : {}),
  };
}

/** "₹999" (whole rupees without paise) for the free-shipping line. */
const wholeRupees = (amount: number) => formatRupees(amount).replace(/\.00$/, "");

/** Subtotal, Shipping (or Free), Cash-on-delivery fee when there is one, Total: a <dl>'s rows. */
export function ChargeRows({
  charges,
  totalTestId,
  className,
}: {
  charges: ShownCharges;
  totalTestId?: string;
  className?: string;
}) {
  return (
    <dl className={cn("grid gap-2 text-sm", className)}>
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Subtotal</dt>
        <dd className="tabular-nums">{formatRupees(charges.subtotal)}</dd>
      </div>
      {charges.discount ? (
        <div className="flex justify-between gap-4" data-testid="discount-line">
          <dt className="min-w-0 break-words text-muted-foreground">
            {charges.couponCode ? `Coupon ${charges.couponCode}` : "Coupon discount"}
          </dt>
          <dd className="shrink-0 whitespace-nowrap tabular-nums font-medium text-success">
            −{formatRupees(charges.discount)}
          </dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4" data-testid="shipping-line">
        <dt className="text-muted-foreground">Shipping</dt>
        <dd className={cn("tabular-nums", charges.shipping === 0 && "font-medium text-success")}>
          {charges.shipping > 0 ? formatRupees(charges.shipping) : "Free"}
        </dd>
      </div>
      {charges.codFee > 0 || charges.codFeeWaived ? (
        <div className="flex justify-between gap-4" data-testid="cod-fee-line">
          <dt className="text-muted-foreground">Cash-on-delivery fee</dt>
          <dd className="tabular-nums">
            {charges.codFee > 0 ? formatRupees(charges.codFee) : "Waived"}
          </dd>
        </div>
      ) : null}
      <div className="mt-1 flex justify-between gap-4 border-t border-border pt-3 text-base font-semibold">
        <dt>Total</dt>
        <dd className="tabular-nums" data-testid={totalTestId}>
          {formatRupees(charges.total)}
        </dd>
      </div>
    </dl>
  );
}

/** "Add ₹120.00 more for free shipping" below the threshold; "Free shipping" from it. */
export function FreeShippingNote({ subtotal, rules }: { subtotal: number; rules: ShippingRules }) {
  const more = rupeesToFreeShipping(subtotal, rules);
  return (
    <p
      className={cn(
        "flex items-start gap-2 rounded-md border px-3 py-2.5 text-sm",
        more > 0
          ? "border-gold-300 bg-gold-50 text-gold-900"
          : "border-success/30 bg-success-soft text-success",
      )}
      data-testid="free-shipping-note"
    >
      <Truck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {more > 0
          ? `Add ${formatRupees(more)} more for free shipping (orders of ${wholeRupees(rules.freeShippingFromRupees)} and above ship free).`
          : "Your order ships free."}
      </span>
    </p>
  );
}

/** A placed order's charges as stored (older orders: the items alone, shipping free). */
export function orderChargesShown(order: {
  subtotalAmount?: number;
  shippingAmount?: number;
  codFeeAmount?: number;
  codFeeWaived?: boolean;
  totalAmount: number;
  couponCode?: string | null | undefined;
  discountAmount?: number | undefined;
}): ShownCharges {
  return {
    subtotal: order.subtotalAmount ?? order.totalAmount,
    shipping: order.shippingAmount ?? 0,
    codFee: order.codFeeAmount ?? 0,
    total: order.totalAmount,
    codFeeWaived: order.codFeeWaived ?? false,
    ...(order.discountAmount
      ? { discount: order.discountAmount, couponCode: order.couponCode }
      : {}),
  };
}
