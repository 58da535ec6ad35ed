/**
 * The admin's size chart editor (record 0046): measurement columns and size rows in cm, added and
 * removed freely, each value checked (0 < cm ≤ 300) before saving, the server's messages shown
 * beside their fields. Used for a category (its dialog on the Categories tab) and for a product's
 * override (inside the product form: so no <form> here, only buttons of type "button").
 */
import {
  type OwnSizeChart,
  SIZE_CHART_LIMITS,
  SIZE_CHART_MEASUREMENTS,
  SIZE_CHART_MESSAGES,
  type SizeChart,
  sizeChartSchema,
} from "@vastra/contracts/size-charts";
import { Plus, Save, Trash2, X } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ApiError, apiJson, browserFetch } from "~/lib/api";
import { useAdminBanner } from "../ui/banner";
import { messageOf } from "../ui/use-admin-action";

export type SizeChartOwner = "category" | "product";

type Draft = { columns: string[]; rows: Array<{ size: string; values: string[] }> };

const urlOf = (owner: SizeChartOwner, id: string) =>
  `/api/admin/${owner === "category" ? "categories" : "products"}/${id}/size-chart`;

function toDraft(chart: SizeChart | null, sizes: readonly string[]): Draft {
  if (chart) {
    return {
      columns: [...chart.columns],
      rows: chart.rows.map((r) => ({ size: r.size, values: r.values.map(String) })),
    };
  }
  const columns = ["Bust", "Waist", "Length"];
  return {
    columns,
    rows: (sizes.length > 0 ? sizes : ["S", "M", "L"]).map((size) => ({
      size,
      values: columns.map(() => ""),
    })),
  };
}

/** The draft as the contract wants it; a blank value stays NaN so it is refused with its message. */
function toChart(draft: Draft) {
  return {
    columns: draft.columns,
    rows: draft.rows.map((r) => ({
      size: r.size,
      values: r.values.map((v) => (v.trim() === "" ? Number.NaN : Number(v))),
    })),
  };
}

/** Field messages by path ("columns.1", "rows.0.values.2", "rows.0.size"). */
function errorsOf(draft: Draft): Record<string, string> {
  const result = sizeChartSchema.safeParse(toChart(draft));
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "chart";
    errors[key] ??= issue.message;
  }
  return errors;
}

