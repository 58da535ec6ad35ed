import { type CodSettings, DEFAULT_COD_SETTINGS } from "@vastra/contracts/cod";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

/** The COD controls' keys of the delivery settings (record 0038), as the form's text. */
export type CodSettingsText = Record<keyof CodSettings, string>;

const KEYS = Object.keys(DEFAULT_COD_SETTINGS) as Array<keyof CodSettings>;

export const codSettingsText = (s: CodSettings): CodSettingsText =>
  Object.fromEntries(KEYS.map((k) => [k, String(s[k])])) as CodSettingsText;

/** The form's text as the API's numbers (empty: null, which the server refuses with its message). */
export const codSettingsBody = (text: CodSettingsText) =>
  Object.fromEntries(
    KEYS.map((k) => [k, text[k].trim() === "" ? null : Number(text[k])]),
  ) as Record<keyof CodSettings, number | null>;

const FIELDS: Array<{ key: keyof CodSettings; label: string; hint: string; max: number }> = [
  {
    key: "confirmWithinHours",
    label: "Confirm within (hours)",
    hint: "New orders the shopper has not confirmed by then are cancelled",
    max: 720,
  },
  {
    key: "codMaxOrderRupees",
    label: "Cash on delivery up to (₹)",
    hint: "Orders above this total must be paid by UPI",
    max: 1_000_000,
  },
  {
    key: "rtoPaymentFirstAfter",
    label: "Pay first after returns",
    hint: "Orders returned undelivered (per account or phone) before COD is refused",
    max: 100,
  },
  {
    key: "riskHighValueFromRupees",
    label: "High-value badge above (₹)",
    hint: "Orders above this total are flagged in Orders",
    max: 1_000_000,
  },
  {
    key: "riskPinReturnsAt",
    label: "PIN returns badge from",
    hint: "Returned orders to the same PIN before its orders are flagged",
    max: 100,
  },
  {
    key: "riskPhoneAccountsAt",
    label: "Shared phone badge from",
    hint: "Accounts ordering with one phone number before it is flagged",
    max: 100,
  },
];

/** The Delivery tab's "Cash-on-delivery controls" box. */
export function CodSettingsFields({
  values,
  errors,
  onChange,
}: {
  values: CodSettingsText;
  errors: Record<string, string>;
  onChange: (key: keyof CodSettings, value: string) => void;
}) {
  return (
    <fieldset className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:grid-cols-3 sm:p-6">
      <legend className="px-1 font-display text-lg font-semibold">Cash-on-delivery controls</legend>
      {FIELDS.map((f) => (
        <Field key={f.key} label={f.label} error={errors[f.key]} hint={f.hint}>
          <Input
            type="number"
            min={0}
            max={f.max}
            value={values[f.key]}
            onChange={(e) => onChange(f.key, e.target.value)}
          />
        </Field>
      ))}
    </fieldset>
  );
}
