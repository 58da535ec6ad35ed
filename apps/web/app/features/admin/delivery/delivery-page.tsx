import {
  DEFAULT_DELIVERY_SETTINGS,
  type DeliverySettings,
  type ZoneImportReply,
} from "@vastra/contracts/delivery";
import { FileUp, Save } from "lucide-react";
import * as React from "react";
import { Form, Link, useRevalidator, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { ApiError, apiJson, browserFetch } from "~/lib/api";
import { AdminSectionHeader } from "../ui/admin-section-header";
import { useAdminBanner } from "../ui/banner";
import { useLoadErrorBanner } from "../ui/use-admin-action";
import {
  CodSettingsFields,
  type CodSettingsText,
  codSettingsBody,
  codSettingsText,
} from "./cod-settings-fields";
import { CouriersEditor } from "./couriers-editor";
import type { DeliveryData } from "./delivery.server";

const SAVE_FAILED = "Failed to save the delivery settings";
const IMPORT_FAILED = "Failed to import the file";
const PAGE_SIZE = 50;

/**
 * The Delivery tab (issue #14): the promise's settings (cut-off, handling and default transit
 * days, the default for unlisted PINs, holidays), the CSV import of served PINs and prefixes,
 * and the list as it stands.
 */
export function DeliveryPage({ data }: { data: DeliveryData }) {
  useLoadErrorBanner(data.error);
  return (
    <section aria-labelledby="delivery-heading" className="grid max-w-4xl gap-6">
      <AdminSectionHeader
        id="delivery-heading"
        title="Delivery"
        description="When orders arrive, which PIN codes the store delivers to, and the couriers it ships with."
      />
      <SettingsForm key={JSON.stringify(data.settings)} settings={data.settings} />
      <ZoneImport />
      <ZoneList zones={data.zones} />
      <CouriersEditor />
    </section>
  );
}

type SettingsText = {
  cutoffHour: string;
  handlingDays: string;
  defaultTransitDays: string;
  serveUnlistedPins: boolean;
  codForUnlistedPins: boolean;
  holidays: string;
  freeShippingFromRupees: string;
  shippingFeeRupees: string;
  codFeeRupees: string;
  upiVpa: string;
  upiPayeeName: string;
  returnWindowDays: string;
} & CodSettingsText;

const toText = (s: DeliverySettings): SettingsText => ({
  cutoffHour: String(s.cutoffHour),
  handlingDays: String(s.handlingDays),
  defaultTransitDays: String(s.defaultTransitDays),
  serveUnlistedPins: s.serveUnlistedPins,
  codForUnlistedPins: s.codForUnlistedPins,
  holidays: s.holidays.map((h) => `${h.date} ${h.name}`.trim()).join("\n"),
  freeShippingFromRupees: String(s.freeShippingFromRupees),
  shippingFeeRupees: String(s.shippingFeeRupees),
  codFeeRupees: String(s.codFeeRupees),
  upiVpa: s.upiVpa,
  upiPayeeName: s.upiPayeeName,
  returnWindowDays: String(s.returnWindowDays),
  ...codSettingsText(s),
});

/** "2026-12-25 Christmas" per line → the holidays list (the server checks the dates). */
function holidaysOf(text: string) {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [date = "", ...name] = line.split(/\s+/);
      return { date, name: name.join(" ") };
    });
}

const number = (text: string) => (text.trim() === "" ? null : Number(text));

