/**
 * My Orders' confirmation panel (issue #14, record 0038): a new order waits for its shopper's
 * confirmation until its confirm-by time; the button posts to the page's action (intent=confirm),
 * with or without JavaScript.
 */
import type { Order } from "@vastra/contracts/orders";
import { CircleCheck, Clock } from "lucide-react";
import * as React from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import type { CancelResult } from "./types";

const when = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});
const formatWhen = (iso: string) => when.format(new Date(iso));

/** Whether the order still waits for its shopper (pending, asked, not yet confirmed). */
export const awaitingConfirmation = (order: Order) =>
  order.status === "pending" && order.confirmBy !== null && order.shopperConfirmedAt === null;

export function ConfirmOrderPanel({ order }: { order: Order }) {
  const fetcher = useFetcher<CancelResult>();
  const toast = useToast();
  const busy = fetcher.state !== "idle";
  React.useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (answer.ok) toast.success(answer.message);
    else toast.error(answer.message);
  }, [fetcher.data, toast]);

  if (order.shopperConfirmedAt && order.status !== "cancelled") {
    return (
      <p className="flex items-center gap-2 border-t border-border px-4 py-3 text-sm text-success sm:px-6">
        <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
        You confirmed this order on {formatWhen(order.shopperConfirmedAt)}.
      </p>
    );
  }
  if (!awaitingConfirmation(order)) return null;
  return (
    <section
      aria-label={`Confirm order ${order.orderNumber}`}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-gold-300 bg-gold-100/60 px-4 py-4 sm:px-6"
    >
      <p className="flex max-w-prose items-start gap-2 text-sm text-foreground">
        <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-900" />
        <span>
          <strong className="font-semibold">Please confirm this order</strong> by{" "}
          <time dateTime={order.confirmBy!}>{formatWhen(order.confirmBy!)}</time>. Orders not
          confirmed by then are cancelled automatically.
        </span>
      </p>
      <fetcher.Form method="post">
        <input type="hidden" name="orderId" value={order._id} />
        <Button
          type="submit"
          name="intent"
          value="confirm"
          size="sm"
          loading={busy}
          loadingText="Confirming…"
        >
          Confirm order
          <span className="sr-only"> {order.orderNumber}</span>
        </Button>
      </fetcher.Form>
    </section>
  );
}
