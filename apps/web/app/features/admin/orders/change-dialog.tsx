/**
 * Safer order changes (issue #16, record 0039). A change the shopper is e-mailed about (confirmed,
 * shipped, delivered, cancelled) is confirmed first; Shipped asks for the courier and the tracking
 * number (AWB); Paid asks how the customer paid while the method is still 'To be confirmed'.
 * Other changes go straight through. The server checks the same rules.
 */
import { type OrderStatusUpdate, statusLabel } from "@vastra/contracts/admin-orders";
import {
  type Courier,
  FULFILMENT_MESSAGES,
  TRACKING_NUMBER,
  TRACKING_NUMBER_MAX,
} from "@vastra/contracts/fulfilment";
import {
  EMAILED_STATUSES,
  type Order,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from "@vastra/contracts/orders";
import * as React from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { apiJson, browserFetch } from "~/lib/api";
import { DialogFormFooter } from "../ui/dialog-form-footer";

type Update = (orderId: string, update: OrderStatusUpdate) => Promise<unknown>;

type Pending = {
  order: Order;
  update: OrderStatusUpdate;
  resolve: () => void;
};

/** What a change needs before it is sent. */
function needs(order: Order, update: OrderStatusUpdate) {
  const status = update.status ?? order.status;
  const method = update.paymentMethod ?? order.paymentMethod;
  const emails = status !== order.status && EMAILED_STATUSES.includes(status);
  return {
    emails,
    shipping: status === "shipped" && order.status !== "shipped",
    method:
      update.paymentStatus === "paid" &&
      order.paymentStatus !== "paid" &&
      method === "to_be_confirmed",
  };
}

/**
 * Wraps the Orders tab's status change: `onStatus` sends it at once when nothing needs asking,
 * else opens the dialog (`dialog`, to render once) and settles when it is sent or cancelled.
 */
export function useGuardedStatus(orders: Order[], updateStatus: Update) {
  const [pending, setPending] = React.useState<Pending | null>(null);

  const onStatus = React.useCallback(
    async (orderId: string, update: OrderStatusUpdate) => {
      const order = orders.find((o) => o._id === orderId);
      const need = order ? needs(order, update) : undefined;
      if (!order || !need || (!need.emails && !need.shipping && !need.method)) {
        await updateStatus(orderId, update);
        return;
      }
      await new Promise<void>((resolve) => setPending({ order, update, resolve }));
    },
    [orders, updateStatus],
  );

  const close = React.useCallback(() => {
    setPending((current) => {
      current?.resolve();
      return null;
    });
  }, []);

  const dialog = (
    <ChangeDialog
      pending={pending}
      onClose={close}
      onSend={async (update) => {
        if (!pending) return;
        await updateStatus(pending.order._id, update);
        close();
      }}
    />
  );
  return { onStatus, dialog };
}

let couriersCache: Courier[] | null = null;

function useCouriers(open: boolean): Courier[] | null {
  const [couriers, setCouriers] = React.useState<Courier[] | null>(couriersCache);
  React.useEffect(() => {
    if (!open) return;
    let live = true;
    apiJson<{ couriers: Courier[] }>(browserFetch, "/api/admin/couriers")
      .then((reply) => {
        couriersCache = reply.couriers;
        if (live) setCouriers(reply.couriers);
      })
      .catch(() => {
        if (live) setCouriers((current) => current ?? []);
      });
    return () => {
      live = false;
    };
  }, [open]);
  return couriers;
}

const METHODS = PAYMENT_METHODS.filter((m) => m !== "to_be_confirmed");

function ChangeDialog({
  pending,
  onClose,
  onSend,
}: {
  pending: Pending | null;
  onClose: () => void;
  onSend: (update: OrderStatusUpdate) => Promise<void>;
}) {
  const open = pending !== null;
  const couriers = useCouriers(open);
  const [courier, setCourier] = React.useState("");
  const [awb, setAwb] = React.useState("");
  const [method, setMethod] = React.useState<PaymentMethod | "">("");
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [busy, setBusy] = React.useState(false);

  // A new change starts with empty fields.
  React.useEffect(() => {
    if (!pending) return;
    setCourier("");
    setAwb("");
    setMethod("");
    setErrors({});
  }, [pending]);

  const need = pending ? needs(pending.order, pending.update) : null;
  const status = pending ? (pending.update.status ?? pending.order.status) : null;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!pending || !need) return;
    const found: Record<string, string> = {};
    if (need.shipping) {
      if (!courier) found.courier = FULFILMENT_MESSAGES.courierRequired;
      const number = awb.trim();
      if (!number) found.awb = FULFILMENT_MESSAGES.trackingRequired;
      else if (!TRACKING_NUMBER.test(number)) found.awb = FULFILMENT_MESSAGES.trackingFormat;
    }
    if (need.method && !method) found.method = FULFILMENT_MESSAGES.paidNeedsMethod;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSend({
        ...pending.update,
        ...(need.shipping ? { courier, trackingNumber: awb.trim() } : {}),
        ...(need.method && method ? { paymentMethod: method } : {}),
      });
    } finally {
      setBusy(false);
    }
  }

  const title =
    need?.shipping && status
      ? `Ship order ${pending?.order.orderNumber}`
      : need?.emails && status
        ? `Mark order ${pending?.order.orderNumber} ${statusLabel(status).toLowerCase()}?`
        : `Mark order ${pending?.order.orderNumber} paid`;

  return (
    <Dialog open={open} onOpenChange={(next) => (next || busy ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {need?.emails
              ? `${pending?.order.user.name} is e-mailed about it (${pending?.order.user.email}). You can undo it for a few seconds before the e-mail goes.`
              : "Choose how the customer paid before marking the order paid."}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          {need?.shipping ? (
            <>
              <Field label="Courier" error={errors.courier} required>
                <NativeSelect value={courier} onChange={(e) => setCourier(e.target.value)}>
                  <option value="">{couriers ? "Choose the courier" : "Loading couriers…"}</option>
                  {(couriers ?? []).map((c) => (
                    <option key={c.name} value={c.name}>
                      {c.name}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field
                label="Tracking number (AWB)"
                error={errors.awb}
                hint="As printed on the courier's label"
                required
              >
                <Input
                  value={awb}
                  onChange={(e) => setAwb(e.target.value)}
                  maxLength={TRACKING_NUMBER_MAX}
                  autoComplete="off"
                  spellCheck={false}
                  inputMode="text"
                />
              </Field>
            </>
          ) : null}
          {need?.method ? (
            <Field label="Paid by" error={errors.method} required>
              <NativeSelect
                value={method}
                onChange={(e) => setMethod(e.target.value as PaymentMethod | "")}
              >
                <option value="">Choose how the customer paid</option>
                {METHODS.map((m) => (
                  <option key={m} value={m}>
                    {PAYMENT_METHOD_LABELS[m]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          ) : null}
          <DialogFormFooter
            busy={busy}
            submitLabel={
              need?.shipping
                ? "Mark shipped"
                : need?.emails && status
                  ? `Mark ${statusLabel(status).toLowerCase()}`
                  : "Mark paid"
            }
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
