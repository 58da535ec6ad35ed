/**
 * Fulfilment (issue #16, record 0039): the couriers an order ships with (name and an optional
 * tracking-page template with `{awb}` where the tracking number goes), the shipment an order
 * carries once shipped, the shopper's status timeline and the admin's undo of a change.
 */
import { z } from "./zod.ts";

/** Couriers the store keeps (settings list). */
export const COURIERS_MAX = 30;
export const COURIER_NAME_MAX = 60;
export const TRACKING_NUMBER_MAX = 40;
/** Where the tracking number goes in a courier's tracking URL template. */
export const AWB_PLACEHOLDER = "{awb}";
/**
 * Seconds a status or payment change's e-mail to the shopper is held in the outbox, during which
 * the admin can undo the change and the e-mail is withdrawn (record 0039).
 */
export const ORDER_MAIL_HOLD_SECONDS_DEFAULT = 15;

export const FULFILMENT_MESSAGES = {
  courierRequired: "Please choose the courier to mark the order shipped",
  courierUnknown: "Please choose one of the store's couriers",
  trackingRequired: "Please enter the tracking number (AWB) to mark the order shipped",
  trackingFormat:
    "Please enter the tracking number (AWB) as letters, digits and hyphens (4 to 40 characters)",
  trackingOnlyShipped: "The courier and tracking number go with the status Shipped",
  paidNeedsMethod:
    "Please choose how the customer paid (UPI, cash on delivery, bank transfer…) before marking the order paid",
  undone: "Change undone: the customer was not e-mailed",
  undoneNoMail: "Change undone",
  undoTooLate: "Too late to undo: the e-mail to the customer has already gone",
  undoStale: "This change can no longer be undone: the order has changed since",
  undoNotFound: "There is no such change of this order to undo",
  couriersSaved: "Couriers saved",
  courierName: `Please give each courier a name (up to ${COURIER_NAME_MAX} characters)`,
  courierTwice: "Each courier can be listed once",
  couriersTooMany: `Please list at most ${COURIERS_MAX} couriers`,
  trackingUrl:
    "Please give the tracking page as an https:// address with {awb} where the tracking number goes (or leave it empty)",
} as const;

/** An AWB as couriers print it: letters, digits and hyphens. */
export const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9-]{2,38}[A-Za-z0-9]$/;

export const courierSchema = z
  .object({
    name: z
      .string({ error: FULFILMENT_MESSAGES.courierName })
      .trim()
      .min(1, FULFILMENT_MESSAGES.courierName)
      .max(COURIER_NAME_MAX, FULFILMENT_MESSAGES.courierName),
    /** `https://…{awb}…`; '' when the courier has no tracking page. */
    trackingUrl: z
      .string({ error: FULFILMENT_MESSAGES.trackingUrl })
      .trim()
      .max(300, FULFILMENT_MESSAGES.trackingUrl)
      .refine(
        (v) =>
          v === "" ||
          (v.startsWith("https://") &&
            v.includes(AWB_PLACEHOLDER) &&
            URL.canParse(v.replace(AWB_PLACEHOLDER, "AWB"))),
        FULFILMENT_MESSAGES.trackingUrl,
      ),
  })
  .meta({ id: "Courier" });
export type Courier = z.infer<typeof courierSchema>;

/** PUT /api/admin/couriers: the whole list, in the order the ship form offers it. */
export const courierListSchema = z
  .object({
    couriers: z
      .array(courierSchema)
      .max(COURIERS_MAX, FULFILMENT_MESSAGES.couriersTooMany)
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((courier, index) => {
          const key = courier.name.toLowerCase();
          if (seen.has(key)) {
            ctx.addIssue({
              code: "custom",
              path: [index, "name"],
              message: FULFILMENT_MESSAGES.courierTwice,
            });
          }
          seen.add(key);
        });
      }),
  })
  .strict()
  .meta({ id: "CourierList" });
export type CourierList = z.infer<typeof courierListSchema>;

/** The tracking page of one parcel: the template with the AWB in place; undefined without one. */
export function trackingLink(template: string, awb: string): string | undefined {
  if (!template?.includes(AWB_PLACEHOLDER)) return undefined;
  return template.replaceAll(AWB_PLACEHOLDER, encodeURIComponent(awb));
}

/** What an order shipped with. */
export const shipmentSchema = z
  .object({
    courier: z.string(),
    trackingNumber: z.string(),
    /** The parcel's tracking page; null when the courier has none. */
    trackingUrl: z.string().nullable(),
    shippedAt: z.string(),
  })
  .meta({ id: "Shipment" });
export type Shipment = z.infer<typeof shipmentSchema>;

/** The steps of the shopper's status timeline. */
export const TIMELINE_STEPS = ["placed", "confirmed", "shipped", "delivered", "cancelled"] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];

/** One step the order reached, and when (from its history). */
export const timelineEntrySchema = z
  .object({ step: z.enum(TIMELINE_STEPS), at: z.string() })
  .meta({ id: "TimelineEntry" });
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** POST /api/orders/{id}/status/undo: which change to take back (the reply's `undo.eventId`). */
export const orderUndoSchema = z
  .object({ eventId: z.string({ error: FULFILMENT_MESSAGES.undoNotFound }) })
  .strict()
  .meta({ id: "OrderUndo" });
export type OrderUndo = z.infer<typeof orderUndoSchema>;

/** With a change's reply: the change can be undone until `until` (its e-mail is held till then). */
export const undoOfferSchema = z
  .object({
    eventId: z.string(),
    until: z.string(),
    /** The shopper's e-mail is waiting in the outbox and goes at `until` unless undone. */
    mailHeld: z.boolean(),
  })
  .meta({ id: "UndoOffer" });
export type UndoOffer = z.infer<typeof undoOfferSchema>;

export const TIMELINE_LABELS: Record<TimelineStep, string> = {
  placed: "Placed",
  confirmed: "Confirmed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};
