/**
 * The admin's next step for a return or exchange request (record 0048): approve or reject (with
 * the reason the shopper is shown), mark received (stock back), mark refunded (method and
 * reference) or re-shipped (one of the store's couriers and the AWB). The steps that need details
 * open a small form in place; every reply's message goes to the dashboard's banner.
 */
import type { Courier } from "@vastra/contracts/fulfilment";
import { PAYMENT_METHOD_LABELS } from "@vastra/contracts/orders";
import type { ReturnAction, ReturnReply, ReturnRequest } from "@vastra/contracts/returns";
import { REFUND_METHODS, RETURN_MESSAGES } from "@vastra/contracts/returns-messages";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { ApiError, apiJson, browserFetch } from "~/lib/api";
import { useAdminBanner } from "../ui/banner";

type Open = "reject" | "refund" | "reship" | null;

export function ReturnActions({
  request,
  couriers,
  onDone,
}: {
  request: ReturnRequest;
  couriers: Courier[];
  /** Called with the request as it is after a step. */
  onDone: (request: ReturnRequest) => void;
}) {
  const banner = useAdminBanner();
  const [open, setOpen] = React.useState<Open>(null);
  const [busy, setBusy] = React.useState(false);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [reason, setReason] = React.useState("");
  const [method, setMethod] = React.useState<string>("upi");
  const [reference, setReference] = React.useState("");
  const [courier, setCourier] = React.useState(couriers[0]?.name ?? "");
  const [awb, setAwb] = React.useState("");
  const label = `${request.kind === "exchange" ? "exchange" : "return"} for order ${request.orderNumber}`;

  const run = async (action: ReturnAction) => {
    setBusy(true);
    try {
      const reply = await apiJson<ReturnReply>(browserFetch, `/api/admin/returns/${request._id}`, {
        method: "PATCH",
        body: action,
        fallback: RETURN_MESSAGES.actionFailed,
      });
      banner.success(reply.message);
      setOpen(null);
      setErrors({});
      onDone(reply.request);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors);
      banner.error(error instanceof ApiError ? error.message : RETURN_MESSAGES.actionFailed);
    } finally {
      setBusy(false);
    }
  };

  const buttons: React.ReactNode[] = [];
  if (request.status === "requested") {
    buttons.push(
      <Button
        key="approve"
        size="sm"
        loading={busy && open === null}
        onClick={() => run({ action: "approve" })}
      >
        Approve<span className="sr-only"> {label}</span>
      </Button>,
      <Button
        key="reject"
        size="sm"
        variant="outline"
        onClick={() => setOpen("reject")}
        aria-expanded={open === "reject"}
      >
        Reject<span className="sr-only"> {label}</span>
      </Button>,
    );
  } else if (request.status === "approved") {
    buttons.push(
      <Button key="receive" size="sm" loading={busy} onClick={() => run({ action: "receive" })}>
        Mark received<span className="sr-only"> {label}</span>
      </Button>,
    );
  } else if (request.status === "received" && request.kind === "return") {
    buttons.push(
      <Button
        key="refund"
        size="sm"
        onClick={() => setOpen("refund")}
        aria-expanded={open === "refund"}
      >
        Mark refunded<span className="sr-only"> {label}</span>
      </Button>,
    );
  } else if (request.status === "received" && request.kind === "exchange") {
    buttons.push(
      <Button
        key="reship"
        size="sm"
        onClick={() => setOpen("reship")}
        aria-expanded={open === "reship"}
      >
        Mark re-shipped<span className="sr-only"> {label}</span>
      </Button>,
    );
  }
  if (buttons.length === 0) return null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (open === "reject") void run({ action: "reject", reason });
    if (open === "refund") {
      void run({
        action: "refund",
        method: method as (typeof REFUND_METHODS)[number],
        reference,
      });
    }
    if (open === "reship") void run({ action: "reship", courier, trackingNumber: awb });
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">{buttons}</div>
      {open ? (
        <form
          onSubmit={submit}
          noValidate
          aria-label={`${open === "reject" ? "Reject" : open === "refund" ? "Refund" : "Re-ship"} ${label}`}
          className="grid gap-3 rounded-md border border-border bg-muted/30 p-3 sm:grid-cols-2"
        >
          {open === "reject" ? (
            <Field
              label="Reason shown to the shopper"
              error={errors.reason}
              required
              className="sm:col-span-2"
            >
              <Textarea
                rows={2}
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </Field>
          ) : null}
          {open === "refund" ? (
            <>
              <Field label="Refund method" error={errors.method} required>
                <NativeSelect value={method} onChange={(e) => setMethod(e.target.value)}>
                  {REFUND_METHODS.map((m) => (
                    <option key={m} value={m}>
                      {PAYMENT_METHOD_LABELS[m]}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field
                label="Reference"
                error={errors.reference}
                hint="UPI or bank transaction ID"
                required
              >
                <Input
                  value={reference}
                  maxLength={100}
                  onChange={(e) => setReference(e.target.value)}
                  autoComplete="off"
                />
              </Field>
            </>
          ) : null}
          {open === "reship" ? (
            <>
              <Field label="Courier" error={errors.courier} required>
                <NativeSelect value={courier} onChange={(e) => setCourier(e.target.value)}>
                  {couriers.map((c) => (
                    <option key={c.name} value={c.name}>
                      {c.name}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field label="Tracking number (AWB)" error={errors.trackingNumber} required>
                <Input
                  value={awb}
                  maxLength={40}
                  onChange={(e) => setAwb(e.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                />
              </Field>
            </>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() => setOpen(null)}
            >
              Cancel
            </Button>
            <Button
              type="submit"
              size="sm"
              loading={busy}
              variant={open === "reject" ? "destructive" : "primary"}
            >
              {open === "reject"
                ? "Reject request"
                : open === "refund"
                  ? "Save refund"
                  : "Save shipment"}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
