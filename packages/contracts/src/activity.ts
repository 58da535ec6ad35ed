/**
 * The activity history (issue #15, record 0050): who changed what and when, one entry per changed
 * field of a product (price, MRP, title, …, a size's stock), an order (status, payment status and
 * method, internal notes) or a settings document, written by database triggers.
 */
import { z } from "./zod.ts";

/** Why a change happened (the transaction's reason); null on an entry: the system or unknown. */
export const ACTIVITY_REASONS = ["order", "cancel", "admin edit", "import", "return"] as const;
export type ActivityReason = (typeof ACTIVITY_REASONS)[number];

/** What an entry is about; 'coupon' once the coupons table carries its trigger. */
export const ACTIVITY_ENTITY_TYPES = ["product", "order", "settings", "coupon"] as const;
export type ActivityEntityType = (typeof ACTIVITY_ENTITY_TYPES)[number];

export const ACTIVITY_PAGE_DEFAULT = 50;
export const ACTIVITY_PAGE_MAX = 100;
/** Entries older than this many days are deleted by the hourly sweep (record 0050). */
export const ACTIVITY_RETENTION_DAYS = 400;

export const ACTIVITY_MESSAGES = {
  entityType: `Please choose one of: ${ACTIVITY_ENTITY_TYPES.join(", ")}`,
  entityId: "Please give the id of one product, order or settings document (up to 100 characters)",
  actorId: "The actor must be a user id (a UUID)",
  reason: `Please choose one of the reasons: ${ACTIVITY_REASONS.join(", ")}`,
  field: "Please give a field name of up to 60 letters, digits or underscores",
  date: "Please give dates as YYYY-MM-DD",
  range: "The 'from' date must be on or before the 'to' date",
  cursor: "This page link is not valid any more: please start from the first page",
  loadFailed: "Failed to load the activity",
} as const;

/** Labels for the reasons, the fields and the settings documents the screens show. */
export const ACTIVITY_REASON_LABELS: Record<ActivityReason, string> = {
  order: "Order",
  cancel: "Cancellation",
  "admin edit": "Admin edit",
  import: "Import",
  return: "Return",
};

export const ACTIVITY_ENTITY_LABELS: Record<ActivityEntityType, string> = {
  product: "Product",
  order: "Order",
  settings: "Settings",
  coupon: "Coupon",
};

const FIELD_LABELS: Record<string, string> = {
  price_paise: "Price",
  mrp_paise: "MRP",
  title: "Title",
  description: "Description",
  low_stock_threshold: "Low-stock threshold",
  image_url: "Main image",
  hero_image: "Hero image",
  hero_tagline: "Hero tagline",
  is_hero: "Hero",
  default_color: "Default colour",
  colors: "Colours",
  hsn_code: "HSN code",
  tax_class: "Tax class",
  payment_status: "Payment status",
  payment_method: "Payment method",
  notes: "Internal notes",
  status: "Status",
  stock: "Stock",
  created: "Created",
  deleted: "Deleted",
};

/** A field's label: known ones by name, others from the column ('care_notes' → 'Care notes'). */
export function activityFieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/_paise$/, "").replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, ACTIVITY_MESSAGES.date)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), ACTIVITY_MESSAGES.date)
  .optional();

const blankToUndefined = (v: unknown) => (v === "" ? undefined : v);

/** GET /api/admin/activity: newest first; `cursor` is the last entry's id of the page before. */
export const activityQuerySchema = z
  .object({
    entityType: z.preprocess(
      blankToUndefined,
      z.enum(ACTIVITY_ENTITY_TYPES, ACTIVITY_MESSAGES.entityType).optional(),
    ),
    entityId: z.preprocess(
      blankToUndefined,
      z.string().trim().min(1).max(100, ACTIVITY_MESSAGES.entityId).optional(),
    ),
    actorId: z.preprocess(blankToUndefined, z.uuid(ACTIVITY_MESSAGES.actorId).optional()),
    reason: z.preprocess(
      blankToUndefined,
      z.enum(ACTIVITY_REASONS, ACTIVITY_MESSAGES.reason).optional(),
    ),
    field: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9_]{1,60}$/, ACTIVITY_MESSAGES.field)
        .optional(),
    ),
    /** India dates (YYYY-MM-DD), both days included. */
    from: z.preprocess(blankToUndefined, isoDate),
    to: z.preprocess(blankToUndefined, isoDate),
    cursor: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^[1-9][0-9]{0,17}$/, ACTIVITY_MESSAGES.cursor)
        .optional(),
    ),
    limit: z.coerce
      .number()
      .int()
      .default(ACTIVITY_PAGE_DEFAULT)
      .catch(ACTIVITY_PAGE_DEFAULT)
      .transform((v) => Math.min(ACTIVITY_PAGE_MAX, Math.max(1, v))),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: ACTIVITY_MESSAGES.range,
    path: ["to"],
  });
export type ActivityQuery = z.output<typeof activityQuerySchema>;

export const activityEntrySchema = z
  .object({
    id: z.string(),
    at: z.string(),
    actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
    reason: z.enum(ACTIVITY_REASONS).nullable(),
    entityType: z.string(),
    entityId: z.string(),
    /** The product's title, the order's number or the settings document's name, when known. */
    entityLabel: z.string().nullable(),
    field: z.string(),
    /** The size, on stock entries. */
    size: z.string().nullable(),
    /** The values as stored (paise for prices, a number for stock, text, JSON for settings). */
    oldValue: z.unknown(),
    newValue: z.unknown(),
    /** Stock entries: new minus old. */
    delta: z.number().int().nullable(),
  })
  .meta({ id: "ActivityEntry" });
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = z
  .object({
    entries: z.array(activityEntrySchema),
    /** The cursor of the next (older) page; null on the last. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: "ActivityPage" });
export type ActivityPage = z.infer<typeof activityPageSchema>;
