import {
  ADMIN_ORDER_MESSAGES,
  type OrderDetail,
  shipToLines,
} from "@vastra/contracts/admin-orders";
import type { Order, PaymentMethod } from "@vastra/contracts/orders";
import { FileText, Mail, Phone } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { TaxDocumentLinks } from "~/components/commerce/tax-document-links";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { NativeSelect } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import { ApiError, apiJson, browserFetch } from "~/lib/api";
import { ActivityHistorySection } from "../activity/history-section";
import { OrderReturnsSection } from "../returns/order-returns-section";
import {
  formatDateTime,
  formatMoney,
  METHOD_OPTIONS,
  PAYMENT_TONE,
  paymentMethodLabel,
  STATUS_TONE,
  statusLabel,
} from "./format";
import { NotesEditor } from "./notes-editor";
import { RiskReasons } from "./risk-badges";
import { ShipmentInfo } from "./shipment-info";
import type { OrderUpdates } from "./use-order-updates";

type Load =
  | { state: "loading" }
  | { state: "ready"; order: OrderDetail }
  | { state: "failed"; message: string };

/**
 * The details modal: customer, ship-to address, items, the payment method (editable), the notes
 * editor and the order's history (who, what, when). It reads the order afresh when it opens.
 */
export function OrderDetailsDialog({
  order,
  onClose,
  updates,
}: {
  /** The order to show (from the list); null: closed. */
  order: Order | null;
  onClose: () => void;
  updates: OrderUpdates;
}) {
  const [load, setLoad] = React.useState<Load>({ state: "loading" });
  const orderId = order?._id;
  const { remember } = updates;

  const fetchOrder = React.useCallback(
    async (id: string) => {
      setLoad({ state: "loading" });
      try {
        const detail = await apiJson<OrderDetail>(
          browserFetch,
          `/api/orders/${encodeURIComponent(id)}`,
          { fallback: ADMIN_ORDER_MESSAGES.loadFailed },
        );
        setLoad({ state: "ready", order: detail });
        remember(detail);
      } catch (error) {
        setLoad({
          state: "failed",
          message: error instanceof ApiError ? error.message : ADMIN_ORDER_MESSAGES.loadFailed,
        });
      }
    },
    [remember],
  );

  React.useEffect(() => {
    if (orderId) void fetchOrder(orderId);
  }, [orderId, fetchOrder]);

  // After a change made here, the reply (with the new history) is the order to show.
  const latest = orderId ? updates.changed[orderId] : undefined;
  const shown = load.state === "ready" ? (latest ?? load.order) : null;

  return (
    <Dialog open={order !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-3xl gap-6">
        <DialogHeader>
          <DialogTitle>Order {order?.orderNumber}</DialogTitle>
          <DialogDescription>
            {order ? `Placed ${formatDateTime(order.createdAt)}` : null}
          </DialogDescription>
        </DialogHeader>
        {order ? <RiskReasons order={order} /> : null}
        {load.state === "loading" ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading the order" />
          </div>
        ) : load.state === "failed" ? (
          <div role="alert" className="grid justify-items-center gap-3 py-8 text-center">
            <p className="text-destructive">{load.message}</p>
            {orderId ? (
              <Button variant="outline" onClick={() => fetchOrder(orderId)}>
                Try again
              </Button>
            ) : null}
          </div>
        ) : shown ? (
          <DetailsBody order={shown} updates={updates} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function Section({
  title,
  children,
  className,
}: {
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  const id = React.useId();
  return (
    <section aria-labelledby={id} className={cn("grid content-start gap-2", className)}>
      <h3
        id={id}
        className="font-sans font-semibold text-muted-foreground text-xs uppercase tracking-wide"
      >
        {title}
      </h3>
      {children}
    </section>
  );
}

function DetailsBody({ order, updates }: { order: OrderDetail; updates: OrderUpdates }) {
  const busy = updates.busy.has(order._id);
  const [method, setMethod] = React.useState<PaymentMethod | string>(order.paymentMethod);
  React.useEffect(() => setMethod(order.paymentMethod), [order.paymentMethod]);
  const events = [...(order.events ?? [])].reverse();

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap gap-2">
        <span
          className={cn(
            "rounded-full px-2.5 py-0.5 font-medium text-xs",
            STATUS_TONE[order.status],
          )}
        >
          Status: {statusLabel(order.status)}
        </span>
        <span
          className={cn(
            "rounded-full px-2.5 py-0.5 font-medium text-xs",
            PAYMENT_TONE[order.paymentStatus],
          )}
        >
          Payment: {statusLabel(order.paymentStatus)}
        </span>
        <span className="rounded-full bg-muted px-2.5 py-0.5 font-medium text-xs">
          {paymentMethodLabel(order.paymentMethod)}
        </span>
      </div>

      <ShipmentInfo order={order} />

      <div className="grid gap-6 sm:grid-cols-2">
        <Section title="Customer">
          <div className="text-sm">
            <p className="font-medium">{order.user.name}</p>
            <p className="flex items-center gap-1.5 break-all">
              <Mail aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
              <a
                className="inline-flex min-h-6 items-center underline-offset-4 hover:underline"
                href={`mailto:${order.user.email}`}
              >
                {order.user.email}
              </a>
            </p>
            <p className="flex items-center gap-1.5">
              <Phone aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
              <a
                className="inline-flex min-h-6 items-center underline-offset-4 hover:underline"
                href={`tel:+91${order.user.phone}`}
              >
                {order.user.phone}
              </a>
            </p>
          </div>
        </Section>
        <Section title={`Ship to (${order.addressType})`}>
          <address className="text-sm not-italic">
            {shipToLines(order).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </Section>
      </div>

      <Section title="Items">
        <ul className="divide-y divide-border rounded-md border border-border">
          {order.items.map((item, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never reorder
              key={i}
              className="flex items-center gap-3 p-3 text-sm"
            >
              <ResponsiveImage
                src={item.imageUrl}
                alt=""
                sizes="48px"
                widths={[320]}
                width={48}
                className="h-15 w-12 shrink-0 rounded object-cover"
              />
              <div className="min-w-0 flex-1">
                <p className="font-medium">{item.title}</p>
                <p className="text-muted-foreground text-xs">
                  Size {item.size}
                  {item.color ? ` · ${item.color}` : ""} · {item.quantity} ×{" "}
                  {formatMoney(item.price)}
                </p>
              </div>
              <p className="font-medium tabular-nums">{formatMoney(item.price * item.quantity)}</p>
            </li>
          ))}
          <li className="grid gap-1 p-3 text-sm">
            <span className="flex justify-between text-muted-foreground">
              <span>Subtotal</span>
              <span className="tabular-nums">{formatMoney(order.subtotalAmount)}</span>
            </span>
            {order.discountAmount ? (
              <span
                className="flex justify-between gap-4 text-muted-foreground"
                data-testid="discount-line"
              >
                <span className="min-w-0 break-words">Coupon {order.couponCode}</span>
                <span className="shrink-0 whitespace-nowrap tabular-nums">
                  −{formatMoney(order.discountAmount)}
                </span>
              </span>
            ) : null}
            <span className="flex justify-between text-muted-foreground">
              <span>Shipping</span>
              <span className="tabular-nums">
                {order.shippingAmount > 0 ? formatMoney(order.shippingAmount) : "Free"}
              </span>
            </span>
            {order.codFeeAmount > 0 || order.codFeeWaived ? (
              <span className="flex flex-wrap items-center justify-between gap-2 text-muted-foreground">
                <span>Cash-on-delivery fee</span>
                <span className="flex items-center gap-2">
                  {order.codFeeAmount > 0 ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy}
                      onClick={() => void updates.waiveCodFee(order._id)}
                    >
                      Waive fee
                    </Button>
                  ) : null}
                  <span className="tabular-nums">
                    {order.codFeeAmount > 0 ? formatMoney(order.codFeeAmount) : "Waived"}
                  </span>
                </span>
              </span>
            ) : null}
            <span className="flex justify-between font-semibold">
              <span>Total</span>
              <span className="tabular-nums">{formatMoney(order.totalAmount)}</span>
            </span>
          </li>
        </ul>
      </Section>

      <div className="grid gap-6 sm:grid-cols-2">
        <Section title="Payment method">
          <form
            className="grid gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              void updates.updateStatus(order._id, { paymentMethod: method as PaymentMethod });
            }}
          >
            <Field label="Payment method" hideLabel>
              <NativeSelect
                value={method}
                disabled={busy}
                onChange={(event) => setMethod(event.target.value)}
              >
                {METHOD_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <div className="flex justify-end">
              <Button
                type="submit"
                variant="outline"
                loading={busy}
                disabled={busy || method === order.paymentMethod}
              >
                Save payment method
              </Button>
            </div>
          </form>
        </Section>
        <Section title="Notes">
          <NotesEditor
            orderNumber={order.orderNumber}
            notes={order.notes}
            busy={busy}
            onSave={(notes) => updates.saveNotes(order._id, notes)}
            hideLabel
          />
        </Section>
      </div>

      {/* Record 0048: the order's return and exchange requests, with their next step. */}
      <OrderReturnsSection orderId={order._id} />

      <Section title="History">
        {events.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nothing recorded yet.</p>
        ) : (
          <ol aria-label="Order history" className="grid gap-3 border-border border-l-2 pl-4">
            {events.map((event) => (
              <li key={event._id} className="relative text-sm">
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-gold-500"
                />
                <p>{event.summary}</p>
                <p className="text-muted-foreground text-xs">
                  {event.actorName} ·{" "}
                  <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                </p>
              </li>
            ))}
          </ol>
        )}
      </Section>

      <ActivityHistorySection
        entityType="order"
        entityId={order._id}
        title="Change log"
        version={`${order.status}|${order.paymentStatus}|${order.paymentMethod}|${order.notes}`}
      />

      <div className="flex flex-wrap items-center justify-end gap-2">
        <TaxDocumentLinks order={order} />
        <Link
          to={`/admin/orders/${order._id}/bill`}
          className={buttonVariants({ variant: "primary" })}
        >
          <FileText aria-hidden="true" />
          Open shipping bill
        </Link>
      </div>
    </div>
  );
}
