/**
 * /order-confirmation?token=… (issue #14, record 0038): the order e-mail's signed link, for guests
 * too. It shows the order and its three answers: confirm it, cancel it, or correct the delivery
 * address (checked as at checkout). Opening the page changes nothing (mail scanners open links);
 * each answer is a form post, with or without JavaScript.
 */
import type { OrderConfirmationView } from "@vastra/contracts/cod";
import { ADDRESS_TYPES, INDIAN_STATES } from "@vastra/contracts/orders";
import { CircleAlert, CircleCheck, Clock, MapPin, XCircle } from "lucide-react";
import type * as React from "react";
import { Form, Link, useNavigation } from "react-router";
import { ChargeRows, orderChargesShown } from "~/components/commerce/charge-rows";
import { PAGE_FRAME, PageHeader } from "~/components/layout/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { formatRupees } from "~/lib/cart-money";
import type {
  ConfirmationIntent,
  ConfirmationLoad,
  ConfirmationResult,
} from "./confirmation.server";

const when = new Intl.DateTimeFormat("en-IN", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});
const formatWhen = (iso: string) => when.format(new Date(iso));
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function ConfirmationPage({
  load,
  result,
  focus,
}: {
  load: ConfirmationLoad;
  result: ConfirmationResult | undefined;
  /** ?action= from the e-mail's button: which answer to open first. */
  focus: ConfirmationIntent | null;
}) {
  if (!load.ok) {
    return (
      <div className={PAGE_FRAME}>
        <PageHeader eyebrow="Your order" title="This link cannot be used" />
        <Card className="max-w-2xl gap-4 p-5 sm:p-6">
          <p role="alert" className="flex items-start gap-2 text-destructive">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {load.message}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <Link to="/orders">Open My Orders</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/contact">Contact us</Link>
            </Button>
          </div>
        </Card>
      </div>
    );
  }
  const { order, token } = load;
  const addressErrors = result?.intent === "address" && !result.ok ? result.errors : {};
  return (
    <div className={PAGE_FRAME}>
      <PageHeader eyebrow="Your order" title={`Order ${order.orderNumber}`}>
        <p>Hello {order.customerName}. Please check your order and confirm it.</p>
      </PageHeader>
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
          {result.ok ? (
            <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
          ) : (
            <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          )}
          {result.message}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="grid gap-6">
          <StatusCard order={order} token={token} />
          {order.canChangeAddress ? (
            <AddressCard
              order={order}
              token={token}
              errors={addressErrors}
              open={focus === "address" || Object.keys(addressErrors).length > 0}
            />
          ) : null}
          {order.canCancel ? <CancelCard token={token} open={focus === "cancel"} /> : null}
        </div>
        <Summary order={order} />
      </div>
    </div>
  );
}

function Submit({
  intent,
  children,
  ...props
}: { intent: ConfirmationIntent } & React.ComponentProps<typeof Button>) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Button type="submit" name="intent" value={intent} loading={busy} {...props}>
      {children}
    </Button>
  );
}

function StatusCard({ order, token }: { order: OrderConfirmationView; token: string }) {
  if (order.status === "cancelled") {
    return (
      <Card className="gap-2 p-5 sm:p-6">
        <p className="flex items-center gap-2 font-semibold text-destructive">
          <XCircle aria-hidden="true" className="size-5" />
          This order is cancelled.
        </p>
        <p className="text-sm text-muted-foreground">
          Nothing will be delivered. If you still want these items, please place a new order.
        </p>
      </Card>
    );
  }
  if (order.shopperConfirmedAt) {
    return (
      <Card className="gap-2 p-5 sm:p-6">
        <p className="flex items-center gap-2 font-semibold text-success">
          <CircleCheck aria-hidden="true" className="size-5" />
          You confirmed this order on {formatWhen(order.shopperConfirmedAt)}.
        </p>
        <p className="text-sm text-muted-foreground">
          We will let you know by e-mail when it ships.
        </p>
      </Card>
    );
  }
  if (!order.canConfirm) {
    return (
      <Card className="gap-2 p-5 sm:p-6">
        <p className="font-semibold">This order is {order.status}.</p>
        <p className="text-sm text-muted-foreground">
          It no longer needs your confirmation. See My Orders for its progress.
        </p>
      </Card>
    );
  }
  return (
    <Card className="gap-4 border-gold-300 bg-gold-100/50 p-5 sm:p-6">
      <h2 className="flex items-center gap-2 font-display text-2xl font-semibold">
        <Clock aria-hidden="true" className="size-5 text-gold-900" />
        Confirm your order
      </h2>
      {order.confirmBy ? (
        <p className="text-sm">
          Please confirm by <strong>{formatWhen(order.confirmBy)}</strong> (India time). Orders not
          confirmed by then are cancelled automatically.
        </p>
      ) : null}
      <Form method="post" className="flex flex-wrap gap-3">
        <input type="hidden" name="token" value={token} />
        <Submit intent="confirm" size="lg" loadingText="Confirming…">
          Confirm order
        </Submit>
      </Form>
    </Card>
  );
}

