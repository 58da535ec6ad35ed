import {
  CANCELLABLE_STATUSES,
  ORDER_MESSAGES,
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from "@vastra/contracts/orders";
import { CircleAlert, PackageOpen } from "lucide-react";
import * as React from "react";
import { Form, Link, useFetcher } from "react-router";
import { ChargeRows, orderChargesShown } from "~/components/commerce/charge-rows";
import { OrderLines } from "~/components/commerce/order-lines";
import { TaxDocumentLinks } from "~/components/commerce/tax-document-links";
import { PAGE_FRAME, PageHeader } from "~/components/layout/page-header";
import { Badge, type BadgeProps } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { useToast } from "~/components/ui/toast";
import { OrderReturns } from "~/features/orders/order-returns";
import { formatRupees } from "~/lib/cart-money";
import { ConfirmOrderPanel } from "./confirm-order";
import { OrderTracking } from "./order-tracking";
import type { CancelResult, StatusFilter, UpiPaymentShown } from "./types";
import { UpiPayment } from "./upi-payment";

export type OrdersPageProps = {
  orders: Order[];
  status: StatusFilter;
  /** The orders could not be read ('Failed to load orders'). */
  failed: boolean;
  /** The answer to a cancel posted before JavaScript ran. */
  result: CancelResult | undefined;
  /**
   * The order whose cancellation is being confirmed on the page itself (?cancel=): without
   * JavaScript the question is asked there rather than in a dialog.
   */
  confirmCancel?: string | null;
  /** Orders still to be paid by UPI: their link and QR code, by order id (record 0036). */
  upi?: Record<string, UpiPaymentShown>;
};

/** The list's own URL for a status filter. */
const ordersUrl = (status: StatusFilter) =>
  status === "all" ? "/orders" : `/orders?status=${status}`;

/** storefront.md §2: en-US with short month, day, year and time (shown in Indian time). */
const orderDate = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : orderDate.format(date);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const STATUS_BADGE: Record<OrderStatus, BadgeProps["variant"]> = {
  pending: "gold",
  confirmed: "secondary",
  processing: "secondary",
  shipped: "outline",
  delivered: "success",
  cancelled: "destructive",
  returned: "destructive",
};

/** /orders (storefront.md §2 My orders, §4, §8; decisions.md §4). */
export function OrdersPage({
  orders,
  status,
  failed,
  result,
  confirmCancel,
  upi,
}: OrdersPageProps) {
  return (
    <div className={PAGE_FRAME}>
      <PageHeader eyebrow="Your account" title="My Orders">
        <p>Every order you have placed with us, newest first.</p>
      </PageHeader>
      <StatusFilterNav current={status} />
      {/* A cancellation posted by the page itself (no JavaScript): its answer, above the list. */}
      {result ? (
        <p
          role={result.ok ? "status" : "alert"}
          className={cn(
            "mb-5 flex items-center gap-2 rounded-md border px-4 py-3 text-sm font-medium",
            result.ok
              ? "border-success/30 bg-success-soft text-success"
              : "border-destructive/30 bg-destructive-soft text-destructive",
          )}
        >
          {result.message}
        </p>
      ) : null}
      {failed ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-md border border-destructive/30 bg-destructive-soft px-4 py-3 text-sm text-destructive"
        >
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          {ORDER_MESSAGES.loadFailed}
        </p>
      ) : orders.length === 0 ? (
        <NoOrders status={status} />
      ) : (
        <ul className="grid gap-5" aria-label="Orders">
          {orders.map((order) => (
            <OrderCard
              key={order._id}
              order={order}
              status={status}
              result={result?.orderId === order._id ? result : undefined}
              confirming={confirmCancel === order._id}
              upi={upi?.[order._id]}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

const FILTERS: readonly StatusFilter[] = ["all", ...ORDER_STATUSES];

/**
 * The status chips wrap onto more lines on a narrow screen (record 0035): a row that scrolled
 * sideways hid the active chip off screen on a phone; wrapped, every chip and the active one are
 * in view, before any script runs.
 */
function StatusFilterNav({ current }: { current: StatusFilter }) {
  return (
    <nav aria-label="Filter orders by status" className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {FILTERS.map((filter) => {
          const active = filter === current;
          return (
            <li key={filter}>
              <Link
                to={ordersUrl(filter)}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  active
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-border bg-card text-foreground hover:border-primary hover:text-primary",
                )}
              >
                {filter === "all" ? "All orders" : capitalise(filter)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** decisions.md §4: the empty text names the status ('No shipped orders found'). */
function NoOrders({ status }: { status: StatusFilter }) {
  return (
    <div className="grid justify-items-center gap-4 rounded-lg border border-dashed border-border bg-card px-6 py-14 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-maroon-50 text-primary">
        <PackageOpen aria-hidden="true" className="size-7" />
      </span>
      <h2 className="font-display text-3xl font-semibold text-foreground">
        {status === "all" ? "No orders found" : `No ${status} orders found`}
      </h2>
      <p className="max-w-sm text-muted-foreground">
        {status === "all"
          ? "You have not placed an order yet. When you do, you can follow it here."
          : "Try another status, or see all your orders."}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/products">Start shopping</Link>
        </Button>
        {status === "all" ? null : (
          <Button asChild size="lg" variant="outline">
            <Link to="/orders">All orders</Link>
          </Button>
        )}
      </div>
    </div>
  );
}

function OrderCard({
  order,
  status,
  result,
  confirming,
  upi,
}: {
  order: Order;
  status: StatusFilter;
  result: CancelResult | undefined;
  confirming: boolean;
  upi?: UpiPaymentShown | undefined;
}) {
  const headingId = React.useId();
  const cancellable = CANCELLABLE_STATUSES.includes(order.status);
  const paymentMethod =
    PAYMENT_METHOD_LABELS[order.paymentMethod as PaymentMethod] ??
    capitalise(order.paymentMethod.replace(/_/g, " "));
  return (
    <li>
      <Card className="overflow-hidden">
        <article aria-labelledby={headingId}>
          <header className="flex flex-wrap items-start justify-between gap-3 border-b border-border bg-muted/40 px-4 py-4 sm:px-6">
            <div className="grid gap-0.5">
              <h2
                id={headingId}
                tabIndex={-1}
                className="font-display text-xl leading-tight font-semibold outline-none"
              >
                Order {order.orderNumber}
              </h2>
              <p className="text-sm text-muted-foreground">
                Placed on <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Badge variant={STATUS_BADGE[order.status]} data-testid="order-status">
                <span className="sr-only">Status: </span>
                {capitalise(order.status)}
              </Badge>
              <Badge variant="outline">Payment {order.paymentStatus}</Badge>
            </div>
          </header>
          <OrderTracking order={order} />
          <div className="grid gap-5 px-4 py-4 sm:px-6 md:grid-cols-[minmax(0,1fr)_16rem] md:gap-8">
            <OrderLines items={order.items} label={`Items in order ${order.orderNumber}`} />
            <dl className="grid content-start gap-3 text-sm">
              <div className="grid gap-0.5">
                <dt className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">
                  Deliver to
                </dt>
                <dd className="[overflow-wrap:anywhere]">
                  <span className="font-medium">{order.user.name}</span>
                  <br />
                  {order.user.address}
                </dd>
              </div>
              <div className="grid gap-0.5">
                <dt className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">
                  Payment method
                </dt>
                <dd>{paymentMethod}</dd>
              </div>
              <div className="grid gap-0.5">
                <dt className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">
                  Charges
                </dt>
                <dd>
                  <ChargeRows charges={orderChargesShown(order)} />
                </dd>
              </div>
              {upi ? (
                <div>
                  <dt className="sr-only">Pay by UPI</dt>
                  <dd>
                    <UpiPayment
                      upi={upi}
                      total={order.totalAmount}
                      orderNumber={order.orderNumber}
                    />
                  </dd>
                </div>
              ) : null}
            </dl>
          </div>
          <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-4 py-4 sm:px-6">
            <p className="text-base">
              <span className="text-muted-foreground">Total </span>
              <span className="font-semibold tabular-nums">{formatRupees(order.totalAmount)}</span>
            </p>
            <TaxDocumentLinks order={order} />
            {cancellable ? (
              <CancelOrder order={order} status={status} result={result} headingId={headingId} />
            ) : null}
          </footer>
          <ConfirmOrderPanel order={order} />
          {/* Record 0048: a delivered order's returns and exchanges. */}
          <OrderReturns order={order} />
          {cancellable && confirming && !result ? (
            <ConfirmCancelHere order={order} status={status} />
          ) : null}
        </article>
      </Card>
    </li>
  );
}

/** Cancel with the confirmation question (storefront.md §4, §8). */
function CancelOrder({
  order,
  status,
  result,
  headingId,
}: {
  order: Order;
  status: StatusFilter;
  result: CancelResult | undefined;
  /** The order's heading: focus goes there once the order is cancelled (the button is gone). */
  headingId: string;
}) {
  const fetcher = useFetcher<CancelResult>();
  const toast = useToast();
  const [open, setOpen] = React.useState(false);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data ?? result;
  const cancelled = React.useRef(false);

  React.useEffect(() => {
    if (!answer) return;
    cancelled.current = answer.ok;
    if (answer.ok) toast.success(answer.message);
    else toast.error(answer.message);
    setOpen(false);
  }, [answer, toast]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) setOpen(next);
      }}
    >
      {/*
       * With JavaScript the button opens the dialog (the form's submission is prevented); without
       * it, the form asks for /orders?cancel={id}, where the page asks the question itself.
       */}
      <form
        method="get"
        action={`/orders#cancel-${order._id}`}
        onSubmit={(event) => event.preventDefault()}
      >
        {status === "all" ? null : <input type="hidden" name="status" value={status} />}
        <input type="hidden" name="cancel" value={order._id} />
        <DialogTrigger asChild>
          <Button
            type="submit"
            variant="outline"
            size="sm"
            className="border-destructive/60 text-destructive hover:border-destructive hover:bg-destructive-soft"
          >
            Cancel order
            <span className="sr-only"> {order.orderNumber}</span>
          </Button>
        </DialogTrigger>
      </form>
      <DialogContent
        hideClose={busy}
        onCloseAutoFocus={(event) => {
          if (!cancelled.current) return;
          event.preventDefault();
          document.getElementById(headingId)?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Cancel order {order.orderNumber}?</DialogTitle>
          <DialogDescription>{ORDER_MESSAGES.cancelConfirm}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              Keep order
            </Button>
          </DialogClose>
          <fetcher.Form method="post">
            <CancelSubmit orderId={order._id} busy={busy} />
          </fetcher.Form>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The confirmation question on the page (?cancel={id}), for a browser without JavaScript: the same
 * words as the dialog, a form that posts the cancellation, and a way back.
 */
function ConfirmCancelHere({ order, status }: { order: Order; status: StatusFilter }) {
  const titleId = React.useId();
  return (
    <section
      id={`cancel-${order._id}`}
      aria-labelledby={titleId}
      className="grid scroll-mt-24 gap-3 border-t border-destructive/30 bg-destructive-soft px-4 py-4 sm:px-6"
    >
      <h3 id={titleId} className="font-semibold text-foreground">
        Cancel order {order.orderNumber}?
      </h3>
      <p className="text-sm text-muted-foreground">{ORDER_MESSAGES.cancelConfirm}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={ordersUrl(status)}>Keep order</Link>
        </Button>
        <Form method="post" action={ordersUrl(status)}>
          <CancelSubmit orderId={order._id} />
        </Form>
      </div>
    </section>
  );
}

/** A cancel form's contents: which order, and 'Yes, cancel order' (intent=cancel). */
function CancelSubmit({ orderId, busy = false }: { orderId: string; busy?: boolean }) {
  return (
    <>
      <input type="hidden" name="orderId" value={orderId} />
      <Button
        type="submit"
        name="intent"
        value="cancel"
        variant="destructive"
        loading={busy}
        loadingText="Cancelling…"
        className="w-full sm:w-auto"
      >
        Yes, cancel order
      </Button>
    </>
  );
}
