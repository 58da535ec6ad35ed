/**
 * One return or exchange request as both sides see it (record 0048): its status, kind, reason,
 * pieces and, as it moves on, the rejection's reason, the refund or the new parcel.
 */
import { formatRupees } from "@vastra/contracts/money";
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "@vastra/contracts/orders";
import type { ReturnRequest } from "@vastra/contracts/returns";
import {
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  type ReturnStatus,
} from "@vastra/contracts/returns-messages";
import { Badge, type BadgeProps } from "~/components/ui/badge";

const STATUS_BADGE: Record<ReturnStatus, BadgeProps["variant"]> = {
  requested: "gold",
  approved: "secondary",
  received: "secondary",
  refunded: "success",
  reshipped: "success",
  rejected: "destructive",
};

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <Badge variant={STATUS_BADGE[status]} data-testid="return-status">
      <span className="sr-only">Status: </span>
      {RETURN_STATUS_LABELS[status]}
    </Badge>
  );
}

const shortDate = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

export const formatReturnDate = (iso: string) => shortDate.format(new Date(iso));

/** The request's facts as a list; `heading` is its title element (h3 on My Orders, h2 in admin). */
export function ReturnRequestView({
  request,
  headingLevel = 3,
}: {
  request: ReturnRequest;
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  const kind = request.kind === "exchange" ? "Exchange" : "Return";
  return (
    <div className="grid gap-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Heading className="font-semibold text-foreground">
          {kind} requested on{" "}
          <time dateTime={request.createdAt}>{formatReturnDate(request.createdAt)}</time>
        </Heading>
        <ReturnStatusBadge status={request.status} />
      </div>
      <ul className="grid gap-1">
        {request.lines.map((line) => (
          <li key={line.orderItemId} className="[overflow-wrap:anywhere]">
            {line.title} (size {line.size}
            {line.color ? `, ${line.color}` : ""}) × {line.quantity}
            {line.exchangeSize ? (
              <>
                {" "}
                → <strong>size {line.exchangeSize}</strong>
              </>
            ) : (
              <span className="text-muted-foreground">
                {" "}
                · {formatRupees(line.price * line.quantity)}
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground">
        Reason: {RETURN_REASON_LABELS[request.reason]}
        {request.reasonText ? `: ${request.reasonText}` : ""}
      </p>
      {request.status === "rejected" && request.rejectionReason ? (
        <p className="text-destructive">Not accepted: {request.rejectionReason}</p>
      ) : null}
      {request.refund ? (
        <p>
          Refunded by{" "}
          {PAYMENT_METHOD_LABELS[request.refund.method as PaymentMethod] ?? request.refund.method},
          reference {request.refund.reference}
        </p>
      ) : null}
      {request.shipment ? (
        <p>
          New size sent with {request.shipment.courier}, AWB{" "}
          {request.shipment.trackingUrl ? (
            <a
              href={request.shipment.trackingUrl}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-primary underline underline-offset-2"
            >
              {request.shipment.trackingNumber}
            </a>
          ) : (
            request.shipment.trackingNumber
          )}
        </p>
      ) : null}
    </div>
  );
}
