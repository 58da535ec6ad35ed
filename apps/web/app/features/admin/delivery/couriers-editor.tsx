/**
 * The couriers the Orders tab's ship form offers (issue #16, record 0039): a name each and an
 * optional tracking page with {awb} where the tracking number goes. Saved as one list.
 */
import {
  AWB_PLACEHOLDER,
  COURIER_NAME_MAX,
  COURIERS_MAX,
  type Courier,
  FULFILMENT_MESSAGES,
} from "@vastra/contracts/fulfilment";
import { Plus, Save, Trash2 } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ApiError, apiJson, browserFetch } from "~/lib/api";
import { useAdminBanner } from "../ui/banner";

const SAVE_FAILED = "Failed to save the couriers";
const LOAD_FAILED = "Failed to load the couriers";

type Row = Courier & { key: number };

export function CouriersEditor() {
  const banner = useAdminBanner();
  const [rows, setRows] = React.useState<Row[] | null>(null);
  const [failed, setFailed] = React.useState(false);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [busy, setBusy] = React.useState(false);
  const nextKey = React.useRef(1);

  const toRows = React.useCallback(
    (list: Courier[]) => list.map((c) => ({ ...c, key: nextKey.current++ })),
    [],
  );

  React.useEffect(() => {
    apiJson<{ couriers: Courier[] }>(browserFetch, "/api/admin/couriers", {
      fallback: LOAD_FAILED,
    })
      .then((reply) => setRows(toRows(reply.couriers)))
      .catch(() => setFailed(true));
  }, [toRows]);

  const set = (key: number, patch: Partial<Courier>) =>
    setRows((current) => current?.map((r) => (r.key === key ? { ...r, ...patch } : r)) ?? null);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!rows) return;
    setBusy(true);
    try {
      const reply = await apiJson<{ couriers: Courier[] }>(browserFetch, "/api/admin/couriers", {
        method: "PUT",
        body: { couriers: rows.map(({ name, trackingUrl }) => ({ name, trackingUrl })) },
        fallback: SAVE_FAILED,
      });
      setRows(toRows(reply.couriers));
      setErrors({});
      banner.success(FULFILMENT_MESSAGES.couriersSaved);
    } catch (error) {
      setErrors(error instanceof ApiError ? error.errors : {});
      banner.error(error instanceof ApiError ? error.message : SAVE_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={save}
      noValidate
      aria-label="Couriers"
      className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:p-6"
    >
      <div className="grid gap-1">
        <h3 className="font-display font-semibold text-lg">Couriers</h3>
        <p className="text-muted-foreground text-sm">
          The couriers offered when an order is marked shipped. The tracking page is an https://
          address with <code>{AWB_PLACEHOLDER}</code> where the tracking number goes; the shopper
          gets the link in the shipped e-mail and in My Orders. Leave it empty when the courier has
          none.
        </p>
      </div>
      {failed ? (
        <p role="alert" className="text-destructive text-sm">
          {LOAD_FAILED}. Please reload the page.
        </p>
      ) : rows === null ? (
        <p className="text-muted-foreground text-sm">Loading couriers…</p>
      ) : (
        <ul aria-label="Couriers list" className="grid gap-3">
          {rows.map((row, index) => (
            <li
              key={row.key}
              className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-start"
            >
              <Field label="Name" error={errors[`couriers.${index}.name`]}>
                <Input
                  value={row.name}
                  maxLength={COURIER_NAME_MAX}
                  onChange={(e) => set(row.key, { name: e.target.value })}
                />
              </Field>
              <Field label="Tracking page" error={errors[`couriers.${index}.trackingUrl`]}>
                <Input
                  type="url"
                  inputMode="url"
                  value={row.trackingUrl}
                  placeholder={`https://courier.example/track/${AWB_PLACEHOLDER}`}
                  onChange={(e) => set(row.key, { trackingUrl: e.target.value })}
                />
              </Field>
              <Button
                type="button"
                variant="ghost"
                className="sm:mt-6"
                aria-label={`Remove ${row.name || "this courier"}`}
                onClick={() =>
                  setRows((current) => current?.filter((r) => r.key !== row.key) ?? null)
                }
              >
                <Trash2 aria-hidden="true" />
                <span className="sm:sr-only">Remove</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {errors.couriers ? (
        <p role="alert" className="text-destructive text-sm">
          {errors.couriers}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={!rows || rows.length >= COURIERS_MAX}
          onClick={() =>
            setRows((current) => [
              ...(current ?? []),
              { name: "", trackingUrl: "", key: nextKey.current++ },
            ])
          }
        >
          <Plus aria-hidden="true" />
          Add courier
        </Button>
        <Button type="submit" loading={busy} loadingText="Saving…" disabled={!rows}>
          <Save aria-hidden="true" />
          Save couriers
        </Button>
      </div>
    </form>
  );
}
