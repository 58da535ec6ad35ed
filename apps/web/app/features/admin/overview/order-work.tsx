/**
 * The Overview's work cards (issue #16, record 0039): orders waiting for the store (pending,
 * confirmed, processing), those to ship today, and cancelled ones, each a link to the Orders tab
 * filtered to them.
 */
import type { OrderStats } from "@vastra/contracts/admin-orders";
import { Ban, ChevronRight, Clock, Truck } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";

type Card = {
  label: string;
  value: number;
  hint: string;
  to: string;
  icon: typeof Clock;
  tone: string;
};

export function OrderWork({ stats }: { stats: OrderStats | null }) {
  if (!stats) return null;
  const cards: Card[] = [
    {
      label: "Orders waiting",
      value: stats.waiting,
      hint: `${stats.pending} pending · ${stats.confirmed} confirmed · ${stats.processing} processing`,
      to: "/admin/orders?status=waiting",
      icon: Clock,
      tone: "bg-gold-100 text-gold-800",
    },
    {
      label: "To ship today",
      value: stats.toShipToday,
      hint: "Confirmed or packing, due out today or late",
      to: "/admin/orders?status=ship_today",
      icon: Truck,
      tone: "bg-maroon-50 text-primary",
    },
    {
      label: "Cancelled",
      value: stats.cancelled,
      hint: "By the shopper, the store or unconfirmed",
      to: "/admin/orders?status=cancelled",
      icon: Ban,
      tone: "bg-destructive-soft text-destructive",
    },
  ];
  return (
    <section aria-labelledby="overview-work">
      <h3
        id="overview-work"
        className="mb-3 font-sans font-semibold text-muted-foreground text-xs uppercase tracking-wide"
      >
        Orders to work on
      </h3>
      <ul className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        {cards.map(({ label, value, hint, to, icon: Icon, tone }) => (
          <li key={label}>
            <Link
              to={to}
              aria-label={`${label}: ${value.toLocaleString("en-IN")}. Show them`}
              className="group flex h-full items-center gap-3 rounded-lg border border-border bg-card p-4 shadow-sm transition-colors hover:border-primary/40 hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-ring sm:p-5"
            >
              <span className={cn("grid size-10 shrink-0 place-items-center rounded-full", tone)}>
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-muted-foreground text-sm">{label}</span>
                <span className="block font-semibold text-2xl text-foreground tabular-nums leading-tight">
                  {value.toLocaleString("en-IN")}
                </span>
                <span className="block text-muted-foreground text-xs">{hint}</span>
              </span>
              <ChevronRight
                aria-hidden="true"
                className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
