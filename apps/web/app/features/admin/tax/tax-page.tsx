import {
  GST_MESSAGES,
  gstinProblem,
  gstStateByName,
  normalizeGstin,
  type TaxSettings,
} from "@vastra/contracts/gst";
import { GST_STATES } from "@vastra/contracts/pincode-messages";
import { Save } from "lucide-react";
import * as React from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { ApiError, apiJson, browserFetch } from "~/lib/api";
import { AdminSectionHeader } from "../ui/admin-section-header";
import { useAdminBanner } from "../ui/banner";
import { useLoadErrorBanner } from "../ui/use-admin-action";
import type { TaxData } from "./tax.server";

const SAVE_FAILED = "Failed to save the tax settings";

const EMPTY: TaxSettings = {
  legalName: "",
  address: { line1: "", line2: "", city: "", state: "", pincode: "" },
  gstin: "",
};

type Form = {
  legalName: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  pincode: string;
  gstin: string;
};

const toForm = (s: TaxSettings): Form => ({
  legalName: s.legalName,
  line1: s.address.line1,
  line2: s.address.line2,
  city: s.address.city,
  state: gstStateByName(s.address.state)?.name ?? "",
  pincode: s.address.pincode,
  gstin: s.gstin,
});

/** What the browser can say before asking the server (the same checks as the server's). */
function formErrors(form: Form): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.legalName.trim()) errors.legalName = GST_MESSAGES.legalName;
  if (!form.line1.trim()) errors["address.line1"] = GST_MESSAGES.address;
  if (!form.city.trim()) errors["address.city"] = GST_MESSAGES.city;
  if (!/^[1-9][0-9]{5}$/.test(form.pincode.trim()))
    errors["address.pincode"] = GST_MESSAGES.pincode;
  const state = gstStateByName(form.state);
  if (!state) errors["address.state"] = GST_MESSAGES.state;
  const gstin = gstinProblem(form.gstin, state);
  if (gstin) errors.gstin = gstin;
  return errors;
}

/**
 * The Tax tab (issue #14, record 0037): who issues the tax invoices. The GSTIN is checked as it
 * is typed away from: 15 characters, the state code of the chosen state, the check character.
 * Invoices already issued keep the details they were issued with.
 */
export function TaxPage({ data }: { data: TaxData }) {
  useLoadErrorBanner(data.error);
  const banner = useAdminBanner();
  const revalidator = useRevalidator();
  const [form, setForm] = React.useState(() => toForm(data.settings ?? EMPTY));
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [busy, setBusy] = React.useState(false);
  const set = (key: keyof Form, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    const errorKey = key === "legalName" || key === "gstin" ? key : `address.${key}`;
    setErrors(({ [errorKey]: _gone, ...rest }) => rest);
  };
  const checkGstin = () => {
    if (!form.gstin.trim()) return;
    const problem = gstinProblem(form.gstin, gstStateByName(form.state));
    if (problem) setErrors((e) => ({ ...e, gstin: problem }));
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = formErrors(form);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      banner.error(Object.values(found)[0]!);
      return;
    }
    setBusy(true);
    try {
      const reply = await apiJson<{ message: string; settings: TaxSettings }>(
        browserFetch,
        "/api/admin/tax/settings",
        {
          method: "PUT",
          body: {
            legalName: form.legalName,
            address: {
              line1: form.line1,
              line2: form.line2,
              city: form.city,
              state: form.state,
              pincode: form.pincode,
            },
            gstin: normalizeGstin(form.gstin),
          },
          fallback: SAVE_FAILED,
        },
      );
      setForm(toForm(reply.settings));
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
    <section aria-labelledby="tax-heading" className="grid max-w-3xl gap-6">
      <AdminSectionHeader
        id="tax-heading"
        title="Tax"
        description="The details printed on GST tax invoices and credit notes. Prices stay GST-inclusive; an invoice is issued when an order ships."
      />
      <form onSubmit={save} noValidate aria-label="Tax settings" className="grid gap-4">
        <fieldset className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 sm:p-6">
          <legend className="px-1 font-display text-lg font-semibold">Registered business</legend>
          <Field
            label="Legal name"
            error={errors.legalName}
            required
            className="sm:col-span-2"
            hint="As on the GST registration certificate"
          >
            <Input
              value={form.legalName}
              autoComplete="organization"
              onChange={(e) => set("legalName", e.target.value)}
            />
          </Field>
          <Field label="Address line 1" error={errors["address.line1"]} required>
            <Input value={form.line1} onChange={(e) => set("line1", e.target.value)} />
          </Field>
          <Field label="Address line 2" error={errors["address.line2"]}>
            <Input value={form.line2} onChange={(e) => set("line2", e.target.value)} />
          </Field>
          <Field label="City" error={errors["address.city"]} required>
            <Input value={form.city} onChange={(e) => set("city", e.target.value)} />
          </Field>
          <Field label="PIN code" error={errors["address.pincode"]} required>
            <Input
              value={form.pincode}
              inputMode="numeric"
              maxLength={6}
              onChange={(e) => set("pincode", e.target.value)}
            />
          </Field>
          <Field
            label="State / Union territory"
            error={errors["address.state"]}
            required
            hint="Orders delivered in this state get CGST + SGST; elsewhere IGST"
          >
            <NativeSelect value={form.state} onChange={(e) => set("state", e.target.value)}>
              <option value="">Choose a state</option>
              {GST_STATES.map((s) => (
                <option key={s.code} value={s.name}>
                  {s.name} ({s.code})
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            label="GSTIN"
            error={errors.gstin}
            required
            hint="15 characters; the first two are the state's code"
          >
            <Input
              value={form.gstin}
              maxLength={20}
              autoCapitalize="characters"
              spellCheck={false}
              className="font-mono uppercase"
              onChange={(e) => set("gstin", e.target.value)}
              onBlur={checkGstin}
            />
          </Field>
        </fieldset>
        <div>
          <Button type="submit" disabled={busy}>
            <Save aria-hidden="true" />
            {busy ? "Saving…" : "Save tax settings"}
          </Button>
        </div>
      </form>
    </section>
  );
}