function AddressCard({
  order,
  token,
  errors,
  open,
}: {
  order: OrderConfirmationView;
  token: string;
  errors: Record<string, string>;
  open: boolean;
}) {
  const a = order.shippingAddress;
  return (
    <Card className="p-0">
      <details open={open} className="group">
        <summary className="flex cursor-pointer items-center gap-2 px-5 py-4 font-semibold sm:px-6">
          <MapPin aria-hidden="true" className="size-4 text-primary" />
          Correct the delivery address
        </summary>
        <Form
          method="post"
          noValidate
          className="grid gap-4 border-t border-border px-5 py-5 sm:grid-cols-2 sm:px-6"
        >
          <input type="hidden" name="token" value={token} />
          <Field
            label="Street address"
            error={errors.streetAddress}
            required
            className="sm:col-span-2"
          >
            <Input
              name="streetAddress"
              defaultValue={a?.streetAddress ?? ""}
              autoComplete="address-line1"
            />
          </Field>
          <Field
            label="Apartment, suite, landmark (optional)"
            error={errors.apartment}
            className="sm:col-span-2"
          >
            <Input
              name="apartment"
              defaultValue={a?.apartment ?? ""}
              autoComplete="address-line2"
            />
          </Field>
          <Field label="Pincode" error={errors.pincode} required>
            <Input
              name="pincode"
              defaultValue={a?.pincode ?? ""}
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="6 digits"
            />
          </Field>
          <Field label="City" error={errors.city} required>
            <Input name="city" defaultValue={a?.city ?? ""} autoComplete="address-level2" />
          </Field>
          <Field label="State / Union territory" error={errors.state} required>
            <NativeSelect name="state" defaultValue={a?.state ?? ""} autoComplete="address-level1">
              <option value="">Choose…</option>
              {INDIAN_STATES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Address type" error={errors.addressType}>
            <NativeSelect name="addressType" defaultValue={a?.addressType ?? "home"}>
              {ADDRESS_TYPES.map((t) => (
                <option key={t} value={t}>
                  {capitalise(t)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="sm:col-span-2">
            <Submit intent="address" variant="outline" loadingText="Saving…">
              Save the new address
            </Submit>
          </div>
        </Form>
      </details>
    </Card>
  );
}

function CancelCard({ token, open }: { token: string; open: boolean }) {
  return (
    <Card className="p-0">
      <details open={open}>
        <summary className="flex cursor-pointer items-center gap-2 px-5 py-4 font-semibold text-destructive sm:px-6">
          <XCircle aria-hidden="true" className="size-4" />
          Cancel this order
        </summary>
        <Form method="post" className="grid gap-3 border-t border-border px-5 py-5 sm:px-6">
          <input type="hidden" name="token" value={token} />
          <p className="text-sm text-muted-foreground">
            Are you sure you want to cancel this order? This cannot be undone.
          </p>
          <div>
            <Submit intent="cancel" variant="destructive" loadingText="Cancelling…">
              Yes, cancel order
            </Submit>
          </div>
        </Form>
      </details>
    </Card>
  );
}

function Summary({ order }: { order: OrderConfirmationView }) {
  return (
    <Card className="gap-4 p-5 sm:p-6">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-display text-xl font-semibold">Order summary</h2>
        <Badge variant={order.status === "cancelled" ? "destructive" : "gold"}>
          {capitalise(order.status)}
        </Badge>
      </div>
      <ul className="grid gap-2 text-sm" aria-label={`Items in order ${order.orderNumber}`}>
        {order.items.map((item) => (
          <li
            key={`${item.title}-${item.size}-${item.color}`}
            className="flex justify-between gap-3"
          >
            <span>
              {item.title}{" "}
              <span className="text-muted-foreground">
                (Size {item.size}
                {item.color ? `, ${item.color}` : ""}) × {item.quantity}
              </span>
            </span>
            <span className="tabular-nums">{formatRupees(item.price * item.quantity)}</span>
          </li>
        ))}
      </ul>
      <ChargeRows charges={orderChargesShown(order)} totalTestId="confirmation-total" />
      <dl className="grid gap-3 text-sm">
        <div className="grid gap-0.5">
          <dt className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">
            Deliver to
          </dt>
          <dd className="[overflow-wrap:anywhere]" data-testid="confirmation-address">
            {order.address}
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">
            Payment
          </dt>
          <dd>
            {order.paymentMethod === "cash_on_delivery"
              ? "Cash on delivery"
              : "UPI when the store contacts you"}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
