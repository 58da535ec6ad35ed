import type { OrderStatusUpdate } from "@vastra/contracts/admin-orders";
import type { Order, OrderStatus, PaymentStatus } from "@vastra/contracts/orders";
import { Eye, FileText, StickyNote } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { NativeSelect } from "~/components/ui/select";
import {
  formatDateTime,
  formatMoney,
  itemCount,
  PAYMENT_OPTIONS,
  paymentMethodLabel,
  STATUS_OPTIONS,
} from "./format";
import { RiskBadges } from "./risk-badges";

export type OrderListProps = {
  orders: Order[];
  busy: ReadonlySet<string>;
  onStatus: (orderId: string, update: OrderStatusUpdate) => Promise<unknown>;
  onDetails: (order: Order) => void;
  onNotes: (order: Order) => void;
};

/**
 * The orders: a table on wide screens, cards on phones. Each order has inline status and payment
 * selects (one change sends both values), Details, Notes and the shipping bill; all of its
 * controls are disabled while its change is on its way.
 */
export function OrderList(props: OrderListProps) {
  const { orders } = props;
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-border bg-card shadow-sm lg:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Orders, newest first</caption>
          <thead className="border-border border-b bg-secondary/60 text-muted-foreground text-xs uppercase tracking-wide">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Order
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Customer
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Total
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Status
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Payment
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {orders.map((order) => (
              <OrderRow key={order._id} order={order} {...props} />
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="Orders" className="grid gap-3 lg:hidden">
        {orders.map((order) => (
          <OrderCard key={order._id} order={order} {...props} />
        ))}
      </ul>
    </>
  );
}

type ItemProps = OrderListProps & { order: Order };

function OrderRow({ order, busy, onStatus, onDetails, onNotes }: ItemProps) {
  const updating = busy.has(order._id);
  return (
    <tr data-order={order.orderNumber} aria-busy={updating || undefined} className="align-top">
      <td className="px-4 py-3">
        <p className="whitespace-nowrap font-semibold text-foreground">{order.orderNumber}</p>
        <p className="whitespace-nowrap text-muted-foreground text-xs">
          {formatDateTime(order.createdAt)}
        </p>
        <RiskBadges order={order} className="mt-1 max-w-56" />
      </td>
      <td className="max-w-72 px-4 py-3">
        <p className="truncate font-medium">{order.user.name}</p>
        <p className="truncate text-muted-foreground text-xs">{order.user.email}</p>
        <p className="text-muted-foreground text-xs">{order.user.phone}</p>
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-right">
        <p className="font-semibold tabular-nums">{formatMoney(order.totalAmount)}</p>
        <p className="text-muted-foreground text-xs">{itemCount(order.items)}</p>
        <p className="text-muted-foreground text-xs">{paymentMethodLabel(order.paymentMethod)}</p>
      </td>
      <StatusSelects
        order={order}
        updating={updating}
        onStatus={onStatus}
        wrap={(node) => <td className="w-44 px-4 py-3">{node}</td>}
      />
      <td className="px-4 py-3">
        <OrderActions
          order={order}
          updating={updating}
          onDetails={onDetails}
          onNotes={onNotes}
          compact
        />
      </td>
    </tr>
  );
}

function OrderCard({ order, busy, onStatus, onDetails, onNotes }: ItemProps) {
  const updating = busy.has(order._id);
  return (
    <li
      data-order={order.orderNumber}
      aria-busy={updating || undefined}
      className="grid gap-3 rounded-lg border border-border bg-card p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{order.orderNumber}</p>
          <p className="text-muted-foreground text-xs">{formatDateTime(order.createdAt)}</p>
          <RiskBadges order={order} className="mt-1" />
        </div>
        <div className="text-right">
          <p className="font-semibold tabular-nums">{formatMoney(order.totalAmount)}</p>
          <p className="text-muted-foreground text-xs">{itemCount(order.items)}</p>
        </div>
      </div>
      <div className="min-w-0 text-sm">
        <p className="truncate font-medium">{order.user.name}</p>
        <p className="truncate text-muted-foreground text-xs">
          {order.user.email} · {order.user.phone}
        </p>
        <p className="text-muted-foreground text-xs">
          Payment method: {paymentMethodLabel(order.paymentMethod)}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <StatusSelects order={order} updating={updating} onStatus={onStatus} labelled />
      </div>
      <OrderActions order={order} updating={updating} onDetails={onDetails} onNotes={onNotes} />
    </li>
  );
}

/**
 * The inline status and payment-status selects. A change sends both values (admin.md §4); the
 * chosen value shows while the call runs and goes back if it fails.
 */
function StatusSelects({
  order,
  updating,
  onStatus,
  labelled = false,
  wrap = (node) => node,
}: {
  order: Order;
  updating: boolean;
  onStatus: ItemProps["onStatus"];
  /** Visible labels above the selects (cards); the table's column headers name them otherwise. */
  labelled?: boolean;
  wrap?: (node: React.ReactNode) => React.ReactNode;
}) {
  const [draft, setDraft] = React.useState<{
    status: OrderStatus;
    paymentStatus: PaymentStatus;
  } | null>(null);
  const shown = draft ?? { status: order.status, paymentStatus: order.paymentStatus };
  const id = React.useId();

  async function change(next: { status: OrderStatus; paymentStatus: PaymentStatus }) {
    setDraft(next);
    try {
      await onStatus(order._id, next);
    } finally {
      setDraft(null);
    }
  }

  const statusSelect = (
    <div className="grid gap-1">
      {labelled ? (
        <label htmlFor={`${id}-status`} className="font-medium text-muted-foreground text-xs">
          Status
        </label>
      ) : null}
      <NativeSelect
        id={`${id}-status`}
        aria-label={labelled ? undefined : `Status of order ${order.orderNumber}`}
        value={shown.status}
        disabled={updating}
        onChange={(event) => change({ ...shown, status: event.target.value as OrderStatus })}
      >
        {STATUS_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
  const paymentSelect = (
    <div className="grid gap-1">
      {labelled ? (
        <label htmlFor={`${id}-payment`} className="font-medium text-muted-foreground text-xs">
          Payment
        </label>
      ) : null}
      <NativeSelect
        id={`${id}-payment`}
        aria-label={labelled ? undefined : `Payment status of order ${order.orderNumber}`}
        value={shown.paymentStatus}
        disabled={updating}
        onChange={(event) =>
          change({ ...shown, paymentStatus: event.target.value as PaymentStatus })
        }
      >
        {PAYMENT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
  return (
    <>
      {wrap(statusSelect)}
      {wrap(paymentSelect)}
    </>
  );
}

function OrderActions({
  order,
  updating,
  onDetails,
  onNotes,
  compact = false,
}: {
  order: Order;
  updating: boolean;
  onDetails: (order: Order) => void;
  onNotes: (order: Order) => void;
  compact?: boolean;
}) {
  const action = cn(
    buttonVariants({ variant: "outline", size: "sm" }),
    compact ? "px-2.5" : "flex-1",
  );
  return (
    <div className={cn("flex gap-2", compact ? "justify-end" : "flex-wrap")}>
      <button
        type="button"
        className={action}
        disabled={updating}
        onClick={() => onDetails(order)}
        aria-label={`Details of order ${order.orderNumber}`}
      >
        <Eye aria-hidden="true" />
        Details
      </button>
      <button
        type="button"
        className={action}
        disabled={updating}
        onClick={() => onNotes(order)}
        aria-label={`Notes of order ${order.orderNumber}`}
      >
        <StickyNote aria-hidden="true" />
        Notes
        {order.notes ? (
          <span className="size-1.5 rounded-full bg-gold-500" aria-hidden="true" />
        ) : null}
      </button>
      <Link
        to={`/admin/orders/${order._id}/bill`}
        className={action}
        aria-disabled={updating || undefined}
        tabIndex={updating ? -1 : undefined}
        aria-label={`Shipping bill of order ${order.orderNumber}`}
      >
        <FileText aria-hidden="true" />
        Bill
      </Link>
    </div>
  );
}
