/**
 * CSV downloads of the admin (issue #15, record 0049): the Products tab's "Export CSV" (the grid's
 * current filter) and the Orders tab's export of a range of India dates. The server streams both
 * as attachments, so a plain link downloads them.
 */
import { Download } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

/** Export CSV of the products matching the grid's filters (empty ones left out). */
export function ExportProductsButton({ filters }: { filters: Record<string, string | undefined> }) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value && key !== "page") params.set(key, value);
  }
  const query = params.toString();
  return (
    <Button asChild variant="secondary">
      <a href={`/api/admin/products/export.csv${query ? `?${query}` : ""}`} download>
        <Download aria-hidden="true" />
        Export CSV
      </a>
    </Button>
  );
}

/** Today in India (YYYY-MM-DD). */
const indiaToday = () => new Date(Date.now() + 330 * 60 * 1000).toISOString().slice(0, 10);

/** The Orders tab's export: from and to (India dates, both included). */
export function OrdersExportForm() {
  const today = indiaToday();
  const [from, setFrom] = React.useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = React.useState(today);
  const [error, setError] = React.useState<string | null>(null);
  return (
    <form
      aria-label="Export orders"
      className="flex flex-wrap items-end gap-3 rounded-lg border border-border bg-card p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!from || !to) return setError("Please choose both dates");
        if (from > to) return setError("Please choose a from date on or before the to date");
        setError(null);
        window.location.assign(
          `/api/admin/orders/export.csv?${new URLSearchParams({ from, to }).toString()}`,
        );
      }}
    >
      <Field label="Orders from (India date)" error={error}>
        <Input
          type="date"
          name="from"
          value={from}
          max={today}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
      </Field>
      <Field label="To">
        <Input
          type="date"
          name="to"
          value={to}
          max={today}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
      </Field>
      <Button type="submit" variant="secondary">
        <Download aria-hidden="true" />
        Export orders CSV
      </Button>
    </form>
  );
}
