/**
 * My Orders' returns and exchanges (record 0048): under a delivered order, its requests with their
 * status and, while the window is open, "Return or exchange": which pieces, how many, why, and a
 * refund or another size in stock. Read and sent from the browser (GET/POST
 * /api/orders/{id}/returns) once the order is on screen.
 */
import type { Order } from "@vastra/contracts/orders";
import type { ReturnOptions, ReturnReply } from "@vastra/contracts/returns";
import {
  RETURN_MESSAGES,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnKind,
  type ReturnReason,
} from "@vastra/contracts/returns-messages";
import * as React from "react";
import { ReturnRequestView } from "~/components/commerce/return-request-view";
import { Button } from "~/components/ui/button";
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
import { Field } from "~/components/ui/field";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { useToast } from "~/components/ui/toast";
import { ApiError, apiJson, browserFetch } from "~/lib/api";

/** "2026-11-08" as "8 Nov 2026". */
const dayText = (day: string) =>
  new Intl.DateTimeFormat("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));

export function OrderReturns({ order }: { order: Order }) {
  const [options, setOptions] = React.useState<ReturnOptions | null>(null);
  const [failed, setFailed] = React.useState(false);
  const titleId = React.useId();
  const delivered = order.status === "delivered";

  const load = React.useCallback(async () => {
    try {
      setOptions(
        await apiJson<ReturnOptions>(browserFetch, `/api/orders/${order._id}/returns`, {
          fallback: RETURN_MESSAGES.loadFailed,
        }),
      );
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [order._id]);

  React.useEffect(() => {
    if (delivered) void load();
  }, [delivered, load]);

  if (!delivered) return null;
  if (failed) {
    return (
      <p role="alert" className="border-t border-border px-4 py-3 text-sm text-destructive sm:px-6">
        {RETURN_MESSAGES.loadFailed}
      </p>
    );
  }
  if (!options) return null;
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-3 border-t border-border px-4 py-4 sm:px-6"
      data-testid="order-returns"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-0.5">
          <h3 id={titleId} className="font-sans text-base font-semibold text-foreground">
            Returns and exchanges
          </h3>
          <p className="text-sm text-muted-foreground">
            {options.open && options.lastDay
              ? `You can ask for a return or exchange until ${dayText(options.lastDay)}.`
              : options.why}
          </p>
        </div>
        {options.open ? <RequestDialog options={options} onDone={load} /> : null}
      </div>
      {options.requests.length > 0 ? (
        <ul className="grid gap-3" aria-label={`Return requests for order ${order.orderNumber}`}>
          {options.requests.map((request) => (
            <li key={request._id} className="rounded-md border border-border bg-muted/30 p-3">
              <ReturnRequestView request={request} headingLevel={4} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

type LineChoice = { quantity: string; exchangeSize: string };

function RequestDialog({ options, onDone }: { options: ReturnOptions; onDone: () => void }) {
  const toast = useToast();
  const [open, setOpen] = React.useState(false);
  const [kind, setKind] = React.useState<ReturnKind>("return");
  const [reason, setReason] = React.useState<ReturnReason | "">("");
  const [reasonText, setReasonText] = React.useState("");
  const [choices, setChoices] = React.useState<Record<string, LineChoice>>({});
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [message, setMessage] = React.useState("");
  const [busy, setBusy] = React.useState(false);
  const lines = options.lines.filter((l) => l.returnable > 0);
  const choice = (id: string): LineChoice => choices[id] ?? { quantity: "0", exchangeSize: "" };
  const setChoice = (id: string, patch: Partial<LineChoice>) => {
    setChoices((all) => ({ ...all, [id]: { ...choice(id), ...patch } }));
    setErrors(({ lines: _lines, [`size.${id}`]: _size, ...rest }) => rest);
  };

  const reset = () => {
    setKind("return");
    setReason("");
    setReasonText("");
    setChoices({});
    setErrors({});
    setMessage("");
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const chosen = lines
      .map((line, index) => ({ line, index, c: choice(line.orderItemId) }))
      .filter(({ c }) => Number(c.quantity) > 0);
    const local: Record<string, string> = {};
    if (chosen.length === 0) local.lines = RETURN_MESSAGES.noLines;
    if (!reason) local.reason = RETURN_MESSAGES.reason;
    if (reason === "other" && !reasonText.trim()) local.reasonText = RETURN_MESSAGES.reasonText;
    if (kind === "exchange") {
      for (const { line, c } of chosen) {
        if (!c.exchangeSize) local[`size.${line.orderItemId}`] = RETURN_MESSAGES.exchangeSize;
      }
    }
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setMessage("");
      return;
    }
    setBusy(true);
    try {
      const reply = await apiJson<ReturnReply>(
        browserFetch,
        `/api/orders/${options.orderId}/returns`,
        {
          method: "POST",
          body: {
            kind,
            reason,
            reasonText: reasonText.trim(),
            lines: chosen.map(({ line, c }) => ({
              orderItemId: line.orderItemId,
              quantity: Number(c.quantity),
              ...(kind === "exchange" ? { exchangeSize: c.exchangeSize } : {}),
            })),
          },
          fallback: RETURN_MESSAGES.requestFailed,
        },
      );
      toast.success(reply.message);
      setOpen(false);
      reset();
      onDone();
    } catch (error) {
      setErrors(error instanceof ApiError ? error.errors : {});
      setMessage(error instanceof ApiError ? error.message : RETURN_MESSAGES.requestFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          Return or exchange
          <span className="sr-only"> items of order {options.orderNumber}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Return or exchange, order {options.orderNumber}</DialogTitle>
          <DialogDescription>
            {options.lastDay ? `Until ${dayText(options.lastDay)}. ` : ""}Pieces must be unused,
            with their tags, in the original packaging.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Return request">
          {message ? (
            <p
              role="alert"
              className="rounded-md bg-destructive-soft px-3 py-2 text-sm text-destructive"
            >
              {message}
            </p>
          ) : null}
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-semibold">What would you like?</legend>
            {(
              [
                ["return", "Return for a refund"],
                ["exchange", "Exchange for another size"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="kind"
                  value={value}
                  checked={kind === value}
                  onChange={() => setKind(value)}
                  className="size-4 accent-primary"
                />
                {label}
              </label>
            ))}
          </fieldset>
          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-semibold">Which pieces?</legend>
            {lines.map((line) => {
              const c = choice(line.orderItemId);
              const name = `${line.title}, size ${line.size}${line.color ? `, ${line.color}` : ""}`;
              return (
                <div
                  key={line.orderItemId}
                  className="grid gap-2 rounded-md border border-border p-3"
                >
                  <Field label={`How many of ${name}`} hint={`Up to ${line.returnable}`}>
                    <NativeSelect
                      value={c.quantity}
                      onChange={(e) => setChoice(line.orderItemId, { quantity: e.target.value })}
                    >
                      {Array.from({ length: line.returnable + 1 }, (_, n) => String(n)).map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </NativeSelect>
                  </Field>
                  {kind === "exchange" && Number(c.quantity) > 0 ? (
                    line.exchangeSizes.length > 0 ? (
                      <Field
                        label={`New size for ${line.title}`}
                        error={errors[`size.${line.orderItemId}`]}
                      >
                        <NativeSelect
                          value={c.exchangeSize}
                          onChange={(e) =>
                            setChoice(line.orderItemId, { exchangeSize: e.target.value })
                          }
                        >
                          <option value="">Choose a size</option>
                          {line.exchangeSizes.map((size) => (
                            <option key={size} value={size}>
                              {size}
                            </option>
                          ))}
                        </NativeSelect>
                      </Field>
                    ) : (
                      <p className="text-sm text-destructive">
                        No other size of {line.title} is in stock now; please choose a return.
                      </p>
                    )
                  ) : null}
                </div>
              );
            })}
            {errors.lines ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {errors.lines}
              </p>
            ) : null}
          </fieldset>
          <Field label="Reason" error={errors.reason} required>
            <NativeSelect
              value={reason}
              onChange={(e) => {
                setReason(e.target.value as ReturnReason);
                setErrors(({ reason: _gone, ...rest }) => rest);
              }}
            >
              <option value="">Choose a reason</option>
              {RETURN_REASONS.map((r) => (
                <option key={r} value={r}>
                  {RETURN_REASON_LABELS[r]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {reason === "other" ? (
            <Field label="Tell us more" error={errors.reasonText} required>
              <Textarea
                rows={3}
                maxLength={500}
                value={reasonText}
                onChange={(e) => setReasonText(e.target.value)}
              />
            </Field>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                Not now
              </Button>
            </DialogClose>
            <Button type="submit" loading={busy} loadingText="Sending…">
              Send request
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
