import {
  ACTIVITY_ENTITY_LABELS,
  ACTIVITY_ENTITY_TYPES,
  ACTIVITY_REASON_LABELS,
  ACTIVITY_REASONS,
} from "@vastra/contracts/activity";
import { Link, useLocation, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { AdminSectionHeader } from "../ui/admin-section-header";
import { SelectOptions, valueOptions } from "../ui/select-options";
import { useLoadErrorBanner } from "../ui/use-admin-action";
import type { ActivityData } from "./activity.server";
import { ActivityList } from "./activity-list";
import { ACTIVITY_FILTER_KEYS, type ActivityFilters } from "./filters";

/** Fields worth offering by name; any other column or settings key can be typed. */
const COMMON_FIELDS = [
  "price_paise",
  "mrp_paise",
  "title",
  "stock",
  "status",
  "payment_status",
  "payment_method",
  "notes",
  "created",
  "deleted",
];

function pageLink(filters: ActivityFilters, cursor?: string | null): string {
  const query = new URLSearchParams();
  for (const key of ACTIVITY_FILTER_KEYS) if (filters[key]) query.set(key, filters[key]);
  if (cursor) query.set("cursor", cursor);
  const qs = query.toString();
  return `/admin/activity${qs ? `?${qs}` : ""}`;
}

function describe(count: number, more: boolean, filtered: boolean): string {
  const changes = `${count.toLocaleString("en-IN")} ${count === 1 ? "change" : "changes"}`;
  if (count === 0) return filtered ? "No changes match. Kept for 400 days." : "No changes yet.";
  if (more)
    return `Showing ${changes}, newest first; older ones on the next page. Kept for 400 days.`;
  return `${changes}${filtered ? " match" : ""}. Kept for 400 days.`;
}

/**
 * The Activity tab (record 0050): who changed what and when across products, stock, orders and
 * settings, newest first, filtered by entity, reason, field, actor and India dates in the URL,
 * with keyset pages ("Older changes").
 */
export function ActivityPage({ data }: { data: ActivityData }) {
  const { filters, cursor, page, error } = data;
  const location = useLocation();
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === location.pathname;
  useLoadErrorBanner(error);
  const filtered = ACTIVITY_FILTER_KEYS.some((key) => filters[key]);

  return (
    <section aria-labelledby="activity-heading" className="grid gap-6">
      <AdminSectionHeader
        id="activity-heading"
        title="Activity"
        live
        description={
          page ? describe(page.entries.length, Boolean(page.nextCursor), filtered) : null
        }
      />

      <form
        method="get"
        action="/admin/activity"
        aria-label="Filter activity"
        className="grid grid-cols-2 gap-3 rounded-lg border border-border bg-card p-4 lg:grid-cols-4"
      >
        <Field label="Entity">
          <NativeSelect
            name="entityType"
            defaultValue={filters.entityType}
            key={`t${filters.entityType}`}
          >
            <SelectOptions
              any="Everything"
              options={valueOptions(ACTIVITY_ENTITY_TYPES, (t) => ACTIVITY_ENTITY_LABELS[t])}
            />
          </NativeSelect>
        </Field>
        <Field label="Reason">
          <NativeSelect name="reason" defaultValue={filters.reason} key={`r${filters.reason}`}>
            <SelectOptions
              any="All reasons"
              options={valueOptions(ACTIVITY_REASONS, (r) => ACTIVITY_REASON_LABELS[r])}
            />
          </NativeSelect>
        </Field>
        <Field label="Field" hint="For example price_paise or stock">
          <Input
            name="field"
            list="activity-fields"
            defaultValue={filters.field}
            key={`f${filters.field}`}
            autoComplete="off"
          />
        </Field>
        <datalist id="activity-fields">
          {COMMON_FIELDS.map((field) => (
            <option key={field} value={field} />
          ))}
        </datalist>
        <Field label="Entity id" hint="A product's or order's id">
          <Input
            name="entityId"
            defaultValue={filters.entityId}
            key={`i${filters.entityId}`}
            autoComplete="off"
          />
        </Field>
        <Field label="Actor id" hint="Or pick a name in the list">
          <Input
            name="actorId"
            defaultValue={filters.actorId}
            key={`a${filters.actorId}`}
            autoComplete="off"
          />
        </Field>
        <Field label="From (India date)">
          <Input type="date" name="from" defaultValue={filters.from} key={`from${filters.from}`} />
        </Field>
        <Field label="To (India date)">
          <Input type="date" name="to" defaultValue={filters.to} key={`to${filters.to}`} />
        </Field>
        <div className="col-span-2 flex flex-wrap items-end gap-2 lg:col-span-1">
          <Button type="submit" disabled={loading}>
            Apply filters
          </Button>
          {filtered ? (
            <Link to="/admin/activity" className={buttonVariants({ variant: "outline" })}>
              Clear filters
            </Link>
          ) : null}
        </div>
      </form>

      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}

      {page ? (
        <ActivityList
          entries={page.entries}
          showEntity
          emptyText={filtered ? "No changes match these filters." : "No changes recorded yet."}
        />
      ) : null}

      {cursor || page?.nextCursor ? (
        <nav aria-label="Activity pages" className="flex flex-wrap gap-2">
          {cursor ? (
            <Link to={pageLink(filters)} className={buttonVariants({ variant: "outline" })}>
              Newest changes
            </Link>
          ) : null}
          {page?.nextCursor ? (
            <Link
              to={pageLink(filters, page.nextCursor)}
              className={buttonVariants({ variant: "outline" })}
            >
              Older changes
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
