/**
 * The admin's risk badges on an order (issue #14, record 0038): short labels (First order, High
 * value, PIN returns, Shared phone, Pay first), each with its reason in words beside it for screen
 * readers and as the tooltip. The list's API answers them with each order (set-based).
 */
import type { OrderRisk } from "@vastra/contracts/cod";
import type { Order } from "@vastra/contracts/orders";
import { ShieldAlert } from "lucide-react";
import { cn } from "~/components/ui/cn";

/** The badges the list's answer carried with the order (none for an order from elsewhere). */
export const risksOf = (order: Order): OrderRisk[] =>
  (order as Order & { risks?: OrderRisk[] }).risks ?? [];

const TONE: Record<OrderRisk["flag"], string> = {
  payment_first: "border-destructive/40 bg-destructive-soft text-destructive",
  pin_returns: "border-destructive/40 bg-destructive-soft text-destructive",
  shared_phone: "border-gold-300 bg-gold-100 text-gold-900",
  high_value: "border-gold-300 bg-gold-100 text-gold-900",
  first_order: "border-border bg-secondary text-secondary-foreground",
};

export function RiskBadges({ order, className }: { order: Order; className?: string }) {
  const risks = risksOf(order);
  if (risks.length === 0) return null;
  return (
    <ul
      aria-label={`Risk flags of order ${order.orderNumber}`}
      className={cn("flex flex-wrap gap-1", className)}
      data-testid="risk-badges"
    >
      {risks.map((risk) => (
        <li
          key={risk.flag}
          title={risk.reason}
          className={cn(
            "inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 font-medium text-[11px]",
            TONE[risk.flag],
          )}
        >
          {risk.flag === "payment_first" || risk.flag === "pin_returns" ? (
            <ShieldAlert aria-hidden="true" className="size-3" />
          ) : null}
          {risk.label}
          <span className="sr-only">: {risk.reason}</span>
        </li>
      ))}
    </ul>
  );
}

/** The order's reasons in full (the details dialog). */
export function RiskReasons({ order }: { order: Order }) {
  const risks = risksOf(order);
  const payFirst = order.paymentFirstReason;
  if (risks.length === 0 && !payFirst) return null;
  const lines =
    risks.length > 0 ? risks : [{ flag: "payment_first", label: "Pay first", reason: payFirst }];
  return (
    <section
      aria-label="Risk flags"
      className="grid gap-1 rounded-md border border-gold-300 bg-gold-100/50 p-3 text-sm"
    >
      <h3 className="font-semibold">Why this order is flagged</h3>
      <ul className="grid gap-0.5">
        {lines.map((r) => (
          <li key={r.flag}>
            <span className="font-medium">{r.label}:</span> {r.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}
