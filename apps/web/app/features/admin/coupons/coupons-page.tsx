import {
  COUPON_MESSAGES,
  type Coupon,
  type CouponInputBody,
  type CouponKind,
  type CouponReply,
} from "@vastra/contracts/coupons";
import { formatRupees } from "@vastra/contracts/money";
import { Ban, Plus, TicketPercent, X } from "lucide-react";
import * as React from "react";
import { useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { ApiError, apiJson, browserFetch } from "~/lib/api";
import { AdminSectionHeader } from "../ui/admin-section-header";
import { useAdminBanner } from "../ui/banner";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { FormErrorSummary } from "../ui/form-error-summary";
import { DeleteButton, EditButton } from "../ui/row-actions";
import { messageOf, useAdminAction, useLoadErrorBanner } from "../ui/use-admin-action";
import type { CouponsData } from "./coupons.server";

type Category = CouponsData["categories"][number];

/** The form's text state: inputs hold strings; empty means "none". */
type Draft = {
  code: string;
  kind: CouponKind;
  percent: string;
  maxDiscount: string;
  amount: string;
  minCartValue: string;
  startsAt: string;
  endsAt: string;
  totalLimit: string;
  perShopperLimit: string;
  categoryIds: string[];
  active: boolean;
};

const EMPTY: Draft = {
  code: "",
  kind: "percent",
  percent: "10",
  maxDiscount: "",
  amount: "",
  minCartValue: "0",
  startsAt: "",
  endsAt: "",
  totalLimit: "",
  perShopperLimit: "",
  categoryIds: [],
  active: true,
};

const text = (n: number | null) => (n === null ? "" : String(n));

function draftOf(coupon: Coupon): Draft {
  return {
    code: coupon.code,
    kind: coupon.kind,
    percent: text(coupon.percent),
    maxDiscount: text(coupon.maxDiscount),
    amount: text(coupon.amount),
    minCartValue: String(coupon.minCartValue),
    startsAt: coupon.startsAt ?? "",
    endsAt: coupon.endsAt ?? "",
    totalLimit: text(coupon.totalLimit),
    perShopperLimit: text(coupon.perShopperLimit),
    categoryIds: coupon.categoryIds,
    active: coupon.active,
  };
}

/** A number field: empty is null, anything else a number (the server says what is wrong with it). */
const num = (value: string): number | null => (value.trim() === "" ? null : Number(value));

function bodyOf(draft: Draft): CouponInputBody {
  const percent = draft.kind === "percent";
  return {
    code: draft.code,
    kind: draft.kind,
    percent: percent ? num(draft.percent) : null,
    maxDiscount: percent ? num(draft.maxDiscount) : null,
    amount: percent ? null : num(draft.amount),
    minCartValue: num(draft.minCartValue) ?? 0,
    startsAt: draft.startsAt || null,
    endsAt: draft.endsAt || null,
    totalLimit: num(draft.totalLimit),
    perShopperLimit: num(draft.perShopperLimit),
    categoryIds: draft.categoryIds,
    active: draft.active,
  };
}

/** "26 Nov 2026, 5:30 pm" from a datetime-local value in India time. */
function indiaText(value: string): string {
  const [date, time] = value.split("T");
  const [y, m, d] = (date ?? "").split("-").map(Number);
  const [hh, mm] = (time ?? "").split(":").map(Number);
  const month = [
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "May",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Oct",
    "Nov",
    "Dec",
  ][(m ?? 1) - 1];
  const h12 = (hh ?? 0) % 12 === 0 ? 12 : (hh ?? 0) % 12;
  return `${d} ${month} ${y}, ${h12}:${String(mm ?? 0).padStart(2, "0")} ${(hh ?? 0) < 12 ? "am" : "pm"}`;
}

function windowText(coupon: Coupon): string {
  if (!coupon.startsAt && !coupon.endsAt) return "Always valid";
  if (coupon.startsAt && coupon.endsAt) {
    return `${indiaText(coupon.startsAt)} to ${indiaText(coupon.endsAt)} IST`;
  }
  return coupon.startsAt
    ? `From ${indiaText(coupon.startsAt)} IST`
    : `Until ${indiaText(coupon.endsAt!)} IST`;
}

/**
 * The Coupons tab (issue #15, record 0047): a form to create or edit a code (percentage or fixed
 * ₹, minimum cart value, validity window in India time, total and per-shopper limits, categories,
 * active), and the list with each code's uses so far. A used code can only be deactivated.
 */
export function CouponsPage({ data }: { data: CouponsData }) {
  const { coupons, categories, error } = data;
  const revalidator = useRevalidator();
  const [editing, setEditing] = React.useState<Coupon | null>(null);
  const form = React.useRef<HTMLFormElement>(null);
  useLoadErrorBanner(error);

  const edit = (coupon: Coupon) => {
    setEditing(coupon);
    requestAnimationFrame(() => {
      form.current?.scrollIntoView({ block: "start" });
      form.current?.querySelector<HTMLInputElement>("input[name=code]")?.focus();
    });
  };

  return (
    <section aria-labelledby="coupons-heading" className="grid max-w-4xl gap-6">
      <AdminSectionHeader
        id="coupons-heading"
        title="Coupons"
        description={`${coupons.length === 1 ? "1 coupon" : `${coupons.length} coupons`}. Shoppers enter a code in the cart or at checkout; times are India time (IST).`}
      />

      <CouponForm
        key={editing?._id ?? "new"}
        ref={form}
        editing={editing}
        categories={categories}
        onDone={() => {
          setEditing(null);
          void revalidator.revalidate();
        }}
        onCancel={() => setEditing(null)}
      />

      {coupons.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          No coupons yet. Create the first one above.
        </p>
      ) : (
        <ul
          aria-label="Coupons"
          className="divide-y divide-border overflow-hidden rounded-lg border border-border bg-card"
        >
          {coupons.map((coupon) => (
            <CouponRow key={coupon._id} coupon={coupon} onEdit={() => edit(coupon)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CouponForm({
  editing,
  categories,
  onDone,
  onCancel,
  ref,
}: {
  editing: Coupon | null;
  categories: Category[];
  onDone: () => void;
  onCancel: () => void;
  ref: React.Ref<HTMLFormElement>;
}) {
  const banner = useAdminBanner();
  const [draft, setDraft] = React.useState<Draft>(editing ? draftOf(editing) : EMPTY);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [summary, setSummary] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    setBusy(true);
    try {
      const reply = await apiJson<CouponReply>(
        browserFetch,
        editing ? `/api/admin/coupons/${editing._id}` : "/api/admin/coupons",
        {
          method: editing ? "PUT" : "POST",
          body: bodyOf(draft),
          fallback: editing ? "Failed to save the coupon" : "Failed to create the coupon",
        },
      );
      banner.success(`${reply.message}: ${reply.coupon.code}`);
      setErrors({});
      setSummary(null);
      if (!editing) setDraft(EMPTY);
      onDone();
    } catch (e) {
      const message = messageOf(e, "Failed to save the coupon");
      const fieldErrors = e instanceof ApiError ? e.errors : {};
      setErrors(fieldErrors);
      setSummary(message);
      banner.error(message);
      const first = Object.keys(fieldErrors)[0];
      requestAnimationFrame(() =>
        formElement.querySelector<HTMLElement>(`[name="${first ?? "code"}"]`)?.focus(),
      );
    } finally {
      setBusy(false);
    }
  };

  const percent = draft.kind === "percent";
  return (
    <form
      ref={ref}
      onSubmit={submit}
      noValidate
      aria-labelledby="coupon-form-heading"
      className="grid gap-4 rounded-lg border border-border bg-card p-4"
    >
      <h3 id="coupon-form-heading" className="font-display font-semibold text-lg">
        {editing ? `Edit ${editing.code}` : "New coupon"}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Code"
          hint="3 to 32 letters, digits or hyphens; shoppers may type it in any case."
          error={errors.code}
          required
        >
          <Input
            name="code"
            value={draft.code}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={40}
            placeholder="e.g. DIWALI-10"
            onChange={(e) => set("code", e.target.value.toUpperCase())}
          />
        </Field>
        <Field label="Discount type" error={errors.kind}>
          <NativeSelect
            name="kind"
            value={draft.kind}
            onChange={(e) => set("kind", e.target.value as CouponKind)}
          >
            <option value="percent">Percentage off</option>
            <option value="fixed">Fixed amount off (₹)</option>
          </NativeSelect>
        </Field>
        {percent ? (
          <>
            <Field label="Percentage (%)" hint="1 to 90." error={errors.percent} required>
              <Input
                name="percent"
                type="number"
                inputMode="numeric"
                min={1}
                max={90}
                value={draft.percent}
                onChange={(e) => set("percent", e.target.value)}
              />
            </Field>
            <Field
              label="Largest discount (₹)"
              hint="Optional: leave empty for no cap."
              error={errors.maxDiscount}
            >
              <Input
                name="maxDiscount"
                type="number"
                inputMode="decimal"
                min={0}
                value={draft.maxDiscount}
                onChange={(e) => set("maxDiscount", e.target.value)}
              />
            </Field>
          </>
        ) : (
          <Field label="Amount off (₹)" error={errors.amount} required>
            <Input
              name="amount"
              type="number"
              inputMode="decimal"
              min={0}
              value={draft.amount}
              onChange={(e) => set("amount", e.target.value)}
            />
          </Field>
        )}
        <Field
          label="Minimum cart value (₹)"
          hint="0 for none. With categories, only their items count."
          error={errors.minCartValue}
        >
          <Input
            name="minCartValue"
            type="number"
            inputMode="decimal"
            min={0}
            value={draft.minCartValue}
            onChange={(e) => set("minCartValue", e.target.value)}
          />
        </Field>
        <Field label="Starts (India time)" hint="Optional." error={errors.startsAt}>
          <Input
            name="startsAt"
            type="datetime-local"
            value={draft.startsAt}
            onChange={(e) => set("startsAt", e.target.value)}
          />
        </Field>
        <Field label="Ends (India time)" hint="Optional." error={errors.endsAt}>
          <Input
            name="endsAt"
            type="datetime-local"
            value={draft.endsAt}
            onChange={(e) => set("endsAt", e.target.value)}
          />
        </Field>
        <Field label="Total uses" hint="Optional: empty for no limit." error={errors.totalLimit}>
          <Input
            name="totalLimit"
            type="number"
            inputMode="numeric"
            min={1}
            value={draft.totalLimit}
            onChange={(e) => set("totalLimit", e.target.value)}
          />
        </Field>
        <Field
          label="Uses per shopper"
          hint="Optional: empty for no limit."
          error={errors.perShopperLimit}
        >
          <Input
            name="perShopperLimit"
            type="number"
            inputMode="numeric"
            min={1}
            value={draft.perShopperLimit}
            onChange={(e) => set("perShopperLimit", e.target.value)}
          />
        </Field>
      </div>
      {categories.length > 0 ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-medium text-sm">
            Only for these categories{" "}
            <span className="font-normal text-muted-foreground">(none ticked: every item)</span>
          </legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {categories.map((category) => (
              <Checkbox
                key={category._id}
                name="categoryIds"
                label={category.name}
                checked={draft.categoryIds.includes(category._id)}
                onCheckedChange={(checked) =>
                  set(
                    "categoryIds",
                    checked === true
                      ? [...draft.categoryIds, category._id]
                      : draft.categoryIds.filter((id) => id !== category._id),
                  )
                }
              />
            ))}
          </div>
          {errors.categoryIds ? (
            <p className="text-destructive text-sm">{errors.categoryIds}</p>
          ) : null}
        </fieldset>
      ) : null}
      <Checkbox
        name="active"
        label="Active"
        description="Shoppers can use the code (within its dates and limits)."
        checked={draft.active}
        onCheckedChange={(checked) => set("active", checked === true)}
      />
      <FormErrorSummary>{summary}</FormErrorSummary>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={busy}>
          <Plus aria-hidden="true" />
          {editing ? "Save coupon" : "Create coupon"}
        </Button>
        {editing ? (
          <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
            <X aria-hidden="true" />
            Cancel editing
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function CouponRow({ coupon, onEdit }: { coupon: Coupon; onEdit: () => void }) {
  const run = useAdminAction();
  const [confirming, setConfirming] = React.useState(false);
  const limits = [
    coupon.minCartValue > 0 ? `Minimum ${formatRupees(coupon.minCartValue)}` : null,
    coupon.perShopperLimit !== null ? `${coupon.perShopperLimit} per shopper` : null,
    coupon.categoryNames.length > 0 ? `Only ${coupon.categoryNames.join(", ")}` : null,
  ].filter(Boolean);
  const uses =
    coupon.totalLimit !== null
      ? `${coupon.uses} of ${coupon.totalLimit} used`
      : `${coupon.uses} ${coupon.uses === 1 ? "use" : "uses"}`;
  return (
    <li
      className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center"
      data-testid="coupon-row"
    >
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <TicketPercent aria-hidden="true" className="size-4 shrink-0 text-gold-700" />
          <span className="font-mono font-semibold">{coupon.code}</span>
          <span>{coupon.summary}</span>
          <Badge variant={coupon.active ? "gold" : "outline"}>
            {coupon.active ? "Active" : "Inactive"}
          </Badge>
          <Badge variant="outline">{uses}</Badge>
        </div>
        <p className="text-muted-foreground text-sm">
          {[windowText(coupon), ...limits].join(" · ")}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <EditButton label={`Edit ${coupon.code}`} onClick={onEdit} />
        {coupon.active ? (
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Deactivate ${coupon.code}`}
            onClick={() =>
              void run(
                () =>
                  apiJson<CouponReply>(
                    browserFetch,
                    `/api/admin/coupons/${coupon._id}/deactivate`,
                    {
                      method: "POST",
                      fallback: "Failed to deactivate the coupon",
                    },
                  ),
                "Failed to deactivate the coupon",
              )
            }
          >
            <Ban aria-hidden="true" />
            Deactivate
          </Button>
        ) : null}
        {coupon.uses === 0 ? (
          <DeleteButton label={`Delete ${coupon.code}`} onClick={() => setConfirming(true)} />
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${coupon.code}?`}
        description="It has never been used. This cannot be undone."
        confirmLabel="Delete coupon"
        onConfirm={() =>
          void run(
            () =>
              apiJson<{ message: string }>(browserFetch, `/api/admin/coupons/${coupon._id}`, {
                method: "DELETE",
                fallback: COUPON_MESSAGES.usedCannotDelete,
              }),
            "Failed to delete the coupon",
          )
        }
      />
    </li>
  );
}
