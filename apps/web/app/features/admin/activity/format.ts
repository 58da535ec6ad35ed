/**
 * How an activity entry reads (record 0050): "Price ₹1,499.00 → ₹1,299.00", "Stock (M) 6 → 9 (+3)",
 * times in India, values by kind (paise as rupees, lists joined, documents as JSON).
 */
import {
  ACTIVITY_ENTITY_LABELS,
  ACTIVITY_REASON_LABELS,
  type ActivityEntityType,
  type ActivityEntry,
  activityFieldLabel,
} from "@vastra/contracts/activity";
import { formatRupees } from "@vastra/contracts/money";

const dateTime = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  // Fixed, so the server's rendering matches the browser's.
  timeZone: "Asia/Kolkata",
});

/** "26 Nov 2026, 10:42 pm" in India time. */
export function formatActivityTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateTime.format(date);
}

const MAX_TEXT = 120;

/** One stored value as text; "(none)" for null. */
export function formatActivityValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return "(none)";
  if (typeof value === "number" && field.endsWith("_paise")) return formatRupees(value / 100);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string") {
    if (value === "") return "(empty)";
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value;
  }
  if (typeof value === "number") return value.toLocaleString("en-IN");
  if (Array.isArray(value) && value.every((v) => typeof v !== "object")) {
    return value.length === 0 ? "(none)" : value.join(", ");
  }
  const json = JSON.stringify(value);
  return json.length > MAX_TEXT ? `${json.slice(0, MAX_TEXT - 1)}…` : json;
}

/** The field's name as a person reads it: "Price", "Stock (M)", "Created". */
export function activityFieldName(entry: Pick<ActivityEntry, "field" | "size">): string {
  const label = activityFieldLabel(entry.field);
  return entry.size ? `${label} (${entry.size})` : label;
}

/** What changed: "₹1,499.00 → ₹1,299.00", "6 → 9 (+3)", or the title for created/deleted. */
export function activityChange(entry: ActivityEntry): string {
  if (entry.field === "created" || entry.field === "deleted") {
    const value = entry.field === "created" ? entry.newValue : entry.oldValue;
    return typeof value === "string" ? value : "";
  }
  const from = formatActivityValue(entry.field, entry.oldValue);
  const to = formatActivityValue(entry.field, entry.newValue);
  const delta =
    entry.delta === null
      ? ""
      : ` (${entry.delta > 0 ? "+" : ""}${entry.delta.toLocaleString("en-IN")})`;
  return `${from} → ${to}${delta}`;
}

export function activityActorName(entry: ActivityEntry): string {
  return entry.actor ? entry.actor.name : "System";
}

export function activityReasonLabel(entry: ActivityEntry): string | null {
  return entry.reason ? ACTIVITY_REASON_LABELS[entry.reason] : null;
}

export function activityEntityName(entry: ActivityEntry): string {
  const type = ACTIVITY_ENTITY_LABELS[entry.entityType as ActivityEntityType] ?? entry.entityType;
  return entry.entityLabel
    ? `${type} ${entry.entityLabel}`
    : `${type} ${entry.entityId.slice(0, 8)}`;
}