export function SizeChartEditor({
  owner,
  ownerId,
  ownerName,
  sizes = [],
  onSaved,
}: {
  owner: SizeChartOwner;
  ownerId: string;
  ownerName: string;
  /** The product's sizes: the rows a new chart starts with. */
  sizes?: readonly string[];
  onSaved?: (chart: SizeChart | null) => void;
}) {
  const banner = useAdminBanner();
  const id = React.useId();
  const [loaded, setLoaded] = React.useState<{ chart: SizeChart | null } | null>(null);
  const [loadError, setLoadError] = React.useState<string | null>(null);
  const [draft, setDraft] = React.useState<Draft | null>(null);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [busy, setBusy] = React.useState<"save" | "remove" | null>(null);
  const summary = React.useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per owner
  React.useEffect(() => {
    let live = true;
    apiJson<OwnSizeChart>(browserFetch, urlOf(owner, ownerId), {
      fallback: "Failed to load the size chart",
    })
      .then((reply) => {
        if (!live) return;
        setLoaded({ chart: reply.chart });
        setDraft(toDraft(reply.chart, sizes));
      })
      .catch((e) => live && setLoadError(messageOf(e, "Failed to load the size chart")));
    return () => {
      live = false;
    };
  }, [owner, ownerId]);

  if (loadError) return <p className="text-destructive text-sm">{loadError}</p>;
  if (!draft || !loaded)
    return <p className="text-muted-foreground text-sm">Loading the size chart…</p>;

  const update = (next: Draft) => {
    setDraft(next);
    if (Object.keys(errors).length > 0) setErrors(errorsOf(next));
  };
  const setColumn = (i: number, name: string) =>
    update({ ...draft, columns: draft.columns.map((c, j) => (j === i ? name : c)) });
  const addColumn = () => {
    const taken = new Set(draft.columns.map((c) => c.toLowerCase()));
    const name = SIZE_CHART_MEASUREMENTS.find((m) => !taken.has(m.toLowerCase())) ?? "";
    update({
      columns: [...draft.columns, name],
      rows: draft.rows.map((r) => ({ ...r, values: [...r.values, ""] })),
    });
  };
  const removeColumn = (i: number) =>
    update({
      columns: draft.columns.filter((_, j) => j !== i),
      rows: draft.rows.map((r) => ({ ...r, values: r.values.filter((_, j) => j !== i) })),
    });
  const setRow = (i: number, row: Draft["rows"][number]) =>
    update({ ...draft, rows: draft.rows.map((r, j) => (j === i ? row : r)) });
  const addRow = () =>
    update({ ...draft, rows: [...draft.rows, { size: "", values: draft.columns.map(() => "") }] });
  const removeRow = (i: number) => update({ ...draft, rows: draft.rows.filter((_, j) => j !== i) });

  const save = async () => {
    const found = errorsOf(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      banner.error(
        `The size chart has ${Object.keys(found).length === 1 ? "a problem" : "problems"}: ${Object.values(found)[0]}`,
      );
      requestAnimationFrame(() =>
        summary.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus(),
      );
      return;
    }
    setBusy("save");
    try {
      const reply = await apiJson<{ message: string; chart: SizeChart }>(
        browserFetch,
        urlOf(owner, ownerId),
        {
          method: "PUT",
          body: { chart: toChart(draft) },
          fallback: SIZE_CHART_MESSAGES.saveFailed,
        },
      );
      setLoaded({ chart: reply.chart });
      setDraft(toDraft(reply.chart, sizes));
      banner.success(`${reply.message} for ${ownerName}`);
      onSaved?.(reply.chart);
    } catch (e) {
      if (e instanceof ApiError && e.errors) {
        const serverErrors: Record<string, string> = {};
        for (const [k, v] of Object.entries(e.errors)) serverErrors[k.replace(/^chart\./, "")] = v;
        setErrors(serverErrors);
      }
      banner.error(messageOf(e, SIZE_CHART_MESSAGES.saveFailed));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy("remove");
    try {
      const reply = await apiJson<{ message: string }>(browserFetch, urlOf(owner, ownerId), {
        method: "DELETE",
        fallback: SIZE_CHART_MESSAGES.removeFailed,
      });
      setLoaded({ chart: null });
      setDraft(toDraft(null, sizes));
      setErrors({});
      banner.success(`${reply.message} from ${ownerName}`);
      onSaved?.(null);
    } catch (e) {
      banner.error(messageOf(e, SIZE_CHART_MESSAGES.removeFailed));
    } finally {
      setBusy(null);
    }
  };

  const general = errors.columns ?? errors.rows ?? errors.chart;
  return (
    <div ref={summary} className="grid min-w-0 gap-3" data-size-chart-editor="">
      <p className="text-muted-foreground text-sm">
        {loaded.chart
          ? "Measurements in cm (0 to 300); shoppers can switch to inches."
          : owner === "product"
            ? "No chart of its own: the shop shows its category's. Fill this in to override it."
            : "No chart yet. Measurements in cm (0 to 300); shoppers can switch to inches."}
      </p>
      <section
        className="overflow-x-auto"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard
        tabIndex={0}
        aria-label={`Size chart of ${ownerName}`}
      >
        <table className="border-collapse text-sm">
          <caption className="sr-only">Size chart of {ownerName}, in cm</caption>
          <thead>
            <tr>
              <th scope="col" className="px-1 pb-2 text-left font-medium">
                Size
              </th>
              {draft.columns.map((column, c) => {
                const error = errors[`columns.${c}`];
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                  <th key={c} scope="col" className="px-1 pb-2 text-left align-top font-medium">
                    <div className="flex items-center gap-1">
                      <Input
                        aria-label={`Measurement ${c + 1} name`}
                        value={column}
                        maxLength={SIZE_CHART_LIMITS.maxColumnName + 5}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-c${c}` : undefined}
                        onChange={(e) => setColumn(c, e.target.value)}
                        className="h-9 w-28"
                      />
                      <Button
                        type="button"
                        size="icon"
                        variant="ghost"
                        aria-label={`Remove measurement ${column || c + 1}`}
                        onClick={() => removeColumn(c)}
                        disabled={draft.columns.length <= 1}
                      >
                        <X aria-hidden="true" />
                      </Button>
                    </div>
                    <FieldError id={`${id}-c${c}`} className="max-w-36 font-normal text-xs">
                      {error}
                    </FieldError>
                  </th>
                );
              })}
              <td className="pb-2 align-top" />
            </tr>
          </thead>
          <tbody>
            {draft.rows.map((row, r) => {
              const sizeError = errors[`rows.${r}.size`];
              const countError = errors[`rows.${r}.values`];
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
                <tr key={r}>
                  <th scope="row" className="px-1 py-1 text-left align-top font-normal">
                    <Input
                      aria-label={`Size ${r + 1}`}
                      value={row.size}
                      maxLength={SIZE_CHART_LIMITS.maxSizeName + 5}
                      aria-invalid={sizeError ? true : undefined}
                      aria-describedby={sizeError ? `${id}-r${r}` : undefined}
                      onChange={(e) => setRow(r, { ...row, size: e.target.value })}
                      className="h-9 w-20"
                    />
                    <FieldError id={`${id}-r${r}`} className="max-w-28 text-xs">
                      {sizeError ?? countError}
                    </FieldError>
                  </th>
                  {row.values.map((value, c) => {
                    const error = errors[`rows.${r}.values.${c}`];
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: values are in column order
                      <td key={c} className="px-1 py-1 align-top">
                        <Input
                          aria-label={`${draft.columns[c] || `Measurement ${c + 1}`} of size ${row.size || r + 1}, cm`}
                          inputMode="decimal"
                          value={value}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${id}-v${r}-${c}` : undefined}
                          onChange={(e) =>
                            setRow(r, {
                              ...row,
                              values: row.values.map((v, j) => (j === c ? e.target.value : v)),
                            })
                          }
                          className="h-9 w-20 text-right tabular-nums"
                        />
                        <FieldError id={`${id}-v${r}-${c}`} className="max-w-36 text-xs">
                          {error}
                        </FieldError>
                      </td>
                    );
                  })}
                  <td className="px-1 py-1 align-top">
                    <Button
                      type="button"
                      size="icon"
                      variant="ghost"
                      aria-label={`Remove size ${row.size || r + 1}`}
                      onClick={() => removeRow(r)}
                      disabled={draft.rows.length <= 1}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      {general ? <FieldError>{general}</FieldError> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={addRow}
          disabled={draft.rows.length >= SIZE_CHART_LIMITS.maxRows}
        >
          <Plus aria-hidden="true" />
          Add size
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={addColumn}
          disabled={draft.columns.length >= SIZE_CHART_LIMITS.maxColumns}
        >
          <Plus aria-hidden="true" />
          Add measurement
        </Button>
        <Button type="button" size="sm" onClick={() => void save()} loading={busy === "save"}>
          <Save aria-hidden="true" />
          Save size chart
        </Button>
        {loaded.chart ? (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            className="text-destructive"
            onClick={() => void remove()}
            loading={busy === "remove"}
          >
            <Trash2 aria-hidden="true" />
            Remove size chart
          </Button>
        ) : null}
      </div>
    </div>
  );
}
