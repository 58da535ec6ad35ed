/**
 * My Orders' status timeline and parcel tracking (issue #16, record 0039): placed, confirmed,
 * shipped and delivered (or cancelled), each reached step with its day from the order's history,
 * and once shipped the courier, the tracking number (AWB) and a link to the courier's tracking page.
 */
import {
  TIMELINE_LABELS,
  type TimelineEntry,
  type TimelineStep,
} from "@vastra/contracts/fulfilment";
import type { Order } from "@vastra/contracts/orders";
import { Check, ExternalLink, Truck, X } from "lucide-react";
import { cn } from "~/components/ui/cn";

const day = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  timeZone: "Asia/Kolkata",
});
const full = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

const FORWARD: TimelineStep[] = ["placed", "confirmed", "shipped", "delivered"];

/** The steps shown: the four forward ones, or those reached and Cancelled for a cancelled order. */
function stepsOf(order: Order): Array<{ step: TimelineStep; entry?: TimelineEntry }> {
  const timeline = order.timeline ?? [{ step: "placed" as const, at: order.createdAt }];
  const reached = new Map(timeline.map((entry) => [entry.step, entry]));
  if (order.status === "cancelled") {
    return [...FORWARD, "cancelled" as const]
      .filter((step) => reached.has(step))
      .map((step) => ({ step, entry: reached.get(step) }));
  }
  return FORWARD.map((step) => ({ step, entry: reached.get(step) }));
}

export function OrderTimeline({ order }: { order: Order }) {
  const steps = stepsOf(order);
  const current = [...steps].reverse().find((s) => s.entry)?.step;
  return (
    <ol
      aria-label={`Progress of order ${order.orderNumber}`}
      className="grid gap-1"
      style={{ gridTemplateColumns: `repeat(${steps.length}, minmax(0, 1fr))` }}
    >
      {steps.map(({ step, entry }, index) => {
        const cancelled = step === "cancelled";
        const Icon = cancelled ? X : Check;
        return (
          <li
            key={step}
            data-step={step}
            data-reached={entry ? "true" : "false"}
            aria-current={step === current ? "step" : undefined}
            className="relative grid justify-items-center gap-1 text-center"
          >
            {index > 0 ? (
              <span
                aria-hidden="true"
                className={cn(
                  "absolute top-3 right-1/2 h-0.5 w-full -translate-y-1/2",
                  entry ? (cancelled ? "bg-destructive" : "bg-success") : "bg-border",
                )}
              />
            ) : null}
            <span
              aria-hidden="true"
              className={cn(
                "relative grid size-6 place-items-center rounded-full border-2",
                entry
                  ? cancelled
                    ? "border-destructive bg-destructive text-white"
                    : "border-success bg-success text-white"
                  : "border-border bg-card",
              )}
            >
              {entry ? <Icon className="size-3.5" strokeWidth={3} /> : null}
            </span>
            <span
              className={cn(
                "font-medium text-xs leading-tight",
                entry ? "text-foreground" : "text-muted-foreground",
              )}
            >
              {TIMELINE_LABELS[step]}
              <span className="sr-only">{entry ? "" : ": not yet"}</span>
            </span>
            {entry ? (
              <time
                dateTime={entry.at}
                title={full.format(new Date(entry.at))}
                className="text-muted-foreground text-xs leading-tight"
              >
                {day.format(new Date(entry.at))}
              </time>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** Courier, AWB and the tracking link of a shipped order. */
export function OrderShipment({ order }: { order: Order }) {
  const shipment = order.shipment;
  if (!shipment) return null;
  return (
    <div
      data-testid="order-shipment"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border bg-muted/40 px-3 py-2 text-sm"
    >
      <Truck aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <span className="min-w-0 [overflow-wrap:anywhere]">
        {shipment.courier} · AWB{" "}
        <span className="font-mono font-medium">{shipment.trackingNumber}</span>
      </span>
      {shipment.trackingUrl ? (
        <a
          href={shipment.trackingUrl}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex min-h-6 items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
        >
          Track your parcel
          <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only">(opens {shipment.courier} in a new tab)</span>
        </a>
      ) : null}
    </div>
  );
}

/** The timeline, and the shipment under it once shipped. */
export function OrderTracking({ order }: { order: Order }) {
  return (
    <div className="grid gap-3 border-b border-border px-4 py-4 sm:px-6">
      <OrderTimeline order={order} />
      <OrderShipment order={order} />
    </div>
  );
}