function SettingsForm({ settings }: { settings: DeliverySettings | null }) {
  const banner = useAdminBanner();
  const revalidator = useRevalidator();
  const [form, setForm] = React.useState(() => toText(settings ?? DEFAULT_DELIVERY_SETTINGS));
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [busy, setBusy] = React.useState(false);
  const set = <K extends keyof SettingsText>(key: K, value: SettingsText[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const holidayError = Object.entries(errors).find(([key]) => key.startsWith("holidays"));

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const reply = await apiJson<{ message: string; settings: DeliverySettings }>(
        browserFetch,
        "/api/admin/delivery/settings",
        {
          method: "PUT",
          body: {
            cutoffHour: number(form.cutoffHour),
            handlingDays: number(form.handlingDays),
            defaultTransitDays: number(form.defaultTransitDays),
            serveUnlistedPins: form.serveUnlistedPins,
            codForUnlistedPins: form.codForUnlistedPins,
            holidays: holidaysOf(form.holidays),
            freeShippingFromRupees: number(form.freeShippingFromRupees),
            shippingFeeRupees: number(form.shippingFeeRupees),
            codFeeRupees: number(form.codFeeRupees),
            upiVpa: form.upiVpa,
            upiPayeeName: form.upiPayeeName,
            returnWindowDays: number(form.returnWindowDays),
            ...codSettingsBody(form),
          },
          fallback: SAVE_FAILED,
        },
      );
      setForm(toText(reply.settings));
      setErrors({});
      banner.success(reply.message);
      void revalidator.revalidate();
    } catch (e) {
      if (e instanceof ApiError) setErrors(e.errors);
      banner.error(e instanceof ApiError ? e.message : SAVE_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={save} noValidate aria-label="Delivery settings" className="grid gap-4">
      <fieldset className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:grid-cols-3 sm:p-6">
        <legend className="px-1 font-display text-lg font-semibold">The delivery promise</legend>
        <Field
          label="Cut-off hour (India time)"
          error={errors.cutoffHour}
          hint="Orders from this hour on are handled the next working day"
        >
          <Input
            type="number"
            min={0}
            max={23}
            value={form.cutoffHour}
            onChange={(e) => set("cutoffHour", e.target.value)}
          />
        </Field>
        <Field
          label="Handling days"
          error={errors.handlingDays}
          hint="Working days before dispatch"
        >
          <Input
            type="number"
            min={0}
            max={15}
            value={form.handlingDays}
            onChange={(e) => set("handlingDays", e.target.value)}
          />
        </Field>
        <Field
          label="Transit days (unlisted PINs)"
          error={errors.defaultTransitDays}
          hint="Working days from dispatch to delivery"
        >
          <Input
            type="number"
            min={0}
            max={30}
            value={form.defaultTransitDays}
            onChange={(e) => set("defaultTransitDays", e.target.value)}
          />
        </Field>
        {/* Record 0048: the returns policy page states the same number. */}
        <Field
          label="Return window (days)"
          error={errors.returnWindowDays}
          hint="Days after delivery a shopper may ask for a return or exchange"
        >
          <Input
            type="number"
            min={0}
            max={90}
            value={form.returnWindowDays}
            onChange={(e) => set("returnWindowDays", e.target.value)}
          />
        </Field>
        <div className="grid gap-3 sm:col-span-3">
          <Checkbox
            checked={form.serveUnlistedPins}
            onCheckedChange={(v) => set("serveUnlistedPins", v === true)}
            label="Deliver to PIN codes that are not in the list"
            description="Off: only the PINs and prefixes listed below are served."
          />
          <Checkbox
            checked={form.codForUnlistedPins}
            onCheckedChange={(v) => set("codForUnlistedPins", v === true)}
            label="Cash on delivery for PIN codes that are not in the list"
          />
        </div>
        <Field
          label="Holidays"
          error={holidayError?.[1]}
          hint="One a line: the date as YYYY-MM-DD, then its name. Sundays are always skipped."
          className="sm:col-span-3"
        >
          <Textarea
            rows={4}
            value={form.holidays}
            onChange={(e) => setForm((f) => ({ ...f, holidays: e.target.value }))}
            placeholder={"2026-12-25 Christmas\n2027-01-26 Republic Day"}
            className="font-mono text-sm"
          />
        </Field>
      </fieldset>
      <fieldset className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:grid-cols-3 sm:p-6">
        <legend className="px-1 font-display text-lg font-semibold">Charges and UPI</legend>
        <Field
          label="Free shipping from (₹)"
          error={errors.freeShippingFromRupees}
          hint="Orders whose items come to this or more ship free"
        >
          <Input
            type="number"
            min={0}
            value={form.freeShippingFromRupees}
            onChange={(e) => set("freeShippingFromRupees", e.target.value)}
          />
        </Field>
        <Field
          label="Shipping fee (₹)"
          error={errors.shippingFeeRupees}
          hint="Charged below that amount"
        >
          <Input
            type="number"
            min={0}
            value={form.shippingFeeRupees}
            onChange={(e) => set("shippingFeeRupees", e.target.value)}
          />
        </Field>
        <Field
          label="Cash-on-delivery fee (₹)"
          error={errors.codFeeRupees}
          hint="Added to COD orders; waive it per order in Orders"
        >
          <Input
            type="number"
            min={0}
            value={form.codFeeRupees}
            onChange={(e) => set("codFeeRupees", e.target.value)}
          />
        </Field>
        <Field
          label="UPI ID (VPA)"
          error={errors.upiVpa}
          hint="Like vastra@okaxis. Empty: no UPI QR code or link is shown"
          required={false}
        >
          <Input
            value={form.upiVpa}
            onChange={(e) => set("upiVpa", e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
        <Field
          label="UPI payee name"
          error={errors.upiPayeeName}
          hint="The name UPI apps show beside the ID"
          required={false}
          className="sm:col-span-2"
        >
          <Input value={form.upiPayeeName} onChange={(e) => set("upiPayeeName", e.target.value)} />
        </Field>
      </fieldset>
      <CodSettingsFields values={form} errors={errors} onChange={(key, value) => set(key, value)} />
      <div>
        <Button type="submit" loading={busy} loadingText="Saving…">
          <Save aria-hidden="true" />
          Save delivery settings
        </Button>
      </div>
    </form>
  );
}

function ZoneImport() {
  const banner = useAdminBanner();
  const revalidator = useRevalidator();
  const [file, setFile] = React.useState<File | null>(null);
  const [mode, setMode] = React.useState<"replace" | "merge">("replace");
  const [problems, setProblems] = React.useState<Array<[string, string]>>([]);
  const [busy, setBusy] = React.useState(false);
  const fileId = React.useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) {
      setProblems([["file", "Please choose a CSV file"]]);
      return;
    }
    setBusy(true);
    try {
      const reply = await apiJson<ZoneImportReply>(
        browserFetch,
        "/api/admin/delivery/zones/import",
        { method: "POST", body: { csv: await file.text(), mode }, fallback: IMPORT_FAILED },
      );
      setProblems([]);
      banner.success(reply.message);
      void revalidator.revalidate();
    } catch (e) {
      setProblems(e instanceof ApiError ? Object.entries(e.errors) : []);
      banner.error(e instanceof ApiError ? e.message : IMPORT_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Import served PIN codes"
      className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:p-6"
    >
      <h3 className="font-display text-lg font-semibold">Import served PIN codes</h3>
      <p className="text-sm text-muted-foreground">
        A CSV whose first line is <code>pin,zone,transit_days,cod</code> (and optionally{" "}
        <code>serviceable</code>). A row is a whole PIN or a prefix of 1-5 digits; the PIN's own row
        wins, then its longest prefix. COD and serviceable are y or n.
      </p>
      <div className="grid gap-1.5">
        <label htmlFor={fileId} className="text-sm font-medium">
          CSV file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-1.5"
        />
      </div>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1.5 font-medium">The file</legend>
        <label className="inline-flex items-center gap-2">
          <input
            type="radio"
            name="mode"
            checked={mode === "replace"}
            onChange={() => setMode("replace")}
            className="size-4 accent-primary"
          />
          replaces the whole list
        </label>
        <label className="inline-flex items-center gap-2">
          <input
            type="radio"
            name="mode"
            checked={mode === "merge"}
            onChange={() => setMode("merge")}
            className="size-4 accent-primary"
          />
          adds to it and updates the rows it names
        </label>
      </fieldset>
      {problems.length > 0 ? (
        <ul
          aria-label="Problems in the file"
          className="grid gap-1 rounded-md border border-destructive/30 bg-destructive-soft p-3 text-sm text-destructive"
        >
          {problems.map(([where, message]) => (
            <li key={where}>
              <span className="font-semibold">{where === "csv" ? "File" : where}:</span> {message}
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <Button type="submit" variant="outline" loading={busy} loadingText="Importing…">
          <FileUp aria-hidden="true" />
          Import
        </Button>
      </div>
    </form>
  );
}

function ZoneList({ zones }: { zones: DeliveryData["zones"] }) {
  const [params] = useSearchParams();
  const prefix = params.get("prefix") ?? "";
  const pages = Math.max(1, Math.ceil(zones.total / PAGE_SIZE));
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    return `?${next}`;
  };
  return (
    <section aria-labelledby="zones-heading" className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="zones-heading" className="font-display text-lg font-semibold">
            Served PIN codes and prefixes
          </h3>
          <p className="text-sm text-muted-foreground">
            {zones.total === 0
              ? "None listed: every PIN gets the defaults above."
              : `${zones.total.toLocaleString("en-IN")} listed${prefix ? ` starting ${prefix}` : ""}.`}
          </p>
        </div>
        <Form method="get" className="flex items-end gap-2" role="search">
          <Field label="Starting with">
            <Input
              name="prefix"
              defaultValue={prefix}
              inputMode="numeric"
              maxLength={6}
              className="w-32"
            />
          </Field>
          <Button type="submit" variant="outline">
            Show
          </Button>
        </Form>
      </div>
      {zones.items.length > 0 ? (
        // Scrolls sideways on a phone: focusable, so keyboard users can scroll it too (axe:
        // scrollable-region-focusable).
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
          aria-label="Served PIN codes and prefixes, table"
          className="overflow-x-auto rounded-lg border border-border bg-card focus-visible:outline-2 focus-visible:outline-ring"
        >
          <table className="w-full text-left text-sm">
            <thead className="border-b border-border text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  PIN or prefix
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Zone
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Transit days
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  COD
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Served
                </th>
              </tr>
            </thead>
            <tbody>
              {zones.items.map((zone) => (
                <tr key={zone.pattern} className="border-b border-border/70 last:border-0">
                  <th scope="row" className="px-3 py-2 font-medium tabular-nums">
                    {zone.pattern}
                    {zone.pattern.length < 6 ? "…" : ""}
                  </th>
                  <td className="px-3 py-2">{zone.zone}</td>
                  <td className="px-3 py-2 tabular-nums">
                    {zone.serviceable ? zone.transitDays : "—"}
                  </td>
                  <td className="px-3 py-2">{zone.codAllowed ? "Yes" : "No"}</td>
                  <td className="px-3 py-2">{zone.serviceable ? "Yes" : "No"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {pages > 1 ? (
        <nav aria-label="Pages of the list" className="flex items-center gap-3 text-sm">
          {zones.page > 1 ? <Link to={pageLink(zones.page - 1)}>Previous</Link> : null}
          <span>
            Page {zones.page} of {pages}
          </span>
          {zones.page < pages ? <Link to={pageLink(zones.page + 1)}>Next</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
