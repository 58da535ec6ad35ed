import type { Order } from "@vastra/contracts/orders";
import { ExternalLink, Truck } from "lucide-react";
import { formatDateTime } from "./format";

/** The order's courier, tracking number (AWB) and tracking link, once shipped (record 0039). */
export function ShipmentInfo({ order }: { order: Order }) {
  const shipment = order.shipment;
  if (!shipment) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border border-border bg-muted/40 px-3 py-2 text-sm">
      <Truck aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <span>
        Shipped with <span className="font-medium">{shipment.courier}</span>, AWB{" "}
        <span className="font-mono font-medium">{shipment.trackingNumber}</span>
        <span className="text-muted-foreground"> · {formatDateTime(shipment.shippedAt)}</span>
      </span>
      {shipment.trackingUrl ? (
        <a
          href={shipment.trackingUrl}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex min-h-6 items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
        >
          Track parcel
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      ) : null}
    </p>
  );
}
